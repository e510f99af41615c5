import {
  computeTotals,
  type PricingTerms,
  type TotalsInput,
  type TotalsMealDeal,
  type TotalsResult,
} from '../basket/totals.ts'
import { chargedPrice, pickingAdjustment, type LineOutcome, weighedExtra } from './pricing.ts'

/*
 * Picking re-prices the order the way the basket priced it (ADR 017 "Picking differences"): the
 * marked lines go through computeTotals with the terms the order recorded at checkout, so a short
 * line inside "3 for £5" costs what the deal makes of the units found, not a pro rata share of the
 * full price. Pure, in pence.
 */

/** What the basket's pricing read at checkout besides the lines (orders.pricing_terms_json). */
export type OrderPricingTerms = PricingTerms

/** A top-level line of the order with its mark (null: not marked, counts as ordered). */
export interface RepricedLine {
  kind: 'item' | 'meal_deal'
  /** The item (deals apply by item); null for a meal deal or an item since deleted. */
  itemId: number | null
  quantity: number
  unitPrice: number
  totalPrice: number
  outcome: LineOutcome | null
  /** A weighed line (ADR 039): outside the deals, so it counts as its amount. */
  weighed?: boolean
}

/** The basket the shopper receives, before substitutes are placed (they are chosen below). */
interface Placed {
  lines: Array<TotalsInput['lines'][number]>
  mealDeals: Array<TotalsMealDeal>
}

/** A line as ordered, `quantity` units of it, in the basket's shape. */
function place(into: Placed, line: RepricedLine, quantity: number): void {
  if (quantity <= 0) return
  if (line.weighed === true) {
    placeAmount(into, Math.floor((line.totalPrice * quantity) / line.quantity))
    return
  }
  if (line.kind === 'item' && line.itemId !== null) {
    into.lines.push({ itemId: line.itemId, quantity, unitPrice: line.unitPrice, available: true })
  } else {
    into.mealDeals.push({ quantity, unitPrice: line.unitPrice, available: true })
  }
}

/** An amount that no deal touches (a cheaper substitute): it counts as goods, fees and coupon. */
function placeAmount(into: Placed, amount: number): void {
  if (amount > 0) into.mealDeals.push({ quantity: 1, unitPrice: amount, available: true })
}

function pricingOf(terms: OrderPricingTerms, placed: Placed): TotalsResult {
  return computeTotals({ ...terms, lines: placed.lines, mealDeals: placed.mealDeals })
}

function goodsTotal(terms: OrderPricingTerms, placed: Placed): number {
  return pricingOf(terms, placed).totals.total
}

const copy = (placed: Placed): Placed => ({
  lines: [...placed.lines],
  mealDeals: [...placed.mealDeals],
})

/**
 * What the order's basket costs with the marks (store credit left out: the order's credit is
 * applied on top by the caller, ADR 020). A substitute stands in for the line as ordered (deal
 * included) or is its own price when that is cheaper for the shopper, whichever leaves the order
 * lower: the shopper never pays more for a substitute than for the line.
 */
export function pickedBasketTotal(
  terms: OrderPricingTerms,
  lines: ReadonlyArray<RepricedLine>
): number {
  return pickedBasketPricing(terms, lines).totals.total
}

/** The marked basket as computeTotals prices it (its deals and coupon by name). */
export function pickedBasketPricing(
  terms: OrderPricingTerms,
  lines: ReadonlyArray<RepricedLine>
): TotalsResult {
  const placed: Placed = { lines: [], mealDeals: [] }
  const substituted: Array<RepricedLine> = []
  for (const line of lines) {
    const outcome = line.outcome
    if (outcome?.mark === 'picked' && outcome.weighedCharge !== undefined) {
      // Lighter than the estimate: less to pay; heavier: its extra is added outside (below).
      placeAmount(placed, Math.min(outcome.weighedCharge, line.totalPrice))
    } else if (outcome === null || outcome.mark === 'picked') place(placed, line, line.quantity)
    else if (outcome.mark === 'short') {
      place(placed, line, Math.max(0, Math.min(outcome.pickedQuantity, line.quantity)))
    } else if (outcome.mark === 'substituted') substituted.push(line)
  }
  let best = placed
  for (const line of substituted) {
    const asOrdered = copy(best)
    place(asOrdered, line, line.quantity)
    const asItself = copy(best)
    placeAmount(asItself, chargedPrice(line, line.outcome ?? { mark: 'picked' }))
    best = goodsTotal(terms, asItself) <= goodsTotal(terms, asOrdered) ? asItself : asOrdered
  }
  return pricingOf(terms, best)
}

/**
 * The picking difference (≤ 0): the marked basket less the basket as ordered, both priced by
 * computeTotals with the checkout's terms. Never positive: losing a deal, a coupon's minimum or
 * free delivery by a missing item never makes the shopper pay more than agreed at checkout. A
 * weighed line heavier than its estimate counts here at its estimate; what it adds is
 * pickedWeighedExtra. Without recorded terms (an order placed before they were kept) each line
 * is priced alone.
 */
export function pickingDifference(
  terms: OrderPricingTerms | null,
  lines: ReadonlyArray<RepricedLine>
): number {
  if (terms === null) {
    return Math.min(0, pickingAdjustment(chargedLines(lines)))
  }
  const ordered = pickedBasketTotal(
    terms,
    lines.map((line) => ({ ...line, outcome: null }))
  )
  return Math.min(0, pickedBasketTotal(terms, lines) - ordered)
}

/**
 * What weighed lines heavier than their estimate add to the order (≥ 0, ADR 039): each within
 * what the payment holds for it, as weighing capped it.
 */
export function pickedWeighedExtra(lines: ReadonlyArray<RepricedLine>): number {
  return weighedExtra(chargedLines(lines))
}

function chargedLines(lines: ReadonlyArray<RepricedLine>) {
  return lines.map((line) => ({
    totalPrice: line.totalPrice,
    chargedPrice: line.outcome === null ? null : chargedPrice(line, line.outcome),
  }))
}

/** The terms an order stored at checkout, or null (placed before, or unreadable). */
export function parsePricingTerms(json: string | null): OrderPricingTerms | null {
  if (json === null) return null
  try {
    const value = JSON.parse(json) as Partial<OrderPricingTerms>
    if (!Array.isArray(value.deals) || typeof value.terms !== 'object' || value.terms === null) {
      return null
    }
    return { deals: value.deals, coupon: value.coupon ?? null, terms: value.terms }
  } catch {
    return null
  }
}
