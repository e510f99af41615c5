import { useEffect, useRef, useState, type RefObject } from 'react'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { CardBrand } from '../../../schemas/payments.ts'
import {
  attachProviderFrames,
  attachSandboxFrame,
  providerFieldIds,
  providerFrames,
  type AttachedCardFrames,
  type CardFramesCallbacks,
} from '../../lib/frames-provider.ts'
import type { OrderDraft } from '../../lib/payment-step.ts'
import {
  followPayment,
  keysAfterRefusal,
  newPaymentKeys,
  paymentRefusal,
  placeAndPay,
  type PaymentKeys,
} from '../../lib/place-order.ts'

/**
 * Paying on the card step with embedded card frames, with the step's pending and error state
 * (ADR 003 addendum): attaches the provider's frames (or the local sandbox's frame), follows
 * their validation and detected brand, and on `submit` asks them for a token, then runs process
 * order and make payment with it. One pair of idempotency keys per attempt, so a double click
 * never pays twice.
 */
export function useFramesPayment({
  frame,
  islandId,
  publicKey,
  frameOrigin,
  order,
  origin,
  saveCard,
  savedCard,
}: {
  /** The sandbox's frame element (unused with the provider's frames). */
  frame: RefObject<HTMLIFrameElement | null>
  islandId: string
  /** The provider's public key; null with the local sandbox's frame. */
  publicKey: string | null
  frameOrigin: string | undefined
  order: OrderDraft
  origin: string
  saveCard: boolean
  savedCard: { cardId: number; brand: CardBrand } | null
}) {
  const attached = useRef<AttachedCardFrames | null>(null)
  const keys = useRef<PaymentKeys | null>(null)
  const [valid, setValid] = useState(false)
  const [brand, setBrand] = useState<CardBrand | null>(savedCard?.brand ?? null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

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
        const refusal = paymentRefusal(caught)
        if (!refusal) return
        // Each try sends a new frame token: a key kept for a retry takes a new payment key.
        keys.current = keys.current && keysAfterRefusal(keys.current, refusal, true)
        setError(refusal.error.message)
      }
      setBusy(false)
    }

    const callbacks: CardFramesCallbacks = {
      onValidation(isValid, detected) {
        setValid(isValid)
        // The CVV frame knows no brand: the saved card's stays.
        if (!savedCard) setBrand(detected)
        if (isValid) setError(null)
      },
      onToken(token) {
        void pay(token)
      },
      onFailed() {
        setError(MESSAGES.cardFormInvalid)
        setBusy(false)
      },
    }

    let stopped = false
    if (publicKey !== null) {
      providerFrames()
        .then((frames) => {
          if (stopped) return
          const fields = providerFieldIds(islandId)
          attached.current = attachProviderFrames(frames, { publicKey, fields }, callbacks)
        })
        .catch(() => {
          if (!stopped) setError(MESSAGES.cardFormLoadFailed)
        })
    } else if (frameOrigin) {
      attached.current = attachSandboxFrame(
        window,
        () => frame.current?.contentWindow,
        frameOrigin,
        callbacks
      )
    }
    return () => {
      stopped = true
      attached.current?.detach()
      attached.current = null
    }
  }, [publicKey, frameOrigin, islandId, order, origin, saveCard, savedCard, frame])

  /** Pay: asks the frames for a token once they hold a valid card (or CVV). */
  function submit() {
    if (busy) return
    if (!valid) {
      // The CVV frame has one field: not valid means no (usable) security code yet.
      setError(savedCard ? MESSAGES.cvvRequired : MESSAGES.cardFormInvalid)
      return
    }
    setError(null)
    setBusy(true)
    attached.current?.submit()
  }

  return { brand, busy, error, submit }
}
