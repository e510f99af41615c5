import type { Context } from 'hono'
import type { OrderDraft } from '../../../client/lib/payment-step.ts'
import { routePath } from '../../../client/lib/routes.ts'
import type { CheckoutState } from '../../../schemas/checkout.ts'
import type { AppEnv } from '../../env.ts'

/**
 * Process order's description of the basket (spec §3 Checkout payload) from the checkout state:
 * store, method, the slot the basket holds and the contact details. Null until details are done.
 * The server prices the order from its own basket; this only has to match it.
 */
export function orderDraft(state: CheckoutState): OrderDraft | null {
  const { basket, contact } = state
  if (!basket.store || !basket.slot || !contact || !contact.phoneNumber) return null
  return {
    storeId: basket.store.id,
    fulfilmentMethod: basket.fulfilmentMethod,
    fulfilmentDetails: {
      timing: basket.slot.type,
      timeSlotDate: basket.slot.timeSlotDate,
      timeSlotTime: basket.slot.timeSlotTime,
    },
    names: { firstName: contact.firstName, lastName: contact.lastName },
    emailAddress: contact.email,
    phoneNumber: contact.phoneNumber,
    instructions: state.instructions,
    expectedTotal: basket.totals.total,
  }
}

/** The gateway's return addresses for one draft order (absolute, on this host). */
export function paymentReturnUrls(c: Context<AppEnv>, draftOrderId: number) {
  const origin = new URL(c.req.url).origin
  return {
    successUrl: `${origin}${routePath('checkout-success', undefined, { orderId: String(draftOrderId) })}`,
    failureUrl: `${origin}${routePath('checkout-payment', undefined, { payment: 'failed' })}`,
    cancelUrl: `${origin}${routePath('checkout-payment', undefined, { payment: 'cancelled' })}`,
  }
}

/** The time-slot page of the basket's store in change mode (a lapsed slot is chosen again). */
export function timeSlotsHref(state: CheckoutState): string {
  const slug = state.basket.store?.slug
  return slug
    ? routePath('stores-storeSlug-time-slots', { storeSlug: slug }, { change: '1' })
    : routePath('basket')
}
