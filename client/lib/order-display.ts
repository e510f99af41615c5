import type { OrderSummary, PaidWith } from '../../schemas/checkout.ts'
import { CARD_BRAND_NAMES } from './card-brands.ts'

/** A postal address's non-empty lines, in the order a letter shows them. */
export function postalLines(
  address: Partial<
    Record<'addressLine1' | 'addressLine2' | 'town' | 'county' | 'postcode', string | null>
  >
): Array<string> {
  return [
    address.addressLine1,
    address.addressLine2,
    address.town,
    address.county,
    address.postcode,
  ]
    .map((line) => line?.trim() ?? '')
    .filter(Boolean)
}

/**
 * How the order was paid, as the confirmation says it: 'Visa ending 4242', 'Card', 'Apple Pay',
 * 'Google Pay', or cash to pay on delivery or at collection. Null while no payment is kept.
 */
export function paidWithLabel(
  paidWith: PaidWith | null,
  method: OrderSummary['fulfilmentMethod'],
  /** What was left to pay after store credit, and the credit spent (ADR 020). */
  money: { total: number; creditApplied: number }
): string | null {
  if (!paidWith) return null
  // Paid in full by store credit: no card or cash was taken, whatever method was chosen.
  if (money.total === 0 && money.creditApplied > 0) return 'Store credit'
  switch (paidWith.method) {
    case 'paymentCard':
      return paidWith.cardBrand && paidWith.cardLast4
        ? `${CARD_BRAND_NAMES[paidWith.cardBrand]} ending ${paidWith.cardLast4}`
        : 'Card'
    case 'applePay':
      return 'Apple Pay'
    case 'googlePay':
      return 'Google Pay'
    case 'paymentCash':
      return method === 'delivery' ? 'Cash on delivery' : 'Cash when you collect'
  }
}
