// The locale the server rendered a document with, as `<html>` carries it (ADR 045). Without React,
// so the header basket script reads it as cheaply as the islands do.
import { GB_LOCALE, type ShopLocale } from '../../schemas/locale.ts'

/** The attributes Document writes on `<html>` so the browser knows the locale the server used. */
export function localeAttributes(shop: ShopLocale): Record<string, string> {
  return {
    lang: shop.locale,
    'data-currency': shop.currency,
    'data-country': shop.countryCode,
    'data-time-zone': shop.timeZone,
  }
}

/** In the browser: the locale the server rendered the document with (the UK's if it wrote none). */
export function documentLocale(): ShopLocale {
  if (typeof document === 'undefined') return GB_LOCALE
  const html = document.documentElement
  return {
    locale: html.lang || GB_LOCALE.locale,
    currency: html.dataset.currency ?? GB_LOCALE.currency,
    countryCode: html.dataset.country ?? GB_LOCALE.countryCode,
    timeZone: html.dataset.timeZone ?? GB_LOCALE.timeZone,
  }
}
