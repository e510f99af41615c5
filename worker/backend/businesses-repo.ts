import { shopLocaleOf, type ShopLocale } from '../../schemas/locale.ts'

/**
 * The business's locale (ADR 045): what its emails and answers format money, numbers and dates
 * with. A business that is gone reads as the UK's default rather than failing a message.
 */
export async function businessLocale(db: D1Database, businessId: number): Promise<ShopLocale> {
  const row = await db
    .prepare(
      `select locale, currency, country_code as countryCode, time_zone as timeZone
       from businesses where id = ?1`
    )
    .bind(businessId)
    .first<{ locale: string; currency: string; countryCode: string; timeZone: string }>()
  return shopLocaleOf(row ?? {})
}
