import { describe, expect, it } from 'vitest'
import {
  createsRedirectLoop,
  MAX_REDIRECT_HOPS,
  resolveRedirectChain,
  slugOfPath,
  type StoredRedirect,
} from '../../../worker/backend/seo/redirect-chain.ts'

function redirects(
  ...rows: Array<[string, string, StoredRedirect['statusCode']?]>
): Map<string, StoredRedirect> {
  return new Map(
    rows.map(([fromSlug, toPath, statusCode = 301]) => [fromSlug, { fromSlug, toPath, statusCode }])
  )
}

describe('slugOfPath', () => {
  it('drops the slashes, query and fragment', () => {
    expect(slugOfPath('/terms')).toBe('terms')
    expect(slugOfPath('/stores/york/?x=1#top')).toBe('stores/york')
    expect(slugOfPath('/')).toBe('')
  })
})

describe('resolveRedirectChain', () => {
  it('answers a single redirect with its code, and null for a slug without one', () => {
    const table = redirects(['help', '/faqs', 308])
    expect(resolveRedirectChain(table, 'help')).toEqual({ toPath: '/faqs', statusCode: 308 })
    expect(resolveRedirectChain(table, 'faqs')).toBeNull()
  })

  it('follows a chain to its end so the browser gets one redirect', () => {
    const table = redirects(
      ['terms-old', '/terms-and-conditions'],
      ['terms-and-conditions', '/terms']
    )
    expect(resolveRedirectChain(table, 'terms-old')).toEqual({ toPath: '/terms', statusCode: 301 })
  })

  it('is temporary when any step is', () => {
    const table = redirects(['a', '/b'], ['b', '/c', 307])
    expect(resolveRedirectChain(table, 'a')).toEqual({ toPath: '/c', statusCode: 302 })
  })

  it('refuses a loop of any length', () => {
    expect(resolveRedirectChain(redirects(['a', '/a']), 'a')).toBeNull()
    expect(resolveRedirectChain(redirects(['a', '/b'], ['b', '/a']), 'a')).toBeNull()
    expect(resolveRedirectChain(redirects(['a', '/b'], ['b', '/c'], ['c', '/b']), 'a')).toBeNull()
  })

  it('stops after the most hops it may take, where it got to', () => {
    const rows: Array<[string, string]> = []
    for (let n = 0; n < MAX_REDIRECT_HOPS + 3; n++) rows.push([`p${n}`, `/p${n + 1}`])
    expect(resolveRedirectChain(redirects(...rows), 'p0')).toEqual({
      toPath: `/p${MAX_REDIRECT_HOPS}`,
      statusCode: 301,
    })
  })

  it('keeps a target query and ignores it when following', () => {
    const table = redirects(['deals', '/stores/york?tab=deals'])
    expect(resolveRedirectChain(table, 'deals')?.toPath).toBe('/stores/york?tab=deals')
  })
})

describe('createsRedirectLoop', () => {
  it('detects a redirect that would lead back to itself', () => {
    const table = redirects(['b', '/c'], ['c', '/a'])
    expect(createsRedirectLoop(table, 'a', '/b')).toBe(true)
    expect(createsRedirectLoop(table, 'a', '/a')).toBe(true)
    expect(createsRedirectLoop(table, 'x', '/b')).toBe(false)
  })
})
