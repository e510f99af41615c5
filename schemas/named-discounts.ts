import { z } from 'zod'
import { MoneySchema, ShopperWordsSchema } from './common.ts'
import { GB_LOCALE, type ShopLocale } from './locale.ts'
import { formatMoney } from './money.ts'

/*
 * An order's discounts by name (issue 35 item 19): each deal that applied, the coupon and the
 * store credit, with what each took off in pence. Shaped once (worker/backend/store-orders/
 * named-discounts.ts) for the confirmation page, the member's order, the tracking page, the
 * email and the store console.
 */

export const NAMED_DISCOUNT_KINDS = ['deal', 'coupon', 'credit'] as const

export type NamedDiscount = z.infer<typeof NamedDiscountSchema>
export const NamedDiscountSchema = z.object({
  kind: z.enum(NAMED_DISCOUNT_KINDS),
  /**
   * 'Any 3 sharing crisps for £5.00', 'Coupon SAVE10', 'Store credit' ('Kortingscode SAVE10',
   * 'Winkeltegoed'): a deal's name and a coupon's code as the operator wrote them, the words
   * around them in the business's language (English for the store console).
   */
  label: ShopperWordsSchema,
  /** What it took off, > 0. */
  amount: MoneySchema,
})

export const NamedDiscountsSchema = z.array(NamedDiscountSchema)

/** 'Coupon SAVE10 −£2.00': how a page or an email writes one discount on a line. */
export function namedDiscountText(discount: NamedDiscount): string {
  return namedDiscountTextIn(GB_LOCALE)(discount)
}

/** {@link namedDiscountText} in a shop's locale (ADR 045): `discounts.map(namedDiscountTextIn(shop))`. */
export function namedDiscountTextIn(shop: ShopLocale): (discount: NamedDiscount) => string {
  return (discount) => `${discount.label} −${formatMoney(discount.amount, shop)}`
}
