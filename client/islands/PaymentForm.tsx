import { useRef, useState, useSyncExternalStore, type FormEvent } from 'react'
import type {
  CardGateway,
  OrderSummary,
  PaymentOptions,
  SavedCard,
} from '../../schemas/checkout.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { formatMoney } from '../../schemas/money.ts'
import type { PaymentRedirect, PaymentResult } from '../../schemas/payments.ts'
import { CardBrandIcon } from '../components/checkout/CardBrandIcon.tsx'
import { CARD_BRAND_NAMES } from '../components/checkout/card-brands.ts'
import { ApiRequestError, postJson } from '../lib/api.ts'
import { routePath } from '../lib/routes.ts'

/** The form's field names: the island posts to /api, but without JavaScript the form posts. */
export const PAYMENT_SOURCE_FIELD = 'paymentSource'
export const CASH_CONFIRMED_FIELD = 'cashConfirmed'
export const PAYMENT_ATTEMPT_FIELD = 'attempt'

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
  islandId?: string
}

type Choice = `card-${number}` | 'new-card' | 'cash'

// The page's own no-JavaScript handler (worker/pages/checkout/payment.tsx).
const PAYMENT_FORM_ACTION = routePath('checkout-payment')

/** One attempt's idempotency keys: a retry or double click of the same choice reuses them. */
interface Attempt {
  choice: Choice
  orderKey: string
  paymentKey: string
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
  islandId = 'paymentform',
}: PaymentFormProps) {
  const [choice, setChoice] = useState<Choice | null>(null)
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
  const wallets = {
    apple: paymentOptions.applePay && appleDevice,
    google: paymentOptions.googlePay && googleDevice,
  }

  const ids = {
    legend: `${islandId}-legend`,
    choiceError: `${islandId}-choice-error`,
    cash: `${islandId}-cash`,
    cashError: `${islandId}-cash-error`,
    formError: `${islandId}-form-error`,
  }

  function attemptFor(current: Choice): Attempt {
    if (!attempt.current || attempt.current.choice !== current) {
      attempt.current = {
        choice: current,
        orderKey: crypto.randomUUID(),
        paymentKey: crypto.randomUUID(),
      }
    }
    return attempt.current
  }

  async function pay(current: Choice): Promise<void> {
    const keys = attemptFor(current)
    const card = current.startsWith('card-')
      ? savedCards.find((saved) => `card-${saved.cardId}` === current)
      : undefined
    const cash = current === 'cash'
    const paymentMethod = cash ? 'paymentCash' : 'paymentCard'
    const paymentGateway = cash ? 'cash' : (card?.gateway ?? cardGateway)
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
      ...(card ? { cardId: card.cardId } : {}),
      ...(cash ? { cashConfirmed: true } : {}),
    })) as PaymentResult
    if (result.status === 'succeeded') {
      window.location.assign(
        result.nextUrl ?? `${origin}/checkout/success?orderId=${draft.draftOrderId}`
      )
      return
    }
    if (result.status === 'redirect' && result.redirect) {
      submitRedirect(result.redirect)
      return
    }
    if (result.status === 'failed' || result.status === 'cancelled') {
      // A refused attempt is over: trying again is a new attempt with new keys.
      attempt.current = null
      const fallback =
        result.status === 'failed' ? MESSAGES.paymentFailed : MESSAGES.paymentCancelled
      setError({ field: 'form', message: result.message ?? fallback })
      setBusy(false)
      return
    }
    setError({ field: 'form', message: result.message ?? MESSAGES.paymentPending })
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
    if (choice === 'cash' && !cashConfirmed) {
      setError({ field: 'cash', message: MESSAGES.cashConfirmRequired })
      return
    }
    setError(null)
    setBusy(true)
    try {
      await pay(choice)
    } catch (caught) {
      const failure =
        caught instanceof ApiRequestError ? caught : new ApiRequestError(0, MESSAGES.systemError)
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
          {wallets.apple ? <WalletOption id={`${islandId}-apple-pay`} label="Apple Pay" /> : null}
          {wallets.google ? (
            <WalletOption id={`${islandId}-google-pay`} label="Google Pay" />
          ) : null}
        </div>
      </fieldset>
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
        {busy ? 'Processing…' : choice === 'new-card' ? 'Continue' : `Pay ${formatMoney(total)}`}
      </button>
    </form>
  )
}

/** A wallet the store and this device support; paying with it arrives with the wallet sheets. */
function WalletOption({ id, label }: { id: string; label: string }) {
  return (
    <label
      htmlFor={id}
      className="flex min-h-14 items-center gap-3 rounded-xl border-2 border-black/10 px-4 py-2 text-ink/60"
    >
      <input id={id} type="radio" name={PAYMENT_SOURCE_FIELD} disabled className="size-5" />
      <span className="flex flex-col">
        <span className="font-semibold">{label}</span>
        <span className="text-sm">Not available yet</span>
      </span>
    </label>
  )
}
