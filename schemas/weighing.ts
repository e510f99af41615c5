import { z } from 'zod'
import { MoneySchema } from './common.ts'
import { fillMessage, type Say } from './message-format.ts'
import { formatMessage, MESSAGES } from './messages.ts'
import { formatMoney } from './money.ts'
import { formatNumber, GB_LOCALE, type ShopLocale } from './locale.ts'

/*
 * Items sold by weight (issue 41, ADR 039), in integer pence and integer grams. The one rounding
 * rule lives in weighedPrice: the basket, checkout, picking and the emails all price a weighed
 * amount through it, and migration 0080 holds menu_items.price to the same rule.
 */

export const SOLD_BY = ['each', 'by_weight', 'by_piece_estimated'] as const
export type SoldBy = (typeof SOLD_BY)[number]

/** A by-weight item is bought in steps of this many grams (250 g, 500 g, 750 g…). */
export const WEIGHT_STEP_GRAMS = 250
/** The weights the chooser offers: 250 g up to 3 kg, unless the item's own limit is lower. */
export const MAX_WEIGHT_STEPS = 12

/**
 * How a weighed item is priced: per kg, bought in units of `unitGrams` (a 250 g step, or one
 * piece's estimated weight). Null on an item sold each.
 */
export type Weighing = z.infer<typeof WeighingSchema>
export const WeighingSchema = z.object({
  soldBy: z.enum(['by_weight', 'by_piece_estimated']),
  pricePerKg: MoneySchema,
  unitGrams: z.int().positive(),
})

/** The weighing of a row with migration 0080's columns (an item or an order line). */
export function weighingOf(row: {
  sold_by: SoldBy
  price_per_kg: number | null
  unit_grams: number | null
}): Weighing | null {
  if (row.sold_by === 'each' || row.price_per_kg === null || row.unit_grams === null) return null
  return { soldBy: row.sold_by, pricePerKg: row.price_per_kg, unitGrams: row.unit_grams }
}

function wholeNonNegative(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole number from 0, not ${value}`)
  }
}

/**
 * The price of `grams` at `pricePerKg` pence a kg, rounded half up to the penny (never negative
 * amounts, so half up and half away from zero agree). Integer arithmetic only: no float ever
 * holds money.
 */
export function weighedPrice(pricePerKg: number, grams: number): number {
  wholeNonNegative(pricePerKg, 'A price per kg')
  wholeNonNegative(grams, 'A weight in grams')
  const tenthsOfPence = pricePerKg * grams + 500
  return (tenthsOfPence - (tenthsOfPence % 1000)) / 1000
}

/** The grams a line of `quantity` units stands for. */
export function lineGrams(weighing: Weighing, quantity: number): number {
  return weighing.unitGrams * quantity
}

/**
 * A line's amount: units × unit price for an item sold each; for a weighed item the estimate of
 * the line's whole weight, rounded once (so 4 × 250 g costs exactly the price per kg).
 */
export function lineAmount(line: {
  quantity: number
  unitPrice: number
  weighing: Weighing | null
}): number {
  if (line.weighing === null) return line.unitPrice * line.quantity
  return weighedPrice(line.weighing.pricePerKg, lineGrams(line.weighing, line.quantity))
}

/**
 * '250 g', '1 kg', '1.25 kg' in the shop's number conventions ('1,25 kg' in Dutch): Intl's unit
 * style, up to three decimals and no grouping, so the UK's stays byte for byte what it was.
 */
export function formatGrams(grams: number, shop: ShopLocale = GB_LOCALE): string {
  const inKg = grams >= 1000
  return formatNumber(inKg ? grams / 1000 : grams, shop, {
    style: 'unit',
    unit: inKg ? 'kilogram' : 'gram',
    maximumFractionDigits: 3,
    useGrouping: false,
  })
}

/** '£12.00/kg'. */
export function formatPerKg(
  pricePerKg: number,
  shop: ShopLocale = GB_LOCALE,
  say: Say = fillMessage
): string {
  return say(MESSAGES.weighedPerKg, formatMoney(pricePerKg, shop))
}

/**
 * What a card or the item page says under the price: 'approx. 180 g each, est. £0.54' for a
 * piece, 'est. £3.00 per 250 g' for a weight; always followed by the price per kg.
 */
export function weighingLabel(
  weighing: Weighing,
  shop: ShopLocale = GB_LOCALE,
  say: Say = fillMessage
): string {
  const unit = weighedPrice(weighing.pricePerKg, weighing.unitGrams)
  const estimate =
    weighing.soldBy === 'by_piece_estimated'
      ? say(
          MESSAGES.weighedEstimateEach,
          formatGrams(weighing.unitGrams, shop),
          formatMoney(unit, shop)
        )
      : say(
          MESSAGES.weighedEstimatePer,
          formatMoney(unit, shop),
          formatGrams(weighing.unitGrams, shop)
        )
  return `${estimate} · ${formatPerKg(weighing.pricePerKg, shop, say)}`
}

/** How much of a weighed line the shopper asked for: '750 g', '3 × approx. 180 g' ('3 × ca. 180 g'). */
export function weighedQuantityLabel(
  weighing: Weighing,
  quantity: number,
  say: Say = fillMessage,
  shop: ShopLocale = GB_LOCALE
): string {
  if (weighing.soldBy === 'by_weight') return formatGrams(lineGrams(weighing, quantity), shop)
  return say(MESSAGES.pageWeighedPieces, quantity, formatGrams(weighing.unitGrams, shop))
}

/** The weights a by-weight item's chooser offers, as quantities of 250 g steps. */
export function weightChoices(
  weighing: Weighing,
  maxQuantity: number | null,
  shop: ShopLocale = GB_LOCALE
): Array<{ quantity: number; label: string; estimate: number }> {
  const steps = Math.min(MAX_WEIGHT_STEPS, maxQuantity ?? MAX_WEIGHT_STEPS)
  return Array.from({ length: steps }, (_, index) => {
    const quantity = index + 1
    return {
      quantity,
      label: formatGrams(lineGrams(weighing, quantity), shop),
      estimate: weighedPrice(weighing.pricePerKg, lineGrams(weighing, quantity)),
    }
  })
}

/**
 * What the payment holds for a weighed line: its estimate plus `marginPercent` of it, rounded
 * down (the hold never exceeds the stated margin). A margin of 0 is an order charged at its
 * estimate.
 */
export function authorisedAmount(estimate: number, marginPercent: number): number {
  wholeNonNegative(estimate, 'An estimate')
  wholeNonNegative(marginPercent, 'A margin')
  const margin = estimate * marginPercent
  return estimate + (margin - (margin % 100)) / 100
}

/**
 * What a card payment holds for an order (ADR 039): its total plus the margin over each weighed
 * line's estimate, as authorisedAmount rounds it; null when no line is weighed (settled at once).
 */
export function paymentHold(
  total: number,
  lines: ReadonlyArray<{ lineTotal: number; weighing: Weighing | null }>,
  marginPercent: number
): number | null {
  const weighed = lines.filter((line) => line.weighing !== null)
  if (weighed.length === 0) return null
  return weighed.reduce(
    (hold, line) => hold + authorisedAmount(line.lineTotal, marginPercent) - line.lineTotal,
    total
  )
}

/** A weighed line after the picker weighed it: what it weighs in, and what the shopper pays. */
export interface WeighedPick {
  /** weighedPrice of the grams picked. */
  weighed: number
  /** What the payment holds for the line. */
  authorised: number
  /** What the shopper pays: the weighed price, never more than authorised. */
  charged: number
  /** The weighed price was over the authorised amount and was capped at it. */
  capped: boolean
}

export function weighedPick(
  weighing: Weighing,
  estimate: number,
  grams: number,
  marginPercent: number
): WeighedPick {
  const weighed = weighedPrice(weighing.pricePerKg, grams)
  const authorised = authorisedAmount(estimate, marginPercent)
  return {
    weighed,
    authorised,
    charged: Math.min(weighed, authorised),
    capped: weighed > authorised,
  }
}

/** A line as picked or ordered, with its weighing (StoreOrderLine's shape). */
interface WeighedLineView {
  quantity: number
  name: string
  totalPrice: number
  chargedPrice: number
  weighed: {
    label: string
    pickedGrams: number | null
    weighedPrice: number | null
    capped: boolean
  } | null
}

/** The picking list's and the order page's title: '750 g Sirloin steak', '3 × Apples'. */
export function orderLineTitle(line: WeighedLineView): string {
  return line.weighed ? `${line.weighed.label} ${line.name}` : `${line.quantity} × ${line.name}`
}

/** What the picker is told after weighing: the weight and its price, or that it was capped. */
export function weighedPickNote(
  line: WeighedLineView,
  shop: ShopLocale = GB_LOCALE
): string | null {
  const weighed = line.weighed
  if (!weighed || weighed.pickedGrams === null || weighed.weighedPrice === null) return null
  const grams = formatGrams(weighed.pickedGrams, shop)
  if (!weighed.capped) {
    return formatMessage('weighedPicked', grams, formatMoney(line.chargedPrice, shop))
  }
  const charged = formatMoney(line.chargedPrice, shop)
  return formatMessage(
    'weighedCapped',
    line.name,
    grams,
    formatMoney(weighed.weighedPrice, shop),
    charged,
    charged
  )
}

/** The member's line once weighed: 'Weighed 700 g: £17.89 (est. £19.17)'. */
export function weighedFinalNote(
  line: WeighedLineView,
  shop: ShopLocale = GB_LOCALE
): string | null {
  const grams = line.weighed?.pickedGrams ?? null
  if (grams === null) return null
  return formatMessage(
    'weighedFinal',
    formatGrams(grams, shop),
    formatMoney(line.chargedPrice, shop),
    formatMoney(line.totalPrice, shop)
  )
}
