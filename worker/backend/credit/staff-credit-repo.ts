import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { creditEntryStatement } from './ledger-repo.ts'

/*
 * Credit a manager gives from the store console (ADR 020), each as ONE batch with the order's
 * history row (the actor and their reason). The member's ledger line names the kind of credit,
 * never the staff's words: a reason may name a person.
 */

export interface StaffCreditWrite {
  orderId: number
  businessOrderId: string
  staffId: number
  role: string
  /** The order's status, kept as from/to of the history row (credit does not move it). */
  status: string
  amount: number
  reason: string
  /** Unique per order and request: the client's idempotency key, else a random one. */
  key: string
  at: string
}

const HISTORY = `insert into order_history (order_id, actor_staff_id, role, action, from_status,
    to_status, reason, detail_json, at)`

/** Goodwill: the ledger entry, and the history row when the entry was written (not a repeat). */
export function goodwillStatements(
  db: D1Database,
  write: StaffCreditWrite & { businessId: number; customerId: number },
  now: Date
): Array<D1PreparedStatement> {
  return [
    creditEntryStatement(
      db,
      {
        businessId: write.businessId,
        customerId: write.customerId,
        amount: write.amount,
        kind: 'goodwill',
        reference: `order:${write.orderId}:goodwill:${write.key}`,
        description: MESSAGES.creditGoodwill,
        orderId: write.orderId,
        staffId: write.staffId,
      },
      now
    ),
    db
      .prepare(`${HISTORY} select ?1, ?2, ?3, 'goodwill', ?4, ?4, ?5, ?6, ?7 where changes() = 1`)
      .bind(
        write.orderId,
        write.staffId,
        write.role,
        write.status,
        write.reason,
        JSON.stringify({ amount: write.amount }),
        write.at
      ),
  ]
}

/**
 * A refund given as credit instead of through the card: the order owes less (refund up, total
 * down, like a line refund) only while it still owes that much and nobody refunded meanwhile;
 * the ledger entry and history follow only where that update won (its token).
 */
export function refundAsCreditStatements(
  db: D1Database,
  write: StaffCreditWrite & { expectedRefund: number; token: string }
): Array<D1PreparedStatement> {
  const ours = `exists (select 1 from orders where id = ?1 and action_token = ?2)`
  return [
    db
      .prepare(
        `update orders set refund = refund + ?3, total = total - ?3, action_token = ?2,
           updated_at = ?5
         where id = ?1 and total >= ?3 and refund = ?4 and customer_id is not null`
      )
      .bind(write.orderId, write.token, write.amount, write.expectedRefund, write.at),
    db
      .prepare(
        `insert into customer_credit_ledger (business_id, customer_id, amount, kind, reference,
           description, order_id, staff_id, created_at)
         select o.business_id, o.customer_id, ?3, 'refund_as_credit',
           'order:' || o.id || ':credit:' || ?4, ?5, o.id, ?6, ?7
         from orders o where o.id = ?1 and ${ours}
         on conflict (customer_id, reference) do nothing`
      )
      .bind(
        write.orderId,
        write.token,
        write.amount,
        write.key,
        formatMessage('creditRefundedAsCredit', write.businessOrderId),
        write.staffId,
        write.at
      ),
    db
      .prepare(`${HISTORY} select ?1, ?3, ?4, 'refund_as_credit', ?5, ?5, ?6, ?7, ?8 where ${ours}`)
      .bind(
        write.orderId,
        write.token,
        write.staffId,
        write.role,
        write.status,
        write.reason,
        JSON.stringify({ amount: write.amount }),
        write.at
      ),
  ]
}
