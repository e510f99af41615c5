import { type AddedTax, addedTaxOf } from '../../../schemas/added-tax.ts'

/**
 * The tax an order added at checkout (ADR 055), as stored when it was placed: receipts, the
 * member's order and the store console read it and never work it out again. Null where the
 * order's prices included VAT.
 */
export async function orderAddedTax(db: D1Database, orderId: number): Promise<AddedTax | null> {
  const row = await db
    .prepare('select tax_total, tax_json from orders where id = ?1')
    .bind(orderId)
    .first<{ tax_total: number; tax_json: string | null }>()
  return row ? addedTaxOf(row) : null
}
