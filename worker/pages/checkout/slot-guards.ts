import { routePath } from '../../../client/lib/routes.ts'
import type { Basket } from '../../../schemas/basket.ts'
import { readBasketToken } from '../../lib/cookies/basket.ts'
import type { Guard } from '../shared/guards.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { requestBasket } from '../shared/request-basket.ts'
import { CHANGE_QUERY, EXPIRED_QUERY } from '../../../client/lib/slots.ts'
import { nowMs } from '../../lib/clock.ts'
import { redirectTo } from '../../lib/redirect.ts'

/** Whether a basket's slot still stands at `nowMs`: held and not lapsed, or confirmed. */
export function slotIsValid(slot: Basket['slot'], nowMs: number): boolean {
  if (!slot) return false
  if (slot.status === 'confirmed') return true
  return slot.status === 'held' && Date.parse(slot.expiresAt) > nowMs
}

/**
 * Spec §2: when the basket's slot is missing or has lapsed and the basket has a store, the shopper
 * goes to that store's time-slot page in change mode (back here after choosing), told why: 'You
 * need to selected a delivery slot', or for a lapsed one 'Your selected slot has expired…'
 * (`?expired=1`). Spec §2 also asks for a location first; the slot page asks for one itself
 * when a delivery needs it, so a shopper who never searched is not sent round in a loop. Without
 * a basket or store it lets the page decide (checkout's basket guard sends those elsewhere).
 */
export const requiresValidSlot: Guard = async (c) => {
  if (!readBasketToken(c)) return undefined
  const basket = await requestBasket(c)
  if (!basket) return undefined
  const empty = basket.lines.length === 0 && basket.mealDeals.length === 0
  if (empty || !basket.store || slotIsValid(basket.slot, nowMs(c.env))) return undefined
  const lapsed =
    basket.slot !== null && (basket.slot.status === 'expired' || basket.slot.status === 'held')
  setFlash(
    c,
    lapsed
      ? 'slotExpired'
      : basket.fulfilmentMethod === 'collection'
        ? 'slotRequiredCollection'
        : 'slotRequiredDelivery'
  )
  return redirectTo(
    c,
    routePath(
      'stores-storeSlug-time-slots',
      { storeSlug: basket.store.slug },
      lapsed ? { [CHANGE_QUERY]: '1', [EXPIRED_QUERY]: '1' } : { [CHANGE_QUERY]: '1' }
    ),
    302
  )
}
