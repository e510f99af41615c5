import { lineAmount, type Weighing } from '../../../schemas/weighing.ts'
import {
  computeTotals,
  type PricingTerms,
  type TotalsLine,
  type TotalsMealDeal,
  type TotalsResult,
} from '../basket/totals.ts'

/*
 * An amended order's money (ADR 048), pure and in pence: the order's lines with the shopper's new
 * quantities go through the basket's own computeTotals with the terms the order was placed with
 * (deals, coupon, fees, free-delivery threshold, minimums, tip: orders.pricing_terms_json), so an
 * amended order costs exactly what a basket of the same lines cost at checkout. Each line keeps
 * the unit price it was ordered at: changing the milk does not re-price the bread. An item added
 * comes as a new line at today's price (the catalogue's, as the basket would add it).
 */

/** A top-level line of the order as placed. */
export interface AmendLine {
  id: number
  /** The item (deals apply by item); null for a meal deal or an item since deleted. */
  itemId: number | null
  quantity: number
  unitPrice: number
  totalPrice: number
  weighing: Weighing | null
  /** Options chosen on it: its price is its own, so it can be kept or removed, not resized. */
  hasChoices: boolean
}

export interface AmendedLine {
  id: number
  quantity: number
  totalPrice: number
}

/** An item added while amending, priced as the basket prices it today. */
export interface AmendAddedLine {
  itemId: number
  /** Carried to the new order line as the basket's checkout writes one. */
  name: string
  ageRestriction: number | null
  quantity: number
  unitPrice: number
  weighing: Weighing | null
}

export interface AmendedPricing {
  /** The lines kept, with their new quantities and amounts; removed lines are absent. */
  lines: Array<AmendedLine>
  removed: Array<number>
  /** The items added, each a new line with its amount. */
  added: Array<AmendAddedLine & { totalPrice: number }>
  pricing: TotalsResult
  /** What is left to pay after the store credit the order already used. */
  total: number
}

export type AmendRefusal = 'unknown_line' | 'empty' | 'resize_choices'

/** A line's amount at a quantity, as the basket prices it. */
function amountOf(line: AmendLine, quantity: number): number {
  if (line.hasChoices) return line.totalPrice
  if (line.itemId === null) return line.unitPrice * quantity
  return lineAmount({ quantity, unitPrice: line.unitPrice, weighing: line.weighing })
}

/**
 * The order priced with the changes (lineId → new quantity, 0 removes), or why it cannot be:
 * a line not in the order, no line left, a line with options resized.
 */
export function amendedPricing(
  terms: PricingTerms,
  lines: ReadonlyArray<AmendLine>,
  changes: ReadonlyMap<number, number>,
  creditApplied: number,
  additions: ReadonlyArray<AmendAddedLine> = []
): AmendedPricing | AmendRefusal {
  const known = new Set(lines.map((line) => line.id))
  for (const id of changes.keys()) if (!known.has(id)) return 'unknown_line'
  const kept: Array<AmendedLine> = []
  const removed: Array<number> = []
  const totalsLines: Array<TotalsLine> = []
  const mealDeals: Array<TotalsMealDeal> = []
  for (const line of lines) {
    const quantity = changes.get(line.id) ?? line.quantity
    if (quantity === 0) {
      removed.push(line.id)
      continue
    }
    if (line.hasChoices && quantity !== line.quantity) return 'resize_choices'
    kept.push({ id: line.id, quantity, totalPrice: amountOf(line, quantity) })
    if (line.itemId !== null && !line.hasChoices) {
      totalsLines.push({
        itemId: line.itemId,
        quantity,
        unitPrice: line.unitPrice,
        available: true,
        weighing: line.weighing,
      })
    } else if (line.hasChoices) {
      mealDeals.push({ quantity: 1, unitPrice: line.totalPrice, available: true })
    } else {
      mealDeals.push({ quantity, unitPrice: line.unitPrice, available: true })
    }
  }
  const added = additions.map((line) => ({ ...line, totalPrice: lineAmount(line) }))
  for (const line of additions) {
    totalsLines.push({
      itemId: line.itemId,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      available: true,
      weighing: line.weighing,
    })
  }
  if (kept.length + added.length === 0) return 'empty'
  const pricing = computeTotals({ ...terms, lines: totalsLines, mealDeals })
  return { lines: kept, removed, added, pricing, total: pricing.totals.total - creditApplied }
}
