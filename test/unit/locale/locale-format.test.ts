import { describe, expect, it } from 'vitest'
import {
  formatDate,
  formatNumber,
  formatUnit,
  GB_LOCALE,
  shopLocaleOf,
  type ShopLocale,
} from '../../../schemas/locale.ts'
import { formatMoney, formatPremium } from '../../../schemas/money.ts'

// Intl separates a symbol from its amount with a no-break space (U+00A0) where the language does.
const nbsp = (text: string) => text.replace(/ /g, '\u00a0')

const IE = shopLocaleOf({
  locale: 'en_IE',
  currency: 'EUR',
  countryCode: 'IE',
  timeZone: 'Europe/Dublin',
})
const NL = shopLocaleOf({
  locale: 'nl_NL',
  currency: 'EUR',
  countryCode: 'NL',
  timeZone: 'Europe/Amsterdam',
})
const US: ShopLocale = {
  locale: 'en-US',
  currency: 'USD',
  countryCode: 'US',
  timeZone: 'America/New_York',
}

describe('money in the shop locale', () => {
  it('keeps the UK format by default: what a UK shopper sees does not change', () => {
    expect(formatMoney(1250)).toBe('£12.50')
    expect(formatMoney(500)).toBe('£5.00')
    expect(formatMoney(123450)).toBe('£1,234.50')
    expect(formatMoney(-200)).toBe('-£2.00')
    expect(formatMoney(1250, GB_LOCALE)).toBe('£12.50')
    expect(formatPremium(50)).toBe('+50p')
    expect(formatPremium(120)).toBe('+£1.20')
  })

  it.each([
    ['en-IE EUR', IE, '€12.50', '€1,234.50'],
    ['nl-NL EUR', NL, nbsp('€ 12,50'), nbsp('€ 1.234,50')],
    ['en-US USD', US, '$12.50', '$1,234.50'],
  ])('formats %s', (_name, shop, small, large) => {
    expect(formatMoney(1250, shop)).toBe(small)
    expect(formatMoney(123450, shop)).toBe(large)
  })

  it('spells a small premium in full outside the UK (pence are British)', () => {
    expect(formatPremium(50, NL)).toBe(nbsp('+€ 0,50'))
    expect(formatPremium(50, US)).toBe('+$0.50')
  })

  it('takes the currency’s own minor units (no cents in yen)', () => {
    expect(formatMoney(1250, { ...US, locale: 'ja-JP', currency: 'JPY' })).toBe('￥1,250')
  })
})

describe('numbers, units and dates in the shop locale', () => {
  it('reads the stored POSIX tag as BCP 47 and falls back to the UK', () => {
    expect(NL.locale).toBe('nl-NL')
    expect(shopLocaleOf({})).toEqual(GB_LOCALE)
  })

  it('numbers and units', () => {
    expect(formatNumber(1234.5)).toBe('1,234.5')
    expect(formatNumber(1234.5, NL)).toBe('1.234,5')
    expect(formatUnit(1.5, 'kilogram')).toBe('1.5 kg')
    expect(formatUnit(1.5, 'kilogram', NL)).toBe('1,5 kg')
  })

  it('dates in the shop’s language and zone', () => {
    // 23:30 UTC on 2 December is already 3 December in Amsterdam, still 2 December in London.
    const at = '2026-12-02T23:30:00Z'
    expect(formatDate(at)).toBe('2 December 2026')
    expect(formatDate(at, NL)).toBe('3 december 2026')
    expect(formatDate(at, US)).toBe('December 2, 2026')
  })
})
