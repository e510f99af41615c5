import type { Context } from 'hono'
import { CheckoutCardFormPage } from '../../../client/pages/CheckoutCardFormPage.tsx'
import { PAYMENT_CHANGED_PATH } from '../../../client/lib/payment-step.ts'
import { routePath } from '../../../client/lib/routes.ts'
import {
  OrderSummarySchema,
  type CheckoutState,
  type PaymentGateway,
  type PaymentMethod,
} from '../../../schemas/checkout.ts'
import { TOTAL_CHANGED_REASON } from '../../../schemas/constants.ts'
import { MESSAGES, PAYMENT_FAILED_HELP } from '../../../schemas/messages.ts'
import { PaymentResultSchema, type PaymentRedirect } from '../../../schemas/payments.ts'
import type { AppEnv } from '../../env.ts'
import { writeCheckoutOrder } from '../../lib/cookies/checkout.ts'
import { deviceIdFor } from '../../lib/cookies/device.ts'
import { AppError } from '../../lib/errors.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { checkoutHeaderSummary } from './checkout-header.ts'
import type { CheckoutCaller } from './checkout-state.ts'
import { orderDraft, paymentReturnUrls } from './order-request.ts'
import { redirectTo } from '../../lib/redirect.ts'

/** What one attempt pays with. */
export interface PaymentChoice {
  paymentMethod: PaymentMethod
  paymentGateway: PaymentGateway
  cardId?: number
  saveCard?: boolean
  cashConfirmed?: boolean
}

/** The hand-over page to the gateway's form, or why there is none. */
export function renderCardForm(
  c: Context<AppEnv>,
  state: CheckoutState,
  view: { redirect: PaymentRedirect | null; error: string | null },
  status: 200 | 404 | 422 | 502 = 200
): Promise<Response> {
  return renderPage(
    c,
    (chrome) => (
      <CheckoutCardFormPage
        chrome={chrome}
        summary={checkoutHeaderSummary(c, state.basket)}
        sandbox={state.sandbox}
        {...view}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageCardDetails),
        description: requestSay(c)(MESSAGES.metaCheckoutCardDetails),
        noindex: true,
      },
      cache: 'private',
      status,
    }
  )
}

/**
 * Process order then make payment for one attempt (spec §7): the keys `<attempt>-order` and
 * `<attempt>-payment` make a reload or a double submit answer the same order and payment.
 */
async function placeAndPay(
  c: Context<AppEnv>,
  caller: CheckoutCaller,
  state: CheckoutState,
  attempt: string,
  choice: PaymentChoice,
  shownTotal: number | null
) {
  const current = orderDraft(state)
  if (!current) throw new AppError('validation_error', MESSAGES.checkoutDetailsFailed)
  // Charge only the total the payment page showed: process order refuses any other.
  const draft = { ...current, expectedTotal: shownTotal ?? current.expectedTotal }
  const { scope } = caller
  const order = await c.var.backend.post('/checkout/process-order', {
    body: {
      ...scope,
      ...draft,
      idempotencyKey: `${attempt}-order`,
      channel: 'web',
      platform: 'web',
      paymentGateway: choice.paymentGateway,
      paymentMethod: choice.paymentMethod,
      messagingDeviceId: deviceIdFor(c),
    },
    token: caller.token,
    schema: OrderSummarySchema,
  })
  const payment = await c.var.backend.post('/payments/make', {
    body: {
      ...scope,
      idempotencyKey: `${attempt}-payment`,
      draftOrderId: order.draftOrderId,
      paymentMethod: choice.paymentMethod,
      paymentGateway: choice.paymentGateway,
      ...paymentReturnUrls(c, order.draftOrderId),
      type: 'redirect',
      saveCard: choice.saveCard ?? false,
      ...(choice.cardId !== undefined ? { cardId: choice.cardId } : {}),
      ...(choice.cashConfirmed ? { cashConfirmed: true } : {}),
    },
    token: caller.token,
    schema: PaymentResultSchema,
  })
  return { order, payment }
}

/**
 * Places the order and pays: a paid (or confirmed cash) order goes to the success page; a gateway
 * form (hosted card page, 3-D Secure) is handed over with sf_checkout_order and sf_3ds_pending set
 * while the shopper is away (spec §4 Sessions); a refusal comes back through `refused`. A basket
 * whose total is no longer `shownTotal` (the total the payment page showed) is not charged: the
 * shopper goes back to the payment page, which says so and shows the new total.
 */
export async function startPayment(
  c: Context<AppEnv>,
  caller: CheckoutCaller,
  state: CheckoutState,
  attempt: string,
  choice: PaymentChoice,
  shownTotal: number | null,
  refused: (message: string, status: 422 | 502) => Promise<Response>
): Promise<Response> {
  let started: Awaited<ReturnType<typeof placeAndPay>>
  try {
    started = await placeAndPay(c, caller, state, attempt, choice, shownTotal)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    if (error.details?.reason === TOTAL_CHANGED_REASON)
      return redirectTo(c, PAYMENT_CHANGED_PATH, 303)
    // A conflict (store closed, basket changed, slot expired) says what happened itself.
    const message = error.code === 'conflict' ? error.message : MESSAGES.cardFormLoadFailed
    return refused(message, error.status === 502 ? 502 : 422)
  }
  const { order, payment } = started
  const redirect = payment.status === 'redirect' ? payment.redirect : null
  writeCheckoutOrder(c, order.draftOrderId, redirect !== null)
  if (redirect) {
    return renderCardForm(c, state, { redirect, error: null })
  }
  if (payment.status === 'succeeded') {
    const success = routePath('checkout-success', undefined, {
      orderId: String(order.draftOrderId),
    })
    return redirectTo(c, success, 303)
  }
  const fallback =
    payment.status === 'cancelled'
      ? MESSAGES.paymentCancelled
      : payment.status === 'pending'
        ? MESSAGES.paymentPending
        : PAYMENT_FAILED_HELP
  return refused(payment.message ?? fallback, 422)
}
