import { weighedPrice, WEIGHT_STEP_GRAMS, type SoldBy } from '../../schemas/weighing.ts'
import type { SqlValue } from './dataset.ts'

/*
 * The demo range's weighed items (issue 41, ADR 039): loose fruit and veg sold by the piece at an
 * estimated weight, and the counter's meat, fish, cheese and deli sold by weight in 250 g steps.
 * Prices per kg come from the pack prices of the range, so a piece keeps its shelf price and a
 * counter item costs per kg what its pack did.
 */

/** Sub-categories whose items sold each become pieces at an estimated weight. */
const LOOSE_PRODUCE = new Set(['fresh-fruit', 'fresh-vegetables', 'salad-herbs'])

/** A believable weight of one piece, by what the name says it is. */
const PIECE_GRAMS: ReadonlyArray<readonly [RegExp, number]> = [
  [/watermelon/i, 3000],
  [/pineapple/i, 1000],
  [/banana/i, 180],
  [/orange/i, 200],
  [/lemon/i, 110],
  [/lime/i, 70],
  [/avocado/i, 170],
  [/mango/i, 350],
  [/broccoli/i, 350],
  [/cauliflower/i, 600],
  [/swede/i, 800],
  [/pepper/i, 160],
  [/aubergine/i, 300],
  [/squash/i, 900],
  [/celery/i, 450],
  [/ginger/i, 100],
  [/lettuce/i, 550],
  [/cucumber/i, 350],
]

/** Counter items (one pack size in the range) sold by weight instead. */
const COUNTER_ITEMS = new Set([
  'Red Leicester',
  'Double Gloucester',
  'Wensleydale',
  'Stilton',
  'Chicken thigh fillets',
  'Diced beef',
  'Sirloin steak',
  'Rump steak',
  'Ribeye steak',
  'Beef roasting joint',
  'Lamb shoulder',
  'Lamb chops',
  'Pork loin steaks',
  'Pork belly slices',
  'Gammon joint',
  'Pork shoulder joint',
  'Raw king prawns',
  'Cooked king prawns',
  'Roast beef slices',
  'Salami',
  'Chorizo slices',
])

export interface DemoItemPricing {
  name: string
  size: string | null
  price: number
  /** menu_items.sold_by, price_per_kg and unit_grams (migration 0080). */
  columns: Record<string, SqlValue>
}

const EACH_COLUMNS = { sold_by: 'each', price_per_kg: null, unit_grams: null } as const

/** Pence per kg of a pack of `grams` costing `price`, rounded to the penny in integers. */
function perKg(price: number, grams: number): number {
  return Math.floor((price * 1000 + Math.floor(grams / 2)) / grams)
}

function weighed(
  name: string,
  soldBy: Exclude<SoldBy, 'each'>,
  pricePerKg: number,
  unitGrams: number
): DemoItemPricing {
  return {
    name,
    size: null,
    price: weighedPrice(pricePerKg, unitGrams),
    columns: { sold_by: soldBy, price_per_kg: pricePerKg, unit_grams: unitGrams },
  }
}

const GRAMS = /^(\d+(?:\.\d+)?)(g|kg)$/

/** How a demo item of the range is sold: each (as listed), by the piece or by weight. */
export function demoItemPricing(
  subCategorySlug: string,
  item: { name: string; size: string | null; price: number }
): DemoItemPricing {
  const loose = item.size === null || item.size === 'loose each'
  if (LOOSE_PRODUCE.has(subCategorySlug) && loose) {
    const grams = PIECE_GRAMS.find(([pattern]) => pattern.test(item.name))?.[1] ?? 250
    return weighed(item.name, 'by_piece_estimated', perKg(item.price, grams), grams)
  }
  const pack = item.size === null ? null : GRAMS.exec(item.size)
  const base = item.size === null ? item.name : item.name.slice(0, -item.size.length - 1)
  if (pack && COUNTER_ITEMS.has(base)) {
    const grams = Math.round(Number(pack[1]) * (pack[2] === 'kg' ? 1000 : 1))
    return weighed(base, 'by_weight', perKg(item.price, grams), WEIGHT_STEP_GRAMS)
  }
  return { name: item.name, size: item.size, price: item.price, columns: EACH_COLUMNS }
}

/** Sold each: the columns every other demo item row names. */
export const SOLD_EACH_COLUMNS: Record<string, SqlValue> = EACH_COLUMNS
