import { shopLocaleOf, type ShopLocale } from '../../schemas/locale.ts'

/**
 * The business's locale (ADR 045): what its emails and answers format money, numbers and dates
 * with. A business that is gone reads as the UK's default rather than failing a message.
 */
export async function businessLocale(db: D1Database, businessId: number): Promise<ShopLocale> {
  const row = await db
    .prepare(`${BUSINESS_LOCALE_SELECT} where id = ?1`)
    .bind(businessId)
    .first<BusinessLocaleRow>()
  return businessLocaleOf(row)
}

/** businessLocale's select, for a batch that reads it beside its own (ADR 069). */
export const BUSINESS_LOCALE_SELECT = `select locale, currency, country_code as countryCode,
  time_zone as timeZone from businesses`

/** The row BUSINESS_LOCALE_SELECT reads. */
export interface BusinessLocaleRow {
  locale: string
  currency: string
  countryCode: string
  timeZone: string
}

/** The locale of the row BUSINESS_LOCALE_SELECT read (the UK's default when none). */
export function businessLocaleOf(row: BusinessLocaleRow | null | undefined): ShopLocale {
  return shopLocaleOf(row ?? {})
}
