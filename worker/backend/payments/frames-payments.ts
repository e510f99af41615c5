import type { PaymentGateway } from '../../../schemas/checkout.ts'
import { metrics } from '../../lib/metrics.ts'
import { DEFAULT_CURRENCY } from '../../../schemas/constants.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { MakePaymentRequest } from '../../../schemas/payments.ts'
import { AppError } from '../../lib/errors.ts'
import type { PaymentResult } from '../../../schemas/payments.ts'
import { isCouponUsedUp, type PayableOrder, placeInBatch, placingOf } from '../checkout/orders.ts'
import {
  type OrderReference,
  orderPaymentStateStatement,
  orderReferenceStatement,
} from '../checkout/orders-repo.ts'
import {
  isOrderNoLongerPayable,
  keptAuthorisationStatement,
  payableCardStatement,
} from '../checkout/payable-hold-repo.ts'
import { type BatchKey, keepKeyForAttempt } from '../idempotency-repo.ts'
import { paymentResult, paymentResultOf, requirePayment } from './payment-result.ts'
import { attemptOf } from './realex-page.ts'
import { orderMarginStatement, paymentHoldOf } from './weighed-hold.ts'
import { randomToken } from '../../lib/crypto.ts'
import { realexConfig } from './config.ts'
import { localSandboxActive } from '../../lib/payments-config.ts'
import { framesSettings, type FramesEnv } from './frames-config.ts'
import { createFramesGateway, type FramesFetch, type FramesGateway } from './frames-gateway.ts'
import { requirePaymentSandbox } from '../adapters.ts'
import type { GatewayOutcome, PaymentAttempt } from './gateway.ts'
import { rawDatabaseOf } from '../../lib/fault-injection.ts'
import { realexRemoteUrl } from './realex-remote.ts'
import {
  completePaymentStatement,
  findPayment,
  keepCardStatements,
  newAttemptStatements,
  orderNotPlacedStatement,
  paymentByIdStatement,
  paymentByKeyStatement,
  pendingExternalRefStatement,
  recordAuthorisationStatement,
  storedAttempt,
  type PaymentRow,
} from './repo.ts'
import { findOwnCard } from '../checkout/saved-cards-repo.ts'
import type { PaymentsEnv } from './env.ts'
import {
  realexWalletCharge,
  sandboxWalletCharge,
  type Wallet,
  type WalletCharge,
} from './wallets.ts'

/*
 * Payments that the gateway answers at once (or after a 3-D Secure challenge) rather than on a
 * hosted page: a card from the embedded frames (CARD_GATEWAY="frames"), and Apple Pay / Google
 * Pay through the card gateway. make-payment's dispatch (service.ts startPayment) hands these
 * here; the amount is the stored order's total, and the order is confirmed only on the gateway's
 * own 'authorised'.
 */

export type DirectPaymentEnv = PaymentsEnv & FramesEnv

/** What make-payment's dispatch lends this flow (service.ts keeps one way of doing each). */
export interface DirectPaymentContext {
  /** The payment's key, held in the attempt's batch until the answer's (ADR 069). */
  key: BatchKey
  /** Hands the placing's effects on after the answer (the request's waitUntil). */
  afterAnswer: ((work: () => Promise<void>) => Promise<void>) | undefined
  /** The attempt's own key (payments.idempotency_key) and its gateway order id. */
  idempotencyKey: string
  gatewayOrderId: string
  /** The answer of an attempt's batch that failed (refused, or a duplicate's: its answer). */
  refused(error: unknown): Promise<PaymentResult>
  /** An authorisation that is not kept voided, one that is kept placed: the payment after. */
  settle(payment: PaymentRow): Promise<PaymentRow>
}

/** Whether make-payment's request is one of these: a frames card or a wallet. */
export function isDirectPayment(body: MakePaymentRequest): boolean {
  return (
    body.paymentMethod === 'applePay' ||
    body.paymentMethod === 'googlePay' ||
    (body.paymentMethod === 'paymentCard' && body.paymentGateway === 'frames')
  )
}

function fieldError(field: string, message: string): AppError {
  return new AppError('validation_error', message, { fields: [{ field, message }] })
}

/** The frames gateway of this deployment: the provider, or the local sandbox in-process. */
export async function framesGatewayFor(
  env: DirectPaymentEnv,
  origin: string,
  fetcher?: FramesFetch
): Promise<FramesGateway> {
  const settings = await framesSettings(env, origin)
  const transport =
    fetcher ??
    (settings.localSandbox
      ? requirePaymentSandbox(env).framesFetch(env)
      : (input: string, init: RequestInit) => fetch(input, init))
  return createFramesGateway(settings, transport)
}

/** What a direct payment charges: the card or wallet token, and a saved card's own. */
export interface DirectSource {
  wallet: Wallet | null
  token: string
  savedCardId: number | null
  savedCardToken: string | null
  saveCard: boolean
}

/** The request's card or wallet token, checked before anything is written. */
export async function directSourceOf(
  db: D1Database,
  order: PayableOrder,
  body: MakePaymentRequest
): Promise<DirectSource> {
  if (body.paymentMethod === 'applePay' || body.paymentMethod === 'googlePay') {
    const apple = body.paymentMethod === 'applePay'
    const token = apple ? body.appleTokenData : body.googleTokenData
    if (!token) {
      throw fieldError(
        apple ? 'appleTokenData' : 'googleTokenData',
        apple ? MESSAGES.applePayAvailability : MESSAGES.googlePayFailed
      )
    }
    return {
      wallet: body.paymentMethod,
      token,
      savedCardId: null,
      savedCardToken: null,
      saveCard: false,
    }
  }
  if ((body.saveCard || body.cardId !== undefined) && order.customerId === null) {
    throw fieldError(
      body.cardId !== undefined ? 'cardId' : 'saveCard',
      MESSAGES.savedCardsMembersOnly
    )
  }
  if (body.cardId !== undefined && order.customerId !== null) {
    const card = await findOwnCard(db, order.customerId, body.cardId)
    if (!card || card.gateway !== 'frames') throw new AppError('not_found', MESSAGES.cardNotFound)
    if (!body.cvvToken) throw fieldError('cvvToken', MESSAGES.cvvRequired)
    return {
      wallet: null,
      token: body.cvvToken,
      savedCardId: card.cardId,
      savedCardToken: card.token,
      saveCard: false,
    }
  }
  if (!body.token) throw fieldError('token', MESSAGES.cardFormInvalid)
  return {
    wallet: null,
    token: body.token,
    savedCardId: null,
    savedCardToken: null,
    saveCard: body.saveCard,
  }
}

/** Asks the gateway to charge the attempt: the frames provider, or a wallet through its gateway. */
export async function chargeDirect(
  env: DirectPaymentEnv,
  attempt: PaymentAttempt,
  wallet: Wallet | null,
  gateway: PaymentGateway,
  origin: string,
  now: Date
): Promise<WalletCharge> {
  if (wallet && gateway === 'realex') {
    const config = realexConfig(env)
    return localSandboxActive(env)
      ? // The sandbox stands for the provider: its ledger is not this shop's (rawDatabaseOf).
        sandboxWalletCharge(requirePaymentSandbox(env), rawDatabaseOf(env), config, attempt, wallet)
      : realexWalletCharge(config, attempt, wallet, {
          url: realexRemoteUrl(env, origin),
          fetch: (input, init) => fetch(input, init),
          now,
        })
  }
  const frames = await framesGatewayFor(env, origin)
  if (!wallet) return frames.charge(attempt)
  const cardToken = await frames.walletToken({ wallet, tokenData: attempt.token ?? '' })
  if (!cardToken) {
    return {
      outcome: {
        kind: 'failed',
        resultCode: 'token_invalid',
        resultMessage: 'Wallet token refused',
      },
      ref: null,
    }
  }
  return frames.charge({ ...attempt, token: cardToken, saveCard: false })
}

/**
 * What the gateway said, as statements recording it once (only a pending attempt changes):
 * authorised keeps a card the member asked to save ('Card already exists!' when they have it),
 * declined and failed leave the order payable again, a challenge keeps the gateway's payment id
 * for the status call. The one-charge rule decides in the authorisation's own statement whether
 * it may be kept (a superseded attempt's or a paid order's gets a void_reason; voidOwed voids it).
 */
export function directOutcomeStatements(
  db: D1Database,
  payment: PaymentRow,
  outcome: GatewayOutcome,
  ref: string | null,
  now: Date
): Array<D1PreparedStatement> {
  const at = now.toISOString()
  if (outcome.kind === 'redirect' || outcome.kind === 'pending') {
    if (!ref) return []
    const paidCard = outcome.kind === 'redirect' ? (outcome.paidCard ?? null) : null
    return [pendingExternalRefStatement(db, payment.id, ref, now, paidCard)]
  }
  if (outcome.kind !== 'authorised') {
    return [
      completePaymentStatement(db, payment.id, {
        status: outcome.kind,
        externalRef: ref ?? payment.external_ref,
        authCode: null,
        resultCode: outcome.kind === 'cancelled' ? null : outcome.resultCode,
        resultMessage: outcome.kind === 'cancelled' ? null : outcome.resultMessage,
        at,
      }),
      orderPaymentStateStatement(db, payment.order_id, 'payment_failed'),
    ]
  }
  const statements = [
    recordAuthorisationStatement(db, payment.id, {
      externalRef: outcome.externalRef ?? ref,
      authCode: outcome.authCode,
      resultCode: outcome.resultCode,
      resultMessage: outcome.resultMessage,
      at,
      paidCard: outcome.paidCard ?? null,
    }),
  ]
  const card = outcome.storedCard
  if (card && payment.save_card === 1 && payment.customer_id !== null) {
    statements.push(...keepCardStatements(db, 'frames', payment.customer_id, card, payment.id))
  }
  return statements
}

/** Counts a direct payment's answer (once: by the call that asked the gateway). */
export function countDirectOutcome(outcome: GatewayOutcome): void {
  if (outcome.kind === 'declined' || outcome.kind === 'failed' || outcome.kind === 'authorised') {
    metrics.count('payment', { outcome: outcome.kind, gateway: 'frames' })
  }
}

/**
 * A frames card or a wallet (ADR 069): the key held ('in_progress') in the batch that writes the
 * attempt behind payableCardStatement, so of concurrent duplicates only that batch's winner asks
 * the gateway, and nothing is charged for an order paid meanwhile; then ONE batch records the
 * gateway's answer, places the order when the authorisation is kept, completes the key (keeping
 * a 3-D Secure challenge's redirect) and reads the answer. A gateway call that throws keeps the
 * key for its attempt (keepKeyForAttempt), which stays pending for the unanswered-payments cron
 * to ask about: a retry with the same body is answered with that attempt, not charged again.
 */
export async function payDirect(
  env: DirectPaymentEnv,
  order: PayableOrder,
  body: MakePaymentRequest,
  now: Date,
  lent: DirectPaymentContext
): Promise<PaymentResult> {
  const { key } = lent
  const db = env.DB
  const source = await directSourceOf(db, order, body)
  const hold = await paymentHoldOf(db, order, body.paymentMethod)
  let written: Array<D1Result>
  try {
    written = await db.batch([
      ...key.claim,
      payableCardStatement(db, order),
      ...newAttemptStatements(db, {
        businessId: order.businessId,
        orderId: order.orderId,
        customerId: order.customerId,
        gateway: body.paymentGateway,
        method: body.paymentMethod,
        amount: hold.amount,
        captureLater: hold.captureLater,
        currency: order.currency,
        // No directory entry for it (keyIndexOf): no answer arrives by it alone, as the hosted
        // page's does; a challenge's return is verify payment, which names the business.
        gatewayOrderId: lent.gatewayOrderId,
        savedCardId: source.savedCardId,
        saveCard: source.saveCard,
        idempotencyKey: lent.idempotencyKey,
        successUrl: body.successUrl,
        failureUrl: body.failureUrl,
        cancelUrl: body.cancelUrl,
        responseUrl: null,
        payerRef: null,
        pmtRef: null,
        at: now.toISOString(),
      }),
      orderMarginStatement(db, order.orderId, hold),
      orderPaymentStateStatement(db, order.orderId, 'payment_pending'),
      paymentByKeyStatement(db, order.businessId, lent.idempotencyKey),
    ])
  } catch (error) {
    return lent.refused(error)
  }
  const payment = written.at(-1)?.results[0] as PaymentRow | undefined
  if (payment === undefined) throw new Error('payment insert returned no row')
  let charged: WalletCharge
  try {
    charged = await chargeDirect(
      env,
      { ...attemptOf(order, payment, source.savedCardToken), token: source.token },
      source.wallet,
      body.paymentGateway,
      new URL(body.successUrl).origin,
      now
    )
  } catch (error) {
    await keepKeyForAttempt(key, 'payments.make')
    throw error
  }
  countDirectOutcome(charged.outcome)
  return recordDirectAnswer(env, order, payment, charged, now, lent)
}

/**
 * The gateway's answer to a direct payment in ONE batch (ADR 069): its record, and when it
 * authorised, the placing behind keptAuthorisationStatement (placeInBatch, its effects handed on
 * after the answer); the key completed and the answer's reads. When the placing rolls back (the
 * authorisation is not kept, or the order's coupon ran out meanwhile), the record and the void
 * get a batch of their own: the card is never left authorised with no record.
 */
async function recordDirectAnswer(
  env: DirectPaymentEnv,
  order: PayableOrder,
  payment: PaymentRow,
  { outcome, ref }: WalletCharge,
  now: Date,
  { afterAnswer, key, settle }: DirectPaymentContext
): Promise<PaymentResult> {
  const db = env.DB
  const record = directOutcomeStatements(db, payment, outcome, ref, now)
  const redirect = outcome.kind === 'redirect' ? outcome.redirect : null
  const complete = key.complete(redirect)
  const reads = [
    paymentByIdStatement(db, payment.business_id, payment.id),
    orderReferenceStatement(db, order.orderId),
  ]
  let answer: Array<D1Result>
  try {
    answer =
      outcome.kind === 'authorised'
        ? await placeInBatch(
            env,
            placingOf(order),
            {
              businessId: order.businessId,
              orderId: order.orderId,
              now,
              ...(afterAnswer ? { handOn: afterAnswer } : {}),
            },
            {
              before: [
                ...record,
                keptAuthorisationStatement(db, order.orderId, payment.id),
                complete,
              ],
              after: reads,
            }
          )
        : (await db.batch([...record, complete, ...reads])).slice(-reads.length)
  } catch (error) {
    if (isCouponUsedUp(error)) {
      // The order is not placed at its discounted price (issue 36.3): its authorisation is
      // recorded, not kept and voided; the key goes, as for a refusal.
      await db.batch([
        ...record,
        orderNotPlacedStatement(db, payment.id, now.toISOString()),
        key.release(),
      ])
      await settle(await requirePayment(db, payment.business_id, payment.id))
      throw error
    }
    if (!isOrderNoLongerPayable(error)) {
      // Nothing of the answer was written: the attempt stays pending, for the cron to ask about.
      await keepKeyForAttempt(key, 'payments.make')
      throw error
    }
    // Not kept (superseded, or the order paid meanwhile): recorded with its void_reason, voided.
    await db.batch([...record, complete])
    return paymentResult(
      db,
      await settle(await requirePayment(db, payment.business_id, payment.id))
    )
  }
  const [row, reference] = answer.map((result) => result.results[0])
  if (row === undefined) throw new Error('payment vanished after its answer')
  return paymentResultOf(
    row as PaymentRow,
    (reference as OrderReference | undefined) ?? null,
    redirect
  )
}

/**
 * Verify payment's question to the frames provider for an attempt still pending (the shopper is
 * back from a 3-D Secure challenge): records its answer and returns the payment as stored now.
 */
export async function refreshDirectPayment(
  env: DirectPaymentEnv,
  payment: PaymentRow,
  now: Date
): Promise<PaymentRow> {
  // A superseded attempt (cancelled, unanswered) is asked too: a late authorisation is voided.
  const unanswered =
    (payment.status === 'pending' || payment.status === 'cancelled') &&
    payment.completed_at === null
  if (payment.gateway !== 'frames' || !unanswered || !payment.external_ref) return payment
  const gateway = await framesGatewayFor(env, new URL(payment.success_url ?? '').origin)
  const outcome = await gateway.status(storedAttempt(payment), payment.external_ref)
  countDirectOutcome(outcome)
  const statements = directOutcomeStatements(env.DB, payment, outcome, payment.external_ref, now)
  if (statements.length > 0) await env.DB.batch(statements)
  return (await findPayment(env.DB, payment.business_id, payment.id)) ?? payment
}

/**
 * Spec §7 Member cards add with a frames token: a zero-amount verification gives the card the
 * provider keeps; stored for the member unless they have it already ('Card already exists!').
 */
export async function addFramesCard(
  env: DirectPaymentEnv,
  input: { customerId: number; token: string; origin: string }
): Promise<void> {
  const gateway = await framesGatewayFor(env, input.origin)
  const card = await gateway.verifyCard(
    input.token,
    `card-${input.customerId}-${randomToken(9)}`,
    DEFAULT_CURRENCY
  )
  if (!card) throw fieldError('token', MESSAGES.cardFormInvalid)
  const [insert] = await env.DB.batch(
    keepCardStatements(env.DB, 'frames', input.customerId, card, null)
  )
  if ((insert?.meta.changes ?? 0) === 0) throw fieldError('token', MESSAGES.cardExists)
}
