import { MESSAGES } from '../../../schemas/messages.ts'
import { metrics } from '../../lib/metrics.ts'
import { AppError } from '../../lib/errors.ts'
import type { GatewayRefundResult, GatewayVoidResult } from './gateway.ts'
import { findPayment, type PaymentRow } from './repo.ts'
import {
  claimMoneyBack,
  claimOwedRefund,
  findMoneyBack,
  type MoneyBackAnswer,
  type MoneyBackKind,
  type MoneyBackRow,
  type MoneyBackStatus,
  recordMoneyBack,
} from './refunds-repo.ts'
import { gatewayOfPayment, type PaymentsEnv, storedAttemptOf } from './service.ts'

/*
 * Giving money back after an order is paid (ADR 017 "Refunds"): refundPayment (whole or partial,
 * in pence) and voidPayment (the whole authorisation, before settlement). The gateway is the
 * payment's own: Realex by its remote API (rebate, void), the frames provider by its payments API
 * (refunds, voids), a wallet through the card gateway that took it, cash by recording only.
 *
 * Idempotent by the caller's refund reference: the claim row is written before the gateway is
 * called, so a retried call with the same reference answers the first one's outcome and never
 * reaches the gateway again. A call whose gateway answer we could not trust stays `unknown`
 * and is not resent (Realex has no idempotency key: resending could refund twice).
 */

/** What a refund or void came to, as the caller (the store console) shows it. */
export interface MoneyBack {
  reference: string
  kind: MoneyBackKind
  amount: number
  status: MoneyBackStatus
  resultCode: string | null
  resultMessage: string | null
}

function moneyBackOf(row: MoneyBackRow): MoneyBack {
  return {
    reference: row.reference,
    kind: row.kind,
    amount: row.amount,
    status: row.status,
    resultCode: row.result_code,
    resultMessage: row.result_message,
  }
}

export interface MoneyBackRequest {
  businessId: number
  paymentId: number
  /** The caller's reference, unique per refund (the idempotency key): ≤80 characters. */
  reference: string
  /** Why (shown in history; a void's reason is written on the payment). */
  reason: string
}

function checkReference(reference: string): void {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(reference)) {
    throw new AppError('validation_error', MESSAGES.systemError)
  }
}

/**
 * A reference already used: the same kind, payment and amount answer the first call (a retry);
 * anything else is a conflict.
 */
function replayed(
  earlier: MoneyBackRow,
  request: MoneyBackRequest,
  kind: MoneyBackKind,
  amount: number | null
): MoneyBack {
  if (
    earlier.kind !== kind ||
    earlier.payment_id !== request.paymentId ||
    (amount !== null && earlier.amount !== amount)
  ) {
    throw new AppError('conflict', MESSAGES.refundReferenceInUse)
  }
  return moneyBackOf(earlier)
}

async function requirePayment(env: PaymentsEnv, request: MoneyBackRequest): Promise<PaymentRow> {
  const payment = await findPayment(env.DB, request.businessId, request.paymentId)
  if (!payment) throw new AppError('not_found', MESSAGES.paymentNotFound)
  return payment
}

/** The gateway's answer as the claim records it (also the reconciliation's, refund-reconciliation.ts). */
export function answerOf(
  result: GatewayRefundResult | GatewayVoidResult,
  at: string
): MoneyBackAnswer {
  if ('voided' in result) {
    return {
      status: result.voided ? 'done' : result.definite ? 'refused' : 'unknown',
      resultCode: result.resultCode,
      resultMessage: result.resultMessage,
      actionRef: null,
      at,
    }
  }
  return {
    status: result.refunded ? 'done' : result.definite ? 'refused' : 'unknown',
    resultCode: result.resultCode,
    resultMessage: result.resultMessage,
    actionRef: result.actionRef,
    at,
  }
}

async function giveBack(
  env: PaymentsEnv,
  request: MoneyBackRequest,
  kind: MoneyBackKind,
  amount: number | null,
  now: Date
): Promise<MoneyBack> {
  checkReference(request.reference)
  const earlier = await findMoneyBack(env.DB, request.businessId, request.reference)
  if (earlier) {
    // The same kind, payment and amount, or a conflict.
    const first = replayed(earlier, request, kind, amount)
    // A refund owed by the batch that changed the order is asked for now, once (claimOwedRefund);
    // any other row under the reference is a retry, answered with the first call's outcome.
    if (earlier.status !== 'owed') return first
  }
  const payment = await requirePayment(env, request)
  const at = now.toISOString()
  const claim = earlier
    ? await claimOwedRefund(env.DB, earlier.id, at)
    : await claimMoneyBack(env.DB, {
        businessId: request.businessId,
        paymentId: payment.id,
        kind,
        reference: request.reference,
        amount: amount ?? payment.amount,
        reason: request.reason.slice(0, 200),
        at,
      })
  if (!claim) {
    // Two calls with one reference at once: the other claimed it first.
    const raced = await findMoneyBack(env.DB, request.businessId, request.reference)
    if (raced) return replayed(raced, request, kind, amount)
    throw new AppError(
      'conflict',
      kind === 'void' ? MESSAGES.voidNotPossible : MESSAGES.refundTooLarge
    )
  }
  let answer: MoneyBackAnswer
  if (payment.gateway === 'cash') {
    // Cash is handed back at the door or the desk: the record is the refund.
    answer = { status: 'done', resultCode: 'recorded', resultMessage: '', actionRef: null, at }
  } else {
    const gateway = await gatewayOfPayment(env, payment, now)
    const attempt = await storedAttemptOf(env.DB, payment)
    answer = !gateway
      ? { status: 'refused', resultCode: 'unavailable', resultMessage: '', actionRef: null, at }
      : kind === 'void'
        ? answerOf(await gateway.void(attempt, payment.external_ref), at)
        : answerOf(
            await gateway.refund(attempt, payment.external_ref, {
              amount: claim.amount,
              reference: claim.reference,
            }),
            at
          )
  }
  await recordMoneyBack(env.DB, claim, answer)
  // Unknown answers are counted when reconciliation settles them, not here.
  if (kind === 'refund' && answer.status !== 'unknown') {
    metrics.count('refund', {
      outcome: answer.status === 'done' ? 'settled' : 'failed',
      gateway: payment.gateway,
    })
  }
  return moneyBackOf({
    ...claim,
    status: answer.status,
    result_code: answer.resultCode,
    result_message: answer.resultMessage,
    action_ref: answer.actionRef,
  })
}

/**
 * Gives back `amount` pence of a paid payment (a partial refund, or all that is left). Refused
 * (409) above what the payment still holds; the gateway's refusal is answered as `refused`.
 */
export function refundPayment(
  env: PaymentsEnv,
  request: MoneyBackRequest & { amount: number },
  now: Date
): Promise<MoneyBack> {
  if (!Number.isInteger(request.amount) || request.amount < 1) {
    throw new AppError('validation_error', MESSAGES.refundTooLarge)
  }
  return giveBack(env, request, 'refund', request.amount, now)
}

/**
 * Voids the whole authorisation of a paid payment before settlement (a store rejecting or
 * cancelling an order on the day). Refused (409) once anything was refunded; the gateway refuses
 * a settled one (answered as `refused`: refund it instead).
 */
export function voidPayment(
  env: PaymentsEnv,
  request: MoneyBackRequest,
  now: Date
): Promise<MoneyBack> {
  return giveBack(env, request, 'void', null, now)
}
