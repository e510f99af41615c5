import { captureWithin } from './gateway.ts'
import {
  claimCapture,
  claimCaptureLook,
  confirmCapture,
  findHeldPayment,
  recordCaptureResult,
  releaseCapture,
} from './capture-repo.ts'
import { findPayment, type PaymentRow } from './repo.ts'
import type { PaymentsEnv } from './env.ts'
import { gatewayOfPayment, storedAttemptOf } from './service.ts'

/*
 * The capture of an order's held card payment for its final amount, after picking (ADR 039).
 * One guarded statement claims the capture (never captured before, never more than authorised,
 * not voided), so of any number of concurrent captures one reaches the gateway; the gateway port
 * (captureWithin) refuses more than was authorised again before any call.
 */

export type CaptureOutcome =
  | { kind: 'captured'; amount: number }
  | { kind: 'already_captured'; amount: number }
  | { kind: 'no_hold' }
  | { kind: 'over_authorised'; authorised: number }
  | { kind: 'refused'; resultCode: string }
  | { kind: 'unknown'; resultCode: string }

async function heldPaymentOf(db: D1Database, orderId: number): Promise<PaymentRow | null> {
  const row = await findHeldPayment(db, orderId)
  return row ? findPayment(db, row.business_id, row.id) : null
}

export async function captureOrderPayment(
  env: PaymentsEnv,
  input: { orderId: number; amount: number },
  now: Date
): Promise<CaptureOutcome> {
  const db = env.DB
  const payment = await heldPaymentOf(db, input.orderId)
  if (!payment) return { kind: 'no_hold' }
  if (payment.captured_amount !== null) {
    if (payment.capture_unknown > 0) return settleUnknownCapture(env, payment, now)
    return { kind: 'already_captured', amount: payment.captured_amount }
  }
  if (!Number.isInteger(input.amount) || input.amount < 0 || input.amount > payment.amount) {
    return { kind: 'over_authorised', authorised: payment.amount }
  }
  const claimed = await claimCapture(db, {
    paymentId: payment.id,
    amount: input.amount,
    at: now.toISOString(),
  })
  if (!claimed) {
    const current = await findPayment(db, payment.business_id, payment.id)
    return current?.captured_amount != null
      ? { kind: 'already_captured', amount: current.captured_amount }
      : { kind: 'no_hold' }
  }
  const gateway = await gatewayOfPayment(env, payment, now)
  const attempt = await storedAttemptOf(db, payment)
  const result = gateway
    ? await captureWithin(gateway, attempt, payment.external_ref, input.amount)
    : { captured: false, definite: true, resultCode: 'no_gateway', resultMessage: '' }
  if (result.captured) {
    await confirmCapture(db, { paymentId: payment.id, amount: input.amount })
    return { kind: 'captured', amount: input.amount }
  }
  if (!result.definite) {
    // The money may have moved: the claim stays, so it is never captured twice.
    await recordCaptureResult(db, { paymentId: payment.id, ...result })
    return { kind: 'unknown', resultCode: result.resultCode }
  }
  await releaseCapture(db, { paymentId: payment.id, amount: input.amount, ...result })
  return { kind: 'refused', resultCode: result.resultCode }
}

/**
 * A capture whose answer we could not trust (a dropped connection at picking): asked of the
 * gateway by one claimed look, as a refund's reconciliation asks. Taken there → known; nothing
 * taken → the same capture sent again (it was never made); no answer → still unknown, and the
 * caller's effect runs again. Until it is known no refund is claimed (refunds-repo.ts), so money
 * never goes back that was not taken.
 */
async function settleUnknownCapture(
  env: PaymentsEnv,
  payment: PaymentRow,
  now: Date
): Promise<CaptureOutcome> {
  const amount = payment.captured_amount ?? 0
  const unknown = { kind: 'unknown', resultCode: payment.result_code ?? '' } as const
  const claimed = await claimCaptureLook(env.DB, {
    paymentId: payment.id,
    looks: payment.capture_unknown,
  })
  const gateway = claimed ? await gatewayOfPayment(env, payment, now) : null
  if (!gateway) return unknown
  const attempt = await storedAttemptOf(env.DB, payment)
  const answer = await gateway.refunds(attempt, payment.external_ref)
  if (!answer.known || answer.captured === null) return unknown
  if (answer.captured === amount) {
    await confirmCapture(env.DB, { paymentId: payment.id, amount })
    return { kind: 'already_captured', amount }
  }
  if (answer.captured !== 0) return unknown
  const result = await captureWithin(gateway, attempt, payment.external_ref, amount)
  if (result.captured) {
    await confirmCapture(env.DB, { paymentId: payment.id, amount })
    return { kind: 'captured', amount }
  }
  if (!result.definite) return { kind: 'unknown', resultCode: result.resultCode }
  await releaseCapture(env.DB, { paymentId: payment.id, amount, ...result })
  return { kind: 'refused', resultCode: result.resultCode }
}

/**
 * An operator's "Try again" on a capture whose answer was lost (issue 37): the same claimed look
 * as the store's retry. Null when the business has no such capture (settled meanwhile, another
 * business's).
 */
export async function reconcileCaptureNow(
  env: PaymentsEnv,
  businessId: number,
  paymentId: number,
  now: Date
): Promise<CaptureOutcome | null> {
  const payment = await findPayment(env.DB, businessId, paymentId)
  if (!payment || payment.capture_unknown === 0 || payment.status !== 'captured') return null
  return settleUnknownCapture(env, payment, now)
}
