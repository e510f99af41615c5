import type { TaxMode } from '../../../schemas/sales-tax.ts'
import { isVatClass, type VatClass } from '../../../schemas/vat.ts'
import type { TaxPlace } from '../tax/tax-calculator.ts'

/* What tax added at checkout reads (ADR 055): the business's settings, items' classes, stores. */

/** A business's tax settings (businesses.tax_mode, tax_provider; migration 0108). */
export interface BusinessTax {
  taxMode: TaxMode
  taxProvider: string
}

export async function businessTax(db: D1Database, businessId: number): Promise<BusinessTax> {
  const row = await db
    .prepare(
      'select tax_mode as taxMode, tax_provider as taxProvider from businesses where id = ?1'
    )
    .bind(businessId)
    .first<BusinessTax>()
  return row ?? { taxMode: 'included', taxProvider: 'local' }
}

/** Each item's class (ADR 051); an unknown class reads as standard. */
export async function itemClasses(
  db: D1Database,
  businessId: number,
  itemIds: ReadonlyArray<number>
): Promise<Map<number, VatClass>> {
  if (itemIds.length === 0) return new Map()
  const { results } = await db
    .prepare(
      `select id, vat_class from menu_items
       where business_id = ?1 and id in (select value from json_each(?2))`
    )
    .bind(businessId, JSON.stringify(itemIds))
    .all<{ id: number; vat_class: string }>()
  return new Map(
    results.map((row) => [row.id, isVatClass(row.vat_class) ? row.vat_class : 'standard'])
  )
}

/** Where a collection's goods are supplied: the store's own address. */
export async function storePlace(
  db: D1Database,
  businessId: number,
  storeId: number
): Promise<TaxPlace | null> {
  const row = await db
    .prepare(
      `select address_line1, town, county, postcode, country_code from stores
       where id = ?1 and business_id = ?2`
    )
    .bind(storeId, businessId)
    .first<{
      address_line1: string
      town: string
      county: string | null
      postcode: string
      country_code: string
    }>()
  return row
    ? {
        country: row.country_code,
        postcode: row.postcode,
        region: row.county,
        city: row.town,
        line1: row.address_line1,
      }
    : null
}
