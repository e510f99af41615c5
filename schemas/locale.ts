// The shop's locale: which language's conventions, currency, country and clock a brand's pages,
// answers, emails and wallet sheets use (ADR 045). Without zod or a date library, so the header
// basket script and every island can read it cheaply.

/** What a brand (over its business) formats with. */
export interface ShopLocale {
  /** A BCP 47 tag for Intl: 'en-GB', 'nl-NL'. */
  locale: string
  /** ISO 4217: 'GBP', 'EUR'. */
  currency: string
  /** ISO 3166-1 alpha-2: 'GB', 'NL'. */
  countryCode: string
  /** IANA zone: 'Europe/London'. */
  timeZone: string
  /**
   * Set only where the business's prices exclude tax and checkout adds it (ADR 055); absent,
   * prices include VAT as in GB/IE/NL (ADR 051), and nothing a UK page shows changes.
   */
  taxMode?: 'added_at_checkout'
}

/** The default: a UK shop. Anything that does not know its brand formats like this. */
export const GB_LOCALE: ShopLocale = Object.freeze({
  locale: 'en-GB',
  currency: 'GBP',
  countryCode: 'GB',
  timeZone: 'Europe/London',
})

/** The businesses table keeps POSIX-style tags ('en_GB'); Intl wants BCP 47 ('en-GB'). */
export function bcp47(tag: string): string {
  return tag.replace(/_/g, '-')
}

/** The locale of a brand or business row as stored; a missing part falls back to the UK's. */
export function shopLocaleOf(source: {
  locale?: string | null | undefined
  currency?: string | null | undefined
  countryCode?: string | null | undefined
  timeZone?: string | null | undefined
  taxMode?: string | null | undefined
}): ShopLocale {
  return {
    locale: source.locale ? bcp47(source.locale) : GB_LOCALE.locale,
    currency: source.currency ? source.currency.toUpperCase() : GB_LOCALE.currency,
    countryCode: source.countryCode ? source.countryCode.toUpperCase() : GB_LOCALE.countryCode,
    timeZone: source.timeZone ?? GB_LOCALE.timeZone,
    ...(source.taxMode === 'added_at_checkout' ? { taxMode: 'added_at_checkout' as const } : {}),
  }
}

// Intl formatters are costly to build and safe to share: one per locale and options.
const numberFormats = new Map<string, Intl.NumberFormat>()

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let found = numberFormats.get(key)
  if (!found) {
    found = new Intl.NumberFormat(locale, options)
    numberFormats.set(key, found)
  }
  return found
}

/** Integer minor units in the shop's currency: 1250 → '£12.50', '€ 12,50' (nl-NL), '$12.50'. */
export function formatCurrency(minor: number, shop: ShopLocale = GB_LOCALE): string {
  const format = numberFormat(shop.locale, { style: 'currency', currency: shop.currency })
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2
  return numberFormat(shop.locale, {
    style: 'currency',
    currency: shop.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits)
}

/** The currency's own sign for a money field's label or prefix: '£', '€', 'US$' (en-GB). */
export function currencySymbol(shop: ShopLocale = GB_LOCALE): string {
  const parts = numberFormat(shop.locale, {
    style: 'currency',
    currency: shop.currency,
  }).formatToParts(0)
  return parts.find((part) => part.type === 'currency')?.value ?? shop.currency
}

/** A plain number in the shop's conventions: 1234.5 → '1,234.5' (en-GB), '1.234,5' (nl-NL). */
export function formatNumber(
  value: number,
  shop: ShopLocale = GB_LOCALE,
  options: Intl.NumberFormatOptions = {}
): string {
  return numberFormat(shop.locale, options).format(value)
}

/** A quantity with its unit, spelt by Intl: 1.5 kilogram → '1.5 kg', 500 gram → '500 g'. */
export function formatUnit(
  value: number,
  unit: 'kilogram' | 'gram' | 'liter' | 'milliliter' | 'kilometer' | 'mile',
  shop: ShopLocale = GB_LOCALE
): string {
  return numberFormat(shop.locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value)
}

/** A date in the shop's language and time zone: '3 December 2026' (en-GB), '3 december 2026'. */
export function formatDate(
  at: Date | string,
  shop: ShopLocale = GB_LOCALE,
  options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' }
): string {
  return new Intl.DateTimeFormat(shop.locale, { ...options, timeZone: shop.timeZone }).format(
    typeof at === 'string' ? new Date(at) : at
  )
}

/** A length of time in words, spelt by Intl: 15 minute → '15 minutes' (en-GB), '15 minuten'. */
export function formatDuration(
  amount: number,
  unit: 'minute' | 'hour' | 'day' | 'year',
  shop: ShopLocale = GB_LOCALE
): string {
  return numberFormat(shop.locale, { style: 'unit', unit, unitDisplay: 'long' }).format(amount)
}
