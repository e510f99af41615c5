import type { Basket } from '../../../schemas/basket.ts'
import type { CheckoutState, PaymentMethod, PaymentOptions } from '../../../schemas/checkout.ts'
import { TOTAL_CHANGED_REASON } from '../../../schemas/constants.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { SlotReservation } from '../../../schemas/slots.ts'
import type { StoreAvailabilityState } from '../../../schemas/stores.ts'
import { AppError } from '../../lib/errors.ts'
import { type BasketStoreContext, loadStore } from '../basket/read.ts'
import { findBasketReservation } from '../slots/reservations-repo.ts'
import { findStorePaymentOptions } from '../stores/repo.ts'

/*
 * The refusals shared by process-order (making the draft) and the payments domain (paying it):
 * each throws the spec's message with a details.reason the client can act on.
 */

/** What checkout needs of the basket's store to take a payment. */
export interface StorePayment {
  name: string
  availability: StoreAvailabilityState
  paymentOptions: PaymentOptions
  /** The store's record and schedule (where it delivers). */
  store: BasketStoreContext
}

/** The store's availability now and the payment methods it takes (not_found for another business). */
export async function findStorePayment(
  db: D1Database,
  businessId: number,
  storeId: number,
  now: Date
): Promise<StorePayment> {
  const [store, accepts] = await Promise.all([
    loadStore(db, businessId, storeId, now),
    findStorePaymentOptions(db, businessId, storeId),
  ])
  if (!accepts) throw new AppError('not_found', MESSAGES.storeNotFound)
  return {
    name: store.details.name,
    store,
    availability: store.availability,
    paymentOptions: {
      paymentCard: accepts.accepts_card === 1,
      applePay: accepts.accepts_apple_pay === 1,
      googlePay: accepts.accepts_google_pay === 1,
      paymentCash: accepts.accepts_cash === 1,
    },
  }
}

/**
 * conflict MESSAGES.storeClosedCheckout (reason 'store_closed') when the store is closed, or when
 * an ASAP order meets a store not open now (it takes preorders only: after hours, or paused by
 * its manager until a later time).
 */
export function assertStoreOpen(availability: StoreAvailabilityState, asap = false): void {
  if (availability === 'closed' || (asap && availability !== 'open')) {
    throw new AppError('conflict', MESSAGES.storeClosedCheckout, {
      details: { reason: 'store_closed' },
    })
  }
}

const NOT_ACCEPTED = {
  paymentCard: MESSAGES.cardNotAccepted,
  applePay: MESSAGES.applePayNotAccepted,
  googlePay: MESSAGES.googlePayNotAccepted,
  paymentCash: MESSAGES.cashNotAccepted,
} as const satisfies Record<PaymentMethod, string>

/** conflict 'Store does not accept …' (details.reason 'method_not_accepted') unless the store takes it. */
export function assertMethodAccepted(options: PaymentOptions, method: PaymentMethod): void {
  if (!options[method]) {
    throw new AppError('conflict', NOT_ACCEPTED[method], {
      details: { reason: 'method_not_accepted', paymentMethod: method },
    })
  }
}

/** True when the reservation is a live hold (not lapsed, released or confirmed elsewhere). */
export function slotHeld(slot: SlotReservation | null, now: Date): boolean {
  return slot !== null && slot.status === 'held' && slot.expiresAt > now.toISOString()
}

function slotExpired(): AppError {
  return new AppError('conflict', MESSAGES.slotExpired, { details: { reason: 'slot_expired' } })
}

/** conflict MESSAGES.slotExpired (reason 'slot_expired') unless the basket holds a live slot. */
export async function assertSlotHeld(
  db: D1Database,
  basketId: number,
  now: Date
): Promise<SlotReservation> {
  const slot = await findBasketReservation(db, basketId, now)
  if (!slot || !slotHeld(slot, now)) throw slotExpired()
  return slot
}

/** The same check on a basket already read. */
export function assertBasketSlotHeld(basket: Basket, now: Date): void {
  if (!slotHeld(basket.slot, now)) throw slotExpired()
}

/** conflict MESSAGES.basketChanged (reason 'basket_changed') unless `unchanged`. */
export function assertBasketUnchanged(unchanged: boolean, reason = 'basket_changed'): void {
  if (!unchanged) throw new AppError('conflict', MESSAGES.basketChanged, { details: { reason } })
}

/**
 * conflict MESSAGES.basketPricesChanged (reason 'total_changed', details.total the basket's total
 * now) when the page that takes payment showed another total: the basket changed meanwhile (in
 * another tab), so the shopper sees the new total before anything is charged.
 */
export function assertTotalAsShown(basket: Basket, shown: number | undefined): void {
  if (shown === undefined || shown === basket.totals.total) return
  throw new AppError('conflict', MESSAGES.basketPricesChanged, {
    details: { reason: TOTAL_CHANGED_REASON, total: basket.totals.total },
  })
}

/** Why the basket's contents cannot be ordered, if so (CheckoutState.blocked's basket part). */
export function contentsBlock(
  basket: Basket
): 'empty' | 'unavailable_lines' | 'minimum_spend' | null {
  if (basket.lines.length + basket.mealDeals.length === 0) return 'empty'
  const unavailable =
    basket.lines.some((line) => !line.available) || basket.mealDeals.some((meal) => !meal.available)
  if (unavailable) return 'unavailable_lines'
  if (basket.totals.minimumSpendShortfall > 0) return 'minimum_spend'
  return null
}

/** Why payment cannot start now (CheckoutState.blocked), or null. */
export function checkoutBlock(basket: Basket, now: Date): CheckoutState['blocked'] {
  if (basket.store?.availability === 'closed') return 'store_closed'
  return contentsBlock(basket) ?? (slotHeld(basket.slot, now) ? null : 'slot_invalid')
}

/** conflict MESSAGES.checkoutDetailsFailed with details.reason when the contents cannot be ordered. */
export function assertContentsOrderable(basket: Basket): void {
  const reason = contentsBlock(basket)
  if (reason) {
    throw new AppError('conflict', MESSAGES.checkoutDetailsFailed, { details: { reason } })
  }
}
