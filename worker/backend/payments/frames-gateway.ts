import { z } from 'zod'
import { CardBrandSchema, type CardBrand } from '../../../schemas/payments.ts'
import { logError } from '../../lib/log.ts'
import type { FramesSettings } from './frames-config.ts'
import type {
  CardGatewayAdapter,
  GatewayCaptureResult,
  GatewayForgetResult,
  GatewayOutcome,
  GatewayRefundResult,
  GatewayRefundsAnswer,
  GatewayVoidResult,
  PaidCard,
  PaymentAttempt,
  StoredCard,
} from './gateway.ts'

/*
 * The embedded card frames provider's payments API (Checkout.com style) over fetch: the frames
 * give a single-use card token; POST /payments charges it (3-D Secure on, a redirect when the bank
 * challenges), GET /payments/{id} reads the outcome after the challenge, POST /payments/{id}/voids
 * lets an authorisation go, POST /payments/{id}/refunds gives back part or all of a payment, and
 * GET /payments/{id}/actions lists what was done to it (the reconciliation of unsettled refunds).
 * The same code talks to the provider and to the local sandbox API.
 */

export type FramesFetch = (input: string, init: RequestInit) => Promise<Response>

/** Statuses that mean the money is taken (or reserved). */
const AUTHORISED = new Set(['Authorized', 'Captured', 'Card Verified', 'Partially Captured'])
const CANCELLED = new Set(['Canceled', 'Cancelled', 'Expired', 'Voided'])

const SCHEMES: Readonly<Record<string, CardBrand>> = {
  visa: 'visa',
  mastercard: 'mastercard',
  discover: 'discover',
  jcb: 'jcb',
}

const SourceSchema = z.object({
  id: z.string().optional(),
  scheme: z.string().optional(),
  last4: z.string().optional(),
  expiry_month: z.number().optional(),
  expiry_year: z.number().optional(),
  name: z.string().nullable().optional(),
})

/** The parts of a payment answer we read (the provider sends many more). */
const PaymentAnswerSchema = z.object({
  id: z.string(),
  status: z.string(),
  approved: z.boolean().optional(),
  response_code: z.string().optional(),
  response_summary: z.string().optional(),
  auth_code: z.string().optional(),
  source: SourceSchema.optional(),
  _links: z.object({ redirect: z.object({ href: z.string() }).optional() }).optional(),
})
type PaymentAnswer = z.infer<typeof PaymentAnswerSchema>

const ErrorAnswerSchema = z.object({
  error_type: z.string().optional(),
  error_codes: z.array(z.string()).optional(),
})

const TokenAnswerSchema = z.object({ token: z.string() })

const RefundAnswerSchema = z.object({ action_id: z.string() })

/** GET /payments/{id}/actions: every action on the payment, the refunds with our reference. */
const ActionsAnswerSchema = z.array(
  z.object({
    id: z.string(),
    type: z.string(),
    amount: z.int().min(0),
    approved: z.boolean().optional(),
    reference: z.string().nullable().optional(),
  })
)

/** Where the provider sends the browser after a challenge: our return address plus our payment. */
function withPaymentId(url: string, paymentId: number): string {
  const target = new URL(url)
  target.searchParams.set('paymentId', String(paymentId))
  return target.toString()
}

/** The card the provider keeps after the payment (its reusable source id) as a saved card. */
export function storedCardOfSource(source: PaymentAnswer['source']): StoredCard | null {
  const brand = CardBrandSchema.safeParse(SCHEMES[(source?.scheme ?? '').toLowerCase()])
  const last4 = source?.last4 ?? ''
  if (
    !source?.id ||
    !brand.success ||
    !/^\d{4}$/.test(last4) ||
    source.expiry_month === undefined ||
    source.expiry_year === undefined
  ) {
    return null
  }
  return {
    token: source.id,
    brand: brand.data,
    last4,
    expiryMonth: source.expiry_month,
    expiryYear: source.expiry_year,
    cardholderName: source.name?.trim().slice(0, 100) || null,
  }
}

/** The card that paid (its scheme and last four), when the answer's source names them. */
export function paidCardOfSource(source: PaymentAnswer['source']): PaidCard | null {
  const brand = CardBrandSchema.safeParse(SCHEMES[(source?.scheme ?? '').toLowerCase()])
  const last4 = source?.last4 ?? ''
  return brand.success && /^\d{4}$/.test(last4) ? { brand: brand.data, last4 } : null
}

/** What a payment answer means for the attempt. */
export function framesOutcome(answer: PaymentAnswer, keepCard: boolean): GatewayOutcome {
  if (AUTHORISED.has(answer.status) && answer.approved !== false) {
    return {
      kind: 'authorised',
      externalRef: answer.id,
      authCode: answer.auth_code ?? null,
      resultCode: answer.response_code ?? answer.status,
      resultMessage: (answer.response_summary ?? answer.status).slice(0, 500),
      storedCard: keepCard ? storedCardOfSource(answer.source) : null,
      paidCard: paidCardOfSource(answer.source),
    }
  }
  const redirect = answer._links?.redirect?.href
  if (answer.status === 'Pending') {
    return redirect
      ? {
          kind: 'redirect',
          redirect: { url: redirect, method: 'GET', fields: {} },
          paidCard: paidCardOfSource(answer.source),
        }
      : { kind: 'pending' }
  }
  if (CANCELLED.has(answer.status)) return { kind: 'cancelled' }
  return {
    kind: 'declined',
    resultCode: answer.response_code ?? answer.status,
    resultMessage: (answer.response_summary ?? answer.status).slice(0, 500),
  }
}

/** A wallet's token data to exchange for a card token (Apple Pay / Google Pay). */
export interface WalletTokenData {
  wallet: 'applePay' | 'googlePay'
  tokenData: string
}

export interface FramesGateway extends CardGatewayAdapter {
  /** `start`, with the provider's payment id (kept for the status call and voids). */
  charge(attempt: PaymentAttempt): Promise<{ outcome: GatewayOutcome; ref: string | null }>
  /** Exchanges wallet token data for a single-use card token (POST /tokens, public key). */
  walletToken(data: WalletTokenData): Promise<string | null>
  /** A zero-amount card verification: the card the provider keeps for the member, or null. */
  verifyCard(token: string, reference: string, currency: string): Promise<StoredCard | null>
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return null
  }
}

/** The frames provider (or its local sandbox) as a card gateway. */
export function createFramesGateway(settings: FramesSettings, fetcher: FramesFetch): FramesGateway {
  const headers = (key: string, idempotencyKey?: string): Record<string, string> => ({
    authorization: `Bearer ${key}`,
    'content-type': 'application/json',
    ...(idempotencyKey ? { 'cko-idempotency-key': idempotencyKey } : {}),
  })

  async function requestPayment(
    body: Record<string, unknown>,
    idempotencyKey: string
  ): Promise<GatewayOutcome | PaymentAnswer> {
    let response: Response
    try {
      response = await fetcher(`${settings.apiUrl}/payments`, {
        method: 'POST',
        headers: headers(settings.secretKey, idempotencyKey),
        body: JSON.stringify(body),
      })
    } catch (error) {
      logError(error, { gateway: 'frames', call: 'payments' })
      return { kind: 'failed', resultCode: 'unreachable', resultMessage: 'gateway unreachable' }
    }
    const json = await readJson(response)
    const answer = PaymentAnswerSchema.safeParse(json)
    if ((response.status === 201 || response.status === 202) && answer.success) return answer.data
    const error = ErrorAnswerSchema.safeParse(json)
    const code = error.success ? (error.data.error_codes?.[0] ?? error.data.error_type) : undefined
    return {
      kind: 'failed',
      resultCode: code ?? String(response.status),
      resultMessage:
        (error.success ? (error.data.error_type ?? '') : '') || `HTTP ${response.status}`,
    }
  }

  function isOutcome(value: GatewayOutcome | PaymentAnswer): value is GatewayOutcome {
    return 'kind' in value
  }

  async function charge(attempt: PaymentAttempt) {
    const source = attempt.savedCardToken
      ? {
          type: 'id',
          id: attempt.savedCardToken,
          ...(attempt.token ? { cvv_token: attempt.token } : {}),
        }
      : { type: 'token', token: attempt.token ?? '' }
    const answer = await requestPayment(
      {
        source,
        amount: attempt.amount,
        currency: attempt.currency,
        reference: attempt.gatewayOrderId,
        // An order with weighed lines is authorised only, captured after picking (ADR 039).
        capture: attempt.captureLater !== true,
        '3ds': { enabled: true },
        success_url: withPaymentId(attempt.successUrl, attempt.paymentId),
        failure_url: withPaymentId(attempt.failureUrl, attempt.paymentId),
        customer: {
          email: attempt.customer.email,
          name: `${attempt.customer.firstName} ${attempt.customer.lastName}`.trim(),
        },
        metadata: { order: attempt.businessOrderId },
      },
      attempt.gatewayOrderId
    )
    return isOutcome(answer)
      ? { outcome: answer, ref: null }
      : { outcome: framesOutcome(answer, attempt.saveCard), ref: answer.id }
  }

  return {
    name: 'frames',
    charge,
    async start(attempt) {
      return (await charge(attempt)).outcome
    },
    async status(attempt, externalRef) {
      if (!externalRef) return { kind: 'pending' }
      let response: Response
      try {
        response = await fetcher(`${settings.apiUrl}/payments/${encodeURIComponent(externalRef)}`, {
          method: 'GET',
          headers: headers(settings.secretKey),
        })
      } catch (error) {
        logError(error, { gateway: 'frames', call: 'payment status' })
        return { kind: 'pending' }
      }
      const answer = PaymentAnswerSchema.safeParse(await readJson(response))
      if (response.status !== 200 || !answer.success) return { kind: 'pending' }
      const outcome = framesOutcome(answer.data, attempt.saveCard)
      // The challenge link is spent once the shopper is back: still pending means "ask again".
      return outcome.kind === 'redirect' ? { kind: 'pending' } : outcome
    },
    async void(_attempt, externalRef): Promise<GatewayVoidResult> {
      if (!externalRef)
        return {
          voided: false,
          definite: true,
          resultCode: 'no_reference',
          resultMessage: 'no payment id',
        }
      try {
        const response = await fetcher(
          `${settings.apiUrl}/payments/${encodeURIComponent(externalRef)}/voids`,
          {
            method: 'POST',
            headers: headers(settings.secretKey, `void-${externalRef}`),
            body: JSON.stringify({ reference: `void-${externalRef}` }),
          }
        )
        const voided = response.status === 202
        return {
          voided,
          // A 5xx may come after the provider voided it: asked about, not taken as refused.
          definite: voided || response.status < 500,
          resultCode: String(response.status),
          resultMessage: voided ? 'Voided' : `Void refused (HTTP ${response.status})`,
        }
      } catch (error) {
        logError(error, { gateway: 'frames', call: 'void' })
        return {
          voided: false,
          definite: false,
          resultCode: 'unreachable',
          resultMessage: 'gateway unreachable',
        }
      }
    },
    async capture(_attempt, externalRef, amount): Promise<GatewayCaptureResult> {
      if (!externalRef) {
        return { captured: false, definite: true, resultCode: 'no_reference', resultMessage: '' }
      }
      const reference = `capture-${externalRef}`
      try {
        const response = await fetcher(
          `${settings.apiUrl}/payments/${encodeURIComponent(externalRef)}/captures`,
          {
            method: 'POST',
            // Keyed by the payment: a retry of an unanswered capture can never take twice.
            headers: headers(settings.secretKey, reference),
            body: JSON.stringify({ amount, reference }),
          }
        )
        const captured = response.status === 202
        return {
          captured,
          definite: captured || response.status < 500,
          resultCode: String(response.status),
          resultMessage: captured ? 'Captured' : `Capture refused (HTTP ${response.status})`,
        }
      } catch (error) {
        logError(error, { gateway: 'frames', call: 'capture' })
        return {
          captured: false,
          definite: false,
          resultCode: 'unreachable',
          resultMessage: 'gateway unreachable',
        }
      }
    },
    async refund(_attempt, externalRef, refund): Promise<GatewayRefundResult> {
      if (!externalRef) {
        return {
          refunded: false,
          definite: true,
          resultCode: 'no_reference',
          resultMessage: 'no payment id',
          actionRef: null,
        }
      }
      let response: Response
      try {
        response = await fetcher(
          `${settings.apiUrl}/payments/${encodeURIComponent(externalRef)}/refunds`,
          {
            method: 'POST',
            // The refund reference is the idempotency key: a resent refund is answered, not paid.
            headers: headers(settings.secretKey, refund.reference),
            body: JSON.stringify({ amount: refund.amount, reference: refund.reference }),
          }
        )
      } catch (error) {
        logError(error, { gateway: 'frames', call: 'refund' })
        return {
          refunded: false,
          definite: false,
          resultCode: 'unreachable',
          resultMessage: 'gateway unreachable',
          actionRef: null,
        }
      }
      const json = await readJson(response)
      if (response.status === 202) {
        const answer = RefundAnswerSchema.safeParse(json)
        return {
          refunded: true,
          definite: true,
          resultCode: '202',
          resultMessage: 'Refunded',
          actionRef: answer.success ? answer.data.action_id : null,
        }
      }
      const error = ErrorAnswerSchema.safeParse(json)
      const code = error.success
        ? (error.data.error_codes?.[0] ?? error.data.error_type)
        : undefined
      return {
        refunded: false,
        // A 4xx is the provider's refusal; a 5xx or another status may have moved money.
        definite: response.status >= 400 && response.status < 500,
        resultCode: code ?? String(response.status),
        resultMessage: `Refund refused (HTTP ${response.status})`,
        actionRef: null,
      }
    },
    async refunds(_attempt, externalRef): Promise<GatewayRefundsAnswer> {
      if (!externalRef) {
        return { known: false, resultCode: 'no_reference', resultMessage: 'no payment id' }
      }
      let response: Response
      try {
        response = await fetcher(
          `${settings.apiUrl}/payments/${encodeURIComponent(externalRef)}/actions`,
          { method: 'GET', headers: headers(settings.secretKey) }
        )
      } catch (error) {
        logError(error, { gateway: 'frames', call: 'payment actions' })
        return { known: false, resultCode: 'unreachable', resultMessage: 'gateway unreachable' }
      }
      const answer = ActionsAnswerSchema.safeParse(await readJson(response))
      if (response.status !== 200 || !answer.success) {
        return {
          known: false,
          resultCode: String(response.status),
          resultMessage: `Actions not read (HTTP ${response.status})`,
        }
      }
      const refunds = answer.data
        .filter((action) => action.type === 'Refund' && action.approved !== false)
        .map((action) => ({
          reference: action.reference ?? '',
          amount: action.amount,
          actionRef: action.id,
        }))
      return {
        known: true,
        total: refunds.reduce((sum, refund) => sum + refund.amount, 0),
        refunds,
        voided: answer.data.some((action) => action.type === 'Void' && action.approved !== false),
        captured: answer.data
          .filter((action) => action.type === 'Capture' && action.approved !== false)
          .reduce((sum, action) => sum + action.amount, 0),
        resultCode: '200',
        resultMessage: `${refunds.length} refund(s) at the gateway`,
      }
    },
    async walletToken(data) {
      let tokenData: unknown
      try {
        tokenData = JSON.parse(data.tokenData)
      } catch {
        return null
      }
      try {
        const response = await fetcher(`${settings.apiUrl}/tokens`, {
          method: 'POST',
          headers: headers(settings.publicKey),
          body: JSON.stringify({
            type: data.wallet === 'applePay' ? 'applepay' : 'googlepay',
            token_data: tokenData,
          }),
        })
        const answer = TokenAnswerSchema.safeParse(await readJson(response))
        return response.status === 201 && answer.success ? answer.data.token : null
      } catch (error) {
        logError(error, { gateway: 'frames', call: 'wallet token' })
        return null
      }
    },
    async verifyCard(token, reference, currency) {
      const answer = await requestPayment(
        { source: { type: 'token', token }, amount: 0, currency, reference, capture: false },
        reference
      )
      if (isOutcome(answer)) return null
      const outcome = framesOutcome(answer, true)
      return outcome.kind === 'authorised' ? outcome.storedCard : null
    },
    // The provider keeps a saved card as an instrument (our token is its id): DELETE answers 204,
    // or 404 when it is already gone.
    async forgetCard(token): Promise<GatewayForgetResult> {
      try {
        const response = await fetcher(
          `${settings.apiUrl}/instruments/${encodeURIComponent(token)}`,
          { method: 'DELETE', headers: headers(settings.secretKey) }
        )
        const forgotten = response.status === 204 || response.status === 404
        return {
          forgotten,
          resultCode: String(response.status),
          resultMessage: forgotten ? 'Deleted' : `Delete refused (HTTP ${response.status})`,
        }
      } catch (error) {
        logError(error, { gateway: 'frames', call: 'delete instrument' })
        return { forgotten: false, resultCode: 'unreachable', resultMessage: 'gateway unreachable' }
      }
    },
  }
}
