import { useEffect, useRef, useState, type FormEvent } from 'react'
import { MESSAGES } from '../../schemas/messages.ts'
import { formatMoney } from '../../schemas/money.ts'
import { FRAMES_MESSAGES, type CardBrand } from '../../schemas/payments.ts'
import { CardBrandIcon } from '../components/checkout/CardBrandIcon.tsx'
import { CARD_BRAND_NAMES } from '../components/checkout/card-brands.ts'
import { ApiRequestError } from '../lib/api.ts'
import {
  followPayment,
  newPaymentKeys,
  placeAndPay,
  type OrderDraft,
  type PaymentKeys,
} from './PaymentForm.tsx'

export interface CardFramesProps {
  /** The card frame's address (the provider's, or the local sandbox's on this origin). */
  frameUrl: string
  /** The frame's origin: its messages are read from there only, ours are posted there only. */
  frameOrigin: string
  order: OrderDraft
  total: number
  /** This site's origin: the gateway's return addresses are absolute. */
  origin: string
  /** The member ticked "Save card" on the billing address step. */
  saveCard: boolean
  /**
   * A member's saved card: the frame is the provider's CVV-only frame, and Pay charges this card
   * with the CVV's token.
   */
  savedCard?: { cardId: number; brand: CardBrand; last4: string } | null
  islandId?: string
}

const BRANDS: Readonly<Record<string, CardBrand>> = {
  visa: 'visa',
  mastercard: 'mastercard',
  discover: 'discover',
  jcb: 'jcb',
}

function brandOf(value: unknown): CardBrand | null {
  return typeof value === 'string' ? (BRANDS[value] ?? null) : null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/**
 * The card step with embedded card frames (spec §9): the card number, expiry and CVV are typed in
 * the provider's frame, which tells us only whether the form is valid, the detected brand and,
 * on Pay, a single-use token. Messages are taken from the frame's origin and window only. Paying
 * runs process order then make payment with the token, with one pair of idempotency keys per
 * attempt, so a double click never pays twice.
 */
export function CardFrames({
  frameUrl,
  frameOrigin,
  order,
  total,
  origin,
  saveCard,
  savedCard = null,
  islandId = 'cardframes',
}: CardFramesProps) {
  const frame = useRef<HTMLIFrameElement>(null)
  const keys = useRef<PaymentKeys | null>(null)
  const [valid, setValid] = useState(false)
  const [brand, setBrand] = useState<CardBrand | null>(savedCard?.brand ?? null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const errorId = `${islandId}-error`

  useEffect(() => {
    async function pay(token: string) {
      keys.current ??= newPaymentKeys()
      try {
        const { draft, result } = await placeAndPay({
          order,
          origin,
          keys: keys.current,
          paymentMethod: 'paymentCard',
          paymentGateway: 'frames',
          payment: savedCard ? { cardId: savedCard.cardId, cvvToken: token } : { token, saveCard },
        })
        const message = followPayment(result, draft.draftOrderId, origin)
        if (message === null) return
        // A refused card is over: the next try is a new attempt (and the frame a new token).
        keys.current = null
        setError(message)
      } catch (caught) {
        const failure =
          caught instanceof ApiRequestError ? caught : new ApiRequestError(0, MESSAGES.systemError)
        if (failure.status >= 400 && failure.status < 500 && failure.status !== 409) {
          keys.current = null
        }
        setError(failure.message)
      }
      setBusy(false)
    }

    function onMessage(event: MessageEvent) {
      if (event.origin !== frameOrigin || event.source !== frame.current?.contentWindow) return
      const data: unknown = event.data
      if (!isRecord(data)) return
      if (data.type === FRAMES_MESSAGES.validation) {
        setValid(data.valid === true)
        // The CVV frame knows no brand: the saved card's stays.
        if (!savedCard) setBrand(brandOf(data.brand))
        if (data.valid === true) setError(null)
      } else if (data.type === FRAMES_MESSAGES.tokenized && typeof data.token === 'string') {
        void pay(data.token)
      } else if (data.type === FRAMES_MESSAGES.failed) {
        setError(MESSAGES.cardFormInvalid)
        setBusy(false)
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [frameOrigin, order, origin, saveCard, savedCard])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    if (!valid) {
      // The CVV frame has one field: not valid means no (usable) security code yet.
      setError(savedCard ? MESSAGES.cvvRequired : MESSAGES.cardFormInvalid)
      return
    }
    setError(null)
    setBusy(true)
    frame.current?.contentWindow?.postMessage({ type: FRAMES_MESSAGES.submit }, frameOrigin)
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={error ? errorId : undefined}>
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="mb-4 rounded-xl bg-red-50 p-3 font-semibold text-red-900 ring-1 ring-red-700/40"
        >
          {error}
        </p>
      ) : null}
      <div className="mb-2 flex items-center gap-2" aria-live="polite">
        <CardBrandIcon brand={brand} />
        <span className="text-sm text-ink/80">
          {savedCard
            ? `${CARD_BRAND_NAMES[savedCard.brand]} •••• ${savedCard.last4}`
            : brand
              ? CARD_BRAND_NAMES[brand]
              : 'Visa, Mastercard, Discover or JCB'}
        </span>
      </div>
      <iframe
        ref={frame}
        src={frameUrl}
        title={savedCard ? 'Secure card security code' : 'Secure card details'}
        allow="payment"
        className={`${savedCard ? 'h-40' : 'h-72'} w-full rounded-xl border-2 border-black/15 bg-white`}
      />
      <button
        type="submit"
        disabled={busy}
        aria-disabled={busy}
        className="mt-6 h-12 w-full rounded-xl bg-primary px-5 font-bold text-on-primary hover:brightness-90 disabled:opacity-60"
      >
        {busy ? 'Processing…' : `Pay ${formatMoney(total)}`}
      </button>
    </form>
  )
}
