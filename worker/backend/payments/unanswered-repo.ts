import type { PaymentRow } from './repo.ts'

/*
 * Card attempts whose hosted page never answered (unanswered-payments.ts): found past the grace,
 * each look claimed by one conditional update of its stamp, and given up on only while still
 * unanswered, in one batch with the order (migration 0094's index).
 */

/** Younger than this the shopper may still be on the card page. */
export const ANSWER_GRACE_MS = 15 * 60_000
/** After this no answer is expected (the card page's session is long over). */
export const GIVE_UP_AFTER_MS = 60 * 60_000
/** The longest a payment waits between two looks. */
const LOOK_EVERY_MS = 5 * 60_000

/** An unanswered attempt as the cron reads it. */
export interface Due {
  id: number
  business_id: number
  created_at: string
  updated_at: string
}

/** Unanswered attempts past the grace and due a look, oldest first. */
export function findUnanswered(db: D1Database, now: Date, limit: number): Promise<Array<Due>> {
  return db
    .prepare(
      `select id, business_id, created_at, updated_at from payments
       where status = 'pending' and completed_at is null and gateway in ('realex', 'frames')
         and created_at <= ?1 and updated_at <= ?2
       order by created_at, id limit ?3`
    )
    .bind(
      new Date(now.getTime() - ANSWER_GRACE_MS).toISOString(),
      new Date(now.getTime() - LOOK_EVERY_MS).toISOString(),
      limit
    )
    .all<Due>()
    .then((result) => result.results)
}

/** Claims one look: of many passes at once, the one whose stamp matched what it read. */
export async function claimUnansweredLook(db: D1Database, due: Due, now: Date): Promise<boolean> {
  const result = await db
    .prepare(
      `update payments set updated_at = ?3
       where id = ?1 and updated_at = ?2 and status = 'pending' and completed_at is null`
    )
    .bind(due.id, due.updated_at, now.toISOString())
    .run()
  return result.meta.changes === 1
}

/**
 * Cancels an attempt the gateway holds no authorisation for, and fails its order, only where this
 * batch cancelled it (a late answer recorded meanwhile wins).
 */
export async function giveUpUnanswered(
  db: D1Database,
  payment: Pick<PaymentRow, 'id' | 'order_id'>,
  now: Date
): Promise<boolean> {
  const at = now.toISOString()
  const [cancelled] = await db.batch([
    db
      .prepare(
        `update payments set status = 'cancelled', result_code = 'no_answer',
           result_message = 'the card page never answered', updated_at = ?2
         where id = ?1 and status = 'pending' and completed_at is null`
      )
      .bind(payment.id, at),
    db
      .prepare(
        `update orders set status = 'payment_failed', updated_at = ?2
         where id = ?1 and status in ('draft', 'payment_pending') and changes() = 1`
      )
      .bind(payment.order_id, at),
  ])
  return (cancelled?.meta.changes ?? 0) === 1
}
