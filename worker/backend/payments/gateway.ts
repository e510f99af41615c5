import type { CardGateway, PaymentMethod } from '../../../schemas/checkout.ts'
import type { CardBrand, PaymentRedirect } from '../../../schemas/payments.ts'

/**
 * The one interface every card and wallet gateway implements (Realex hosted card page, embedded
 * card frames, and their local sandboxes). make-payment (worker/backend/payments/service.ts) picks
 * the gateway from configuration, records the attempt, calls `start`, and confirms the order only
 * on an `authorised` outcome that the gateway itself vouched for (a verified hash, or the gateway's
 * own API answering over TLS). Gateways never see or return a card number or CVV.
 */

/** One payment attempt as the gateway needs it. `amount` comes from the stored draft order. */
export interface PaymentAttempt {
  businessId: number
  paymentId: number
  orderId: number
  businessOrderId: string
  /** Unique per attempt and never reused (Realex ORDER_ID; a decline needs a new one). */
  gatewayOrderId: string
  amount: number
  currency: string
  method: PaymentMethod
  /** Where the gateway sends the browser back (HPP: MERCHANT_RESPONSE_URL on the brand host). */
  responseUrl: string
  successUrl: string
  failureUrl: string
  cancelUrl: string
  customer: {
    customerId: number | null
    email: string
    phone: string | null
    firstName: string
    lastName: string
  }
  billingAddress: {
    addressLine1: string
    addressLine2: string | null
    town: string
    postcode: string
    country: string
  } | null
  /** Keep the card for the member (card storage). */
  saveCard: boolean
  /** A saved card's gateway token ('payer_ref:pmt_ref' for Realex, the card token for frames). */
  savedCardToken: string | null
  /** Frames: the card token (new card) or the CVV token (saved card). Wallets: the token data. */
  token: string | null
  /** The authorisation's AUTHCODE, when it has one (a Realex rebate names it). */
  authCode?: string | null
  /**
   * Authorise only: the order has weighed lines, so `amount` is a hold (estimate plus margin) and
   * the final amount is captured after picking (ADR 039). Absent or false: settled at once.
   */
  captureLater?: boolean
}

/** A card the gateway stored for the member: display fields and the gateway's token only. */
export interface StoredCard {
  token: string
  brand: CardBrand
  last4: string
  expiryMonth: number
  expiryYear: number
  cardholderName: string | null
}

/** The card that paid, as the gateway reported it: display fields only. */
export interface PaidCard {
  brand: CardBrand
  last4: string
}

/**
 * What the gateway says about an attempt.
 * - redirect: the browser must submit `redirect` (hosted page, 3-D Secure challenge).
 * - authorised: the money is taken (or reserved, with auto-settle) — confirm the order.
 * - declined: the bank said no (RESULT 1xx); the shopper may try again with a new attempt.
 * - failed: the gateway could not process it (2xx/5xx, bad answer).
 * - cancelled: the shopper left the hosted page.
 * - pending: no answer yet.
 */
export type GatewayOutcome =
  | {
      kind: 'redirect'
      redirect: PaymentRedirect
      /**
       * The card being paid with, when the gateway names it before its 3-D Secure challenge: kept
       * on the attempt, so the confirmation shows it even if the answer after the challenge does not.
       */
      paidCard?: PaidCard | null
    }
  | {
      kind: 'authorised'
      externalRef: string | null
      authCode: string | null
      resultCode: string
      resultMessage: string
      storedCard: StoredCard | null
      /** The card that paid, when the gateway says (the order confirmation shows it). */
      paidCard?: PaidCard | null
    }
  | { kind: 'declined' | 'failed'; resultCode: string; resultMessage: string }
  | { kind: 'cancelled' }
  | { kind: 'pending' }

export interface CardGatewayAdapter {
  readonly name: CardGateway
  /** Starts an attempt: a redirect for hosted pages and challenges, or an outcome at once. */
  start(attempt: PaymentAttempt): Promise<GatewayOutcome>
  /**
   * Asks the gateway how an attempt ended (verify payment; the return from a 3-D Secure
   * challenge). Gateways that answer by a signed post (Realex HPP) read that instead: see
   * worker/realex/hpp.ts and the consumer data route.
   */
  status(attempt: PaymentAttempt, externalRef: string | null): Promise<GatewayOutcome>
  /**
   * Voids an authorisation we must not keep (a late authorisation of a superseded or cancelled
   * attempt, or of an order already paid by another attempt), so one order is charged once.
   * `voided: false` means the gateway refused (`definite`) or could not be reached; the caller
   * records it (a void with no definite answer is reconciled, refund-reconciliation.ts).
   */
  void(attempt: PaymentAttempt, externalRef: string | null): Promise<GatewayVoidResult>
  /**
   * Takes `amount` pence of an authorisation made with `captureLater` (Realex `settle`, the frames
   * provider's capture). Never call it directly: `captureWithin` refuses more than was authorised.
   */
  capture(
    attempt: PaymentAttempt,
    externalRef: string | null,
    amount: number
  ): Promise<GatewayCaptureResult>
  /**
   * Gives back part or all of a taken payment (after settlement, or instead of a void once part
   * was refunded). `refund.reference` is ours and unique per refund: the frames provider keys
   * its idempotency by it; Realex has no such key, so the caller must never resend a rebate
   * whose first answer it did not get (see the payments refunds service).
   */
  refund(
    attempt: PaymentAttempt,
    externalRef: string | null,
    refund: GatewayRefundRequest
  ): Promise<GatewayRefundResult>
  /**
   * Deletes a saved card at the gateway (the member deleted it), by the token we keep for it:
   * Realex card storage's card-cancel-card, the frames provider's DELETE /instruments/{id}. A card
   * the gateway no longer knows counts as forgotten; `forgotten: false` means it may still be kept
   * there (a refusal, or no answer), so the caller keeps its own reference to try again.
   */
  forgetCard(token: string): Promise<GatewayForgetResult>
  /**
   * Asks the gateway which refunds it made on a payment (the reconciliation of a refund we never
   * heard back from): the frames provider's GET /payments/{id}/actions lists each with our
   * reference; Realex's remote `query` names the transaction, and what it rebated in total.
   */
  refunds(attempt: PaymentAttempt, externalRef: string | null): Promise<GatewayRefundsAnswer>
}

/**
 * What the gateway says it refunded on a payment. `known: false`: no answer we can trust (the
 * refund stays unsettled and is asked about again). `refunds` lists each refund with our
 * reference when the gateway keeps one (frames); null when it only knows the total (Realex).
 */
export type GatewayRefundsAnswer =
  | {
      known: true
      total: number
      refunds: ReadonlyArray<{ reference: string; amount: number; actionRef: string | null }> | null
      /**
       * Whether the authorisation is voided there (the reconciliation of a void we never heard
       * back from); null when the answer does not say.
       */
      voided: boolean | null
      /** What it captured of a hold (ADR 039), in pence; null when the answer does not say. */
      captured: number | null
      resultCode: string
      resultMessage: string
    }
  | { known: false; resultCode: string; resultMessage: string }

/** What the gateway said about deleting a saved card. */
export interface GatewayForgetResult {
  forgotten: boolean
  resultCode: string
  resultMessage: string
}

/** A refund as the gateway needs it: pence, never more than what is left on the payment. */
export interface GatewayRefundRequest {
  amount: number
  reference: string
}

/**
 * What the gateway said about a refund. `refunded: false` with `definite: true` is a refusal
 * (over the balance, voided, unknown payment); `definite: false` means we do not know (no answer,
 * an unsigned or unreadable one), so the money may have moved and must be reconciled, not resent.
 */
export interface GatewayRefundResult {
  refunded: boolean
  definite: boolean
  resultCode: string
  resultMessage: string
  /** The gateway's reference of the refund (frames action id), when it gives one. */
  actionRef: string | null
}

/**
 * What the gateway said about a void. `voided: false` with `definite: true` is a refusal (settled,
 * refunded, unknown transaction); `definite: false` means we do not know (no answer, an unsigned
 * one): the authorisation may be voided already, so the void is asked about, not taken as refused.
 */
export interface GatewayVoidResult {
  voided: boolean
  definite: boolean
  resultCode: string
  resultMessage: string
}

/**
 * What the gateway said about a capture. `captured: false` with `definite: true` is a refusal;
 * `definite: false` means we do not know whether the money moved (ask again, never capture twice).
 */
export interface GatewayCaptureResult {
  captured: boolean
  definite: boolean
  resultCode: string
  resultMessage: string
}

/**
 * The port's rule for every capture: whole pence, from 0 to the amount authorised, of an
 * authorisation that was not settled at once. Anything else is refused here and no gateway is
 * called (the payments row's check holds the same rule in SQL).
 */
export async function captureWithin(
  gateway: CardGatewayAdapter,
  attempt: PaymentAttempt,
  externalRef: string | null,
  amount: number
): Promise<GatewayCaptureResult> {
  if (attempt.captureLater !== true) {
    return refusedCapture('not_capture_later', 'the payment was settled when it was authorised')
  }
  if (!Number.isInteger(amount) || amount < 0 || amount > attempt.amount) {
    return refusedCapture('over_authorised', `cannot capture ${amount} of ${attempt.amount}`)
  }
  return gateway.capture(attempt, externalRef, amount)
}

function refusedCapture(resultCode: string, resultMessage: string): GatewayCaptureResult {
  return { captured: false, definite: true, resultCode, resultMessage }
}
