import { lazy, Suspense, useRef, useState, useSyncExternalStore, type FormEvent } from 'react'
import type {
  CardGateway,
  OrderSummary,
  PaymentGateway,
  PaymentMethod,
  PaymentOptions,
  SavedCard,
} from '../../schemas/checkout.ts'
import { TOTAL_CHANGED_REASON } from '../../schemas/constants.ts'
import { MESSAGES, PAYMENT_FAILED_HELP } from '../../schemas/messages.ts'
import { formatMoney } from '../../schemas/money.ts'
import type { PaymentRedirect, PaymentResult } from '../../schemas/payments.ts'
import { CardBrandIcon } from '../components/checkout/CardBrandIcon.tsx'
import { CARD_BRAND_NAMES } from '../components/checkout/card-brands.ts'
import { ApiRequestError, postJson } from '../lib/api.ts'
import { routePath } from '../lib/routes.ts'

// Only sandbox wallets open a sheet, and only when chosen: its dialog code loads then.
const SandboxWalletSheet = lazy(() =>
  import('../components/checkout/SandboxWalletSheet.tsx').then((module) => ({
    default: module.SandboxWalletSheet,
  }))
)

/** The form's field names: the island posts to /api, but without JavaScript the form posts. */
export const PAYMENT_SOURCE_FIELD = 'paymentSource'
export const CASH_CONFIRMED_FIELD = 'cashConfirmed'
export const PAYMENT_ATTEMPT_FIELD = 'attempt'
/** The total the payment page showed, posted without JavaScript (process order's expectedTotal). */
export const SHOWN_TOTAL_FIELD = 'shownTotal'
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

/** The /api calls the payment step makes (the proxy adds businessId, basket token and bearer). */
export const PAYMENT_API = {
  processOrder: '/api/checkout/process-order',
  makePayment: '/api/payments/make',
} as const

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

export interface PaymentFormProps {
  order: OrderDraft
  total: number
  paymentOptions: PaymentOptions
  savedCards: Array<SavedCard>
  cardGateway: CardGateway
  /** This site's origin: the gateway's return addresses are absolute. */
  origin: string
  /** The no-JavaScript post's attempt anchor; the island makes its own keys per attempt. */
  attempt: string
  /** Where a new card goes first (the billing address step). */
  billingHref: string
  /** The time-slot page, for a slot that lapsed while paying. */
  timeSlotsHref: string
  /**
   * No wallet merchant configured in sandbox mode: Apple Pay and Google Pay open the sandbox
   * wallet sheet instead of the device's (spec §4 sandbox).
   */
  walletSandbox?: boolean
  /** Google Pay's gateway tokenisation (real Google Pay); without it only the sandbox sheet. */
  googlePay?: { merchantId: string; gateway: string; gatewayMerchantId: string } | null
  islandId?: string
}

type WalletChoice = 'apple-pay' | 'google-pay'
type Choice = `card-${number}` | 'new-card' | 'cash' | WalletChoice

/** Where the sandbox wallet sheet gets its signed test token (worker/sandbox-gateway/wallets.ts). */
export const SANDBOX_WALLET_TOKEN_URL = '/sandbox-gateway/wallets/token'
/** Apple Pay merchant validation through the proxy (the backend talks to Apple). */
export const APPLE_PAY_VALIDATION_API = '/api/payments/apple-pay/validate-merchant'

const WALLETS: Readonly<
  Record<WalletChoice, { method: 'applePay' | 'googlePay'; name: string; failed: string }>
> = {
  'apple-pay': { method: 'applePay', name: 'Apple Pay', failed: MESSAGES.applePayAvailability },
  'google-pay': { method: 'googlePay', name: 'Google Pay', failed: MESSAGES.googlePayFailed },
}

function isWallet(choice: Choice): choice is WalletChoice {
  return choice === 'apple-pay' || choice === 'google-pay'
}

/** The parts of Apple Pay JS the payment step uses (not in TypeScript's DOM library). */
interface ApplePaySessionLike {
  begin(): void
  abort(): void
  completeMerchantValidation(merchantSession: unknown): void
  completePayment(status: number): void
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null
  onpaymentauthorized: ((event: { payment: { token: { paymentData: unknown } } }) => void) | null
  oncancel: (() => void) | null
}
interface ApplePaySessionClass {
  new (version: number, request: unknown): ApplePaySessionLike
  readonly STATUS_SUCCESS: number
  readonly STATUS_FAILURE: number
}

function applePaySessionClass(): ApplePaySessionClass | undefined {
  return (window as unknown as { ApplePaySession?: ApplePaySessionClass }).ApplePaySession
}

// The page's own no-JavaScript handler (worker/pages/checkout/payment.tsx).
const PAYMENT_FORM_ACTION = routePath('checkout-payment')

/** The attempt of one choice: its keys are reused by a retry or double click of that choice. */
interface Attempt extends PaymentKeys {
  choice: Choice
}

// The backend's refusal reasons that send the shopper elsewhere (schemas/checkout.ts blocked).
const SLOT_REASONS = new Set(['slot_invalid', 'slot_expired'])

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

/** One attempt's idempotency keys: a retry or double click of the same choice reuses them. */
export interface PaymentKeys {
  orderKey: string
  paymentKey: string
}

export function newPaymentKeys(): PaymentKeys {
  return { orderKey: crypto.randomUUID(), paymentKey: crypto.randomUUID() }
}

/**
 * Process order then make payment for one attempt (spec §7), the one way every payment source
 * of the payment step and the card frames pays: `payment` adds the source's own fields (a saved
 * card, a frames token, a wallet's token data, the cash confirmation).
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
  const draft = (await postJson(PAYMENT_API.processOrder, {
    ...order,
    idempotencyKey: keys.orderKey,
    channel: 'web',
    platform: 'web',
    paymentMethod,
    paymentGateway,
  })) as OrderSummary
  const paymentPage = `${origin}/checkout/payment`
  const result = (await postJson(PAYMENT_API.makePayment, {
    idempotencyKey: keys.paymentKey,
    draftOrderId: draft.draftOrderId,
    paymentMethod,
    paymentGateway,
    successUrl: `${origin}/checkout/success?orderId=${draft.draftOrderId}`,
    failureUrl: `${paymentPage}?payment=failed`,
    cancelUrl: `${paymentPage}?payment=cancelled`,
    type: 'redirect',
    ...input.payment,
  })) as PaymentResult
  return { draft, result }
}

/**
 * Goes where a payment's answer leads (the success page, the gateway's form or challenge) and
 * answers null, or answers the message to show when the attempt is over without payment.
 */
export function followPayment(
  result: PaymentResult,
  draftOrderId: number,
  origin: string
): string | null {
  if (result.status === 'succeeded') {
    window.location.assign(result.nextUrl ?? `${origin}/checkout/success?orderId=${draftOrderId}`)
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

// A device's wallets do not change while the page is open.
const noChanges = () => () => undefined
const notOnServer = () => false

function walletAvailable(wallet: 'apple' | 'google'): boolean {
  if (wallet === 'apple') {
    const session = (window as { ApplePaySession?: { canMakePayments?: () => boolean } })
      .ApplePaySession
    return typeof session?.canMakePayments === 'function' && session.canMakePayments()
  }
  return 'PaymentRequest' in window
}

/**
 * The payment step's choice of payment source (spec §5 Payment source): a saved card, a new card
 * (billing address, then the hosted card page), a wallet where the store and the device allow it,
 * or cash where the store takes it (with the shopper's confirmation that the amount will be
 * ready, spec §5 Cash orders). Paying runs process order then make payment, each with its own
 * idempotency key kept for the attempt, so a double click or a retry never pays twice.
 */
export function PaymentForm({
  order,
  total,
  paymentOptions,
  savedCards,
  cardGateway,
  origin,
  attempt: formAttempt,
  billingHref,
  timeSlotsHref,
  walletSandbox = false,
  googlePay = null,
  islandId = 'paymentform',
}: PaymentFormProps) {
  const [choice, setChoice] = useState<Choice | null>(null)
  const [walletSheet, setWalletSheet] = useState<WalletChoice | null>(null)
  const [cashConfirmed, setCashConfirmed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ field: 'choice' | 'cash' | 'form'; message: string } | null>(
    null
  )
  const [slotLapsed, setSlotLapsed] = useState(false)
  const attempt = useRef<Attempt | null>(null)

  // The server cannot know the device: wallets appear after hydration where they are available.
  const appleDevice = useSyncExternalStore(noChanges, () => walletAvailable('apple'), notOnServer)
  const googleDevice = useSyncExternalStore(noChanges, () => walletAvailable('google'), notOnServer)
  // The sandbox sheet stands in for the device's wallet, so it is offered from the first render.
  const wallets = {
    apple: paymentOptions.applePay && (walletSandbox || appleDevice),
    google: paymentOptions.googlePay && (walletSandbox || (googleDevice && googlePay !== null)),
  }

  const ids = {
    legend: `${islandId}-legend`,
    choiceError: `${islandId}-choice-error`,
    cash: `${islandId}-cash-confirmed`,
    cashError: `${islandId}-cash-error`,
    formError: `${islandId}-form-error`,
  }

  function attemptFor(current: Choice): Attempt {
    if (!attempt.current || attempt.current.choice !== current) {
      attempt.current = { choice: current, ...newPaymentKeys() }
    }
    return attempt.current
  }

  async function pay(
    current: Choice,
    walletTokenData?: string,
    /** A device wallet sheet closes with the outcome before the page moves on. */
    beforeFollow?: (result: PaymentResult) => void
  ): Promise<void> {
    const keys = attemptFor(current)
    const card = current.startsWith('card-')
      ? savedCards.find((saved) => `card-${saved.cardId}` === current)
      : undefined
    const cash = current === 'cash'
    const wallet = isWallet(current) ? WALLETS[current].method : undefined
    const paymentMethod: PaymentMethod = cash ? 'paymentCash' : (wallet ?? 'paymentCard')
    const paymentGateway = cash ? 'cash' : (card?.gateway ?? cardGateway)
    const { draft, result } = await placeAndPay({
      order,
      origin,
      keys,
      paymentMethod,
      paymentGateway,
      payment: {
        ...(card ? { cardId: card.cardId } : {}),
        ...(cash ? { cashConfirmed: true } : {}),
        ...(wallet === 'applePay' ? { appleTokenData: walletTokenData } : {}),
        ...(wallet === 'googlePay' ? { googleTokenData: walletTokenData } : {}),
      },
    })
    beforeFollow?.(result)
    const message = followPayment(result, draft.draftOrderId, origin)
    if (message === null) return
    // A refused attempt is over: trying again is a new attempt with new keys.
    if (result.status === 'failed' || result.status === 'cancelled') attempt.current = null
    setError({ field: 'form', message })
    setBusy(false)
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setSlotLapsed(false)
    if (!choice) {
      setError({ field: 'choice', message: MESSAGES.paymentSourceRequired })
      return
    }
    if (choice === 'new-card') {
      window.location.assign(billingHref)
      return
    }
    // A saved frames card is charged with its CVV, typed in the provider's frame on the card step.
    const framesCard = savedFramesCard(choice)
    if (framesCard) {
      const query = { [SAVED_CARD_QUERY]: String(framesCard.cardId) }
      window.location.assign(routePath('checkout-payment-card-form', undefined, query))
      return
    }
    if (choice === 'cash' && !cashConfirmed) {
      setError({ field: 'cash', message: MESSAGES.cashConfirmRequired })
      return
    }
    setError(null)
    if (isWallet(choice)) {
      startWallet(choice)
      return
    }
    setBusy(true)
    try {
      await pay(choice)
    } catch (caught) {
      payFailed(caught)
    }
  }

  /** A refused call: the envelope's message, and a new attempt unless it may succeed as it is. */
  function payFailed(caught: unknown, fallback: string = MESSAGES.systemError) {
    const failure = caught instanceof ApiRequestError ? caught : new ApiRequestError(0, fallback)
    // The basket changed in another tab: the page shows the new total and says so, charging nothing.
    if (failure.reason === TOTAL_CHANGED_REASON) {
      window.location.assign(PAYMENT_CHANGED_PATH)
      return
    }
    // The same request again would get the same refusal: a fix (or a new slot) is a new attempt.
    if (failure.status >= 400 && failure.status < 500 && failure.status !== 409) {
      attempt.current = null
    }
    setSlotLapsed(failure.reason !== null && SLOT_REASONS.has(failure.reason))
    const message =
      failure.reason === 'store_closed' ? MESSAGES.storeClosedCheckout : failure.message
    setError({ field: 'form', message })
    setBusy(false)
  }

  /** Opens the wallet's sheet: the sandbox sheet, or the device's Apple Pay / Google Pay. */
  function startWallet(wallet: WalletChoice) {
    if (walletSandbox) {
      setWalletSheet(wallet)
      return
    }
    setBusy(true)
    if (wallet === 'apple-pay') startApplePay()
    else void startGooglePay()
  }

  /** The sandbox sheet's Pay: a signed test token with the chosen outcome, then the payment. */
  async function paySandboxWallet(wallet: WalletChoice, outcome: 'approve' | 'decline') {
    setWalletSheet(null)
    setBusy(true)
    let tokenData: string
    try {
      const answer = (await postJson(SANDBOX_WALLET_TOKEN_URL, {
        wallet: WALLETS[wallet].method,
        outcome,
      })) as { tokenData: string }
      tokenData = answer.tokenData
    } catch {
      setError({ field: 'form', message: WALLETS[wallet].failed })
      setBusy(false)
      return
    }
    try {
      await pay(wallet, tokenData)
    } catch (caught) {
      payFailed(caught, WALLETS[wallet].failed)
    }
  }

  function startApplePay() {
    const Session = applePaySessionClass()
    if (!Session) {
      setError({ field: 'form', message: MESSAGES.applePayAvailability })
      setBusy(false)
      return
    }
    const session = new Session(3, {
      countryCode: 'GB',
      currencyCode: 'GBP',
      supportedNetworks: ['visa', 'masterCard', 'discover', 'jcb'],
      merchantCapabilities: ['supports3DS'],
      total: { label: 'Total', amount: (total / 100).toFixed(2) },
    })
    session.onvalidatemerchant = (event) => {
      postJson(APPLE_PAY_VALIDATION_API, {
        storeId: order.storeId,
        validationURL: event.validationURL,
        domain: window.location.hostname,
      }).then(
        (merchantSession) => session.completeMerchantValidation(merchantSession),
        (caught: unknown) => {
          session.abort()
          payFailed(caught, MESSAGES.applePayAvailability)
        }
      )
    }
    session.onpaymentauthorized = (event) => {
      pay('apple-pay', JSON.stringify(event.payment.token.paymentData), (result) =>
        session.completePayment(
          result.status === 'succeeded' ? Session.STATUS_SUCCESS : Session.STATUS_FAILURE
        )
      ).catch((caught: unknown) => {
        session.completePayment(Session.STATUS_FAILURE)
        payFailed(caught, MESSAGES.applePayAvailability)
      })
    }
    session.oncancel = () => setBusy(false)
    session.begin()
  }

  async function startGooglePay() {
    if (!googlePay) {
      setError({ field: 'form', message: MESSAGES.googlePayFailed })
      setBusy(false)
      return
    }
    let response: PaymentResponse
    try {
      const request = new PaymentRequest(
        [
          {
            supportedMethods: 'https://google.com/pay',
            data: {
              apiVersion: 2,
              apiVersionMinor: 0,
              merchantInfo: { merchantId: googlePay.merchantId },
              allowedPaymentMethods: [
                {
                  type: 'CARD',
                  parameters: {
                    allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
                    allowedCardNetworks: ['VISA', 'MASTERCARD', 'DISCOVER', 'JCB'],
                  },
                  tokenizationSpecification: {
                    type: 'PAYMENT_GATEWAY',
                    parameters: {
                      gateway: googlePay.gateway,
                      gatewayMerchantId: googlePay.gatewayMerchantId,
                    },
                  },
                },
              ],
            },
          },
        ],
        { total: { label: 'Total', amount: { currency: 'GBP', value: (total / 100).toFixed(2) } } }
      )
      response = await request.show()
    } catch {
      // Closing the sheet is not an error worth a message.
      setBusy(false)
      return
    }
    const details = response.details as {
      paymentMethodData?: { tokenizationData?: { token?: unknown } }
    }
    const token = details.paymentMethodData?.tokenizationData?.token
    if (typeof token !== 'string') {
      await response.complete('fail')
      setError({ field: 'form', message: MESSAGES.googlePayFailed })
      setBusy(false)
      return
    }
    try {
      await pay('google-pay', token, (result) => {
        void response.complete(result.status === 'succeeded' ? 'success' : 'fail')
      })
    } catch (caught) {
      await response.complete('fail')
      payFailed(caught, MESSAGES.googlePayFailed)
    }
  }

  function savedFramesCard(current: Choice | null): SavedCard | undefined {
    const card = savedCards.find((saved) => `card-${saved.cardId}` === current)
    return card?.gateway === 'frames' ? card : undefined
  }

  function choose(next: Choice) {
    setChoice(next)
    if (error?.field === 'choice') setError(null)
  }

  const options: Array<{ value: Choice; label: string; detail?: string; icon?: boolean }> = [
    ...(paymentOptions.paymentCard
      ? savedCards.map((card) => ({
          value: `card-${card.cardId}` as Choice,
          label: `${CARD_BRAND_NAMES[card.brand]} •••• ${card.last4}`,
          detail: `Expires ${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear).slice(-2)}`,
          icon: true,
        }))
      : []),
    ...(paymentOptions.paymentCard ? [{ value: 'new-card' as Choice, label: 'New card' }] : []),
    ...(paymentOptions.paymentCash ? [{ value: 'cash' as Choice, label: 'Cash' }] : []),
    ...(wallets.apple
      ? [
          {
            value: 'apple-pay' as Choice,
            label: WALLETS['apple-pay'].name,
            ...(walletSandbox ? { detail: 'Sandbox Apple Pay' } : {}),
          },
        ]
      : []),
    ...(wallets.google
      ? [
          {
            value: 'google-pay' as Choice,
            label: WALLETS['google-pay'].name,
            ...(walletSandbox ? { detail: 'Sandbox Google Pay' } : {}),
          },
        ]
      : []),
  ]
  const cardById = new Map(savedCards.map((card) => [`card-${card.cardId}`, card]))
  const describedBy = error?.field === 'choice' ? ids.choiceError : undefined

  return (
    <form
      method="post"
      action={PAYMENT_FORM_ACTION}
      onSubmit={onSubmit}
      noValidate
      aria-describedby={error?.field === 'form' ? ids.formError : undefined}
    >
      {error?.field === 'form' ? (
        <div
          id={ids.formError}
          role="alert"
          className="mb-5 rounded-xl bg-red-50 p-3 font-semibold text-red-900 ring-1 ring-red-700/40"
        >
          <p>{error.message}</p>
          {slotLapsed ? (
            <a
              href={timeSlotsHref}
              className="mt-2 inline-flex min-h-11 items-center text-primary underline underline-offset-4"
            >
              Choose a new time slot
            </a>
          ) : null}
        </div>
      ) : null}
      <input type="hidden" name={PAYMENT_ATTEMPT_FIELD} value={formAttempt} />
      <input type="hidden" name={SHOWN_TOTAL_FIELD} value={order.expectedTotal} />
      <fieldset aria-describedby={describedBy} aria-invalid={describedBy ? true : undefined}>
        <legend id={ids.legend} className="mb-3 text-lg font-bold">
          How would you like to pay?
        </legend>
        {error?.field === 'choice' ? (
          <p id={ids.choiceError} className="mb-3 text-sm font-semibold text-red-700">
            {error.message}
          </p>
        ) : null}
        <div className="flex flex-col gap-2">
          {options.map((option) => {
            const id = `${islandId}-${option.value}`
            const card = cardById.get(option.value)
            return (
              <label
                key={option.value}
                htmlFor={id}
                className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 border-black/15 px-4 py-2 has-checked:border-primary has-checked:bg-tint"
              >
                <input
                  id={id}
                  type="radio"
                  name={PAYMENT_SOURCE_FIELD}
                  value={option.value}
                  checked={choice === option.value}
                  onChange={() => choose(option.value)}
                  className="size-5 accent-primary"
                />
                {option.icon ? <CardBrandIcon brand={card?.brand ?? null} /> : null}
                <span className="flex flex-col">
                  <span className="font-semibold">{option.label}</span>
                  {option.detail ? (
                    <span className="text-sm text-ink/70">{option.detail}</span>
                  ) : null}
                </span>
              </label>
            )
          })}
        </div>
      </fieldset>
      {walletSheet ? (
        <Suspense fallback={null}>
          <SandboxWalletSheet
            name={WALLETS[walletSheet].name}
            total={total}
            onPay={(outcome) => void paySandboxWallet(walletSheet, outcome)}
            onCancel={() => setWalletSheet(null)}
          />
        </Suspense>
      ) : null}
      {/* Without JavaScript no choice is known, so the box shows whenever cash is offered. */}
      {paymentOptions.paymentCash && (choice === null || choice === 'cash') ? (
        <div className="mt-4">
          <label htmlFor={ids.cash} className="flex items-start gap-3">
            <input
              id={ids.cash}
              type="checkbox"
              name={CASH_CONFIRMED_FIELD}
              value="yes"
              required
              checked={cashConfirmed}
              onChange={(event) => {
                setCashConfirmed(event.target.checked)
                if (error?.field === 'cash') setError(null)
              }}
              aria-invalid={error?.field === 'cash' ? true : undefined}
              aria-describedby={error?.field === 'cash' ? ids.cashError : undefined}
              className="mt-1 size-5 accent-primary"
            />
            <span>
              {choice === null ? 'If you pay by cash: ' : null}I confirm I will have{' '}
              {formatMoney(total)} available in cash when my order{' '}
              {order.fulfilmentMethod === 'delivery' ? 'arrives' : 'is collected'}.
            </span>
          </label>
          {error?.field === 'cash' ? (
            <p id={ids.cashError} className="mt-1 text-sm font-semibold text-red-700">
              {error.message}
            </p>
          ) : null}
        </div>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        aria-disabled={busy}
        className="mt-6 h-12 w-full rounded-xl bg-primary px-5 font-bold text-on-primary hover:brightness-90 disabled:opacity-60"
      >
        {busy
          ? 'Processing…'
          : choice === 'new-card' || savedFramesCard(choice)
            ? 'Continue'
            : `Pay ${formatMoney(total)}`}
      </button>
    </form>
  )
}
