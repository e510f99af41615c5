import { orderMarginStatement, paymentHoldOf } from './weighed-hold.ts'
import type { PaymentGateway } from '../../../schemas/checkout.ts'
import { metrics } from '../../lib/metrics.ts'
import { DEFAULT_CURRENCY } from '../../../schemas/constants.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { MakePaymentRequest, PaymentRedirect } from '../../../schemas/payments.ts'
import { AppError } from '../../lib/errors.ts'
import type { PayableOrder } from '../checkout/orders.ts'
import { orderPaymentStateStatement } from '../checkout/orders-repo.ts'
import { randomToken } from '../../lib/crypto.ts'
import { realexConfig } from './config.ts'
import { localSandboxActive } from '../../lib/payments-config.ts'
import { framesSettings, type FramesEnv } from './frames-config.ts'
import { createFramesGateway, type FramesFetch, type FramesGateway } from './frames-gateway.ts'
import { requirePaymentSandbox } from '../adapters.ts'
import type { GatewayOutcome, PaymentAttempt } from './gateway.ts'
import { realexRemoteUrl } from './realex-remote.ts'
import {
  completePaymentStatement,
  findPayment,
  keepCardStatements,
  newAttemptStatements,
  recordAuthorisationStatement,
  savePendingExternalRef,
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
  idempotencyKey: string
  gatewayOrderId: string
  attemptOf(order: PayableOrder, payment: PaymentRow, savedCardToken: string | null): PaymentAttempt
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

interface Source {
  wallet: Wallet | null
  token: string
  savedCardId: number | null
  savedCardToken: string | null
  saveCard: boolean
}

/** The request's card or wallet token, checked before anything is written. */
async function sourceOf(
  db: D1Database,
  order: PayableOrder,
  body: MakePaymentRequest
): Promise<Source> {
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

async function charge(
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
      ? sandboxWalletCharge(requirePaymentSandbox(env), env.DB, config, attempt, wallet)
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
 * Records what the gateway said, once (only a pending attempt changes): authorised keeps a card
 * the member asked to save ('Card already exists!' when they have it), declined and failed leave
 * the order payable again, a challenge keeps the gateway's payment id for the status call.
 */
export async function recordDirectOutcome(
  db: D1Database,
  payment: PaymentRow,
  outcome: GatewayOutcome,
  ref: string | null,
  now: Date
): Promise<void> {
  const at = now.toISOString()
  if (outcome.kind === 'redirect' || outcome.kind === 'pending') {
    if (ref) {
      const paidCard = outcome.kind === 'redirect' ? (outcome.paidCard ?? null) : null
      await savePendingExternalRef(db, payment.id, ref, now, paidCard)
    }
    return
  }
  if (outcome.kind === 'cancelled') {
    await db.batch([
      completePaymentStatement(db, payment.id, {
        status: 'cancelled',
        externalRef: ref ?? payment.external_ref,
        authCode: null,
        resultCode: null,
        resultMessage: null,
        at,
      }),
      orderPaymentStateStatement(db, payment.order_id, 'payment_failed'),
    ])
    return
  }
  if (outcome.kind === 'declined' || outcome.kind === 'failed' || outcome.kind === 'authorised') {
    metrics.count('payment', { outcome: outcome.kind, gateway: 'frames' })
  }
  if (outcome.kind === 'declined' || outcome.kind === 'failed') {
    await db.batch([
      completePaymentStatement(db, payment.id, {
        status: outcome.kind,
        externalRef: ref ?? payment.external_ref,
        authCode: null,
        resultCode: outcome.resultCode,
        resultMessage: outcome.resultMessage,
        at,
      }),
      orderPaymentStateStatement(db, payment.order_id, 'payment_failed'),
    ])
    return
  }
  if (outcome.kind !== 'authorised') return
  // The one-charge rule decides in the same statement whether this authorisation may be kept (a
  // superseded attempt's or a paid order's gets a void_reason; service.ts voidOwed voids it).
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
  await db.batch(statements)
}

/**
 * make-payment for a frames card or a wallet: records the attempt, charges it, records the
 * answer; an authorised payment confirms the order, a challenge answers its redirect.
 */
export async function startDirectPayment(
  env: DirectPaymentEnv,
  order: PayableOrder,
  body: MakePaymentRequest,
  now: Date,
  context: DirectPaymentContext
): Promise<{ paymentId: number; redirect: PaymentRedirect | null }> {
  const db = env.DB
  const source = await sourceOf(db, order, body)
  const hold = await paymentHoldOf(db, order, body.paymentMethod)
  // The per-order claim (repo.ts newAttemptStatements): a pending attempt of the order is
  // superseded in the same batch, so at most one attempt of an order is live.
  const [, inserted] = await db.batch([
    ...newAttemptStatements(db, {
      businessId: order.businessId,
      orderId: order.orderId,
      customerId: order.customerId,
      gateway: body.paymentGateway,
      method: body.paymentMethod,
      amount: hold.amount,
      captureLater: hold.captureLater,
      currency: order.currency,
      gatewayOrderId: context.gatewayOrderId,
      savedCardId: source.savedCardId,
      saveCard: source.saveCard,
      idempotencyKey: context.idempotencyKey,
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
  ])
  const paymentId = (inserted?.results[0] as { id: number } | undefined)?.id
  if (paymentId === undefined) throw new Error('payment insert returned no id')
  const payment = await findPayment(db, order.businessId, paymentId)
  if (!payment) throw new Error('payment vanished after insert')
  const attempt: PaymentAttempt = {
    ...context.attemptOf(order, payment, source.savedCardToken),
    token: source.token,
  }
  const origin = new URL(body.successUrl).origin
  const { outcome, ref } = await charge(
    env,
    attempt,
    source.wallet,
    body.paymentGateway,
    origin,
    now
  )
  await recordDirectOutcome(db, payment, outcome, ref, now)
  // An authorised payment is confirmed (or voided) by make-payment's dispatch, as every gateway's.
  return { paymentId, redirect: outcome.kind === 'redirect' ? outcome.redirect : null }
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
  await recordDirectOutcome(env.DB, payment, outcome, payment.external_ref, now)
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
