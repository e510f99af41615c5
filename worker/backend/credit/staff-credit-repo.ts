import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'

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

/** Goodwill given on the order (its id the parameter `order`) so far, as SQL. */
const givenOnOrder = (order: string) => `coalesce((select sum(g.amount)
  from customer_credit_ledger g where g.order_id = ${order} and g.kind = 'goodwill'), 0)`

/**
 * Goodwill given to the member `c` of business `b` in the business's period ending at the
 * instant `at` (a parameter; the app clock's, ADR 011), as SQL.
 */
const givenToMember = (at: string) => `coalesce((select sum(g.amount)
  from customer_credit_ledger g where g.customer_id = c.id and g.kind = 'goodwill'
    and g.created_at > strftime('%Y-%m-%dT%H:%M:%fZ', ${at},
      '-' || b.goodwill_member_period_days || ' days')), 0)`

/**
 * Goodwill: the ledger entry, written only while the order's goodwill and the member's in the
 * business's period stay within its caps (in this statement, so grants at once cannot pass them
 * together); the history row, with the amount, when the entry was written.
 */
export function goodwillStatements(
  db: D1Database,
  write: StaffCreditWrite & { businessId: number; customerId: number }
): Array<D1PreparedStatement> {
  return [
    db
      .prepare(
        `insert into customer_credit_ledger (business_id, customer_id, amount, kind, reference,
           description, order_id, staff_id, created_at)
         select ?1, c.id, ?3, 'goodwill', ?4, ?5, ?7, ?6, ?8
         from customers c join businesses b on b.id = c.business_id
         where c.id = ?2 and c.business_id = ?1
           and ${givenOnOrder('?7')} + ?3 <= b.goodwill_order_cap_pence
           and ${givenToMember('?8')} + ?3 <= b.goodwill_member_cap_pence
         on conflict (customer_id, reference) do nothing`
      )
      .bind(
        write.businessId,
        write.customerId,
        write.amount,
        `order:${write.orderId}:goodwill:${write.key}`,
        MESSAGES.creditGoodwill,
        write.staffId,
        write.orderId,
        write.at
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

/** What the caps leave: the business's caps and the goodwill given under each. */
export interface GoodwillRoom {
  orderCap: number
  givenOnOrder: number
  memberCap: number
  givenToMember: number
  periodDays: number
}

export async function goodwillRoom(
  db: D1Database,
  input: { businessId: number; customerId: number; orderId: number; at: string }
): Promise<GoodwillRoom | null> {
  return db
    .prepare(
      `select b.goodwill_order_cap_pence as orderCap, ${givenOnOrder('?3')} as givenOnOrder,
         b.goodwill_member_cap_pence as memberCap, ${givenToMember('?4')} as givenToMember,
         b.goodwill_member_period_days as periodDays
       from customers c join businesses b on b.id = c.business_id
       where c.id = ?2 and c.business_id = ?1`
    )
    .bind(input.businessId, input.customerId, input.orderId, input.at)
    .first<GoodwillRoom>()
}

/** Whether the goodwill of this request (its reference) was written, now or by an earlier try. */
export async function goodwillWritten(
  db: D1Database,
  customerId: number,
  orderId: number,
  key: string
): Promise<boolean> {
  const row = await db
    .prepare(`select 1 as ok from customer_credit_ledger where customer_id = ?1 and reference = ?2`)
    .bind(customerId, `order:${orderId}:goodwill:${key}`)
    .first<{ ok: number }>()
  return row !== null
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
