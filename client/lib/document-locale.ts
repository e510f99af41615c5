// The locale the server rendered a document with, as `<html>` carries it (ADR 045). Without React,
// so the header basket script reads it as cheaply as the islands do.
import { GB_LOCALE, type ShopLocale } from '../../schemas/locale.ts'

/**
 * The attributes Document writes on `<html>` so the browser knows the locale the server used.
 * A page whose words are in another language than the shop's formats (a staff page, English on
 * every host, ADR 072) says so in `lang` and keeps the formats' locale in `data-locale`.
 */
export function localeAttributes(shop: ShopLocale, wordsIn = shop.locale): Record<string, string> {
  return {
    lang: wordsIn,
    ...(wordsIn !== shop.locale ? { 'data-locale': shop.locale } : {}),
    'data-currency': shop.currency,
    'data-country': shop.countryCode,
    'data-time-zone': shop.timeZone,
    dir: textDirection(wordsIn),
    // Written only where tax is added at checkout (ADR 055): a UK page's markup is unchanged.
    ...(shop.taxMode ? { 'data-tax-mode': shop.taxMode } : {}),
  }
}

// The languages of the shop's reach written right to left: Arabic, Hebrew, Persian, Urdu (and
// 'iw', Hebrew's old code, which some systems still send).
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'iw', 'fa', 'ur'])

/**
 * Which way a locale's text runs, for `dir` on <html>: the page's logical CSS (ms-/me-/ps-/pe-,
 * start/end) then lays it out mirrored for an RTL brand.
 *
 * @example textDirection('ar-AE') // 'rtl'
 */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  const language = locale.split(/[-_]/)[0]?.toLowerCase() ?? ''
  return RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr'
}

/** In the browser: the locale the server rendered the document with (the UK's if it wrote none). */
export function documentLocale(): ShopLocale {
  if (typeof document === 'undefined') return GB_LOCALE
  const html = document.documentElement
  return {
    locale: html.dataset.locale || html.lang || GB_LOCALE.locale,
    currency: html.dataset.currency ?? GB_LOCALE.currency,
    countryCode: html.dataset.country ?? GB_LOCALE.countryCode,
    timeZone: html.dataset.timeZone ?? GB_LOCALE.timeZone,
    ...(html.dataset.taxMode === 'added_at_checkout' ? { taxMode: 'added_at_checkout' } : {}),
  }
}
