import { describe, expect, it } from 'vitest'
import { GB_LOCALE } from '../../../schemas/locale.ts'
import { updatedLabel } from '../../../worker/pages/content/content-page.tsx'
import { DISTRICT_PLACE, placeSlug } from '../../../worker/pages/content/grocery-delivery.tsx'
import { withSeoMetadata } from '../../../worker/pages/shared/seo-metadata.ts'

const HEAD = { title: 'About us', description: 'Who we are.' }
const URL_OF_PAGE = 'https://localhost/about-us'
const NONE = { title: null, description: null, noindex: null, canonicalPath: null }

describe('withSeoMetadata', () => {
  it("keeps the page's head without metadata or where a field is null", () => {
    expect(withSeoMetadata(HEAD, null, URL_OF_PAGE)).toBe(HEAD)
    expect(withSeoMetadata(HEAD, NONE, URL_OF_PAGE)).toEqual(HEAD)
  })

  it("lays the operator's fields over the page's", () => {
    expect(
      withSeoMetadata(
        HEAD,
        { title: 'Our story', description: 'Local.', noindex: true, canonicalPath: '/faqs' },
        URL_OF_PAGE
      )
    ).toEqual({ title: 'Our story', description: 'Local.', noindex: true, canonicalPath: '/faqs' })
  })

  it('takes a canonical only when it is a path of this site', () => {
    for (const canonicalPath of ['//evil.example/x', 'https://evil.example/', 'javascript:x']) {
      expect(withSeoMetadata(HEAD, { ...NONE, canonicalPath }, URL_OF_PAGE)).toEqual(HEAD)
    }
  })
})

describe('updatedLabel', () => {
  it('says the day in UK time, and leaves what is not a date as it is', () => {
    expect(updatedLabel('2026-11-01T09:00:00.000Z')).toBe('1 November 2026')
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(updatedLabel('2026-06-30T23:30:00Z')).toBe('1 July 2026')
    expect(updatedLabel('soon')).toBe('soon')
  })

  it('says the day in the shop’s language and time zone', () => {
    const utrecht = { ...GB_LOCALE, locale: 'nl-NL', timeZone: 'Europe/Amsterdam' }
    expect(updatedLabel('2026-11-01T09:00:00.000Z', utrecht)).toBe('1 november 2026')
  })
})

describe('landing page places', () => {
  it('tells a postcode district from a town', () => {
    for (const district of ['m1', 'm15', 'sw1a', 'ls1'])
      expect(DISTRICT_PLACE.test(district)).toBe(true)
    for (const town of ['manchester', 'newcastle-upon-tyne', 'm', '1m']) {
      expect(DISTRICT_PLACE.test(town)).toBe(false)
    }
  })

  it('names a town as its URL does', () => {
    expect(placeSlug('Newcastle upon Tyne')).toBe('newcastle-upon-tyne')
    expect(placeSlug("King's Lynn")).toBe('king-s-lynn')
  })
})
