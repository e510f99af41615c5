import type { MoneyBackRow } from './refunds-repo.ts'

/*
 * The refunds and voids the gateway did not confirm (payment_refunds pending or unknown, 0076),
 * as the reconciliation pass reads and claims them. Each look is claimed by one conditional
 * update on the attempt count it read, so of many passes at once only one asks the gateway (and
 * only one may resend the refund) per attempt.
 */

/** A pending claim younger than this may still have its gateway call in flight. */
export const PENDING_GRACE_MS = 2 * 60_000
/** The longest wait between two looks at one refund. */
export const MAX_BACKOFF_MINUTES = 60

export interface UnsettledRow extends MoneyBackRow {
  reconcile_attempts: number
  reconcile_after: string | null
  created_at: string
}

const COLUMNS = `id, business_id, payment_id, kind, reference, amount, reason, status,
  result_code, result_message, action_ref, reconcile_attempts, reconcile_after, created_at`

/** Refunds and voids due a look, oldest first: unknown ones, and pending ones past the grace. */
export async function findUnsettledRefunds(
  db: D1Database,
  now: Date,
  limit: number
): Promise<Array<UnsettledRow>> {
  const { results } = await db
    .prepare(
      `select ${COLUMNS} from payment_refunds
       where status in ('pending', 'unknown')
         and (status = 'unknown' or updated_at <= ?2)
         and coalesce(reconcile_after, '') <= ?1
       order by created_at, id limit ?3`
    )
    .bind(now.toISOString(), new Date(now.getTime() - PENDING_GRACE_MS).toISOString(), limit)
    .all<UnsettledRow>()
  return results
}

/** When a refund looked at `attempts` times may be looked at again: 1, 2, 4 … 60 minutes on. */
export function nextLookAt(now: Date, attempts: number): string {
  const minutes = Math.min(2 ** Math.min(attempts, 10), MAX_BACKOFF_MINUTES)
  return new Date(now.getTime() + minutes * 60_000).toISOString()
}

/**
 * Claims one look at a refund: true for the one caller whose update matched the attempt count
 * it read while the refund is still unsettled and due.
 */
export async function claimLook(
  db: D1Database,
  row: UnsettledRow,
  now: Date,
  options: { beforeDue?: boolean } = {}
): Promise<boolean> {
  const result = await db
    .prepare(
      `update payment_refunds set reconcile_attempts = reconcile_attempts + 1,
         reconcile_after = ?3, reconciled_at = ?4
       where id = ?1 and reconcile_attempts = ?2 and status in ('pending', 'unknown')
         and (?5 = 1 or coalesce(reconcile_after, '') <= ?4)`
    )
    .bind(
      row.id,
      row.reconcile_attempts,
      nextLookAt(now, row.reconcile_attempts + 1),
      now.toISOString(),
      options.beforeDue ? 1 : 0
    )
    .run()
  return result.meta.changes === 1
}

/** What the payment of an unsettled refund has given back, and its other unsettled refunds. */
export async function recordedRefundsOf(
  db: D1Database,
  row: Pick<UnsettledRow, 'id' | 'payment_id'>
): Promise<{ refunded: number; otherUnsettled: Array<number> }> {
  const [payment, others] = await db.batch<{ amount: number }>([
    db.prepare(`select amount_refunded as amount from payments where id = ?1`).bind(row.payment_id),
    db
      .prepare(
        `select amount from payment_refunds where payment_id = ?1 and kind = 'refund'
           and status in ('pending', 'unknown') and id <> ?2`
      )
      .bind(row.payment_id, row.id),
  ])
  return {
    refunded: payment?.results[0]?.amount ?? 0,
    otherUnsettled: (others?.results ?? []).map((other) => other.amount),
  }
}

/**
 * One unsettled refund or void of a business that may be asked about now (an operator's retry): unknown,
 * or pending past the grace. Null for anything else (settled, another business's, in flight).
 */
export function findUnsettledRefund(
  db: D1Database,
  businessId: number,
  refundId: number,
  now: Date
): Promise<UnsettledRow | null> {
  return db
    .prepare(
      `select ${COLUMNS} from payment_refunds
       where id = ?1 and business_id = ?2 and kind in ('refund', 'void')
         and (status = 'unknown' or (status = 'pending' and updated_at <= ?3))`
    )
    .bind(refundId, businessId, new Date(now.getTime() - PENDING_GRACE_MS).toISOString())
    .first<UnsettledRow>()
}

/** A refund as the operators' list shows it. */
/** A gateway's last answer as an operator reads it: code and message, or null if it never said. */
export function gatewayAnswerOf(row: {
  result_code: string | null
  result_message: string | null
}): string | null {
  return [row.result_code, row.result_message].filter((part) => part).join(': ') || null
}

export interface OperatorRefundRow {
  id: number
  order_number: string
  amount: number
  status: 'pending' | 'unknown' | 'refused'
  gateway: string
  result_code: string | null
  result_message: string | null
  reconcile_attempts: number
  created_at: string
  updated_at: string
}

/** The business's refunds refused or not settled, newest first. */
export async function refundsNotSettled(
  db: D1Database,
  businessId: number,
  limit: number
): Promise<Array<OperatorRefundRow>> {
  const { results } = await db
    .prepare(
      `select r.id, o.business_order_id as order_number, r.amount, r.status, p.gateway,
         r.result_code, r.result_message, r.reconcile_attempts, r.created_at, r.updated_at
       from payment_refunds r join payments p on p.id = r.payment_id
       join orders o on o.id = p.order_id
       where r.business_id = ?1 and r.kind = 'refund'
         and r.status in ('pending', 'unknown', 'refused')
       order by r.created_at desc, r.id desc limit ?2`
    )
    .bind(businessId, limit)
    .all<OperatorRefundRow>()
  return results
}

/** A money effect not settled at its gateway, as the operators' page lists it (issue 37). */
export interface MoneyNotSettledRow {
  kind: 'refund' | 'void' | 'owed_void' | 'capture'
  id: number
  order_number: string
  amount: number
  status: string
  gateway: string
  result_code: string | null
  result_message: string | null
  looks: number
  since: string
}

/**
 * The business's money effects not settled at their gateway, oldest first (by `since`, then id:
 * a compound select orders by column position): refunds and a store
 * action's voids pending or unknown (payment_refunds), authorisations whose void is owed (a
 * payment not kept, 0017), and captures whose answer was lost (capture_unknown, 0082).
 */
export async function moneyNotSettled(
  db: D1Database,
  businessId: number,
  limit: number
): Promise<Array<MoneyNotSettledRow>> {
  const { results } = await db
    .prepare(
      `select r.kind, r.id, o.business_order_id as order_number, r.amount, r.status, p.gateway,
         r.result_code, r.result_message, r.reconcile_attempts as looks, r.created_at as since
       from payment_refunds r join payments p on p.id = r.payment_id
       join orders o on o.id = p.order_id
       where r.business_id = ?1 and r.kind in ('refund', 'void')
         and r.status in ('pending', 'unknown')
       union all
       select 'owed_void', p.id, o.business_order_id, p.amount, 'owed', p.gateway,
         p.void_result_code, p.void_result_message, p.void_tries, p.updated_at
       from payments p join orders o on o.id = p.order_id
       where p.business_id = ?1 and p.void_reason is not null and p.voided_at is null
         and p.status = 'authorised'
       union all
       select 'capture', p.id, o.business_order_id, coalesce(p.captured_amount, 0), 'unknown',
         p.gateway, p.result_code, p.result_message, p.capture_unknown - 1, p.updated_at
       from payments p join orders o on o.id = p.order_id
       where p.business_id = ?1 and p.capture_unknown > 0 and p.status = 'captured'
       order by 10, 2 limit ?2`
    )
    .bind(businessId, limit)
    .all<MoneyNotSettledRow>()
  return results
}

/**
 * Claims one try of an owed void (an operator's "Try again"): true for the one caller whose
 * update matched the count of tries it read, while the void is still owed; of many at once only
 * one asks the gateway.
 */
export async function claimOwedVoid(
  db: D1Database,
  payment: { id: number; businessId: number }
): Promise<boolean> {
  const read = await db
    .prepare('select void_tries from payments where id = ?1 and business_id = ?2')
    .bind(payment.id, payment.businessId)
    .first<{ void_tries: number }>()
  if (!read) return false
  const result = await db
    .prepare(
      `update payments set void_tries = void_tries + 1
       where id = ?1 and business_id = ?2 and void_tries = ?3 and void_reason is not null
         and voided_at is null and status = 'authorised'`
    )
    .bind(payment.id, payment.businessId, read.void_tries)
    .run()
  return result.meta.changes === 1
}
