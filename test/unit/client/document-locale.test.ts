import { describe, expect, it } from 'vitest'
import { localeAttributes, textDirection } from '../../../client/lib/document-locale.ts'
import { GB_LOCALE, shopLocaleOf } from '../../../schemas/locale.ts'

describe('the direction of the document (issue 43, right to left)', () => {
  it('writes dir="rtl" on <html> for an Arabic, Hebrew, Persian or Urdu brand', () => {
    const arabic = shopLocaleOf({ locale: 'ar_AE', currency: 'AED', countryCode: 'AE' })
    expect(localeAttributes(arabic)).toMatchObject({ lang: 'ar-AE', dir: 'rtl' })
    expect(['he-IL', 'fa-IR', 'ur-PK', 'iw'].map(textDirection)).toEqual([
      'rtl',
      'rtl',
      'rtl',
      'rtl',
    ])
  })

  it('writes dir="ltr" for the UK, Irish and Dutch brands', () => {
    expect(localeAttributes(GB_LOCALE).dir).toBe('ltr')
    expect(['en-IE', 'nl-NL', 'fr', 'arn-CL'].map(textDirection)).toEqual([
      'ltr',
      'ltr',
      'ltr',
      'ltr',
    ])
  })
})

describe('a staff page’s words in English on another language’s host (ADR 072)', () => {
  it('says English in lang and dir, and keeps the shop’s locale for formats in data-locale', () => {
    const dutch = shopLocaleOf({ locale: 'nl_NL', currency: 'EUR', countryCode: 'NL' })
    expect(localeAttributes(dutch, 'en-GB')).toMatchObject({
      lang: 'en-GB',
      'data-locale': 'nl-NL',
      'data-currency': 'EUR',
      dir: 'ltr',
    })
    const arabic = shopLocaleOf({ locale: 'ar_AE', currency: 'AED', countryCode: 'AE' })
    expect(localeAttributes(arabic, 'en-GB')).toMatchObject({ lang: 'en-GB', dir: 'ltr' })
    // A page whose words are the shop's writes no data-locale: a UK page's markup is unchanged.
    expect(localeAttributes(GB_LOCALE, 'en-GB')).not.toHaveProperty('data-locale')
    expect(localeAttributes(dutch)).not.toHaveProperty('data-locale')
  })
})
