import {
  OrderSummarySchema,
  PaymentResultSchema,
  type OrderSummary,
  type PaymentGateway,
  type PaymentMethod,
  type PaymentRedirect,
  type PaymentResult,
} from '../../schemas/checkout-answers.ts'
import { TOTAL_CHANGED_REASON } from '../../schemas/constants.ts'
import { MESSAGES, PAYMENT_FAILED_HELP } from '../../schemas/messages.ts'
import { safePath } from '../../schemas/safe-path.ts'
import { ApiRequestError, postJsonAs } from './api.ts'
import { PAYMENT_API } from './api-paths.ts'
import { PAYMENT_CHANGED_PATH, type OrderDraft } from './payment-step.ts'

/*
 * Paying, the one way for every payment source of the payment step and the card frames: process
 * order then make payment (spec §7), each with the idempotency key of the attempt, then follow
 * the answer. Both answers are checked against their schemas before anything reads them.
 */

/** One attempt's idempotency keys: a retry or double click of the same choice reuses them. */
export interface PaymentKeys {
  orderKey: string
  paymentKey: string
}

export function newPaymentKeys(): PaymentKeys {
  return { orderKey: crypto.randomUUID(), paymentKey: crypto.randomUUID() }
}

/**
 * Process order then make payment for one attempt: `payment` adds the source's own fields (a
 * saved card, a frames token, a wallet's token data, the cash confirmation).
 */
export async function placeAndPay(input: {
  order: OrderDraft
  origin: string
  keys: PaymentKeys
  paymentMethod: PaymentMethod
  paymentGateway: PaymentGateway
  payment?: Record<string, unknown>
}): Promise<{ draft: OrderSummary; result: PaymentResult }> {
  const { order, origin, keys, paymentMethod, paymentGateway } = input
  const draft = await postJsonAs(
    PAYMENT_API.processOrder,
    {
      ...order,
      idempotencyKey: keys.orderKey,
      channel: 'web',
      platform: 'web',
      paymentMethod,
      paymentGateway,
    },
    OrderSummarySchema
  )
  const paymentPage = `${origin}/checkout/payment`
  const result = await postJsonAs(
    PAYMENT_API.makePayment,
    {
      idempotencyKey: keys.paymentKey,
      draftOrderId: draft.draftOrderId,
      paymentMethod,
      paymentGateway,
      successUrl: `${origin}/checkout/success?orderId=${draft.draftOrderId}`,
      failureUrl: `${paymentPage}?payment=failed`,
      cancelUrl: `${paymentPage}?payment=cancelled`,
      type: 'redirect',
      ...input.payment,
    },
    PaymentResultSchema
  )
  return { draft, result }
}

/** Posts the gateway's form (hosted card page or 3-D Secure challenge) as a top-level navigation. */
function submitRedirect(redirect: PaymentRedirect): void {
  const form = document.createElement('form')
  form.method = redirect.method
  form.action = redirect.url
  for (const [name, value] of Object.entries(redirect.fields)) {
    const input = document.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    form.append(input)
  }
  document.body.append(form)
  form.submit()
}

/**
 * Goes where a payment's answer leads (the success page, the gateway's form or challenge) and
 * answers null, or answers the message to show when the attempt is over without payment. The
 * backend's `nextUrl` is followed only when it is a path of this page's origin (safePath).
 */
export function followPayment(
  result: PaymentResult,
  draftOrderId: number,
  origin: string
): string | null {
  if (result.status === 'succeeded') {
    const next = safePath(result.nextUrl, window.location.href)
    window.location.assign(next ?? `${origin}/checkout/success?orderId=${draftOrderId}`)
    return null
  }
  if (result.status === 'redirect' && result.redirect) {
    if (result.redirect.method === 'GET' && Object.keys(result.redirect.fields).length === 0) {
      window.location.assign(result.redirect.url)
    } else {
      submitRedirect(result.redirect)
    }
    return null
  }
  if (result.status === 'failed') return result.message ?? PAYMENT_FAILED_HELP
  if (result.status === 'cancelled') return result.message ?? MESSAGES.paymentCancelled
  return result.message ?? MESSAGES.paymentPending
}

/** A refused process order or make payment, as the attempt sees it. */
export interface PaymentRefusal {
  error: ApiRequestError
  /** The same request again would get the same refusal: a fix (or a new slot) is a new attempt. */
  newAttempt: boolean
}

/**
 * Reads a failed call: the envelope's error (else `fallback`), and whether the attempt's keys are
 * spent. Null when the basket changed in another tab: the payment page then shows the new total
 * and says so, charging nothing.
 */
export function paymentRefusal(
  caught: unknown,
  fallback: string = MESSAGES.systemError
): PaymentRefusal | null {
  const error = caught instanceof ApiRequestError ? caught : new ApiRequestError(0, fallback)
  if (error.reason === TOTAL_CHANGED_REASON) {
    window.location.assign(PAYMENT_CHANGED_PATH)
    return null
  }
  return { error, newAttempt: error.status >= 400 && error.status < 500 && error.status !== 409 }
}

/**
 * The keys of the next try after a refused call: none (a new attempt) when the refusal ends the
 * attempt; otherwise the same keys, so a retry the backend may already have answered is answered
 * once (ADR 069), except that a try carrying a single-use token (a frames card's token, a
 * wallet's token data) sends a new body each time, and a payment key sent again with another
 * body is refused: it takes a new payment key. The order's key, whose body does not change,
 * stays.
 */
export function keysAfterRefusal<Keys extends PaymentKeys>(
  keys: Keys,
  refusal: PaymentRefusal,
  singleUseToken: boolean
): Keys | null {
  if (refusal.newAttempt) return null
  return singleUseToken ? { ...keys, paymentKey: crypto.randomUUID() } : keys
}
