import type { Basket } from '../../schemas/basket.ts'
import type { SlotReservation } from '../../schemas/slots.ts'
import type { Weighing } from '../../schemas/weighing.ts'

/*
 * What the checkout pages sum up, shared by their components and the Worker handler that builds
 * the header (worker/pages/checkout/checkout-header.ts; ADR 013).
 */

/** One line as the checkout summaries list it. */
export interface SummaryLine {
  key: string
  name: string
  quantity: number
  totalPrice: number
  details: Array<string>
  /** A weighed line (ADR 039): its amount is an estimate until picking. */
  weighing: Weighing | null
}

/** What the checkout header sums up: the basket's lines and total, and the held slot. */
export interface CheckoutHeaderSummary {
  itemCount: number
  /** What is left to pay (the basket's total). */
  total: number
  lines: ReadonlyArray<SummaryLine>
  storeSlug: string
  /** The basket's slot while it is held: the header counts it down. */
  slot: SlotReservation | null
  /** The server's now when the page was rendered (ISO 8601 UTC), for the countdown. */
  serverTime: string
}

/** The basket's available lines and meal deals, as the payment step summarises them. */
export function basketSummaryLines(basket: Basket): Array<SummaryLine> {
  return [
    ...basket.lines
      .filter((line) => line.available)
      .map((line) => ({
        key: `line-${line.basketLineId}`,
        // Many names already end with their size ('Vintage cheddar 400g').
        name:
          line.size && !line.name.endsWith(line.size) ? `${line.name} (${line.size})` : line.name,
        quantity: line.quantity,
        totalPrice: line.lineTotal,
        weighing: line.weighing,
        details: line.choices.map((choice) =>
          choice.quantity > 1 ? `${choice.quantity} × ${choice.valueName}` : choice.valueName
        ),
      })),
    ...basket.mealDeals
      .filter((deal) => deal.available)
      .map((deal) => ({
        key: `deal-${deal.basketMealDealId}`,
        name: deal.name,
        quantity: deal.quantity,
        totalPrice: deal.lineTotal,
        weighing: null,
        details: deal.choices.map((choice) => choice.name),
      })),
  ]
}
