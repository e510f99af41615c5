import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  pickedLineTax,
  pickingTaxDifference,
  refundedTax,
  shareOut,
  taxOn,
  taxRateLabel,
} from '../../../schemas/sales-tax.ts'
import { VAT_CLASSES } from '../../../schemas/vat.ts'
import { localTax } from '../../../worker/backend/tax/local-tax-calculator.ts'
import {
  discountedLines,
  type TaxPlace,
  type TaxRequest,
} from '../../../worker/backend/tax/tax-calculator.ts'

/*
 * The local tax table (ADR 055): state and provincial rates, groceries exempt or reduced where
 * the place says so, one half-up rounding per jurisdiction and rate, shared back to the lines
 * to the cent; and a line's refunds giving back exactly its tax.
 */

const NEW_YORK: TaxPlace = {
  country: 'US',
  postcode: '10001',
  region: 'NY',
  city: 'New York',
  line1: '350 5th Ave',
}
const place = (country: string, postcode: string): TaxPlace => ({
  ...NEW_YORK,
  country,
  postcode,
})

function request(overrides: Partial<TaxRequest> = {}): TaxRequest {
  return {
    currency: 'USD',
    place: NEW_YORK,
    lines: [],
    discount: 0,
    fees: { delivery: 0, service: 0 },
    ...overrides,
  }
}

const line = (reference: string, amount: number, taxClass: 'zero' | 'reduced' | 'standard') => ({
  reference,
  amount,
  quantity: 1,
  taxClass,
})

describe('taxOn', () => {
  it('rounds half up to the cent, in integers', () => {
    expect(taxOn(1000, 4000)).toBe(40)
    // 4 % of $0.13 is 0.52 ¢: rounds to 1 ¢; 4 % of $0.12 is 0.48 ¢: rounds to 0.
    expect(taxOn(13, 4000)).toBe(1)
    expect(taxOn(12, 4000)).toBe(0)
    // Exactly half a cent rounds up: 6.25 % of $0.08 is 0.5 ¢.
    expect(taxOn(8, 6250)).toBe(1)
    // Quebec's 9.975 % is exact in thousandths of a percent.
    expect(taxOn(10_000, 9975)).toBe(998)
    expect(taxRateLabel(9975)).toBe('9.975%')
    expect(taxRateLabel(13_000)).toBe('13%')
  })

  it('is within half a cent of the exact tax', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 30_000 }),
        (amount, rate) => {
          expect(Math.abs(taxOn(amount, rate) - (amount * rate) / 100_000)).toBeLessThanOrEqual(0.5)
        }
      )
    )
  })
})

describe('shareOut', () => {
  it('adds up to the whole, each share within a cent of its exact part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 1, maxLength: 12 }),
        (whole, weights) => {
          const shares = shareOut(whole, weights)
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(whole)
          const base = weights.reduce((sum, weight) => sum + weight, 0)
          if (base === 0) return
          shares.forEach((share, index) => {
            const exact = (whole * (weights[index] ?? 0)) / base
            expect(Math.abs(share - exact)).toBeLessThan(1)
          })
        }
      )
    )
  })
})

describe('localTax', () => {
  it('taxes standard goods at the state rate and exempts groceries in New York', () => {
    const answer = localTax(
      request({ lines: [line('item:1', 1000, 'standard'), line('item:2', 2500, 'zero')] })
    )
    expect(answer.lines).toEqual([
      { reference: 'item:1', tax: 40 },
      { reference: 'item:2', tax: 0 },
    ])
    expect(answer.jurisdictions).toEqual([
      { code: 'US-NY', name: 'New York State sales tax', rate: 4000, taxable: 1000, tax: 40 },
    ])
    expect(answer.total).toBe(40)
    expect(answer.reference).toBeNull()
  })

  it('taxes groceries at the reduced food rate where the state taxes them (Alabama)', () => {
    const answer = localTax(
      request({
        place: place('US', '35203'),
        lines: [line('item:1', 1000, 'standard'), line('item:2', 2000, 'zero')],
      })
    )
    expect(answer.jurisdictions).toEqual([
      { code: 'US-AL', name: 'Alabama sales tax', rate: 4000, taxable: 1000, tax: 40 },
      { code: 'US-AL', name: 'Alabama sales tax', rate: 3000, taxable: 2000, tax: 60 },
    ])
    expect(answer.lines.map((l) => l.tax)).toEqual([40, 60])
  })

  it('adds the federal and the provincial tax in Quebec, food zero-rated for both', () => {
    const answer = localTax(
      request({
        currency: 'CAD',
        place: place('CA', 'H2X 1Y4'),
        lines: [line('item:1', 10_000, 'standard'), line('item:2', 5000, 'zero')],
      })
    )
    expect(answer.jurisdictions.map(({ code, tax }) => [code, tax])).toEqual([
      ['CA-GST', 500],
      ['CA-QC-QST', 998],
    ])
    expect(answer.lines).toEqual([
      { reference: 'item:1', tax: 1498 },
      { reference: 'item:2', tax: 0 },
    ])
  })

  it('charges HST in Ontario by the first letter of the postal code', () => {
    const answer = localTax(
      request({ place: place('CA', 'M5V 2T6'), lines: [line('item:1', 999, 'standard')] })
    )
    expect(answer.jurisdictions).toEqual([
      { code: 'CA-ON-HST', name: 'HST', rate: 13_000, taxable: 999, tax: 130 },
    ])
  })

  it('rounds once per jurisdiction on the order, not per line', () => {
    // Three lines of 13 ¢ at 4 %: 0.52 ¢ each (per line: 1 + 1 + 1 = 3 ¢); on the total of
    // 39 ¢, 1.56 ¢ rounds to 2 ¢, shared back by largest remainder.
    const answer = localTax(
      request({
        lines: [line('a', 13, 'standard'), line('b', 13, 'standard'), line('c', 13, 'standard')],
      })
    )
    expect(answer.total).toBe(2)
    expect(answer.lines.map((l) => l.tax)).toEqual([1, 1, 0])
  })

  it('takes discounts off before tax, pro rata to the lines', () => {
    const lines = [line('item:1', 3000, 'standard'), line('item:2', 1000, 'zero')]
    expect(discountedLines(request({ lines, discount: 400 })).map((l) => l.amount)).toEqual([
      2700, 900,
    ])
    const answer = localTax(request({ lines, discount: 400 }))
    expect(answer.total).toBe(taxOn(2700, 4000))
  })

  it('taxes the fees as the goods they deliver', () => {
    // Half the goods are taxable: half the delivery fee is.
    const answer = localTax(
      request({
        lines: [line('item:1', 2000, 'standard'), line('item:2', 2000, 'zero')],
        fees: { delivery: 500, service: 100 },
      })
    )
    expect(answer.jurisdictions[0]).toMatchObject({ taxable: 2000 + 250 + 50 })
    expect(answer.total).toBe(taxOn(2300, 4000))
    expect(answer.fees.delivery + answer.fees.service + answer.lines[0]!.tax).toBe(answer.total)
  })

  it('taxes a fee as standard when no goods are left to share it by', () => {
    const answer = localTax(
      request({
        lines: [line('item:1', 500, 'zero')],
        discount: 500,
        fees: { delivery: 300, service: 0 },
      })
    )
    expect(answer.fees.delivery).toBe(taxOn(300, 4000))
  })

  it('refuses a place the table does not know, with the message that says so', () => {
    for (const unknown of [place('US', '60601'), place('CA', 'R3C 4T3'), place('MX', '06600')]) {
      expect(() =>
        localTax(request({ place: unknown, lines: [line('a', 100, 'standard')] }))
      ).toThrow(MESSAGES.taxPlaceUnknown)
    }
  })

  it('answers lines and fees that add up to the jurisdictions, for any basket', () => {
    const places = fc.constantFrom(
      place('US', '10001'),
      place('US', '35203'),
      place('US', '94103'),
      place('CA', 'H2X 1Y4'),
      place('CA', 'V6B 1A1'),
      place('CA', 'T2P 1J9')
    )
    const lines = fc.array(
      fc.record({
        amount: fc.integer({ min: 0, max: 40_000 }),
        taxClass: fc.constantFrom(...VAT_CLASSES),
      }),
      { minLength: 1, maxLength: 10 }
    )
    fc.assert(
      fc.property(
        places,
        lines,
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: 0, max: 300 }),
        (where, items, discount, delivery, service) => {
          const answer = localTax(
            request({
              place: where,
              lines: items.map((item, i) => ({ ...item, reference: `item:${i}`, quantity: 1 })),
              discount,
              fees: { delivery, service },
            })
          )
          const lineTax = answer.lines.reduce((sum, l) => sum + l.tax, 0)
          expect(lineTax + answer.fees.delivery + answer.fees.service).toBe(answer.total)
          expect(answer.jurisdictions.reduce((sum, row) => sum + row.tax, 0)).toBe(answer.total)
          for (const row of answer.jurisdictions) {
            expect(row.tax).toBe(taxOn(row.taxable, row.rate ?? 0))
          }
        }
      )
    )
  })
})

describe('refundedTax', () => {
  it('gives back a line’s tax unit by unit, the parts adding up to the whole', () => {
    expect([1, 2, 3].map((n) => refundedTax(100, 3, n - 1, 1))).toEqual([33, 33, 34])
    expect(refundedTax(100, 3, 0, 3)).toBe(100)
    expect(refundedTax(100, 3, 2, 2)).toBe(0)
  })

  it('in any steps, refunding every unit gives back exactly the line’s tax', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc
          .integer({ min: 1, max: 40 })
          .chain((received) =>
            fc.tuple(
              fc.constant(received),
              fc.array(fc.integer({ min: 1, max: received }), { maxLength: 40 })
            )
          ),
        (lineTax, [received, steps]) => {
          let refunded = 0
          let given = 0
          for (const step of steps) {
            const quantity = Math.min(step, received - refunded)
            if (quantity < 1) break
            given += refundedTax(lineTax, received, refunded, quantity)
            refunded += quantity
          }
          given += refundedTax(lineTax, received, refunded, received - refunded)
          expect(given).toBe(lineTax)
        }
      )
    )
  })
})

describe('pickedLineTax', () => {
  it('keeps the share of what the line is charged, never more than it carried', () => {
    expect(pickedLineTax(120, 3000, null)).toBe(120)
    expect(pickedLineTax(120, 3000, 3000)).toBe(120)
    expect(pickedLineTax(120, 3000, 3400)).toBe(120)
    expect(pickedLineTax(121, 3000, 1000)).toBe(40)
    expect(pickedLineTax(120, 3000, 0)).toBe(0)
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (tax, total, charged) => {
          const kept = pickedLineTax(tax, total, charged)
          expect(kept).toBeGreaterThanOrEqual(0)
          expect(kept).toBeLessThanOrEqual(tax)
          expect(pickingTaxDifference([{ tax, totalPrice: total, chargedPrice: charged }])).toBe(
            kept - tax
          )
        }
      )
    )
  })
})
