import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { computeTotals } from '../../../worker/backend/basket/totals.ts'
import type { LineOutcome } from '../../../worker/backend/orders/pricing.ts'
import {
  type OrderPricingTerms,
  parsePricingTerms,
  pickedBasketTotal,
  pickingDifference,
} from '../../../worker/backend/orders/repricing.ts'
import { CRISPS, multibuy, pricingTerms, repricedItem } from '../../support/pricing-terms.ts'

/* Picking re-prices with the basket's pricing and the checkout's terms (ADR 017). */

const PAIR_A = 2
const PAIR_B = 3

const TERMS = pricingTerms(
  [
    multibuy({
      dealId: 1,
      slug: 'crisps-3-for-5',
      name: '3 for £5',
      itemIds: [CRISPS],
      quantityRequired: 3,
      price: 500,
    }),
    multibuy({
      dealId: 2,
      slug: 'pair-2-for-2',
      name: '2 for £2',
      itemIds: [PAIR_A, PAIR_B],
      quantityRequired: 2,
      price: 200,
    }),
  ],
  { fulfilmentMethod: 'collection', deliveryFee: 0 }
)

const item = repricedItem

describe('pickingDifference', () => {
  it('3 × crisps on "3 for £5" with 2 found: £1.00 back, not £2.00', () => {
    expect(
      pickingDifference(TERMS, [item(CRISPS, 3, 200, { mark: 'short', pickedQuantity: 2 })])
    ).toBe(-100)
    // Without the checkout's terms, the per-line rule of orders placed before.
    expect(
      pickingDifference(null, [item(CRISPS, 3, 200, { mark: 'short', pickedQuantity: 2 })])
    ).toBe(-200)
  })

  it('a cheaper substitute is its own price, a dearer one the line as ordered', () => {
    const cheaper = item(CRISPS, 3, 200, {
      mark: 'substituted',
      substituteUnitPrice: 150,
      substituteQuantity: 3,
    })
    expect(pickingDifference(TERMS, [cheaper])).toBe(-50)
    const dearer = item(CRISPS, 3, 200, {
      mark: 'substituted',
      substituteUnitPrice: 190,
      substituteQuantity: 3,
    })
    // £5.70 alone is more than the deal's £5.00: the shopper pays the £5.00 agreed.
    expect(pickingDifference(TERMS, [dearer])).toBe(0)
  })

  it('reads the terms the order kept, and nothing else', () => {
    expect(parsePricingTerms(JSON.stringify(TERMS))).toEqual(TERMS)
    expect(parsePricingTerms(null)).toBeNull()
    expect(parsePricingTerms('{"deals":1}')).toBeNull()
  })

  const outcome: fc.Arbitrary<LineOutcome> = fc.oneof(
    fc.constant({ mark: 'picked' as const }),
    fc.constant({ mark: 'out_of_stock' as const }),
    fc.integer({ min: 0, max: 6 }).map((n) => ({ mark: 'short' as const, pickedQuantity: n })),
    fc
      .tuple(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 1, max: 6 }))
      .map(([price, quantity]) => ({
        mark: 'substituted' as const,
        substituteUnitPrice: price,
        substituteQuantity: quantity,
      }))
  )
  const line = fc
    .tuple(
      fc.constantFrom(CRISPS, PAIR_A, PAIR_B, 4, 5),
      fc.integer({ min: 1, max: 6 }),
      fc.integer({ min: 1, max: 900 }),
      fc.option(outcome, { nil: null })
    )
    .map(([itemId, quantity, price, mark]) => item(itemId, quantity, price, mark))
  const terms = fc.record({
    serviceFee: fc.integer({ min: 0, max: 200 }),
    freeDeliveryThreshold: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
    fulfilmentMethod: fc.constantFrom('delivery' as const, 'collection' as const),
    deliveryFee: fc.integer({ min: 0, max: 500 }),
    tip: fc.integer({ min: 0, max: 300 }),
    coupon: fc.option(
      fc.record({
        value: fc.integer({ min: 1, max: 50 }),
        minimumSpend: fc.integer({ min: 0, max: 3000 }),
      }),
      { nil: null }
    ),
  })

  it('never raises the total, never below nothing, and is the basket price of what is received', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), terms, (lines, t) => {
        const pricing: OrderPricingTerms = {
          deals: TERMS.deals,
          coupon: t.coupon
            ? {
                code: 'SAVE',
                description: null,
                kind: 'percent',
                value: t.coupon.value,
                minimumSpend: t.coupon.minimumSpend,
                maximumDiscount: null,
                fulfilmentMethod: null,
                needsReapply: false,
              }
            : null,
          terms: { ...TERMS.terms, ...t, deliveryMinimumSpend: 0, collectionMinimumSpend: 0 },
        }
        const ordered = pickedBasketTotal(
          pricing,
          lines.map((l) => ({ ...l, outcome: null }))
        )
        const difference = pickingDifference(pricing, lines)
        expect(difference).toBeLessThanOrEqual(0)
        expect(ordered + difference).toBeGreaterThanOrEqual(0)
        // Every line picked as ordered: nothing changes.
        expect(
          pickingDifference(
            pricing,
            lines.map((l) => ({ ...l, outcome: { mark: 'picked' } }))
          )
        ).toBe(0)
        // No substitutes: the total is computeTotals of the units received, capped at checkout's.
        if (lines.every((l) => l.outcome?.mark !== 'substituted')) {
          const received = lines.flatMap((l) => {
            const units =
              l.outcome === null || l.outcome.mark === 'picked'
                ? l.quantity
                : l.outcome.mark === 'short'
                  ? Math.min(l.outcome.pickedQuantity, l.quantity)
                  : 0
            return units > 0
              ? [
                  {
                    itemId: l.itemId ?? 0,
                    quantity: units,
                    unitPrice: l.unitPrice,
                    available: true,
                  },
                ]
              : []
          })
          const repriced = computeTotals({ ...pricing, lines: received, mealDeals: [] }).totals
            .total
          expect(ordered + difference).toBe(Math.min(ordered, repriced))
        }
      })
    )
  })
})
