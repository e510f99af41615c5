import {
  DOOR_REJECT_STATUSES,
  REVIEW_REJECT_STATUSES,
  type SubstituteRejection,
} from '../../../schemas/order-changes.ts'
import { effectStatement } from '../effects/repo.ts'

/*
 * The batch of a substitute sent back (issue 42, ADR 043). Its first statement decides the race:
 * the pick row takes the rejection only while the line is a substitute not yet rejected nor
 * refunded, charged the amount read, and the order is still in a status that allows it (picked:
 * not left the store; at the door: en route with this driver) and still owes at least that
 * amount. It stamps a random token on the row; the order's money and the refund's outbox row run
 * only where the row carries it, so 20 rejections at once move the money once.
 */

export const SUBSTITUTE_REFUND_EFFECT = 'order_substitute_refund'

export interface Rejection {
  orderId: number
  businessId: number
  storeId: number
  lineId: number
  /** The line's charge as read: the amount given back, held in every statement. */
  amount: number
  by: SubstituteRejection
  /** The substitute's name, for the shopper's email. */
  name: string
  /** The driver recording a hand back at the door. */
  driverId: number | null
  token: string
  at: string
}

const statusList = (statuses: ReadonlyArray<string>) =>
  `(${statuses.map((status) => `'${status}'`).join(', ')})`

/** The refund effect's key: one per line, so a line is refunded once whatever runs again. */
export function substituteRefundKey(orderId: number, lineId: number): string {
  return `order:${orderId}:substitute:${lineId}:refund`
}

/** Runs the rejection's batch; true when this call won (nothing was written otherwise). */
export async function writeRejection(db: D1Database, rejection: Rejection): Promise<boolean> {
  const statuses = statusList(
    rejection.by === 'review' ? REVIEW_REJECT_STATUSES : DOOR_REJECT_STATUSES
  )
  const ours = `exists (select 1 from order_line_picks where order_line_id = ?3 and order_id = ?1
    and rejected_token = ?2)`
  // The history names who sent it back: the shopper at review, the driver at the door.
  const history = db
    .prepare(
      `insert into order_history (order_id, actor_staff_id, role, action, from_status, to_status,
         detail_json, at)
       select ?1, ?5, ?6, 'reject_substitute', o.status, o.status,
         json_object('amount', ?4, 'lineId', ?3), ?7
       from orders o where o.id = ?1 and ${ours}`
    )
    .bind(
      rejection.orderId,
      rejection.token,
      rejection.lineId,
      rejection.amount,
      rejection.driverId,
      rejection.by === 'review' ? 'shopper' : 'driver',
      rejection.at
    )
  const [picked] = await db.batch([
    db
      .prepare(
        `update order_line_picks set rejected_at = ?5, rejected_by = ?6, rejected_staff_id = ?7,
           rejected_amount = ?4, rejected_token = ?2,
           refunded_quantity = coalesce(substitute_quantity, 0)
         where order_line_id = ?3 and order_id = ?1 and mark = 'substituted'
           and rejected_at is null and refunded_quantity = 0 and charged_price = ?4
           and exists (select 1 from orders o where o.id = ?1 and o.status in ${statuses}
             and o.total >= ?4 and (?7 is null or o.driver_id = ?7))`
      )
      .bind(
        rejection.orderId,
        rejection.token,
        rejection.lineId,
        rejection.amount,
        rejection.at,
        rejection.by,
        rejection.driverId
      ),
    db
      .prepare(
        `update orders set refund = refund + ?4, total = total - ?4, updated_at = ?5
         where id = ?1 and total >= ?4 and ${ours}`
      )
      .bind(rejection.orderId, rejection.token, rejection.lineId, rejection.amount, rejection.at),
    effectStatement(
      db,
      {
        businessId: rejection.businessId,
        key: substituteRefundKey(rejection.orderId, rejection.lineId),
        kind: SUBSTITUTE_REFUND_EFFECT,
        payload: {
          orderId: rejection.orderId,
          storeId: rejection.storeId,
          lineId: rejection.lineId,
          amount: rejection.amount,
          by: rejection.by,
          name: rejection.name,
        },
      },
      new Date(rejection.at),
      {
        sql: `select 1 from order_line_picks where order_line_id = ?1 and rejected_token = ?2`,
        params: [rejection.lineId, rejection.token],
      }
    ),
    history,
  ])
  return (picked?.meta.changes ?? 0) === 1
}

/** What the held payment has given back or is giving back (refunds not refused), in pence. */
export async function refundsClaimed(db: D1Database, paymentId: number): Promise<number> {
  const row = await db
    .prepare(
      `select coalesce(sum(amount), 0) as claimed from payment_refunds
       where payment_id = ?1 and kind = 'refund' and status <> 'refused'`
    )
    .bind(paymentId)
    .first<{ claimed: number }>()
  return row?.claimed ?? 0
}
