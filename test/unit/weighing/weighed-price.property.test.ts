import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatGrams,
  lineAmount,
  weighedPrice,
  weighingLabel,
  weightChoices,
  type Weighing,
} from '../../../schemas/weighing.ts'
import { computeTotals, type TotalsInput } from '../../../worker/backend/basket/totals.ts'

/*
 * The one rounding rule of items sold by weight (ADR 039): an estimate is the price per kg times
 * the grams over 1000, rounded half up to the penny, in integers; a basket's goods are the sum of
 * its lines whatever mix of weighed and counted lines it holds.
 */

const pricePerKg = fc.integer({ min: 1, max: 20_000 })
const grams = fc.integer({ min: 0, max: 50_000 })
const weighing = fc.record({
  soldBy: fc.constantFrom('by_weight' as const, 'by_piece_estimated' as const),
  pricePerKg,
  unitGrams: fc.integer({ min: 1, max: 3000 }),
})

describe('weighedPrice', () => {
  it('is round(price per kg × grams / 1000), half up, as a whole number of pence', () => {
    fc.assert(
      fc.property(pricePerKg, grams, (perKg, weight) => {
        const pence = weighedPrice(perKg, weight)
        expect(Number.isSafeInteger(pence)).toBe(true)
        // Exact in BigInt: no float takes part in the reference either.
        const exact = (BigInt(perKg) * BigInt(weight) * 2n + 1000n) / 2000n
        expect(BigInt(pence)).toBe(exact)
      })
    )
  })

  it('rounds a half penny up and anything less down', () => {
    expect(weighedPrice(1002, 250)).toBe(251) // 250.5p
    expect(weighedPrice(1001, 250)).toBe(250) // 250.25p
    expect(weighedPrice(999, 1000)).toBe(999)
    expect(weighedPrice(300, 180)).toBe(54) // approx. 180 g each, est. £0.54
  })

  it('refuses a fraction or a negative rather than pricing it', () => {
    expect(() => weighedPrice(12.5, 250)).toThrow(RangeError)
    expect(() => weighedPrice(1200, -250)).toThrow(RangeError)
    expect(() => weighedPrice(1200, 0.5)).toThrow(RangeError)
  })
})

describe('a weighed line', () => {
  it('costs the estimate of its whole weight: 4 × 250 g is exactly the price per kg', () => {
    fc.assert(
      fc.property(pricePerKg, (perKg) => {
        const steps: Weighing = { soldBy: 'by_weight', pricePerKg: perKg, unitGrams: 250 }
        expect(lineAmount({ quantity: 4, unitPrice: 0, weighing: steps })).toBe(perKg)
      })
    )
  })

  it('says it is an estimate, with the price per kg', () => {
    const banana: Weighing = { soldBy: 'by_piece_estimated', pricePerKg: 300, unitGrams: 180 }
    expect(weighingLabel(banana)).toBe('approx. 180 g each, est. £0.54 · £3.00/kg')
    const steak: Weighing = { soldBy: 'by_weight', pricePerKg: 2556, unitGrams: 250 }
    expect(weighingLabel(steak)).toBe('est. £6.39 per 250 g · £25.56/kg')
    expect(weightChoices(steak, 3).map((choice) => choice.label)).toEqual([
      '250 g',
      '500 g',
      '750 g',
    ])
    expect(formatGrams(1250)).toBe('1.25 kg')
  })
})

describe('basket totals with weighed lines', () => {
  const terms: TotalsInput['terms'] = {
    fulfilmentMethod: 'collection',
    deliveryFee: 0,
    serviceFee: 0,
    freeDeliveryThreshold: null,
    deliveryMinimumSpend: 0,
    collectionMinimumSpend: 0,
    tip: 0,
  }
  const line = fc.record({
    itemId: fc.integer({ min: 1, max: 50 }),
    quantity: fc.integer({ min: 1, max: 12 }),
    unitPrice: fc.integer({ min: 0, max: 5000 }),
    available: fc.constant(true),
    weighing: fc.option(weighing, { nil: null }),
  })

  it('have a subtotal equal to the sum of the lines, every amount whole pence', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
        const { totals } = computeTotals({ lines, mealDeals: [], deals: [], coupon: null, terms })
        const sum = lines.reduce((total, each) => total + lineAmount(each), 0)
        expect(totals.subtotal).toBe(sum)
        expect(totals.total).toBe(sum)
        for (const amount of Object.values(totals)) {
          if (typeof amount === 'number') expect(Number.isSafeInteger(amount)).toBe(true)
        }
      })
    )
  })
})
