import { MESSAGES } from '../../../schemas/messages.ts'
import type { PaymentRedirect } from '../../../schemas/payments.ts'
import { AMEND_HPP_RESPONSE_PATH } from '../../../schemas/order-amend.ts'
import { AppError } from '../../lib/errors.ts'
import { cardGatewayName } from '../../lib/payments-config.ts'
import { metrics } from '../../lib/metrics.ts'
import { findOrderById } from '../checkout/orders.ts'
import { keyIndexOf } from '../shard.ts'
import type { PaymentsEnv } from './env.ts'
import { hppOutcome } from './realex-gateway.ts'
import {
  completePaymentStatement,
  newAttemptStatements,
  recordTopUpAuthorisationStatement,
  supersedeOtherChangesStatement,
  type PaymentRow,
} from './repo.ts'
import {
  answeredHppPayment,
  newGatewayOrderId,
  realexRedirect,
  requirePayment,
  voidOwed,
} from './service.ts'

/*
 * An amend's top-up (issue 42, ADR 059): the difference between an amended order's new total and
 * what its payments cover, authorised on the same hosted card page as checkout and held like a
 * weighed order's payment (captured at picking, ADR 039). The attempt names its pending change;
 * its signed answer comes back to the amend's own address, is verified as checkout's is, and is
 * kept only while that change is still pending. Applying the change is the amend's (its guarded
 * batch, order-amend/top-up.ts); a top-up never places an order.
 */

/**
 * Only the hosted card page takes a top-up: with embedded frames the amend is refused as before
 * (amendNeedsPayment), before anything is held.
 */
export function assertTopUpAvailable(env: PaymentsEnv): void {
  if (cardGatewayName(env) !== 'realex') {
    throw new AppError('conflict', MESSAGES.amendNeedsPayment)
  }
}

export interface TopUpStart {
  businessId: number
  orderId: number
  pendingId: number
  amount: number
  successUrl: string
  failureUrl: string
  cancelUrl: string
}

/**
 * A new top-up attempt for the pending change: the order's live attempt before it (an older
 * top-up in another tab) is superseded with its pending change, as checkout's newest attempt
 * wins. Answers the hosted page's signed request. Only the hosted card page is built for it: with
 * embedded frames the amend is refused as before (amendNeedsPayment).
 */
export async function startTopUp(
  env: PaymentsEnv,
  input: TopUpStart,
  now: Date
): Promise<{ paymentId: number; redirect: PaymentRedirect }> {
  assertTopUpAvailable(env)
  const db = env.DB
  const order = await findOrderById(db, input.businessId, input.orderId)
  if (!order) throw new AppError('not_found', MESSAGES.orderNotFound)
  const gatewayOrderId = newGatewayOrderId(order.businessOrderId)
  // The page's answer may come back by this reference alone (ADR 056).
  await keyIndexOf(env)('gateway_order', gatewayOrderId, order.businessId)
  const at = now.toISOString()
  const [, inserted] = await db.batch([
    ...newAttemptStatements(db, {
      businessId: order.businessId,
      orderId: order.orderId,
      customerId: order.customerId,
      gateway: 'realex',
      method: 'paymentCard',
      amount: input.amount,
      captureLater: true,
      currency: order.currency,
      gatewayOrderId,
      savedCardId: null,
      saveCard: false,
      idempotencyKey: `amend.top-up:${input.businessId}:${input.pendingId}`,
      successUrl: input.successUrl,
      failureUrl: input.failureUrl,
      cancelUrl: input.cancelUrl,
      responseUrl: `${new URL(input.successUrl).origin}${AMEND_HPP_RESPONSE_PATH}`,
      payerRef: null,
      pmtRef: null,
      at,
      amendPendingId: input.pendingId,
    }),
    // The change an older top-up paid for is superseded with it: one pending change per order.
    supersedeOtherChangesStatement(db, order.orderId, input.pendingId, at),
  ])
  const paymentId = (inserted?.results[0] as { id: number } | undefined)?.id
  if (paymentId === undefined) throw new Error('top-up insert returned no id')
  const payment = await requirePayment(db, order.businessId, paymentId)
  return { paymentId, redirect: await realexRedirect(env, order, payment, now) }
}

/**
 * The hosted card page's signed answer to a top-up: verified before anything is read (as
 * checkout's consumerData), recorded once (a replay changes nothing), an authorisation kept only
 * while its change is pending (else voided at once). Answers the payment as it now is.
 */
export async function recordTopUpAnswer(
  env: PaymentsEnv,
  input: { businessId: number; hppResponse: string },
  now: Date
): Promise<PaymentRow> {
  const db = env.DB
  const { fields, found } = await answeredHppPayment(env, input, 'top-up')
  if (found.completed_at === null && (found.status === 'pending' || found.status === 'cancelled')) {
    const outcome = hppOutcome(fields)
    const at = now.toISOString()
    metrics.count('payment', { outcome: outcome.kind, gateway: 'realex' })
    if (outcome.kind === 'authorised') {
      await recordTopUpAuthorisationStatement(db, found.id, {
        externalRef: outcome.externalRef,
        authCode: outcome.authCode,
        resultCode: outcome.resultCode,
        resultMessage: outcome.resultMessage,
        at,
      }).run()
    } else if (
      found.status === 'pending' &&
      (outcome.kind === 'declined' || outcome.kind === 'failed')
    ) {
      // A refused card changes nothing of the order: only the attempt is marked.
      await completePaymentStatement(db, found.id, {
        status: outcome.kind,
        externalRef: fields.PASREF || null,
        authCode: null,
        resultCode: outcome.resultCode,
        resultMessage: outcome.resultMessage,
        at,
      }).run()
    }
  }
  return voidOwed(env, await requirePayment(db, found.business_id, found.id), now)
}
