import type { Context } from 'hono'
import { CheckoutPaymentPage } from '../../../client/pages/CheckoutPaymentPage.tsx'
import {
  billingAddressHref,
  STORE_CREDIT_SOURCE,
  type OrderDraft,
} from '../../../client/lib/payment-step.ts'
import {
  CHECKOUT_PAYMENT_FIELDS as FIELDS,
  CheckoutPaymentFormSchema,
} from '../../../schemas/forms/payment.ts'
import { routePath } from '../../../client/lib/routes.ts'
import type { CheckoutState } from '../../../schemas/checkout.ts'
import { MESSAGES, PAYMENT_FAILED_HELP } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import type { AppEnv } from '../../env.ts'
import { readForm } from '../shared/forms.ts'
import { renderPage, requestBrand, requestLocale, requestSay } from '../shared/render.tsx'
import { checkoutHeaderSummary } from './checkout-header.ts'
import {
  backToActiveStep,
  checkoutCaller,
  loadCheckoutState,
  type CheckoutCaller,
} from './checkout-state.ts'
import { orderDraft, timeSlotsHref } from './order-request.ts'
import { startPayment, type PaymentChoice } from './start-payment.tsx'
import { redirectTo } from '../../lib/redirect.ts'
import type { ShopLocale } from '../../../schemas/locale.ts'
import { type AddedTax, TaxQuoteSchema } from '../../../schemas/added-tax.ts'
import { AppError } from '../../lib/errors.ts'

/** `?payment=` on the payment page: where the gateway sent the shopper back from. */
export const PAYMENT_OUTCOME_QUERY = 'payment'

const OUTCOME_MESSAGES: Partial<
  Record<string, (state: CheckoutState, shop: ShopLocale) => string>
> = {
  failed: () => PAYMENT_FAILED_HELP,
  cancelled: () => MESSAGES.paymentCancelled,
  // The basket changed (another tab) after a payment page was shown: nothing was charged.
  changed: (state, shop) =>
    `${MESSAGES.basketPricesChanged} Your new total is ${formatMoney(state.basket.totals.total, shop)}.`,
}

/**
 * The tax the basket adds at checkout, where the brand's prices exclude it (ADR 055): shown
 * before the shopper pays, and in the amount the pay button and wallets ask for. A quote that
 * fails shows none: the basket's note stays, and process-order refuses with the reason.
 */
async function taxQuoteOf(c: Context<AppEnv>, caller: CheckoutCaller): Promise<AddedTax | null> {
  if (requestBrand(c)?.taxMode !== 'added_at_checkout') return null
  try {
    const quote = await c.var.backend.post('/checkout/tax-quote', {
      body: caller.scope,
      token: caller.token,
      schema: TaxQuoteSchema,
    })
    return quote.addedTax
  } catch (error) {
    if (error instanceof AppError) return null
    throw error
  }
}

async function renderPayment(
  c: Context<AppEnv>,
  ready: { caller: CheckoutCaller; state: CheckoutState; order: OrderDraft },
  alert: string | null,
  status: 200 | 422 | 502 = 200
): Promise<Response> {
  const { state, order } = ready
  const addedTax = await taxQuoteOf(c, ready.caller)
  return renderPage(
    c,
    (chrome) => (
      <CheckoutPaymentPage
        chrome={chrome}
        summary={checkoutHeaderSummary(c, state.basket)}
        state={state}
        order={order}
        addedTax={addedTax}
        origin={new URL(c.req.url).origin}
        attempt={crypto.randomUUID()}
        timeSlotsHref={timeSlotsHref(state)}
        alert={alert}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pagePayment),
        description: requestSay(c)(MESSAGES.metaCheckoutPayment),
        noindex: true,
      },
      cache: 'private',
      status,
    }
  )
}

/** The state and order of a shopper ready to pay, or where to send one who is not. */
async function readyToPay(
  c: Context<AppEnv>
): Promise<
  { caller: CheckoutCaller; state: CheckoutState; order: OrderDraft } | { redirect: Response }
> {
  const caller = await checkoutCaller(c)
  const state = await loadCheckoutState(c, caller)
  if (state.activeStep !== 'payment') return { redirect: backToActiveStep(c, state.activeStep) }
  // Details done but not enough for an order (a member without a mobile number): the details form.
  const order = orderDraft(state)
  if (!order) return { redirect: backToActiveStep(c, 'details') }
  return { caller, state, order }
}

/**
 * GET /checkout/payment: details must be done first (else that step); `?payment=failed` or
 * `?payment=cancelled` says what happened at the gateway and lets the shopper try again.
 */
export async function checkoutPaymentPage(c: Context<AppEnv>): Promise<Response> {
  const ready = await readyToPay(c)
  if ('redirect' in ready) return ready.redirect
  const { state } = ready
  const outcome =
    OUTCOME_MESSAGES[c.req.query(PAYMENT_OUTCOME_QUERY) ?? '']?.(state, requestLocale(c)) ?? null
  const alert = state.blocked === 'store_closed' ? MESSAGES.storeClosedCheckout : outcome
  return renderPayment(c, ready, alert)
}

/**
 * The order store credit pays in full (ADR 020): no gateway is called, but the order still names
 * a method the store accepts; a card one where it can, so nobody at the door expects cash.
 */
function paidByCreditChoice(state: CheckoutState): PaymentChoice | null {
  if (state.paymentOptions.paymentCard) {
    return { paymentMethod: 'paymentCard', paymentGateway: state.cardGateway }
  }
  if (state.paymentOptions.paymentCash) {
    return { paymentMethod: 'paymentCash', paymentGateway: 'cash', cashConfirmed: true }
  }
  return null
}

/**
 * POST /checkout/payment: the payment form without JavaScript (the island posts to /api
 * instead). A new card goes to the billing address; a saved card or cash places the order and
 * pays with the attempt's keys from the form, so a double submit answers the same payment.
 */
export async function checkoutPaymentForm(c: Context<AppEnv>): Promise<Response> {
  const ready = await readyToPay(c)
  if ('redirect' in ready) return ready.redirect
  const { caller, state, order } = ready
  const posted = CheckoutPaymentFormSchema.parse(await readForm(c))
  const source = posted[FIELDS.paymentSource]
  const refuse = (message: string, status: 422 | 502 = 422) =>
    renderPayment(c, ready, message, status)
  const shownTotal = posted[FIELDS.shownTotal]
  if (source === 'new-card' && state.paymentOptions.paymentCard) {
    return redirectTo(c, billingAddressHref(shownTotal ?? order.expectedTotal), 303)
  }
  let choice: PaymentChoice | null = null
  if (source === 'cash' && state.paymentOptions.paymentCash) {
    if (posted[FIELDS.cashConfirmed] !== 'yes') return refuse(MESSAGES.cashConfirmRequired)
    choice = { paymentMethod: 'paymentCash', paymentGateway: 'cash', cashConfirmed: true }
  }
  if (source === STORE_CREDIT_SOURCE && state.basket.totals.total === 0) {
    choice = paidByCreditChoice(state)
  }
  const card = state.savedCards.find((saved) => source === `card-${saved.cardId}`)
  // A saved frames card needs its CVV typed into the gateway's CVV frame on the card step.
  if (card && state.paymentOptions.paymentCard && card.gateway === 'frames') {
    return redirectTo(
      c,
      routePath('checkout-payment-card-form', undefined, { cardId: String(card.cardId) }),
      303
    )
  }
  if (card && state.paymentOptions.paymentCard) {
    choice = { paymentMethod: 'paymentCard', paymentGateway: card.gateway, cardId: card.cardId }
  }
  if (!choice) return refuse(MESSAGES.paymentSourceRequired)
  const anchor = posted[FIELDS.attempt] ?? crypto.randomUUID()
  return startPayment(c, caller, state, anchor, choice, shownTotal, refuse)
}
