import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { computeTotals, type TotalsCoupon } from '../../../worker/backend/basket/totals.ts'
import {
  amendedPricing,
  type AmendAddedLine,
  type AmendLine,
} from '../../../worker/backend/order-amend/pricing.ts'
import {
  CRISPS,
  CRISPS_3_FOR_5,
  pricingTerms,
  WINE,
  WINE_10_OFF,
} from '../../support/pricing-terms.ts'

/*
 * An amended order costs exactly what the basket's own pricing makes of the same lines with the
 * order's checkout terms (ADR 048): deals, coupon, fees, threshold, credit, for any order and
 * any changes.
 */

const BREAD = 3

const TERMS = pricingTerms([CRISPS_3_FOR_5, WINE_10_OFF], { freeDeliveryThreshold: 4000, tip: 100 })

const SAVE: TotalsCoupon = {
  code: 'SAVE',
  description: null,
  kind: 'percent',
  value: 10,
  minimumSpend: 1500,
  maximumDiscount: null,
  fulfilmentMethod: null,
  needsReapply: false,
}

const lineArb = fc.record({
  itemId: fc.constantFrom(CRISPS, WINE, BREAD),
  quantity: fc.integer({ min: 1, max: 6 }),
  unitPrice: fc.integer({ min: 1, max: 1500 }),
})

describe('amended pricing', () => {
  it('equals computeTotals of the same lines, whatever is changed or removed', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 6, maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        fc.option(fc.constant(SAVE)),
        fc.integer({ min: 0, max: 500 }),
        (placed, quantities, changed, coupon, credit) => {
          const lines: Array<AmendLine> = placed.map((line, index) => ({
            id: index + 1,
            ...line,
            totalPrice: line.quantity * line.unitPrice,
            weighing: null,
            hasChoices: false,
          }))
          const changes = new Map(
            lines.flatMap((line, index) =>
              changed[index] ? [[line.id, quantities[index] ?? 0] as const] : []
            )
          )
          const terms = { ...TERMS, coupon }
          const amended = amendedPricing(terms, lines, changes, credit)
          const kept = placed
            .map((line, index) => ({
              ...line,
              quantity: changes.get(index + 1) ?? line.quantity,
            }))
            .filter((line) => line.quantity > 0)
          if (kept.length === 0) {
            expect(amended).toBe('empty')
            return
          }
          const basket = computeTotals({
            ...terms,
            lines: kept.map((line) => ({ ...line, available: true })),
            mealDeals: [],
          })
          if (typeof amended === 'string') throw new Error(amended)
          expect(amended.pricing).toEqual(basket)
          expect(amended.total).toBe(basket.totals.total - credit)
          expect(amended.lines.map((line) => line.totalPrice)).toEqual(
            kept.map((line) => line.quantity * line.unitPrice)
          )
        }
      )
    )
  })

  it('with items added: equals computeTotals of the kept lines and the new ones', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 4, maxLength: 4 }),
        fc.array(lineArb, { minLength: 1, maxLength: 4 }),
        fc.option(fc.constant(SAVE)),
        fc.integer({ min: 0, max: 500 }),
        (placed, quantities, extra, coupon, credit) => {
          const lines: Array<AmendLine> = placed.map((line, index) => ({
            id: index + 1,
            ...line,
            totalPrice: line.quantity * line.unitPrice,
            weighing: null,
            hasChoices: false,
          }))
          // Every placed line changed, removed ones too: only the additions may be left.
          const changes = new Map(lines.map((line, index) => [line.id, quantities[index] ?? 0]))
          const additions: Array<AmendAddedLine> = extra.map((line) => ({
            ...line,
            name: `item ${line.itemId}`,
            ageRestriction: null,
            weighing: null,
          }))
          const terms = { ...TERMS, coupon }
          const amended = amendedPricing(terms, lines, changes, credit, additions)
          if (typeof amended === 'string') throw new Error(amended)
          const kept = placed
            .map((line, index) => ({ ...line, quantity: changes.get(index + 1) ?? 0 }))
            .filter((line) => line.quantity > 0)
          const basket = computeTotals({
            ...terms,
            lines: [...kept, ...extra].map((line) => ({ ...line, available: true })),
            mealDeals: [],
          })
          expect(amended.pricing).toEqual(basket)
          expect(amended.total).toBe(basket.totals.total - credit)
          expect(amended.added.map((line) => line.totalPrice)).toEqual(
            extra.map((line) => line.quantity * line.unitPrice)
          )
        }
      )
    )
  })

  it('refuses a line that is not in the order and an order left empty', () => {
    const lines: Array<AmendLine> = [
      {
        id: 7,
        itemId: BREAD,
        quantity: 2,
        unitPrice: 120,
        totalPrice: 240,
        weighing: null,
        hasChoices: false,
      },
    ]
    expect(amendedPricing(TERMS, lines, new Map([[8, 1]]), 0)).toBe('unknown_line')
    expect(amendedPricing(TERMS, lines, new Map([[7, 0]]), 0)).toBe('empty')
  })
})
