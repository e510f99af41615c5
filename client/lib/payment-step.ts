import { SHOWN_TOTAL_FIELD } from '../../schemas/forms/payment-fields.ts'
import { routePath } from './routes.ts'

/*
 * What the payment step's island, its page and its no-JavaScript handler
 * (worker/pages/checkout/payment.tsx) agree on: the form's field names and the step's addresses.
 */

/**
 * The form's field names (the island posts to /api, but without JavaScript the form posts), kept
 * beside the schema that reads them (schemas/forms/payment.ts).
 */
export {
  ATTEMPT_FIELD as PAYMENT_ATTEMPT_FIELD,
  CASH_CONFIRMED_FIELD,
  PAYMENT_SOURCE_FIELD,
  SHOWN_TOTAL_FIELD,
  USE_CREDIT_FIELD,
} from '../../schemas/forms/payment-fields.ts'
/** The payment source of an order store credit pays in full (ADR 020): nothing to choose. */
export const STORE_CREDIT_SOURCE = 'store-credit'
/** Where the payment step's store credit switch posts without JavaScript (ADR 020). */
export const STORE_CREDIT_FORM_PATH = '/checkout/payment/credit'
/** A new card's billing address step, carrying the total the payment page showed. */
export function billingAddressHref(shownTotal: number): string {
  return routePath('checkout-payment-billing-address', undefined, {
    [SHOWN_TOTAL_FIELD]: String(shownTotal),
  })
}
/** Where a shopper whose basket changed meanwhile is sent: the payment page says so. */
export const PAYMENT_CHANGED_PATH = routePath('checkout-payment', undefined, { payment: 'changed' })
/** The card step's query naming a saved frames card, whose CVV is typed there. */
export const SAVED_CARD_QUERY = 'cardId'

/**
 * What process order needs besides the payment choice, filled by the page from the checkout
 * state (the server prices the order from its own basket whatever this says).
 */
export interface OrderDraft {
  storeId: number
  fulfilmentMethod: 'delivery' | 'collection'
  fulfilmentDetails: {
    timing: 'asap' | 'future'
    timeSlotDate: string
    timeSlotTime: string | null
  }
  names: { firstName: string; lastName: string }
  emailAddress: string
  phoneNumber: string
  instructions: string | null
  /** The total the page shows; process order refuses to charge another (schemas/checkout.ts). */
  expectedTotal: number
}
