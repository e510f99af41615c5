import { orderMarginStatement, paymentHoldOf } from './weighed-hold.ts'
import type { CardGateway, PaymentGateway } from '../../../schemas/checkout.ts'
import { metrics } from '../../lib/metrics.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  FORBIDDEN_CARD_FIELDS,
  HPP_RESPONSE_PATH,
  type MakePaymentRequest,
  type PaymentRedirect,
  type PaymentResult,
} from '../../../schemas/payments.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import {
  assertPayable,
  confirmOrder,
  placeInBatch,
  placingOf,
  findOrderById,
  findPayableOrder,
  isCouponUsedUp,
  type PayableOrder,
} from '../checkout/orders.ts'
import {
  findOrderReference,
  type OrderReference,
  orderPaymentStateStatement,
  orderReferenceStatement,
} from '../checkout/orders-repo.ts'
import {
  isOrderNoLongerPayable,
  payableCardStatement,
  payableCashStatement,
} from '../checkout/payable-hold-repo.ts'
import { randomToken } from '../../lib/crypto.ts'
import {
  type BatchKey,
  batchKey,
  idempotencyInProgress,
  type KeyAnswer,
} from '../idempotency-repo.ts'
import { realexConfig } from './config.ts'
import { paymentResult, paymentResultOf, requirePayment } from './payment-result.ts'
import { realexRedirect } from './realex-page.ts'
import {
  cardGatewayName,
  localSandboxActive,
  sandboxRebatePassword,
} from '../../lib/payments-config.ts'
import type { CardGatewayAdapter, GatewayVoidResult, PaymentAttempt } from './gateway.ts'
import {
  createRealexGateway,
  hppOutcome,
  payerRefFor,
  pmtRefFor,
  storedCardOf,
} from './realex-gateway.ts'
import { decodeHppResponse, verifyHppResponse } from '../../realex/hpp.ts'
import { realexRemoteUrl } from './realex-remote.ts'
import { requirePaymentSandbox } from '../adapters.ts'
import type { PaymentsEnv } from './env.ts'
import {
  completePaymentStatement,
  findOwedVoids,
  findPayment,
  findPaymentByGatewayOrderId,
  findPaymentByKey,
  paymentByKeyStatement,
  isBusinessUrl,
  newAttemptStatements,
  recordAuthorisationStatement,
  recordVoidStatement,
  keepCardStatements,
  orderNotPlacedStatement,
  storedAttempt,
  type PaymentRow,
} from './repo.ts'
import { deleteSavedCard, findOwnCard } from '../checkout/saved-cards-repo.ts'
import { claimOwedVoid } from './reconcile-repo.ts'
import { keyIndexOf } from '../shard.ts'
import {
  framesGatewayFor,
  isDirectPayment,
  payDirect,
  refreshDirectPayment,
} from './frames-payments.ts'

/*
 * Make payment, verify payment and the hosted card page's producer and consumer data (spec §7).
 * The amount is always the stored order's total; an order is confirmed only after the gateway
 * vouched for the payment (a verified hash), or for cash after the shopper confirmed it.
 *
 * One order, one charge: an order has at most one live (pending) attempt — a new make-payment
 * cancels the previous pending attempt in the batch that inserts its own, so the newest attempt
 * wins (the older tab's attempt is superseded, not refused). An authorisation that
 * arrives for a cancelled attempt, for an order already paid, or for a draft replaced by a newer
 * one is recorded, never confirms anything, and is voided through the gateway (voidOwed).
 */

export type { PaymentsEnv } from './env.ts'
export { paymentResult, requirePayment } from './payment-result.ts'
export { realexRedirect } from './realex-page.ts'

const FORBIDDEN = new Set<string>(FORBIDDEN_CARD_FIELDS.map((field) => field.toLowerCase()))

/**
 * Refuses a request that carries a card number or security code anywhere in its JSON (checked on
 * the raw body, before a schema could drop the key). The value is neither stored nor logged.
 */
export function refuseCardFields(body: unknown): void {
  const stack: Array<unknown> = [body]
  while (stack.length > 0) {
    const value = stack.pop()
    if (value === null || typeof value !== 'object') continue
    for (const [key, item] of Object.entries(value)) {
      if (FORBIDDEN.has(key.toLowerCase())) {
        throw new AppError('validation_error', MESSAGES.cardDetailsNotAccepted, {
          fields: [{ field: key, message: MESSAGES.cardDetailsNotAccepted }],
        })
      }
      stack.push(item)
    }
  }
}

function fieldError(field: string, message: string): AppError {
  return new AppError('validation_error', message, { fields: [{ field, message }] })
}

/** A Realex ORDER_ID: the order number plus a random suffix, unique per attempt, ≤50 chars. */
export function newGatewayOrderId(businessOrderId: string): string {
  return `${businessOrderId.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 30)}-${randomToken(9)}`
}

function expectedGateway(env: PaymentsEnv, method: MakePaymentRequest['paymentMethod']) {
  return method === 'paymentCash' ? 'cash' : cardGatewayName(env)
}

/** Spec §7 Make payment: once per Idempotency-Key (a retry answers the same attempt). */
export async function makePayment(
  env: PaymentsEnv,
  body: MakePaymentRequest,
  now: Date,
  /** Hands work on after the answer (the request's waitUntil): a cash placing's effects. */
  afterAnswer?: (work: () => Promise<void>) => Promise<void>
): Promise<PaymentResult> {
  const { idempotencyKey, ...request } = body
  const keyed = {
    businessId: body.businessId,
    scope: 'payments.make',
    key: idempotencyKey,
    request,
    now,
  }
  // Every payment claims its key in the batch that writes its attempt (ADR 069). Cash and a card
  // on the hosted page write nothing outside the database: the key's row is completed there. A
  // direct charge (a frames card, a wallet) asks its gateway after that batch: its key is held
  // ('in_progress') until the batch that records the gateway's answer completes it.
  const key = await batchKey(env.DB, keyed, { held: isDirectPayment(body) })
  return startPayment(env, body, now, { afterAnswer, key })
}

/**
 * The payment an earlier request with the key made: its recorded answer (ADR 069). A hosted card
 * attempt still waiting for its page is answered its page again, signed anew as producerData
 * signs it (nothing is charged by signing), so a replay sends the shopper where the first did; a
 * direct attempt still waiting for its 3-D Secure challenge, the challenge its key kept.
 */
async function paymentMadeBy(
  env: PaymentsEnv,
  body: MakePaymentRequest,
  now: Date,
  answer: KeyAnswer
): Promise<PaymentResult> {
  const made = await findPaymentByKey(env.DB, body.businessId, paymentKey(body))
  // The key's row and its payment are written in one batch: a replica between them, for now.
  if (!made) throw idempotencyInProgress()
  const waiting = made.status === 'pending' && made.completed_at === null
  if (waiting && isRedirect(answer.body)) return paymentResult(env.DB, made, answer.body)
  if (made.gateway === 'realex' && waiting && !isDirectPayment(body)) {
    const order = await findPayableOrder(env.DB, {
      businessId: body.businessId,
      brandId: body.brandId,
      orderId: made.order_id,
      basketToken: body.basketToken,
    })
    return paymentResult(env.DB, made, await realexRedirect(env, order, made, now))
  }
  return paymentResult(env.DB, made)
}

/**
 * A payment's batch that failed: rolled back by its order's hold (paid, superseded or changed
 * since it was read: assertPayable's refusal, read again), or by its key's claim (a duplicate
 * committed first: its answer), else thrown as it came.
 */
async function refusedBatch(
  env: PaymentsEnv,
  error: unknown,
  {
    order,
    body,
    now,
    key,
  }: { order: PayableOrder; body: MakePaymentRequest; now: Date; key: BatchKey }
): Promise<PaymentResult> {
  if (isOrderNoLongerPayable(error)) {
    await assertPayable(env.DB, order, body.paymentMethod, now)
    throw new AppError('conflict', MESSAGES.basketChanged, { details: { reason: 'superseded' } })
  }
  return key.afterFailure(error, (answer) => paymentMadeBy(env, body, now, answer))
}

/** Whether what a held key kept is a redirect (a 3-D Secure challenge's). */
function isRedirect(kept: unknown): kept is PaymentRedirect {
  return (
    typeof kept === 'object' &&
    kept !== null &&
    'url' in kept &&
    typeof kept.url === 'string' &&
    'method' in kept
  )
}

interface StartOptions {
  /** Hands work on after the answer (the request's waitUntil): a cash placing's effects. */
  afterAnswer: ((work: () => Promise<void>) => Promise<void>) | undefined
  /** The key claimed in the payment's own batch (held by a direct charge). */
  key: BatchKey
}

async function startPayment(
  env: PaymentsEnv,
  body: MakePaymentRequest,
  now: Date,
  { afterAnswer, key }: StartOptions
): Promise<PaymentResult> {
  const db = env.DB
  if (body.paymentGateway !== expectedGateway(env, body.paymentMethod)) {
    throw fieldError('paymentGateway', MESSAGES.paymentGatewayMismatch)
  }
  if (body.paymentMethod === 'paymentCash' && body.cashConfirmed !== true) {
    throw fieldError('cashConfirmed', MESSAGES.cashConfirmRequired)
  }
  // The return addresses are checked beside the order's reads (ADR 065), and a key claimed in
  // the batch is looked up beside them too (ADR 069); refusals keep their order: the key's, the
  // order's, then each address's in turn.
  const answered = key.answered()
  const fields = ['successUrl', 'failureUrl', 'cancelUrl'] as const
  const returnUrls = Promise.all(
    fields.map((field) => isBusinessUrl(db, body.businessId, body[field]))
  )
  const orderRead = findPayableOrder(db, {
    businessId: body.businessId,
    brandId: body.brandId,
    orderId: body.draftOrderId,
    basketToken: body.basketToken,
  })
  for (const later of [returnUrls, orderRead]) void later.catch(() => undefined)
  const earlier = await answered
  if (earlier) return paymentMadeBy(env, body, now, earlier)
  const order = await orderRead
  await assertPayable(db, order, body.paymentMethod, now)
  const ours = await returnUrls
  fields.forEach((field, index) => {
    if (!ours[index]) throw fieldError(field, MESSAGES.paymentReturnUrlInvalid)
  })
  // Paid in full by store credit (ADR 020): nothing to take, so no gateway is called, whatever
  // method the shopper chose; a zero attempt records it as cash does (confirmed at once).
  if (order.total === 0) {
    return payCash(env, order, body, now, { byCredit: true, afterAnswer, key })
  }
  if (body.paymentMethod === 'paymentCash') {
    return payCash(env, order, body, now, { afterAnswer, key })
  }
  if (body.paymentMethod === 'paymentCard' && body.paymentGateway === 'realex') {
    return startRealex(env, order, body, now, key)
  }
  if (isDirectPayment(body)) {
    return payDirect(env, order, body, now, {
      key,
      afterAnswer,
      idempotencyKey: paymentKey(body),
      gatewayOrderId: newGatewayOrderId(order.businessOrderId),
      refused: (error) => refusedBatch(env, error, { order, body, now, key }),
      settle: async (payment) => {
        const settled = await voidOwed(env, payment, now)
        await confirmIfPaid(env, settled, now)
        return settled
      },
    })
  }
  throw fieldError('paymentMethod', MESSAGES.paymentMethodNotAvailable)
}

function paymentKey(body: MakePaymentRequest): string {
  return `payments.make:${body.businessId}:${body.idempotencyKey}`
}

/**
 * A cash payment (or one store credit covers) in ONE batch (ADR 069): its key when claimed here,
 * the order's hold at the total it takes (payableCashStatement, which records the shopper's cash
 * confirmation), the attempt, the order's margin and state, then the placing (confirmOrder's
 * statements and effects). Any of them refused rolls back all of them.
 */
async function payCash(
  env: PaymentsEnv,
  order: PayableOrder,
  body: MakePaymentRequest,
  now: Date,
  { byCredit = false, afterAnswer, key }: StartOptions & { byCredit?: boolean }
): Promise<PaymentResult> {
  const db = env.DB
  const at = now.toISOString()
  const claim = key.claim
  let answer: Array<D1Result>
  try {
    answer = await placeInBatch(
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
          ...claim,
          payableCashStatement(db, order, !byCredit),
          ...newAttemptStatements(db, {
            businessId: order.businessId,
            orderId: order.orderId,
            customerId: order.customerId,
            gateway: 'cash',
            method: 'paymentCash',
            amount: order.total,
            currency: order.currency,
            gatewayOrderId: null,
            savedCardId: null,
            saveCard: false,
            idempotencyKey: paymentKey(body),
            successUrl: body.successUrl,
            failureUrl: body.failureUrl,
            cancelUrl: body.cancelUrl,
            responseUrl: null,
            payerRef: null,
            pmtRef: null,
            at,
          }),
          // Nothing is held in cash: a card attempt's margin before it must not let picking charge more.
          orderMarginStatement(db, order.orderId, await paymentHoldOf(db, order, 'paymentCash')),
          orderPaymentStateStatement(db, order.orderId, 'payment_pending'),
        ],
        // The answer, read in the same round trip as the writes (ADR 065).
        after: [
          paymentByKeyStatement(db, order.businessId, paymentKey(body)),
          orderReferenceStatement(db, order.orderId),
        ],
      }
    )
  } catch (error) {
    return refusedBatch(env, error, { order, body, now, key })
  }
  const [payment, reference] = answer.map((result) => result.results[0])
  if (payment === undefined) throw new Error('payment insert returned no row')
  return paymentResultOf(payment as PaymentRow, (reference as OrderReference | undefined) ?? null)
}

/**
 * A card on Realex's hosted page in ONE batch (ADR 069): its key when claimed here, the order's
 * hold at the total it takes (payableCardStatement), the attempt (superseding a pending one), the
 * order's margin and state, then the answer's reads; the page is signed from them.
 */
async function startRealex(
  env: PaymentsEnv,
  order: PayableOrder,
  body: MakePaymentRequest,
  now: Date,
  key: BatchKey
): Promise<PaymentResult> {
  const db = env.DB
  if ((body.saveCard || body.cardId !== undefined) && order.customerId === null) {
    throw fieldError(
      body.cardId !== undefined ? 'cardId' : 'saveCard',
      MESSAGES.savedCardsMembersOnly
    )
  }
  let savedCardId: number | null = null
  if (body.cardId !== undefined && order.customerId !== null) {
    const card = await findOwnCard(db, order.customerId, body.cardId)
    if (!card || card.gateway !== 'realex') throw new AppError('not_found', MESSAGES.cardNotFound)
    savedCardId = card.cardId
  }
  const saveCard = body.saveCard && savedCardId === null
  const gatewayOrderId = newGatewayOrderId(order.businessOrderId)
  // The page's answer may come back by this reference alone (ADR 056).
  await keyIndexOf(env)('gateway_order', gatewayOrderId, order.businessId)
  const origin = new URL(body.successUrl).origin
  const hold = await paymentHoldOf(db, order, 'paymentCard')
  let answer: Array<D1Result>
  try {
    answer = await db.batch([
      ...key.claim,
      payableCardStatement(db, order),
      ...newAttemptStatements(db, {
        businessId: order.businessId,
        orderId: order.orderId,
        customerId: order.customerId,
        gateway: 'realex',
        method: 'paymentCard',
        amount: hold.amount,
        captureLater: hold.captureLater,
        currency: order.currency,
        gatewayOrderId,
        savedCardId,
        saveCard,
        idempotencyKey: paymentKey(body),
        successUrl: body.successUrl,
        failureUrl: body.failureUrl,
        cancelUrl: body.cancelUrl,
        responseUrl: `${origin}${HPP_RESPONSE_PATH}`,
        payerRef:
          saveCard && order.customerId !== null
            ? payerRefFor(order.businessId, order.customerId)
            : null,
        pmtRef: saveCard ? pmtRefFor(gatewayOrderId) : null,
        at: now.toISOString(),
      }),
      orderMarginStatement(db, order.orderId, hold),
      orderPaymentStateStatement(db, order.orderId, 'payment_pending'),
      // The answer, read in the same round trip as the writes (ADR 065).
      paymentByKeyStatement(db, order.businessId, paymentKey(body)),
      orderReferenceStatement(db, order.orderId),
    ])
  } catch (error) {
    return refusedBatch(env, error, { order, body, now, key })
  }
  const [payment, reference] = answer.slice(-2).map((result) => result.results[0])
  if (payment === undefined) throw new Error('payment insert returned no row')
  const row = payment as PaymentRow
  const ordered = (reference as OrderReference | undefined) ?? null
  return paymentResultOf(row, ordered, await realexRedirect(env, order, row, now))
}

/** Spec §7 Hosted card page producer data: the signed request of a pending Realex attempt. */
export async function producerData(
  env: PaymentsEnv,
  input: {
    businessId: number
    brandId?: number | undefined
    basketToken: string
    orderId: number
    paymentId: number
  },
  now: Date
): Promise<PaymentRedirect> {
  const order = await findPayableOrder(env.DB, input)
  const payment = await requirePayment(env.DB, input.businessId, input.paymentId)
  if (payment.order_id !== order.orderId || payment.gateway !== 'realex') {
    throw new AppError('not_found', MESSAGES.paymentNotFound)
  }
  if (payment.status !== 'pending') {
    throw new AppError('conflict', MESSAGES.paymentAlreadyAnswered, {
      details: { reason: 'payment_answered' },
    })
  }
  return realexRedirect(env, order, payment, now)
}

export function answerInvalid(): AppError {
  return new AppError('validation_error', MESSAGES.paymentAnswerInvalid, {
    fields: [{ field: 'hppResponse', message: MESSAGES.paymentAnswerInvalid }],
  })
}

/** A paid attempt's order is confirmed (idempotent: repairs a confirm that failed earlier). */
export async function confirmIfPaid(
  env: PaymentsEnv,
  payment: PaymentRow,
  now: Date
): Promise<void> {
  if (payment.status !== 'authorised' && payment.status !== 'captured') return
  if (payment.void_reason !== null) return
  const order = await findOrderById(env.DB, payment.business_id, payment.order_id)
  if (!order || order.status === 'cancelled') return
  try {
    await confirmOrder(env, {
      businessId: payment.business_id,
      orderId: payment.order_id,
      now,
    })
  } catch (error) {
    if (!isCouponUsedUp(error)) throw error
    // Its coupon ran out before it was placed (issue 36.3): the authorisation is not kept.
    await orderNotPlacedStatement(env.DB, payment.id, now.toISOString()).run()
    await voidOwed(env, await requirePayment(env.DB, payment.business_id, payment.id), now)
    throw error
  }
}

/**
 * The hosted card page's signed answer, verified (constant time) before anything is read, and
 * this business's Realex payment it answers. A checkout's attempt and an amend's top-up each
 * answer at their own address (ADR 059): one posted to the other's is not found.
 */
export async function answeredHppPayment(
  env: PaymentsEnv,
  input: { businessId: number; hppResponse: string },
  answering: 'checkout' | 'top-up'
): Promise<{ fields: Record<string, string>; found: PaymentRow }> {
  const config = realexConfig(env)
  const fields = decodeHppResponse(input.hppResponse, { encoded: true })
  if (!fields || !(await verifyHppResponse(fields, config.secret))) throw answerInvalid()
  if (fields.MERCHANT_ID !== config.merchantId) throw answerInvalid()
  const found = await findPaymentByGatewayOrderId(env.DB, fields.ORDER_ID ?? '')
  if (
    !found ||
    found.business_id !== input.businessId ||
    found.gateway !== 'realex' ||
    (found.amend_pending_id !== null) !== (answering === 'top-up')
  ) {
    throw new AppError('not_found', MESSAGES.paymentNotFound)
  }
  return { fields, found }
}

/**
 * Spec §7 Hosted card page consumer data: verifies the page's signed answer (constant time)
 * before reading anything, records it once (a replay changes nothing and answers the same), keeps
 * a card the page stored, and confirms the order on RESULT 00.
 */
export async function consumerData(
  env: PaymentsEnv,
  input: { businessId: number; orderId?: number | undefined; hppResponse: string },
  now: Date
): Promise<PaymentResult> {
  const db = env.DB
  const { fields, found } = await answeredHppPayment(env, input, 'checkout')
  if (input.orderId !== undefined && found.order_id !== input.orderId) {
    throw new AppError('not_found', MESSAGES.paymentNotFound)
  }
  // A cancelled (superseded) attempt's answer is recorded too: if it took money, it is voided.
  if (found.completed_at === null && (found.status === 'pending' || found.status === 'cancelled')) {
    await recordHppAnswer(db, found, fields, now)
  }
  const payment = await voidOwed(env, await requirePayment(db, found.business_id, found.id), now)
  await confirmIfPaid(env, payment, now)
  return paymentResult(db, payment)
}

async function recordHppAnswer(
  db: D1Database,
  payment: PaymentRow,
  fields: Readonly<Record<string, string>>,
  now: Date
): Promise<void> {
  const outcome = hppOutcome(fields)
  const at = now.toISOString()
  // Each hosted page answer is recorded once (consumerData verifies and records it once).
  metrics.count('payment', { outcome: outcome.kind, gateway: 'realex' })
  if (outcome.kind === 'authorised') {
    // The page names the card only when it stored it (SAVED_PMT_*): then the order shows it.
    const stored =
      payment.payer_ref && payment.pmt_ref
        ? storedCardOf(fields, { payerRef: payment.payer_ref, pmtRef: payment.pmt_ref })
        : null
    const statements = [
      recordAuthorisationStatement(db, payment.id, {
        externalRef: outcome.externalRef,
        authCode: outcome.authCode,
        resultCode: outcome.resultCode,
        resultMessage: outcome.resultMessage,
        at,
        paidCard: stored ? { brand: stored.brand, last4: stored.last4 } : null,
      }),
    ]
    const card = payment.save_card === 1 ? stored : null
    if (card && payment.customer_id !== null) {
      // One transaction: the card is kept unless the member has it already (same brand, last
      // four and expiry), and the answer's note says which — the same for every replay.
      statements.push(...keepCardStatements(db, 'realex', payment.customer_id, card, payment.id))
    }
    await db.batch(statements)
    return
  }
  // A superseded attempt's decline took nothing and must not mark the live attempt's order failed.
  if (payment.status !== 'pending') return
  if (outcome.kind === 'declined' || outcome.kind === 'failed') {
    await db.batch([
      completePaymentStatement(db, payment.id, {
        status: outcome.kind,
        externalRef: fields.PASREF || null,
        authCode: null,
        resultCode: outcome.resultCode,
        resultMessage: outcome.resultMessage,
        at,
      }),
      orderPaymentStateStatement(db, payment.order_id, 'payment_failed'),
    ])
  }
}

/** Spec §7 Verify payment: the attempt's current state (after a return from the card page). */
export async function verifyPayment(
  env: PaymentsEnv,
  input: {
    businessId: number
    brandId?: number | undefined
    basketToken: string
    paymentId: number
    paymentGateway: PaymentGateway
    draftOrderId: number
  },
  now: Date
): Promise<PaymentResult> {
  const order = await findPayableOrder(env.DB, {
    businessId: input.businessId,
    brandId: input.brandId,
    orderId: input.draftOrderId,
    basketToken: input.basketToken,
  })
  const payment = await requirePayment(env.DB, input.businessId, input.paymentId)
  if (payment.order_id !== order.orderId || payment.gateway !== input.paymentGateway) {
    throw new AppError('not_found', MESSAGES.paymentNotFound)
  }
  // A frames attempt back from its 3-D Secure challenge: ask the provider first.
  const current = await voidOwed(env, await refreshDirectPayment(env, payment, now), now)
  await confirmIfPaid(env, current, now)
  return paymentResult(env.DB, current)
}

/**
 * The adapter of a payment's card gateway, for the calls after the payment (void, refund); wallets
 * paid through their card gateway answer through it too. Null: no adapter (cash).
 */
export async function gatewayOfPayment(
  env: PaymentsEnv,
  payment: PaymentRow,
  now: Date
): Promise<CardGatewayAdapter | null> {
  const origin = new URL(payment.response_url ?? payment.success_url ?? '').origin
  if (payment.gateway === 'frames') return framesGatewayFor(env, origin)
  if (payment.gateway !== 'realex') return null
  return realexGatewayAt(env, origin, now)
}

/** The Realex gateway with its remote API (voids, rebates, card storage) for calls after a page. */
async function realexGatewayAt(
  env: PaymentsEnv,
  origin: string,
  now: Date
): Promise<CardGatewayAdapter> {
  return createRealexGateway(realexConfig(env), {
    now,
    origin,
    payerExists: false,
    remote: {
      url: realexRemoteUrl(env, origin),
      rebatePassword: localSandboxActive(env)
        ? await sandboxRebatePassword(env)
        : env.REALEX_REBATE_PASSWORD?.trim() || null,
      // Workers' fetch must be called unbound from any object.
      fetch: localSandboxActive(env)
        ? requirePaymentSandbox(env).remoteFetch(env)
        : (input, init) => fetch(input, init),
    },
  })
}

/** What a later call (void, refund) needs of an attempt: its references, amount and currency. */
export async function storedAttemptOf(
  db: D1Database,
  payment: PaymentRow
): Promise<PaymentAttempt> {
  const order = await findOrderReference(db, payment.order_id)
  return storedAttempt(payment, order?.business_order_id ?? '')
}

/**
 * Voids an authorisation that must not be kept (void_reason set, not yet voided) and records the
 * gateway's answer; any other payment is returned as it is. A refusal or outage leaves the void
 * owed: the next answer replay, verify, or retryOwedVoids tries again.
 */
export async function voidOwed(
  env: PaymentsEnv,
  payment: PaymentRow,
  now: Date
): Promise<PaymentRow> {
  if (payment.void_reason === null || payment.voided_at !== null) return payment
  if (payment.status !== 'authorised') return payment
  const gateway = await gatewayOfPayment(env, payment, now)
  let result: GatewayVoidResult = {
    voided: false,
    definite: true,
    resultCode: 'unavailable',
    resultMessage: `no void for the ${payment.gateway} gateway`,
  }
  if (gateway)
    result = await gateway.void(await storedAttemptOf(env.DB, payment), payment.external_ref)
  await recordVoidStatement(env.DB, payment.id, { ...result, at: now.toISOString() }).run()
  return requirePayment(env.DB, payment.business_id, payment.id)
}

/**
 * An operator's "Try again" on an owed void (issue 37): claimed first (claimOwedVoid), so of many
 * at once one asks the gateway; null when the business owes no such void, or another try holds it.
 */
export async function retryOwedVoidNow(
  env: PaymentsEnv,
  businessId: number,
  paymentId: number,
  now: Date
): Promise<'voided' | 'owed' | null> {
  const payment = await findPayment(env.DB, businessId, paymentId)
  if (!payment || payment.void_reason === null || payment.voided_at !== null) return null
  if (payment.status !== 'authorised') return null
  if (!(await claimOwedVoid(env.DB, { id: payment.id, businessId }))) return null
  const after = await voidOwed(env, payment, now)
  return after.voided_at !== null ? 'voided' : 'owed'
}

/** Retries owed voids (a scheduled sweep): how many are voided now, and how many remain owed. */
export async function retryOwedVoids(
  env: PaymentsEnv,
  now: Date,
  limit = 50
): Promise<{ voided: number; owed: number }> {
  let voided = 0
  let owed = 0
  for (const payment of await findOwedVoids(env.DB, limit)) {
    const after = await voidOwed(env, payment, now)
    if (after.voided_at !== null) voided++
    else owed++
  }
  return { voided, owed }
}

/**
 * Deletes one of the member's saved cards: first at the gateway that keeps it (through its
 * adapter), then our reference. Another member's card, or none, is 404 'We could not find that
 * card.'; when the gateway does not confirm, our reference stays (so the member can try again)
 * and the answer is upstream_error.
 */
export async function deleteMemberCard(
  env: PaymentsEnv,
  input: { customerId: number; cardId: number; origin: string },
  now: Date
): Promise<void> {
  const card = await findOwnCard(env.DB, input.customerId, input.cardId)
  if (!card) throw new AppError('not_found', MESSAGES.cardNotFound)
  if (!(await forgetCardAtGateway(env, card, input.origin, now))) {
    throw new AppError('upstream_error', MESSAGES.cardDeleteFailed)
  }
  await deleteSavedCard(env.DB, input.customerId, input.cardId)
}

/**
 * Asks the gateway that keeps a saved card (Realex card storage, the frames provider's
 * instrument) to forget it, through its adapter: true when it confirmed. The saved-cards page
 * and forget-me both delete this way; a refusal is logged with the gateway's reference.
 */
export async function forgetCardAtGateway(
  env: PaymentsEnv,
  card: { gateway: CardGateway; token: string },
  origin: string,
  now: Date
): Promise<boolean> {
  const gateway =
    card.gateway === 'frames'
      ? await framesGatewayFor(env, origin)
      : await realexGatewayAt(env, origin, now)
  const result = await gateway.forgetCard(card.token)
  if (!result.forgotten) {
    logError(new Error('saved card not deleted at the gateway'), {
      gateway: card.gateway,
      reference: card.token,
      resultCode: result.resultCode,
    })
  }
  return result.forgotten
}
