import type { LOYALTY_TRANSACTION_KINDS } from '../../../schemas/loyalty.ts'

/*
 * Loyalty's SQL (ADR 004; migrations 0006 and 0032). An account's balance is the sum of its
 * transactions; every write is planned from one reading of the account and lands only if nothing
 * wrote to it since: each transaction takes the next `seq`, unique per account, so a write
 * planned from a stale reading collides and its whole batch is refused (isLoyaltyConflict).
 */

export type LoyaltyKind = (typeof LOYALTY_TRANSACTION_KINDS)[number]

export interface SchemeRow {
  name: string
  points_per_pound: number
  reward_threshold: number
  reward_value: number
  is_active: number
}

/** The business's scheme, active or not (a refund still takes back points of a retired one). */
export function findScheme(db: D1Database, businessId: number): Promise<SchemeRow | null> {
  return db
    .prepare(
      `select name, points_per_pound, reward_threshold, reward_value, is_active
       from loyalty_schemes where business_id = ?1`
    )
    .bind(businessId)
    .first<SchemeRow>()
}

/** An order as loyalty reads it: whose it is and what was paid. */
export interface LoyaltyOrderRow {
  id: number
  business_id: number
  customer_id: number | null
  business_order_id: string
  total: number
  delivery_tip: number
  tip_refund: number
  refund: number
}

export function findLoyaltyOrder(db: D1Database, orderId: number): Promise<LoyaltyOrderRow | null> {
  return db
    .prepare(
      `select id, business_id, customer_id, business_order_id, total, delivery_tip, tip_refund,
         refund
       from orders where id = ?1`
    )
    .bind(orderId)
    .first<LoyaltyOrderRow>()
}

/** An account as one reading sees it. */
export interface AccountState {
  id: number
  balance: number
  lifetimePoints: number
  lastSeq: number
  rewards: number
}

/** Opens the member's account if they have none (a member of the business only). */
export async function openAccount(
  db: D1Database,
  businessId: number,
  customerId: number,
  now: Date
): Promise<void> {
  await db
    .prepare(
      `insert into loyalty_accounts (business_id, customer_id, created_at, updated_at)
       select ?1, c.id, ?3, ?3 from customers c where c.id = ?2 and c.business_id = ?1
       on conflict (customer_id) do nothing`
    )
    .bind(businessId, customerId, now.toISOString())
    .run()
}

export async function readAccount(
  db: D1Database,
  customerId: number
): Promise<AccountState | null> {
  const row = await db
    .prepare(
      `select a.id, a.lifetime_points, coalesce(sum(t.points), 0) as balance,
         coalesce(max(t.seq), 0) as last_seq,
         coalesce(sum(case when t.kind = 'reward' then 1 else 0 end), 0) as rewards
       from loyalty_accounts a left join loyalty_transactions t on t.loyalty_account_id = a.id
       where a.customer_id = ?1 group by a.id`
    )
    .bind(customerId)
    .first<{
      id: number
      lifetime_points: number
      balance: number
      last_seq: number
      rewards: number
    }>()
  if (!row) return null
  return {
    id: row.id,
    balance: row.balance,
    lifetimePoints: row.lifetime_points,
    lastSeq: row.last_seq,
    rewards: row.rewards,
  }
}

/** True when the account already has a transaction with this reference. */
export async function hasReference(
  db: D1Database,
  accountId: number,
  reference: string
): Promise<boolean> {
  const row = await db
    .prepare(
      `select 1 as found from loyalty_transactions
       where loyalty_account_id = ?1 and reference = ?2`
    )
    .bind(accountId, reference)
    .first()
  return row !== null
}

/** The points an order still holds in the account: earned less reversed. */
export async function orderPointsHeld(
  db: D1Database,
  accountId: number,
  orderId: number
): Promise<number> {
  const row = await db
    .prepare(
      `select coalesce(sum(points), 0) as held from loyalty_transactions
       where loyalty_account_id = ?1 and order_id = ?2 and kind in ('earn', 'reverse')`
    )
    .bind(accountId, orderId)
    .first<{ held: number }>()
  return row?.held ?? 0
}

export interface LoyaltyTransactionWrite {
  accountId: number
  seq: number
  points: number
  kind: LoyaltyKind
  reference: string
  orderId: number | null
  description: string
}

/**
 * One transaction. A plain insert: a reference or seq the account already has refuses the whole
 * batch, which the service then plans again from a fresh reading.
 */
export function transactionStatement(
  db: D1Database,
  tx: LoyaltyTransactionWrite,
  now: Date
): D1PreparedStatement {
  return db
    .prepare(
      `insert into loyalty_transactions
         (loyalty_account_id, seq, points, kind, reference, order_id, description, created_at)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`
    )
    .bind(
      tx.accountId,
      tx.seq,
      tx.points,
      tx.kind,
      tx.reference,
      tx.orderId,
      tx.description,
      now.toISOString()
    )
}

/** The account's balance and lifetime points, from its transactions (after the batch's). */
export function settleAccountStatement(
  db: D1Database,
  accountId: number,
  now: Date
): D1PreparedStatement {
  return db
    .prepare(
      `update loyalty_accounts set
         points_balance = (select coalesce(sum(points), 0) from loyalty_transactions
                           where loyalty_account_id = ?1),
         lifetime_points = max(0, (select coalesce(sum(points), 0) from loyalty_transactions
                                   where loyalty_account_id = ?1 and kind in ('earn', 'reverse'))),
         updated_at = ?2
       where id = ?1`
    )
    .bind(accountId, now.toISOString())
}

/** orders.loyalty_points_earned: the points the order holds now (earned less reversed). */
export function orderPointsStatement(db: D1Database, orderId: number): D1PreparedStatement {
  return db
    .prepare(
      `update orders set loyalty_points_earned = max(0, (
         select coalesce(sum(points), 0) from loyalty_transactions
         where order_id = ?1 and kind in ('earn', 'reverse')))
       where id = ?1`
    )
    .bind(orderId)
}

/** True when a batch was refused because another write reached the account first. */
export function isLoyaltyConflict(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.message.includes('UNIQUE constraint failed') &&
    error.message.includes('loyalty_transactions')
  )
}

export interface LoyaltyHistoryRow {
  id: number
  points: number
  kind: LoyaltyKind
  description: string
  business_order_id: string | null
  created_at: string
}

/** The member's points history, newest first. */
export async function loyaltyHistory(
  db: D1Database,
  customerId: number,
  limit: number
): Promise<Array<LoyaltyHistoryRow>> {
  const { results } = await db
    .prepare(
      `select t.id, t.points, t.kind, t.description, o.business_order_id, t.created_at
       from loyalty_transactions t
       join loyalty_accounts a on a.id = t.loyalty_account_id
       left join orders o on o.id = t.order_id
       where a.customer_id = ?1
       order by t.seq desc limit ?2`
    )
    .bind(customerId, limit)
    .all<LoyaltyHistoryRow>()
  return results
}
