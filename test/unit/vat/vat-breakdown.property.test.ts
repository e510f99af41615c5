import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  includedVat,
  pricesIncludeVat,
  VAT_RATES,
  vatBreakdown,
  vatRateLabel,
} from '../../../schemas/vat.ts'

/*
 * VAT by rate (ADR 051): each rate's goods with fees and discounts shared out pro rata, so the
 * rows add up to what was charged to the penny, and each row's VAT is the exact VAT of its gross
 * rounded once.
 */

const rate = fc.constantFrom(0, 500, 900, 1350, 2000, 2100, 2300)
const lines = fc.array(fc.record({ amount: fc.integer({ min: 0, max: 50_000 }), rate }), {
  minLength: 1,
  maxLength: 12,
})

describe('includedVat', () => {
  it('is within half a penny of amount × rate / (100 % + rate)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), rate, (amount, bp) => {
        const exact = (amount * bp) / (10_000 + bp)
        expect(Math.abs(includedVat(amount, bp) - exact)).toBeLessThanOrEqual(0.5)
      })
    )
  })

  it('takes £1.00 of VAT out of £6.00 at 20 % and 5p out of £1.05 at 5 %', () => {
    expect(includedVat(600, 2000)).toBe(100)
    expect(includedVat(105, 500)).toBe(5)
    expect(includedVat(1234, 0)).toBe(0)
    expect(vatRateLabel(1350)).toBe('13.5%')
  })
})

describe('vatBreakdown', () => {
  it('adds up to the charge exactly, each VAT within rounding of its exact value', () => {
    fc.assert(
      fc.property(
        lines,
        // What discounts take off (never more than the goods) and fees add on.
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 1_000 }),
        (given, discountPercent, fees) => {
          const goods = given.reduce((sum, line) => sum + line.amount, 0)
          const charged = goods - Math.floor((goods * discountPercent) / 100) + fees
          const rows = vatBreakdown({ lines: given, charged, fallbackRate: 2000 })
          expect(rows.reduce((sum, row) => sum + row.gross, 0)).toBe(charged)
          for (const row of rows) {
            expect(row.gross).toBeGreaterThanOrEqual(0)
            const exact = (row.gross * row.rate) / (10_000 + row.rate)
            expect(Math.abs(row.vat - exact)).toBeLessThanOrEqual(0.5)
          }
          // One row a rate, each rate one the goods were sold at (or the fallback with none).
          const rates = rows.map((row) => row.rate)
          expect(new Set(rates).size).toBe(rates.length)
          const sold = new Set<number>(given.filter((l) => l.amount > 0).map((l) => l.rate))
          if (sold.size > 0) for (const r of rates) expect(sold.has(r)).toBe(true)
        }
      )
    )
  })

  it('shares a delivery fee and a discount between the rates by their goods', () => {
    // £30 of food at 0 %, £10 of wine at 20 %, a £4 delivery fee and £2 off: the fee and the
    // discount split 3 : 1.
    const rows = vatBreakdown({
      lines: [
        { amount: 3000, rate: 0 },
        { amount: 1000, rate: 2000 },
      ],
      charged: 4200,
      fallbackRate: 2000,
    })
    expect(rows).toEqual([
      { rate: 0, gross: 3150, vat: 0 },
      { rate: 2000, gross: 1050, vat: 175 },
    ])
  })

  it('puts fees at the fallback rate when nothing was supplied', () => {
    expect(
      vatBreakdown({ lines: [{ amount: 0, rate: 0 }], charged: 399, fallbackRate: 2000 })
    ).toEqual([{ rate: 2000, gross: 399, vat: 67 }])
  })
})

describe('the rates table', () => {
  it('includes VAT in GB, IE and NL prices, and nowhere else', () => {
    expect(Object.keys(VAT_RATES).sort()).toEqual(['GB', 'IE', 'NL'])
    expect(pricesIncludeVat('gb')).toBe(true)
    expect(pricesIncludeVat('US')).toBe(false)
    expect(VAT_RATES.GB).toEqual({ zero: 0, reduced: 500, standard: 2000 })
  })
})
