import { captureWithin } from './gateway.ts'
import {
  claimCapture,
  claimCaptureLook,
  confirmCapture,
  findKeptPayments,
  recordCaptureResult,
  releaseCapture,
} from './capture-repo.ts'
import { capturePlan, coverage, isHold } from './order-payments.ts'
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

/**
 * Captures the order's holds for `amount`, the picked total (ADR 039; several payments: ADR 059):
 * the settled payments' money counts first, then each hold, oldest first, takes its share of the
 * rest (capturePlan; what the settled payments took over `amount` is the caller's to refund). The first hold that is not captured decides the outcome (unknown before refused);
 * safe to run again, a captured hold answering as captured.
 */
export async function captureOrderPayment(
  env: PaymentsEnv,
  input: { orderId: number; amount: number },
  now: Date
): Promise<CaptureOutcome> {
  const kept = await findKeptPayments(env.DB, input.orderId)
  if (!kept.some(isHold)) return { kind: 'no_hold' }
  if (!Number.isInteger(input.amount) || input.amount < 0) {
    return { kind: 'over_authorised', authorised: coverage(kept) }
  }
  const plan = capturePlan(kept, input.amount)
  const outcomes: Array<CaptureOutcome> = []
  for (const share of plan.captures) {
    const payment = await findPayment(env.DB, kept[0]!.business_id, share.paymentId)
    if (payment) outcomes.push(await capturePayment(env, payment, share.amount, now))
  }
  const failed =
    outcomes.find((outcome) => outcome.kind === 'unknown') ??
    outcomes.find((outcome) => outcome.kind !== 'captured' && outcome.kind !== 'already_captured')
  if (failed) return failed
  const taken = outcomes.reduce(
    (sum, outcome) =>
      sum +
      (outcome.kind === 'captured' || outcome.kind === 'already_captured' ? outcome.amount : 0),
    0
  )
  const kind = outcomes.every((outcome) => outcome.kind === 'already_captured')
    ? 'already_captured'
    : 'captured'
  return { kind, amount: taken }
}

/** One hold's capture of `amount`: claimed by one guarded statement, then the gateway asked. */
export async function capturePayment(
  env: PaymentsEnv,
  payment: PaymentRow,
  amount: number,
  now: Date
): Promise<CaptureOutcome> {
  const db = env.DB
  if (payment.captured_amount !== null) {
    if (payment.capture_unknown > 0) return settleUnknownCapture(env, payment, now)
    return { kind: 'already_captured', amount: payment.captured_amount }
  }
  if (payment.void_reason !== null || payment.voided_at !== null) return { kind: 'no_hold' }
  if (!Number.isInteger(amount) || amount < 0 || amount > payment.amount) {
    return { kind: 'over_authorised', authorised: payment.amount }
  }
  const claimed = await claimCapture(db, {
    paymentId: payment.id,
    amount,
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
    ? await captureWithin(gateway, attempt, payment.external_ref, amount)
    : { captured: false, definite: true, resultCode: 'no_gateway', resultMessage: '' }
  if (result.captured) {
    await confirmCapture(db, { paymentId: payment.id, amount })
    return { kind: 'captured', amount }
  }
  if (!result.definite) {
    // The money may have moved: the claim stays, so it is never captured twice.
    await recordCaptureResult(db, { paymentId: payment.id, ...result })
    return { kind: 'unknown', resultCode: result.resultCode }
  }
  await releaseCapture(db, { paymentId: payment.id, amount, ...result })
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
