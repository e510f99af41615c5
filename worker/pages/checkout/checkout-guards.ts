import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import type { Basket } from '../../../schemas/basket.ts'
import type { AppEnv } from '../../env.ts'
import { readBasketSummary, readBasketToken } from '../../lib/cookies/basket.ts'
import { type FlashKey, setFlash } from '../../lib/cookies/flash.ts'
import type { Guard } from '../shared/guards.ts'
import { requestBasket } from '../shared/request-basket.ts'
import { requiresValidSlot } from './slot-guards.ts'
import { redirectTo } from '../../lib/redirect.ts'

/*
 * Spec §2: checkout pages redirect when the basket is invalid; "two paths are exempt". Ours are
 * /checkout/success (the order is placed and the basket closed, so there is no basket to check)
 * and POST /checkout/payment/hpp-response (the gateway posts it cross-site, without cookies, so
 * there is no basket to read). Every other checkout step runs {@link requiresCheckoutBasket}.
 */

/** The store slug the header's basket summary cookie remembers, if any. */
export function summaryStoreSlug(c: Context<AppEnv>): string | null {
  return readBasketSummary(c)?.storeSlug ?? null
}

/** The empty-basket route (spec §2): the basket's store page when known, else home. */
export function emptyBasketRoute(storeSlug: string | null): string {
  return storeSlug ? routePath('stores-storeSlug', { storeSlug }) : routePath('index')
}

/** Why a basket cannot be checked out, or null when it can. */
export function basketProblem(
  basket: Basket
): 'empty' | 'store_closed' | 'unavailable' | 'under_minimum' | null {
  if (basket.lines.length === 0 && basket.mealDeals.length === 0) return 'empty'
  if (!basket.store) return 'empty'
  if (basket.store.availability === 'closed') return 'store_closed'
  const unavailable =
    basket.lines.some((line) => !line.available) || basket.mealDeals.some((deal) => !deal.available)
  if (unavailable || basket.totals.itemCount === 0) return 'unavailable'
  if (basket.totals.minimumSpendShortfall > 0) return 'under_minimum'
  return null
}

// What the basket page is told when checkout sends the shopper back to it.
const PROBLEM_FLASH = {
  // Spec §4 Store closes: the basket page also shows 'Unable to view basket as the store is closed'.
  store_closed: 'storeClosedCheckout',
  unavailable: 'checkoutItemsUnavailable',
  // The basket shows what is short, on its progress bar and its checkout button.
  under_minimum: 'minimumSpendCheckout',
} as const satisfies Record<string, FlashKey>

/** The empty-basket route, with the reason shown there. */
function toEmptyBasketRoute(c: Context<AppEnv>, storeSlug: string | null): Response {
  setFlash(c, 'checkoutBasketEmpty')
  return redirectTo(c, emptyBasketRoute(storeSlug), 302)
}

/**
 * Spec §2 checkout guard: no basket or an empty one goes to the empty-basket route; a basket that
 * cannot be paid for now (store closed, unavailable lines, minimum spend not reached) goes to the
 * basket. Each tells the shopper why.
 */
export const requiresCheckoutBasket: Guard = async (c) => {
  const basketToken = readBasketToken(c)
  if (!basketToken) return toEmptyBasketRoute(c, summaryStoreSlug(c))
  const basket = await requestBasket(c)
  if (!basket) return toEmptyBasketRoute(c, summaryStoreSlug(c))
  const problem = basketProblem(basket)
  if (problem === 'empty') return toEmptyBasketRoute(c, basket.store?.slug ?? null)
  if (!problem) return undefined
  setFlash(c, PROBLEM_FLASH[problem])
  return redirectTo(c, routePath('basket'), 302)
}

/**
 * The guards of every checkout step but the two exempt paths: the slot first (a missing or lapsed
 * one goes to the time-slot page; it lets an empty basket through), then the basket (an empty one
 * goes to the empty-basket route, an invalid one to the basket).
 */
export const CHECKOUT_GUARDS: ReadonlyArray<Guard> = [requiresValidSlot, requiresCheckoutBasket]
