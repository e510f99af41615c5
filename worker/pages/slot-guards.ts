import { routePath } from '../../client/lib/routes.ts'
import type { Basket } from '../../schemas/basket.ts'
import { readBasketToken } from '../lib/basket-cookie.ts'
import type { Guard } from './guards.ts'
import { readLocation } from './location-cookie.ts'
import { requestBasket } from './request-basket.ts'
import { CHANGE_QUERY, EXPIRED_QUERY } from './time-slots.tsx'
import { nowMs } from '../lib/clock.ts'

/** Whether a basket's slot still stands at `nowMs`: held and not lapsed, or confirmed. */
export function slotIsValid(slot: Basket['slot'], nowMs: number): boolean {
  if (!slot) return false
  if (slot.status === 'confirmed') return true
  return slot.status === 'held' && Date.parse(slot.expiresAt) > nowMs
}

/**
 * Spec §2: when the basket's slot is missing or has lapsed but the shopper has a location and the
 * basket a store, the shopper goes to that store's time-slot page in change mode (back here after
 * choosing); a lapsed one adds `?expired=1`, which shows 'Your selected slot has expired. Please
 * select another slot to continue your order.'. Without a basket, location or store it lets the
 * page decide (checkout's own basket guards send an empty basket elsewhere).
 */
export const requiresValidSlot: Guard = async (c) => {
  if (!readBasketToken(c) || !readLocation(c)) return undefined
  const basket = await requestBasket(c)
  if (!basket) return undefined
  const empty = basket.lines.length === 0 && basket.mealDeals.length === 0
  if (empty || !basket.store || slotIsValid(basket.slot, nowMs(c.env))) return undefined
  const lapsed =
    basket.slot !== null && (basket.slot.status === 'expired' || basket.slot.status === 'held')
  return c.redirect(
    routePath(
      'stores-storeSlug-time-slots',
      { storeSlug: basket.store.slug },
      lapsed ? { [CHANGE_QUERY]: '1', [EXPIRED_QUERY]: '1' } : { [CHANGE_QUERY]: '1' }
    ),
    302
  )
}
