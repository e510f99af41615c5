import { z } from 'zod'
import { MoneySchema } from './common.ts'

/**
 * An order's VAT by rate (ADR 051), as receipts, the console's order and the confirmation email
 * show it: per rate, what the goods came to with VAT (fees and discounts shared out) and the VAT
 * in that; the tip, which buys no goods, apart. Null where the order has no breakdown: placed
 * before lines kept their rate, or in a country that adds its tax at checkout.
 */
export const VatBreakdownSchema = z.object({
  rows: z.array(
    z.object({
      /** Basis points: 2000 = 20 %. */
      rate: z.int().min(0).max(10_000),
      gross: MoneySchema,
      vat: MoneySchema,
    })
  ),
  /** The tip: no supply, no VAT. */
  noVat: MoneySchema,
})
export type VatBreakdown = z.infer<typeof VatBreakdownSchema>
