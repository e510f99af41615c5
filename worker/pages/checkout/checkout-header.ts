import type { Context } from 'hono'
import type { CheckoutHeaderSummary } from '../../../client/lib/checkout-summary.ts'
import { basketSummaryLines } from '../../../client/lib/checkout-summary.ts'
import type { Basket } from '../../../schemas/basket.ts'
import type { AppEnv } from '../../env.ts'
import { now } from '../../lib/clock.ts'

/**
 * What a checkout step's slim header sums up: the basket's lines and total, and its slot with
 * the server's now to count it down from (ADR 011: the app clock). Null without a store.
 */
export function checkoutHeaderSummary(
  c: Context<AppEnv>,
  basket: Basket
): CheckoutHeaderSummary | null {
  if (!basket.store) return null
  return {
    itemCount: basket.totals.itemCount,
    total: basket.totals.total,
    lines: basketSummaryLines(basket),
    storeSlug: basket.store.slug,
    slot: basket.slot,
    serverTime: now(c.env).toISOString(),
  }
}
