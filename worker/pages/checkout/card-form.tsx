import type { Context } from 'hono'
import type { FormErrors, FormValues } from '../../../client/lib/form-values.ts'
import { SAVED_ADDRESS_FIELD } from '../../../client/lib/address-fields.ts'
import { CheckoutBillingAddressPage } from '../../../client/pages/CheckoutBillingAddressPage.tsx'
import { CheckoutCardFormPage } from '../../../client/pages/CheckoutCardFormPage.tsx'
import {
  PAYMENT_CHANGED_PATH,
  SAVED_CARD_QUERY,
  SHOWN_TOTAL_FIELD,
} from '../../../client/lib/payment-step.ts'
import {
  CHECKOUT_BILLING_FIELDS,
  CheckoutBillingFormSchema,
} from '../../../schemas/forms/billing-address.ts'
import { AttemptSchema, ShownTotalSchema } from '../../../schemas/forms/payment.ts'
import { routePath } from '../../../client/lib/routes.ts'
import {
  CheckoutStateSchema,
  SetBillingAddressRequestSchema,
  type CheckoutState,
  type SavedCard,
} from '../../../schemas/checkout.ts'
import { IdSchema } from '../../../schemas/common.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { SANDBOX_FRAME_PAGES_PATH, framesLocalSandbox } from '../../lib/payments-config.ts'
import { echoValues, readForm, safeParseForm } from '../shared/forms.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { checkoutHeaderSummary } from './checkout-header.ts'
import {
  addressFromForm,
  addressValues,
  checkoutCallErrors,
  checkoutFieldErrors,
} from './checkout-forms.ts'
import { backToActiveStep, checkoutCaller, loadCheckoutState } from './checkout-state.ts'
import { orderDraft } from './order-request.ts'
import { renderCardForm, startPayment } from './start-payment.tsx'
import { redirectTo } from '../../lib/redirect.ts'
import type { MemberAddress } from '../../../schemas/member-addresses.ts'
import {
  checkoutAddressOf,
  chosenSavedAddress,
  loadSavedAddresses,
  preselectedChoice,
} from './saved-addresses.ts'
import { ATTEMPT_FIELD } from '../../../client/lib/checkout-forms.ts'

/** `?saveCard=1` on the card form: the member asked to keep the card. */
const SAVE_CARD_QUERY = 'saveCard'

/** What a refused form shows again: every choice and line typed, not the attempt's fields. */
const ECHOED_FIELDS = Object.values(CHECKOUT_BILLING_FIELDS).filter(
  (field) => field !== ATTEMPT_FIELD && field !== SHOWN_TOTAL_FIELD
)

function renderBilling(
  c: Context<AppEnv>,
  state: CheckoutState,
  view: {
    attempt: string
    shownTotal: number | null
    errors: FormErrors
    values: FormValues
    /** The member's saved billing addresses (none for a guest). */
    savedAddresses: ReadonlyArray<MemberAddress>
  },
  status: 200 | 422 = 200
): Promise<Response> {
  return renderPage(
    c,
    (chrome) => (
      <CheckoutBillingAddressPage
        chrome={chrome}
        summary={checkoutHeaderSummary(c, state.basket)}
        delivery={state.basket.fulfilmentMethod === 'delivery'}
        canSaveCard={state.caller === 'member'}
        sandbox={state.sandbox}
        {...view}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageBillingAddress),
        description: requestSay(c)(MESSAGES.metaCheckoutBillingAddress),
        noindex: true,
      },
      cache: 'private',
      status,
    }
  )
}

/** The card step without an attempt: the billing address step starts one. */
function toBillingAddress(c: Context<AppEnv>): Response {
  setFlash(c, 'checkoutBillingFirst')
  return redirectTo(c, routePath('checkout-payment-billing-address'), 302)
}

/** GET /checkout/payment/billing-address: a new card's billing address, for one card attempt. */
export async function checkoutBillingPage(c: Context<AppEnv>): Promise<Response> {
  const caller = await checkoutCaller(c)
  const state = await loadCheckoutState(c, caller)
  if (state.activeStep !== 'payment') return backToActiveStep(c, state.activeStep)
  // A delivery order bills to the delivery address unless the shopper gave another one.
  const same =
    state.basket.fulfilmentMethod === 'delivery' &&
    (state.billingSameAsDelivery || state.billingAddress === null)
  const address = state.billingSameAsDelivery ? null : state.billingAddress
  const savedAddresses = await loadSavedAddresses(c, caller, state, 'billing')
  const values: FormValues = {
    sameAsDelivery: same ? 'yes' : 'no',
    ...(address ? addressValues(address) : {}),
    [SAVED_ADDRESS_FIELD]: preselectedChoice(savedAddresses, address),
  }
  const shownTotal = ShownTotalSchema.parse(c.req.query(SHOWN_TOTAL_FIELD))
  return renderBilling(c, state, {
    attempt: crypto.randomUUID(),
    shownTotal,
    errors: {},
    values,
    savedAddresses,
  })
}

/**
 * POST /checkout/payment/billing-address: the delivery address or another one, then the card
 * form for this attempt (its anchor travels in the query, so a reload replays, never repays).
 */
export async function checkoutBillingForm(c: Context<AppEnv>): Promise<Response> {
  const caller = await checkoutCaller(c)
  const state = await loadCheckoutState(c, caller)
  const form = await readForm(c)
  const posted = CheckoutBillingFormSchema.parse(form)
  const anchor = posted[ATTEMPT_FIELD] ?? crypto.randomUUID()
  const shownTotal = posted[SHOWN_TOTAL_FIELD]
  const values = echoValues(form, ECHOED_FIELDS)
  const { scope } = caller
  const same = state.basket.fulfilmentMethod === 'delivery' && posted.sameAsDelivery !== 'no'
  const savedAddresses = await loadSavedAddresses(c, caller, state, 'billing')
  const chosen = chosenSavedAddress(posted[SAVED_ADDRESS_FIELD], savedAddresses)
  const parsed = safeParseForm(
    SetBillingAddressRequestSchema,
    same
      ? { ...scope, sameAsDelivery: true }
      : {
          ...scope,
          sameAsDelivery: false,
          address: chosen
            ? checkoutAddressOf(chosen)
            : addressFromForm(posted, c.var.brand.countryCode),
        }
  )
  if (!parsed.success) {
    const errors = checkoutFieldErrors(parsed.error.issues)
    return renderBilling(
      c,
      state,
      { attempt: anchor, shownTotal, errors, values, savedAddresses },
      422
    )
  }
  try {
    await c.var.backend.post('/checkout/billing-address', {
      body: parsed.data,
      token: caller.token,
      schema: CheckoutStateSchema,
    })
  } catch (error) {
    const errors = checkoutCallErrors(error, MESSAGES.checkoutDetailsFailed)
    return renderBilling(
      c,
      state,
      { attempt: anchor, shownTotal, errors, values, savedAddresses },
      422
    )
  }
  const query: Record<string, string> = { [ATTEMPT_FIELD]: anchor }
  if (shownTotal !== null) query[SHOWN_TOTAL_FIELD] = String(shownTotal)
  if (posted.saveCard === 'yes' && state.caller === 'member') query[SAVE_CARD_QUERY] = '1'
  return redirectTo(c, routePath('checkout-payment-card-form', undefined, query), 303)
}

/**
 * GET /checkout/payment/card-form?attempt=…: places the draft order and asks the gateway for its
 * card page, then hands the browser over. The same attempt answers the same order and payment
 * (idempotency keys), so a reload or a double submit never charges twice.
 * GET /checkout/payment/card-form?cardId=N: a member's saved frames card, whose CVV is typed in
 * the provider's CVV frame (a saved Realex card's CVV is asked on the hosted page instead).
 */
export async function checkoutCardFormPage(c: Context<AppEnv>): Promise<Response> {
  const cardQuery = c.req.query(SAVED_CARD_QUERY)
  const attempt = AttemptSchema.safeParse(c.req.query(ATTEMPT_FIELD))
  if (cardQuery === undefined && !attempt.success) return toBillingAddress(c)
  const caller = await checkoutCaller(c)
  const state = await loadCheckoutState(c, caller)
  if (state.activeStep !== 'payment') return backToActiveStep(c, state.activeStep)
  if (cardQuery !== undefined) {
    // Only the member's own frames cards are listed in the state: any other id is not theirs.
    const cardId = IdSchema.safeParse(cardQuery)
    const card = state.savedCards.find(
      (saved) => cardId.success && saved.cardId === cardId.data && saved.gateway === 'frames'
    )
    if (!card || !state.paymentOptions.paymentCard) {
      return renderCardForm(c, state, { redirect: null, error: MESSAGES.cardNotFound }, 404)
    }
    return renderCardFrames(c, state, { saveCard: false, savedCard: card })
  }
  if (!attempt.success) return toBillingAddress(c)
  const saveCard = state.caller === 'member' && c.req.query(SAVE_CARD_QUERY) === '1'
  const shownTotal = ShownTotalSchema.parse(c.req.query(SHOWN_TOTAL_FIELD))
  if (state.cardGateway === 'frames') {
    // The basket changed since the payment page: say so there, with the new total, first.
    if (shownTotal !== null && shownTotal !== state.basket.totals.total) {
      return redirectTo(c, PAYMENT_CHANGED_PATH, 303)
    }
    return renderCardFrames(c, state, { saveCard })
  }
  return startPayment(
    c,
    caller,
    state,
    attempt.data,
    { paymentMethod: 'paymentCard', paymentGateway: state.cardGateway, saveCard },
    shownTotal,
    (message, status) => renderCardForm(c, state, { redirect: null, error: message }, status)
  )
}

/**
 * The frames branch of the card step: the card is typed in the provider's frames (its script,
 * FRAMES_PUBLIC_KEY set) or the local sandbox's frame on this origin, or only the CVV of a saved
 * card in the sandbox's CVV frame, and the island pays with the frame's token, so nothing is
 * placed until Pay. The provider's web frames have no CVV-only field, so with the provider a
 * saved card is refused here rather than charged without its security code.
 */
function renderCardFrames(
  c: Context<AppEnv>,
  state: CheckoutState,
  choice: { saveCard: boolean; savedCard?: SavedCard }
): Promise<Response> {
  const origin = new URL(c.req.url).origin
  const order = orderDraft(state)
  const savedCard = choice.savedCard
    ? {
        cardId: choice.savedCard.cardId,
        brand: choice.savedCard.brand,
        last4: choice.savedCard.last4,
      }
    : null
  const source = framesSource(c.env, origin, savedCard !== null)
  const frames =
    order && source.frame
      ? {
          ...source.frame,
          order,
          total: state.basket.totals.total,
          origin,
          saveCard: choice.saveCard,
          savedCard,
        }
      : null
  // No draft order to pay for is the form failing to load, as is a missing provider key.
  const refusal = source.frame
    ? { error: MESSAGES.cardFormLoadFailed, status: 502 as const }
    : source
  return renderPage(
    c,
    (chrome) => (
      <CheckoutCardFormPage
        chrome={chrome}
        summary={checkoutHeaderSummary(c, state.basket)}
        sandbox={state.sandbox}
        redirect={null}
        error={frames ? null : refusal.error}
        frames={frames}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageCardDetails),
        description: requestSay(c)(MESSAGES.metaCheckoutCardDetails),
        noindex: true,
      },
      cache: 'private',
      status: frames ? 200 : refusal.status,
    }
  )
}

type FramesSource =
  | { frame: { frameUrl: string; frameOrigin: string } | { provider: { publicKey: string } } }
  | { frame: null; error: string; status: 422 | 502 }

/** Which frames the card step shows: the local sandbox's, the provider's, or why none. */
function framesSource(env: Env, origin: string, savedCard: boolean): FramesSource {
  if (framesLocalSandbox(env)) {
    const frameUrl = `${origin}${SANDBOX_FRAME_PAGES_PATH}${savedCard ? 'cvv' : 'card'}`
    return { frame: { frameUrl, frameOrigin: origin } }
  }
  const publicKey = env.FRAMES_PUBLIC_KEY.trim()
  // Live mode without a provider key: a configuration fault, shown as the form failing to load.
  if (publicKey === '') return { frame: null, error: MESSAGES.cardFormLoadFailed, status: 502 }
  return { frame: { provider: { publicKey } } }
}
