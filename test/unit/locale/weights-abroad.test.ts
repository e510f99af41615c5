import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { shopLocaleOf } from '../../../schemas/locale.ts'
import { sayIn } from '../../../schemas/message-catalogue.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  formatGrams,
  weighedQuantityLabel,
  weighingLabel,
  weightChoices,
  type Weighing,
} from '../../../schemas/weighing.ts'
import type { PickLineRow } from '../../../worker/backend/orders/repo.ts'
import { lineOf } from '../../../worker/backend/orders/view.ts'
import { weighedEmailLines } from '../../../worker/backend/checkout/weighed-email-lines.ts'

/*
 * Issue 43: a weight is written in the shop's numbers ('1,5 kg' on a Dutch page); the UK's stays
 * byte for byte what the hard-coded '.' wrote.
 */

const NL = shopLocaleOf({
  locale: 'nl_NL',
  currency: 'EUR',
  countryCode: 'NL',
  timeZone: 'Europe/Amsterdam',
})
const IE = shopLocaleOf({
  locale: 'en_IE',
  currency: 'EUR',
  countryCode: 'IE',
  timeZone: 'Europe/Dublin',
})

// What formatGrams wrote before it went through Intl: the UK's bytes to keep.
function before(grams: number): string {
  if (grams < 1000) return `${grams} g`
  return `${(grams / 1000).toFixed(3).replace(/\.?0+$/, '')} kg`
}

describe('weights in the shop locale', () => {
  it('writes the UK weight exactly as before, for any whole grams', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (grams) => {
        expect(formatGrams(grams)).toBe(before(grams))
      }),
      { numRuns: 2000 }
    )
    expect(formatGrams(1250)).toBe('1.25 kg')
    expect(formatGrams(1000)).toBe('1 kg')
    expect(formatGrams(250)).toBe('250 g')
    expect(formatGrams(1234567)).toBe('1234.567 kg')
  })

  it('writes a Dutch weight with a decimal comma, an Irish one with a point', () => {
    expect(formatGrams(1500, NL)).toBe('1,5 kg')
    expect(formatGrams(1250, NL)).toBe('1,25 kg')
    expect(formatGrams(750, NL)).toBe('750 g')
    expect(formatGrams(1234567, NL)).toBe('1234,567 kg')
    expect(formatGrams(1500, IE)).toBe('1.5 kg')
  })

  it("says a weighed item's labels in Dutch with Dutch numbers", () => {
    const steak: Weighing = { soldBy: 'by_weight', pricePerKg: 2556, unitGrams: 250 }
    const melon: Weighing = { soldBy: 'by_piece_estimated', pricePerKg: 300, unitGrams: 1250 }
    const say = sayIn(NL)
    expect(weightChoices(steak, 6, NL).map((choice) => choice.label)).toEqual([
      '250 g',
      '500 g',
      '750 g',
      '1 kg',
      '1,25 kg',
      '1,5 kg',
    ])
    expect(weighedQuantityLabel(steak, 6, say, NL)).toBe('1,5 kg')
    expect(weighedQuantityLabel(melon, 2, say, NL)).toBe('2 × ca. 1,25 kg')
    expect(weighingLabel(melon, NL, say)).toBe(
      'ca. 1,25 kg per stuk, ca. € 3,75 · € 3,00/kg'.replace(/€ /g, '€\u00a0')
    )
    // The same calls on a UK shop, as UK pages always read.
    expect(
      weightChoices(steak, 6)
        .map((choice) => choice.label)
        .at(-1)
    ).toBe('1.5 kg')
    expect(weighedQuantityLabel(melon, 2)).toBe('2 × approx. 1.25 kg')
    expect(weighingLabel(melon)).toBe('approx. 1.25 kg each, est. £3.75 · £3.00/kg')
  })
})

describe("an order's weighed line", () => {
  const melonLine: PickLineRow = {
    id: 1,
    kind: 'item',
    menu_item_id: 7,
    name: 'Melon',
    quantity: 2,
    unit_price: 375,
    total_price: 750,
    age_restriction: null,
    department: null,
    department_position: null,
    mark: null,
    picked_quantity: null,
    substitute_menu_item_id: null,
    substitute_name: null,
    substitute_quantity: null,
    substitute_unit_price: null,
    charged_price: null,
    refunded_quantity: null,
    allow_substitutes: 1,
    chosen_item_id: null,
    chosen_name: null,
    version: 0,
    sold_by: 'by_piece_estimated',
    price_per_kg: 300,
    unit_grams: 1250,
    picked_grams: null,
    rejected_by: null,
    rejected_amount: null,
    tax_amount: null,
  }

  it("is said in the shop's language and numbers on a shopper's page", () => {
    expect(lineOf(melonLine, [], NL).weighed?.label).toBe('2 × ca. 1,25 kg')
  })

  it('is English with UK numbers for the store console, which names no shop', () => {
    expect(lineOf(melonLine, []).weighed?.label).toBe('2 × approx. 1.25 kg')
  })
})

describe("the confirmation email's weighed lines", () => {
  const steak = {
    name: 'Sirloin steak',
    quantity: 3,
    unitPrice: 639,
    totalPrice: 1917,
    selections: [],
    weighing: { soldBy: 'by_weight', pricePerKg: 2556, unitGrams: 250 } as const,
  }
  const bananas = {
    name: 'Losse banaan',
    quantity: 2,
    unitPrice: 20,
    totalPrice: 40,
    selections: [],
    weighing: { soldBy: 'by_piece_estimated', pricePerKg: 111, unitGrams: 180 } as const,
  }
  const euro = (text: string) => text.replace(/€ /g, '€\u00a0')

  it("says 'ca.' and the note in Dutch, amounts the Dutch way", () => {
    expect(weighedEmailLines([steak, bananas], NL)).toEqual({
      weighedLines: euro(
        '750 g Sirloin steak, ca. € 19,17 (ca. € 6,39 per 250 g · € 25,56/kg)\n' +
          '2 × ca. 180 g Losse banaan, ca. € 0,40 (ca. 180 g per stuk, ca. € 0,20 · € 1,11/kg)'
      ),
      weighedNote:
        'Gewogen artikelen staan op hun geschatte prijs; de definitieve prijs volgt na het verzamelen.',
    })
  })

  it('writes the UK lines as they always were', () => {
    expect(weighedEmailLines([steak, { ...bananas, name: 'Bananas loose each' }])).toEqual({
      weighedLines:
        '750 g Sirloin steak, est. £19.17 (est. £6.39 per 250 g · £25.56/kg)\n' +
        '2 × approx. 180 g Bananas loose each, est. £0.40 (approx. 180 g each, est. £0.20 · £1.11/kg)',
      weighedNote: MESSAGES.weighedFinalPrice,
    })
    expect(weighedEmailLines([{ ...steak, weighing: null }])).toEqual({
      weighedLines: null,
      weighedNote: null,
    })
  })
})
