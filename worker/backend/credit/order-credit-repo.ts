import { formatMessage } from '../../../schemas/messages.ts'

/*
 * Store credit an order spends and gives back (ADR 020), as ledger statements that take their
 * amounts from the order rows themselves, so they join the batch that writes the order:
 *   - 'order:<id>:spend' (order_payment, −credit_applied) in process-order's batch; the ledger's
 *     trigger aborts the whole batch when the balance no longer covers it (another tab spent it);
 *   - 'order:<id>:return' (order_credit_returned, everything the order still holds) when the order
 *     ends unpaid, is rejected, cancelled, undeliverable or refunded in full;
 *   - 'order:<id>:return:<token>' for the part of a partial refund beyond what the card paid.
 * What an order still holds is minus the sum of its spend and return entries, so a full return
 * after a partial one gives back only the rest, and the references make every return write once.
 */

/** Credit an order still holds, as SQL over the order named `order` (0 when it spent none). */
export const creditHeldSql = (order: string) => `(-coalesce((select sum(l.amount)
  from customer_credit_ledger l
  where l.order_id = ${order}.id and l.kind in ('order_payment', 'order_credit_returned')), 0))`

const HELD = creditHeldSql('o')

/**
 * The spend of a new order (named by its business order id, inserted earlier in the batch):
 * −credit_applied, for a member's order that spent any.
 */
export function spendOrderCreditStatement(
  db: D1Database,
  businessId: number,
  businessOrderId: string,
  now: Date
): D1PreparedStatement {
  return db
    .prepare(
      `insert into customer_credit_ledger (business_id, customer_id, amount, kind, reference,
         description, order_id, created_at)
       select o.business_id, o.customer_id, -o.credit_applied, 'order_payment',
         'order:' || o.id || ':spend', ?3, o.id, ?4
       from orders o
       where o.business_id = ?1 and o.business_order_id = ?2 and o.customer_id is not null
         and o.credit_applied > 0
       on conflict (customer_id, reference) do nothing`
    )
    .bind(
      businessId,
      businessOrderId,
      formatMessage('creditSpentOnOrder', businessOrderId),
      now.toISOString()
    )
}

const RETURN_INSERT = `insert into customer_credit_ledger (business_id, customer_id, amount, kind,
    reference, description, order_id, created_at)
  select o.business_id, o.customer_id, ${HELD}, 'order_credit_returned',
    'order:' || o.id || ':return', replace(?2, '%s', o.business_order_id), o.id, ?3
  from orders o`

/**
 * Gives back the credit of the basket's unpaid drafts that a new draft supersedes; it must run
 * before the statement that cancels them (it picks them by their unpaid status).
 */
export function returnSupersededCreditStatement(
  db: D1Database,
  basketId: number,
  now: Date
): D1PreparedStatement {
  return db
    .prepare(
      `${RETURN_INSERT}
       where o.basket_id = ?1 and o.status in ('draft', 'payment_failed')
         and o.customer_id is not null and ${HELD} > 0
       on conflict (customer_id, reference) do nothing`
    )
    .bind(basketId, returnedDescription(), now.toISOString())
}

/**
 * Gives back everything the order still holds ('order:<id>:return'); writes once. `unplaced`:
 * only when the order ended without being placed (the batch's abandon won).
 */
export function returnOrderCreditStatement(
  db: D1Database,
  orderId: number,
  now: Date,
  unplaced = false
): D1PreparedStatement {
  const ended = unplaced ? `and o.status = 'cancelled' and o.placed_at is null` : ''
  return db
    .prepare(
      `${RETURN_INSERT}
       where o.id = ?1 and o.customer_id is not null and ${HELD} > 0 ${ended}
       on conflict (customer_id, reference) do nothing`
    )
    .bind(orderId, returnedDescription(), now.toISOString())
}

/**
 * Gives back part of what the order holds (a partial refund beyond the card), at most what it
 * still holds; `key` makes the reference of this refund ('order:<id>:return:<key>'). Picking's
 * return (finish_picking) only: a line refund's return is {@link returnCreditInBatchStatement}.
 */
export function returnOrderCreditPartStatement(
  db: D1Database,
  orderId: number,
  amount: number,
  key: string,
  now: Date
): D1PreparedStatement {
  return db
    .prepare(
      `insert into customer_credit_ledger (business_id, customer_id, amount, kind, reference,
         description, order_id, created_at)
       select o.business_id, o.customer_id, min(?2, ${HELD}), 'order_credit_returned',
         'order:' || o.id || ':return:' || ?3, replace(?4, '%s', o.business_order_id), o.id, ?5
       from orders o
       where o.id = ?1 and o.customer_id is not null and ${HELD} > 0
       on conflict (customer_id, reference) do nothing`
    )
    .bind(orderId, amount, key, returnedDescription(), now.toISOString())
}

/**
 * A line refund's credit, in the action's batch: exactly `amount`, written only where the action
 * won (the order carries its token) and the order still holds that much, in this statement, so
 * no number of refunds at once gives back more credit than the order spent. The reference is the
 * action's token.
 */
export function returnCreditInBatchStatement(
  db: D1Database,
  input: { orderId: number; amount: number; token: string; at: string }
): D1PreparedStatement {
  return db
    .prepare(
      `insert into customer_credit_ledger (business_id, customer_id, amount, kind, reference,
         description, order_id, created_at)
       select o.business_id, o.customer_id, ?2, 'order_credit_returned',
         'order:' || o.id || ':return:' || ?3, replace(?4, '%s', o.business_order_id), o.id, ?5
       from orders o
       where o.id = ?1 and o.action_token = ?3 and o.customer_id is not null and ${HELD} >= ?2
       on conflict (customer_id, reference) do nothing`
    )
    .bind(input.orderId, input.amount, input.token, returnedDescription(), input.at)
}

function returnedDescription(): string {
  return formatMessage('creditReturnedFromOrder', '%s')
}

/** Credit the order still holds, in pence. */
export async function orderCreditHeld(db: D1Database, orderId: number): Promise<number> {
  const row = await db
    .prepare(`select ${HELD} as held from orders o where o.id = ?1`)
    .bind(orderId)
    .first<{ held: number }>()
  return row?.held ?? 0
}

/** Credit returned to the member by the entry of this reference (0: none written). */
export async function creditReturnedBy(
  db: D1Database,
  orderId: number,
  reference: string
): Promise<number> {
  const row = await db
    .prepare(
      `select coalesce(sum(amount), 0) as amount from customer_credit_ledger
       where order_id = ?1 and reference = ?2`
    )
    .bind(orderId, reference)
    .first<{ amount: number }>()
  return row?.amount ?? 0
}

/** Store credit given back to the member for the order: its returns and refunds as credit. */
export async function creditReturnedOnOrder(db: D1Database, orderId: number): Promise<number> {
  const row = await db
    .prepare(
      `select coalesce(sum(amount), 0) as amount from customer_credit_ledger
       where order_id = ?1 and kind in ('order_credit_returned', 'refund_as_credit')`
    )
    .bind(orderId)
    .first<{ amount: number }>()
  return row?.amount ?? 0
}

/**
 * Unpaid orders holding credit that nobody touched since `before`: drafts never paid and
 * payments that finally failed. A payment still pending (the card page open, 3-D Secure) is
 * left alone: its authorisation may still arrive.
 */
export async function abandonedCreditOrders(
  db: D1Database,
  before: string,
  limit: number
): Promise<Array<{ id: number }>> {
  const { results } = await db
    .prepare(
      `select o.id from orders o
       where o.status in ('draft', 'payment_failed') and o.credit_applied > 0
         and o.updated_at < ?1 and ${HELD} > 0
       order by o.id limit ?2`
    )
    .bind(before, limit)
    .all<{ id: number }>()
  return results
}

/** Ends an abandoned unpaid order (as a superseded draft ends: cancelled, never placed). */
export function abandonUnpaidOrderStatement(
  db: D1Database,
  orderId: number,
  before: string,
  now: Date
): D1PreparedStatement {
  return db
    .prepare(
      `update orders set status = 'cancelled', updated_at = ?3
       where id = ?1 and status in ('draft', 'payment_failed') and updated_at < ?2`
    )
    .bind(orderId, before, now.toISOString())
}

/** Whose store credit a basket's answer counts: a member's id, or the basket's own member. */
export type BasketCreditHolder = number | 'basket member'

/**
 * The credit a member's basket can spend: their balance plus what the basket's own unpaid drafts
 * hold, since a new draft supersedes those and gives it back in the same batch. One statement, so
 * the basket's answer reads it in the batch of its other reads (ADR 065); null without a holder
 * (a guest's basket). basketCreditFrom reads its result.
 */
export function basketCreditStatement(
  db: D1Database,
  holder: BasketCreditHolder,
  basketId: number
): D1PreparedStatement {
  return db
    .prepare(
      `select case when h.id is null then null else
         coalesce((select sum(amount) from customer_credit_ledger where customer_id = h.id), 0)
         + coalesce((select sum(${HELD}) from orders o
                     where o.basket_id = ?2 and o.customer_id = h.id
                       and o.status in ('draft', 'payment_failed')), 0) end as available
       from (select coalesce(?1, (select customer_id from baskets where id = ?2)) as id) h`
    )
    .bind(holder === 'basket member' ? null : holder, basketId)
}

/** The credit basketCreditStatement read: null when the basket has no holder. */
export function basketCreditFrom(result: D1Result<unknown> | undefined): number | null {
  const row = (result?.results as Array<{ available: number | null }> | undefined)?.[0]
  return row?.available ?? null
}

/** The credit a member's basket can spend (basketCreditStatement) for this member. */
export async function creditAvailableForBasket(
  db: D1Database,
  customerId: number,
  basketId: number
): Promise<number> {
  return basketCreditFrom(await basketCreditStatement(db, customerId, basketId).all()) ?? 0
}

/**
 * What picking took off the order beyond what the card still pays (ADR 017 caps the adjustment
 * at the card's part, so the order's total stops at 0): that part was paid with credit.
 */
export async function pickingBeyondCard(db: D1Database, orderId: number): Promise<number> {
  const row = await db
    .prepare(
      `select max(0, -o.picking_difference - (o.original_total - o.refund - o.tip_refund))
         as beyond
       from orders o where o.id = ?1`
    )
    .bind(orderId)
    .first<{ beyond: number }>()
  return row?.beyond ?? 0
}
