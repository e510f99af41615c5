import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { authorisedAmount, lineAmount, weighedPick } from '../../../schemas/weighing.ts'
import {
  type OrderPricingTerms,
  pickedBasketTotal,
  pickedWeighedExtra,
  pickingDifference,
  type RepricedLine,
} from '../../../worker/backend/orders/repricing.ts'

/*
 * Weighing at picking (ADR 039): a weighed line costs what it weighs, never more than the payment
 * holds for it, and the order after picking costs the sum of its final lines.
 */

const TERMS: OrderPricingTerms = {
  deals: [],
  coupon: null,
  terms: {
    fulfilmentMethod: 'collection',
    deliveryFee: 0,
    serviceFee: 0,
    freeDeliveryThreshold: null,
    deliveryMinimumSpend: 0,
    collectionMinimumSpend: 0,
    tip: 0,
  },
}

const weighedLine = fc.record({
  weighing: fc.record({
    soldBy: fc.constantFrom('by_weight' as const, 'by_piece_estimated' as const),
    pricePerKg: fc.integer({ min: 1, max: 20_000 }),
    unitGrams: fc.integer({ min: 1, max: 1000 }),
  }),
  quantity: fc.integer({ min: 1, max: 12 }),
  pickedGrams: fc.option(fc.integer({ min: 1, max: 20_000 }), { nil: null }),
})

describe('a weighed order after picking', () => {
  it('never charges a line more than held, and costs the sum of its final lines', () => {
    fc.assert(
      fc.property(
        fc.array(weighedLine, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        (lines, margin, withTerms) => {
          const finals: Array<number> = []
          let held = 0
          const repriced: Array<RepricedLine> = lines.map((line, index) => {
            const estimate = lineAmount({ ...line, unitPrice: 0 })
            held += authorisedAmount(estimate, margin)
            const pick =
              line.pickedGrams === null
                ? null
                : weighedPick(line.weighing, estimate, line.pickedGrams, margin)
            if (pick) expect(pick.charged).toBeLessThanOrEqual(pick.authorised)
            finals.push(pick?.charged ?? estimate)
            return {
              kind: 'item',
              itemId: index + 1,
              quantity: line.quantity,
              unitPrice: 0,
              totalPrice: estimate,
              weighed: true,
              outcome: pick ? { mark: 'picked', weighedCharge: pick.charged } : null,
            }
          })
          const terms = withTerms ? TERMS : null
          const ordered = repriced.reduce((sum, line) => sum + line.totalPrice, 0)
          if (withTerms) {
            const asOrdered = repriced.map((line) => ({ ...line, outcome: null }))
            expect(pickedBasketTotal(TERMS, asOrdered)).toBe(ordered)
          }
          const after = ordered + pickingDifference(terms, repriced) + pickedWeighedExtra(repriced)
          expect(after).toBe(finals.reduce((sum, amount) => sum + amount, 0))
          expect(after).toBeLessThanOrEqual(held)
        }
      )
    )
  })
})
