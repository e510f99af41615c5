import { useRef, useState } from 'react'
import type { CardGateway, PaymentMethod, SavedCard } from '../../../schemas/checkout.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { PaymentResult } from '../../../schemas/payments.ts'
import {
  followPayment,
  keysAfterRefusal,
  newPaymentKeys,
  paymentRefusal,
  placeAndPay,
  type PaymentKeys,
} from '../../lib/place-order.ts'
import type { OrderDraft } from '../../lib/payment-step.ts'
import type { DeviceWalletPayment } from './apple-pay.ts'
import { isWallet, savedCardOf, WALLETS, type Choice } from './payment-choices.ts'

/** The attempt of one choice: its keys are reused by a retry or double click of that choice. */
interface Attempt extends PaymentKeys {
  choice: Choice
}

/** What the payment form shows as wrong, and where. */
export interface PaymentFormError {
  field: 'choice' | 'cash' | 'form'
  message: string
}

// The backend's refusal reasons that send the shopper elsewhere (schemas/checkout.ts blocked).
const SLOT_REASONS = new Set(['slot_invalid', 'slot_expired'])

/** The calls a device wallet's sheet (Apple Pay, Google Pay) pays and ends with. */
type WalletSheetCalls = Pick<DeviceWalletPayment, 'pay' | 'failed' | 'cancelled'>

/**
 * Paying for the payment step's choice, with the form's pending and error state (ADR 003: the
 * form only renders them): each choice's attempt keeps its idempotency keys until it is refused,
 * so a double click or a retry never pays twice. The form stays pending while the page moves on
 * to the gateway or the success page; a refusal, a failure and a closed wallet sheet end it.
 */
export function usePlaceOrder({
  order,
  origin,
  savedCards,
  cardGateway,
}: {
  order: OrderDraft
  origin: string
  savedCards: Array<SavedCard>
  cardGateway: CardGateway
}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<PaymentFormError | null>(null)
  const [slotLapsed, setSlotLapsed] = useState(false)
  const attempt = useRef<Attempt | null>(null)

  function attemptFor(current: Choice): Attempt {
    if (!attempt.current || attempt.current.choice !== current) {
      attempt.current = { choice: current, ...newPaymentKeys() }
    }
    return attempt.current
  }

  /** A payment begins: the form is pending and shows no earlier outcome. */
  function begin() {
    setBusy(true)
    setError(null)
    setSlotLapsed(false)
  }

  /** Pays with a choice (a wallet's with its token data); rejects with a refused call. */
  async function pay(
    current: Choice,
    walletTokenData?: string,
    /** A device wallet sheet closes with the outcome before the page moves on. */
    beforeFollow?: (result: PaymentResult) => void
  ): Promise<void> {
    const keys = attemptFor(current)
    const card = savedCardOf(savedCards, current)
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

  /** A refused call: the envelope's message, and a new attempt unless it may succeed as it is. */
  function payFailed(caught: unknown, fallback: string = MESSAGES.systemError) {
    const refusal = paymentRefusal(caught, fallback)
    if (!refusal) return
    const tried = attempt.current
    attempt.current = tried && keysAfterRefusal(tried, refusal, isWallet(tried.choice))
    const { reason } = refusal.error
    setSlotLapsed(reason !== null && SLOT_REASONS.has(reason))
    const message = reason === 'store_closed' ? MESSAGES.storeClosedCheckout : refusal.error.message
    setError({ field: 'form', message })
    setBusy(false)
  }

  /** Pays with a choice, showing a refusal on the form. */
  async function payOrShow(current: Choice, walletTokenData?: string, fallback?: string) {
    begin()
    try {
      await pay(current, walletTokenData)
    } catch (caught) {
      payFailed(caught, fallback)
    }
  }

  /**
   * Pays with a wallet whose token is asked for first (the sandbox wallet's signed test token):
   * a token that cannot be had shows `failedMessage` and ends the attempt.
   */
  async function payWithTokenFrom(
    wallet: Choice,
    token: () => Promise<string>,
    failedMessage: string
  ) {
    begin()
    let tokenData: string
    try {
      tokenData = await token()
    } catch {
      setError({ field: 'form', message: failedMessage })
      setBusy(false)
      return
    }
    await payOrShow(wallet, tokenData, failedMessage)
  }

  /**
   * Begins paying with a device wallet: the form is pending until the sheet pays, fails or is
   * closed, through the calls answered here.
   */
  function startWalletSheet(wallet: Choice, failedMessage: string): WalletSheetCalls {
    begin()
    return {
      pay: (tokenData, beforeFollow) => pay(wallet, tokenData, beforeFollow),
      failed: (caught) => payFailed(caught, failedMessage),
      cancelled: () => setBusy(false),
    }
  }

  /** A check of the form's own fails (no choice, cash not confirmed): shown where it belongs. */
  function showFieldError(fieldError: PaymentFormError | null) {
    setError(fieldError)
  }

  return {
    busy,
    error,
    slotLapsed,
    showFieldError,
    payOrShow,
    payWithTokenFrom,
    startWalletSheet,
  }
}
