import { logError } from '../../lib/log.ts'
import type { GatewayRefundsAnswer, GatewayVoidResult } from './gateway.ts'
import {
  claimLook,
  findUnsettledRefund,
  findUnsettledRefunds,
  recordedRefundsOf,
  type UnsettledRow,
} from './reconcile-repo.ts'
import { answerOf } from './refunds.ts'
import { type MoneyBackAnswer, recordMoneyBack } from './refunds-repo.ts'
import { refundVerdict, voidVerdict } from './refund-verdict.ts'
import { findPayment } from './repo.ts'
import { gatewayOfPayment, type PaymentsEnv, storedAttemptOf } from './service.ts'

/*
 * The reconciliation of refunds the gateway did not confirm (issue 37, ADR 017 "Refunds"): a
 * refund left pending (no answer recorded) or unknown (a timeout, a 5xx, an answer we could not
 * trust) is looked at by the cron, oldest first, a few a minute, each with its own backoff. The
 * payment's own adapter is asked which refunds it made (frames: the payment's actions, with our
 * reference; Realex: the remote API's query of the transaction; a wallet: the card gateway that
 * took it), and the row settles to that answer: made → done, its amount added to the payment
 * once; not made → the same refund sent again under the same reference; refused → refused with
 * the gateway's reason; no answer → still unknown, with the gateway's last words for operators.
 * A void left so is settled the same way by whether the gateway says the authorisation is voided
 * (voidVerdict): a store action's settle waits for it rather than refund beside it.
 */

export interface ReconcileCounts {
  done: number
  refused: number
  unsettled: number
}

/**
 * A void we never heard back from, to the gateway's answer (voidVerdict): voided there → done;
 * not voided → the same void sent again; no answer → still unknown, for the next look.
 */
async function voidAnswer(
  answer: GatewayRefundsAnswer,
  at: string,
  resend: () => Promise<GatewayVoidResult>
): Promise<MoneyBackAnswer> {
  const verdict = voidVerdict(answer)
  if (verdict === 'absent') return answerOf(await resend(), at)
  return {
    status: verdict,
    resultCode: answer.resultCode,
    resultMessage:
      verdict === 'done' ? 'void found at the gateway' : answer.resultMessage.slice(0, 500),
    actionRef: null,
    at,
  }
}

/** Settles one claimed refund or void to the gateway's answer; the status it ends with. */
async function reconcileOne(
  env: PaymentsEnv,
  row: UnsettledRow,
  now: Date
): Promise<MoneyBackAnswer['status']> {
  const at = now.toISOString()
  const payment = await findPayment(env.DB, row.business_id, row.payment_id)
  const gateway = payment ? await gatewayOfPayment(env, payment, now) : null
  if (!payment || !gateway) {
    await recordMoneyBack(env.DB, row, {
      status: 'unknown',
      resultCode: 'unavailable',
      resultMessage: 'no gateway to ask',
      actionRef: null,
      at,
    })
    return 'unknown'
  }
  const attempt = await storedAttemptOf(env.DB, payment)
  const answer = await gateway.refunds(attempt, payment.external_ref)
  if (row.kind === 'void') {
    const settled = await voidAnswer(answer, at, () => gateway.void(attempt, payment.external_ref))
    return (await recordMoneyBack(env.DB, row, settled)) ? settled.status : 'unknown'
  }
  const verdict = refundVerdict(row, answer, await recordedRefundsOf(env.DB, row))
  let settled: MoneyBackAnswer
  if (verdict.verdict === 'done') {
    settled = {
      status: 'done',
      resultCode: answer.resultCode,
      resultMessage: 'refund found at the gateway',
      actionRef: verdict.actionRef,
      at,
    }
  } else if (verdict.verdict === 'absent') {
    // Not made: the same call again, under the same reference (frames keys its idempotency by it).
    settled = answerOf(
      await gateway.refund(attempt, payment.external_ref, {
        amount: row.amount,
        reference: row.reference,
      }),
      at
    )
  } else {
    settled = {
      status: 'unknown',
      resultCode: answer.resultCode,
      resultMessage: answer.resultMessage.slice(0, 500),
      actionRef: null,
      at,
    }
  }
  const recorded = await recordMoneyBack(env.DB, row, settled)
  return recorded ? settled.status : 'unknown'
}

/** One pass of the cron: at most `limit` refunds and voids due a look; what became of them. */
export async function reconcileRefunds(
  env: PaymentsEnv,
  now: Date,
  limit = 5
): Promise<ReconcileCounts> {
  const counts: ReconcileCounts = { done: 0, refused: 0, unsettled: 0 }
  for (const row of await findUnsettledRefunds(env.DB, now, limit)) {
    // Of several passes at once, one claims this look; the others leave the refund to it.
    if (!(await claimLook(env.DB, row, now))) continue
    try {
      const status = await reconcileOne(env, row, now)
      if (status === 'done') counts.done++
      else if (status === 'refused') counts.refused++
      else counts.unsettled++
    } catch (error) {
      logError(error, { event: 'refund reconciliation failed', reference: row.reference })
      counts.unsettled++
    }
  }
  return counts
}

/**
 * An operator's retry of one refund (the failed tasks page): asked about now, whatever its
 * backoff, through the same claim, so it never races the cron into a second refund. Null when the
 * refund is not waiting to be settled (settled meanwhile, in flight, another business's).
 */
export async function reconcileRefundNow(
  env: PaymentsEnv,
  businessId: number,
  refundId: number,
  now: Date
): Promise<MoneyBackAnswer['status'] | null> {
  const row = await findUnsettledRefund(env.DB, businessId, refundId, now)
  if (!row || !(await claimLook(env.DB, row, now, { beforeDue: true }))) return null
  return reconcileOne(env, row, now)
}
