import { z } from 'zod'
import { MoneySchema } from './common.ts'

/**
 * The tax an order added at checkout (ADR 055), as stored when it was placed: the whole and each
 * jurisdiction's part. Null on orders whose prices include VAT (GB/IE/NL, ADR 051).
 */
export type AddedTax = z.infer<typeof AddedTaxSchema>
export const AddedTaxSchema = z.object({
  total: MoneySchema,
  jurisdictions: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      /** Thousandths of a percent (7250 = 7.25 %); null when the service gave none. */
      rate: z.int().nonnegative().nullable(),
      taxable: z.int(),
      tax: z.int(),
    })
  ),
})

/** What the basket would add if ordered now (POST /checkout/tax-quote), for the payment page. */
export type TaxQuote = z.infer<typeof TaxQuoteSchema>
export const TaxQuoteSchema = z.object({ addedTax: AddedTaxSchema.nullable() })

/** The stored columns as the answer's field: null where no tax was added. */
export function addedTaxOf(row: { tax_total: number; tax_json: string | null }): AddedTax | null {
  if (row.tax_json === null) return null
  const parsed = AddedTaxSchema.shape.jurisdictions.safeParse(JSON.parse(row.tax_json))
  return { total: row.tax_total, jurisdictions: parsed.success ? parsed.data : [] }
}
