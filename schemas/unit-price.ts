/*
 * Unit prices from an item's size and the price charged for it, so a shopper can compare packs
 * (Price Marking Order 2004; the CMA's 2023 grocery unit pricing review asks for one consistent
 * unit). One unit per kind of quantity: weights per kg, volumes per litre, lengths per metre,
 * counted packs per item (or per roll, per wash). Computed where the item is mapped, from the
 * price the store charges, so a store's own price never shows another price's unit price.
 */

import { formatMoney } from './money.ts'
import { GB_LOCALE, type ShopLocale } from './locale.ts'
import { fillMessage } from './message-format.ts'
import { MESSAGES } from './messages.ts'

/** The units a price per unit is given in. */
export const UNIT_MEASURES = ['kg', 'litre', 'metre', 'each', 'roll', 'wash'] as const
export type UnitMeasure = (typeof UNIT_MEASURES)[number]

interface Measure {
  /** How many units (kg, litres, metres, items) the pack holds. */
  amount: number
  per: UnitMeasure
}

/** A price per unit: minor units (rounded) per one unit of `per`. */
export interface UnitPrice {
  minor: number
  per: UnitMeasure
}

const MEASURED = /^(?:(\d+) x )?(\d+(?:\.\d+)?)\s*(kg|g|ml|cl|litres?|l|pints?|m)\b/i
const COUNTED =
  /^(?:(\d+) x )?(\d+)\s*(?:mini |multi)?(pack|pieces|boxes|bags|rolls|washes|tablets|capsules|sachets|eggs)\b/i

function measureOf(size: string): Measure | null {
  const text = size.trim()
  const measured = MEASURED.exec(text)
  if (measured) {
    const amount = Number(measured[1] ?? 1) * Number(measured[2])
    const unit = (measured[3] ?? '').toLowerCase()
    if (unit === 'kg') return { amount, per: 'kg' }
    if (unit === 'g') return { amount: amount / 1000, per: 'kg' }
    if (unit === 'ml') return { amount: amount / 1000, per: 'litre' }
    if (unit === 'cl') return { amount: amount / 100, per: 'litre' }
    if (unit.startsWith('pint')) return { amount: amount * 0.568261, per: 'litre' }
    if (unit === 'm') return { amount, per: 'metre' }
    return { amount, per: 'litre' }
  }
  const counted = COUNTED.exec(text)
  if (counted) {
    const amount = Number(counted[1] ?? 1) * Number(counted[2])
    const unit = (counted[3] ?? '').toLowerCase()
    if (unit === 'rolls') return { amount, per: 'roll' }
    if (unit === 'washes') return { amount, per: 'wash' }
    return { amount, per: 'each' }
  }
  if (/^(loose )?each$/i.test(text)) return { amount: 1, per: 'each' }
  return null
}

/**
 * How many units (kg, litres, metres, items) a pack of `size` holds, the divisor of its price per
 * unit; null when the size holds no quantity. Stored as menu_items.unit_amount so a category can
 * sort by price per unit in its query (ADR 034).
 */
export function unitAmount(size: string | null): number | null {
  if (!size) return null
  const measure = measureOf(size)
  return measure && measure.amount > 0 ? measure.amount : null
}

/** The price per unit of a pack of `size` sold at `pricePence`; null when the size holds no quantity. */
export function unitPriceOf(size: string | null, pricePence: number): UnitPrice | null {
  if (!size) return null
  const measure = measureOf(size)
  if (!measure || measure.amount <= 0 || pricePence <= 0) return null
  return { minor: Math.round(pricePence / measure.amount), per: measure.per }
}

const PER: Readonly<Record<UnitMeasure, string>> = {
  kg: MESSAGES.pageUnitPerKg,
  litre: MESSAGES.pageUnitPerLitre,
  metre: MESSAGES.pageUnitPerMetre,
  each: MESSAGES.pageUnitEach,
  roll: MESSAGES.pageUnitPerRoll,
  wash: MESSAGES.pageUnitPerWash,
}

/**
 * A price per unit as a shopper reads it: '£1.20/kg', '85p/litre', '40p each', '21p/wash' in the
 * UK ('p' for pence is British), '€ 1,20/kg', '€ 0,40 per stuk' elsewhere, in the page's words
 * (`say`, English by default). Rounding can make a tiny one read '0p': it says 'under 1p'.
 */
export function formatUnitPrice(
  unit: UnitPrice,
  shop: ShopLocale = GB_LOCALE,
  say: (english: string, ...values: Array<string | number>) => string = fillMessage
): string {
  const british = shop.currency === 'GBP'
  const money =
    british && unit.minor < 100 ? `${unit.minor}p` : formatMoney(Math.max(unit.minor, 1), shop)
  const amount =
    unit.minor === 0 ? say(MESSAGES.pageUnitUnder, british ? '1p' : formatMoney(1, shop)) : money
  return say(PER[unit.per], amount)
}

/** The price per unit in UK English, as a label: '£1.20/kg'; null when the size holds no quantity. */
export function unitPriceLabel(size: string | null, pricePence: number): string | null {
  const unit = unitPriceOf(size, pricePence)
  return unit ? formatUnitPrice(unit) : null
}
