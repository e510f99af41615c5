import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sayIn } from '../../../schemas/message-catalogue.ts'
import { namedDiscountText } from '../../../schemas/named-discounts.ts'
import { computeTotals, type TotalsCoupon } from '../../../worker/backend/basket/totals.ts'
import { namedDiscounts } from '../../../worker/backend/orders/named-discounts.ts'
import type { OrderPricingTerms } from '../../../worker/backend/orders/repricing.ts'
import {
  CRISPS,
  CRISPS_3_FOR_5,
  pricingTerms,
  repricedItem,
  WINE,
  WINE_10_OFF,
} from '../../support/pricing-terms.ts'

/* An order's discounts by name (issue 35 item 19), from its lines and checkout terms. */

const TERMS = pricingTerms([CRISPS_3_FOR_5, WINE_10_OFF])

const SAVE10: TotalsCoupon = {
  code: 'SAVE10',
  description: null,
  kind: 'amount',
  value: 200,
  minimumSpend: 0,
  maximumDiscount: null,
  fulfilmentMethod: null,
  needsReapply: false,
}

const item = repricedItem

const facts = (
  terms: OrderPricingTerms | null,
  extra: Partial<Parameters<typeof namedDiscounts>[0]> = {}
) => ({
  pricingTermsJson: terms === null ? null : JSON.stringify(terms),
  couponCode: null,
  couponDiscount: 0,
  discountTotal: 0,
  creditApplied: 0,
  ...extra,
})

describe('namedDiscounts', () => {
  it('names each deal, the coupon and the credit with what it took off', () => {
    const named = namedDiscounts(facts({ ...TERMS, coupon: SAVE10 }, { creditApplied: 150 }), [
      item(CRISPS, 3, 200),
    ])
    expect(named.map(namedDiscountText)).toEqual([
      'Any 3 sharing crisps for £5.00 −£1.00',
      'Coupon SAVE10 −£2.00',
      'Store credit −£1.50',
    ])
  })

  it('words the coupon, the credit and the offers in a Dutch business’s language, never the names', () => {
    const say = sayIn({ locale: 'nl-NL' })
    const named = namedDiscounts(
      facts({ ...TERMS, coupon: SAVE10 }, { creditApplied: 150 }),
      [item(CRISPS, 3, 200)],
      say
    )
    expect(named.map((discount) => discount.label)).toEqual([
      'Any 3 sharing crisps for £5.00',
      'Kortingscode SAVE10',
      'Winkeltegoed',
    ])
    const before = namedDiscounts(
      facts(null, { couponCode: null, couponDiscount: 200, discountTotal: 300 }),
      [item(CRISPS, 3, 200)],
      say
    )
    expect(before.map((discount) => discount.label)).toEqual(['Acties', 'Kortingscode'])
  })

  it('uses the re-priced figures after picking: a broken multibuy names no deal', () => {
    const named = namedDiscounts(facts(TERMS), [
      item(CRISPS, 3, 200, { mark: 'short', pickedQuantity: 2 }),
    ])
    expect(named).toEqual([])
  })

  it('an order placed before its terms were kept names what checkout recorded', () => {
    const named = namedDiscounts(
      facts(null, { couponCode: 'SAVE10', couponDiscount: 200, discountTotal: 300 }),
      [item(CRISPS, 3, 200)]
    )
    expect(named.map(namedDiscountText)).toEqual(['Offers −£1.00', 'Coupon SAVE10 −£2.00'])
  })

  it("sum to the order's discount total as checkout records it (deals + coupon)", () => {
    const line = fc
      .tuple(
        fc.constantFrom(CRISPS, WINE, 3),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 1500 })
      )
      .map(([itemId, quantity, price]) => item(itemId, quantity, price))
    const coupon = fc.option(
      fc.oneof(
        fc
          .integer({ min: 1, max: 100 })
          .map((value) => ({ ...SAVE10, kind: 'percent' as const, value })),
        fc.integer({ min: 1, max: 3000 }).map((value) => ({ ...SAVE10, value })),
        fc.integer({ min: 0, max: 4000 }).map((minimumSpend) => ({ ...SAVE10, minimumSpend }))
      ),
      { nil: null }
    )
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), coupon, (lines, chosen) => {
        const terms = { ...TERMS, coupon: chosen }
        // What checkout wrote to orders.discount_total for this basket.
        const { totals } = computeTotals({
          ...terms,
          lines: lines.map((l) => ({
            itemId: l.itemId ?? 0,
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            available: true,
          })),
          mealDeals: [],
        })
        const named = namedDiscounts(facts(terms, { creditApplied: 0 }), lines)
        expect(named.every((discount) => discount.amount > 0)).toBe(true)
        expect(named.reduce((sum, discount) => sum + discount.amount, 0)).toBe(
          totals.dealDiscount + totals.couponDiscount
        )
      })
    )
  })
})
