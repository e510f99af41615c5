import { logError } from '../../lib/log.ts'
import { metrics } from '../../lib/metrics.ts'
import { refreshDirectPayment } from './frames-payments.ts'
import { findPayment, recordAuthorisationStatement, type PaymentRow } from './repo.ts'
import {
  claimUnansweredLook,
  findUnanswered,
  GIVE_UP_AFTER_MS,
  giveUpUnanswered,
} from './unanswered-repo.ts'
import { unansweredStep } from './unanswered-step.ts'
import {
  confirmIfPaid,
  gatewayOfPayment,
  type PaymentsEnv,
  storedAttemptOf,
  voidOwed,
} from './service.ts'

/*
 * Card payments still pending whose answer never came back (issue 37): the shopper closed the
 * hosted card page after paying, or its signed answer was lost on the way. Without this the card
 * is authorised and no order placed. The cron asks the payment's gateway after a grace period
 * (Realex: the remote API's query by ORDER_ID; frames: the payment's status) and settles the
 * attempt through the answer's own path: an authorisation is recorded by the statement a late
 * answer uses (only while the attempt is unanswered), then the owed void and the order's
 * confirmation, both idempotent; so a late answer, a replay or many passes at once place one
 * order. When the gateway says, past GIVE_UP_AFTER_MS, that it holds no authorisation, the
 * attempt is cancelled and the order marked failed (the shopper may pay again); an answer
 * arriving after that is recorded as a superseded attempt's and voided. The frames provider only
 * says "pending" for a challenge never finished: given up after the same hour.
 */

export interface UnansweredCounts {
  placed: number
  failed: number
  waiting: number
}

/** Asks the gateway about one unanswered attempt and settles it; what became of it. */
async function settleOne(
  env: PaymentsEnv,
  payment: PaymentRow,
  ageMs: number,
  now: Date
): Promise<keyof UnansweredCounts> {
  let current: PaymentRow
  if (payment.gateway === 'frames') {
    current = await refreshDirectPayment(env, payment, now)
    // Still pending an hour on: the provider's challenge was never finished (its link is spent
    // once used) or never reached. Given up after the same hour as Realex; a later answer is a
    // superseded attempt's, voided (refreshDirectPayment).
    if (stillUnanswered(current) && ageMs >= GIVE_UP_AFTER_MS) {
      return (await giveUpUnanswered(env.DB, current, now)) ? 'failed' : 'waiting'
    }
  } else {
    const gateway = await gatewayOfPayment(env, payment, now)
    if (!gateway) return 'waiting'
    const outcome = await gateway.status(
      await storedAttemptOf(env.DB, payment),
      payment.external_ref
    )
    const step = unansweredStep(outcome.kind, ageMs)
    if (outcome.kind === 'authorised' && step === 'record') {
      const [recorded] = await env.DB.batch([
        recordAuthorisationStatement(env.DB, payment.id, {
          externalRef: outcome.externalRef,
          authCode: outcome.authCode,
          resultCode: outcome.resultCode,
          resultMessage: outcome.resultMessage,
          at: now.toISOString(),
          paidCard: null,
        }),
      ])
      if ((recorded?.meta.changes ?? 0) === 1) {
        metrics.count('payment', { outcome: 'authorised', gateway: 'realex' })
      }
    } else if (step === 'give_up') {
      return (await giveUpUnanswered(env.DB, payment, now)) ? 'failed' : 'waiting'
    }
    current = (await findPayment(env.DB, payment.business_id, payment.id)) ?? payment
  }
  // The answer's own tail (consumerData): a void owed, else the order placed; both idempotent.
  const settled = await voidOwed(env, current, now)
  await confirmIfPaid(env, settled, now)
  return settled.status === 'authorised' && settled.void_reason === null ? 'placed' : 'waiting'
}

function stillUnanswered(payment: PaymentRow): boolean {
  return payment.status === 'pending' && payment.completed_at === null
}

/** One pass of the cron: at most `limit` unanswered attempts past the grace. */
export async function settleUnansweredPayments(
  env: PaymentsEnv,
  now: Date,
  limit = 5
): Promise<UnansweredCounts> {
  const counts: UnansweredCounts = { placed: 0, failed: 0, waiting: 0 }
  for (const due of await findUnanswered(env.DB, now, limit)) {
    if (!(await claimUnansweredLook(env.DB, due, now))) continue
    try {
      const payment = await findPayment(env.DB, due.business_id, due.id)
      if (!payment) continue
      const ageMs = now.getTime() - Date.parse(due.created_at)
      counts[await settleOne(env, payment, ageMs, now)]++
    } catch (error) {
      logError(error, { event: 'unanswered payment not settled', paymentId: due.id })
      counts.waiting++
    }
  }
  return counts
}
