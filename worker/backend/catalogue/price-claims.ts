/*
 * The rule for a reference-price ("was £X", "Price drop") claim, in one pure place. The item
 * mapping (items.ts) applies it to every item any page or API answer shows, so no page can show a
 * claim the data does not support.
 *
 * Source: the CMA's guidance on unfair commercial practices under the Digital Markets,
 * Competition and Consumers Act 2024 (CMA207, 2025), section on price comparisons, and the
 * CTSI/BEIS Guidance for Traders on Pricing Practices (2016, updated 2018), which it follows. As
 * we read them, a "was" price must be a price the trader genuinely charged:
 *   1. it is the most recent price charged before the current one (here: it ended when the
 *      current price began, was_price_until);
 *   2. it was charged for a meaningful period, not set up to make a later price look cheaper.
 *      The guidance gives no fixed number; the long-standing benchmark traders and Trading
 *      Standards use is 28 consecutive days, which we require;
 *   3. the claim must not run for longer than the earlier price was charged: once the lower price
 *      has been the usual price for longer, the earlier one is no longer a fair comparison;
 *   4. the earlier price is higher than the price charged now, and both lie in the past.
 * A claim that fails any condition is not shown at all (no strike-through, no "Price drop").
 */

export const MIN_REFERENCE_PRICE_DAYS = 28

const DAY_MS = 24 * 60 * 60 * 1000

/** What the data holds about an item's price history. */
export interface PriceHistory {
  /** The price charged now, pence. */
  price: number
  /** The earlier price, pence; null when none is recorded. */
  wasPrice: number | null
  /** When the earlier price started being charged (ISO 8601); null when not recorded. */
  wasPriceFrom: string | null
  /** When the earlier price stopped and the current one began (ISO 8601); null when not recorded. */
  wasPriceUntil: string | null
}

function instant(iso: string | null): number | null {
  if (iso === null) return null
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? null : ms
}

/** The earlier price a page may show as "was", or null when the claim would not be genuine. */
export function genuineWasPrice(history: PriceHistory, now: Date): number | null {
  const { price, wasPrice } = history
  if (wasPrice === null || wasPrice <= price) return null
  const from = instant(history.wasPriceFrom)
  const until = instant(history.wasPriceUntil)
  if (from === null || until === null) return null
  const at = now.getTime()
  if (from >= until || until > at) return null
  const referenceDays = (until - from) / DAY_MS
  if (referenceDays < MIN_REFERENCE_PRICE_DAYS) return null
  if (at - until > until - from) return null
  return wasPrice
}

/**
 * Badges that make a price claim, in English or Dutch (a Dutch brand's 'Prijsverlaging'). A badge
 * with one of these words needs a genuine was-price; without one the mapping drops the badge.
 */
const PRICE_CLAIM_BADGE =
  /\b(price drop|reduced|was|save|saving|half price|lower price|price cut|prijsverlaging|afgeprijsd|korting)\b/i

export function isPriceClaimBadge(text: string): boolean {
  return PRICE_CLAIM_BADGE.test(text)
}
