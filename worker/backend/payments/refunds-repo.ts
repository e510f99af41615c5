/*
 * Money given back on a payment (migration 0025's payment_refunds), and the payments row it
 * changes. A refund or void is claimed by one conditional insert before the gateway is called:
 * it names a payment that still holds that much (taken, minus what is refunded or in flight), and
 * its reference is unique per business, so neither two staff at once nor a retried call can give
 * back more than was taken or the same refund twice.
 */

export type MoneyBackKind = 'refund' | 'void'
/**
 * owed: a refund promised by the batch that changed the order (an amend's lower total, ADR 059),
 * the gateway not asked yet; its effect claims it (pending) and asks for exactly its amount.
 */
export type MoneyBackStatus = 'owed' | 'pending' | 'done' | 'refused' | 'unknown'

/** A payment_refunds row as the refunds service reads it. */
export interface MoneyBackRow {
  id: number
  business_id: number
  payment_id: number
  kind: MoneyBackKind
  reference: string
  amount: number
  reason: string
  status: MoneyBackStatus
  result_code: string | null
  result_message: string | null
  action_ref: string | null
}

const COLUMNS = `id, business_id, payment_id, kind, reference, amount, reason, status, result_code,
  result_message, action_ref`

/** Payment statuses that still hold money we can give back. */
const HOLDS_MONEY = `('authorised', 'captured', 'partially_refunded')`

/** What a payment took: all of it when settled at once, what its capture took of a hold (ADR 039). */
const TAKEN = `(case when p.capture_later = 1 then coalesce(p.captured_amount, 0) else p.amount end)`

/**
 * Money of payment `p` on its way back and not yet in its amount_refunded: refunds owed, asked
 * and unanswered, and a void in flight. Every claim and every cover computation counts it as gone.
 */
export const ON_ITS_WAY_BACK = `coalesce((select sum(r.amount) from payment_refunds r
  where r.payment_id = p.id and r.status in ('owed', 'pending', 'unknown')), 0)`

/**
 * SQL: payment `p` can give back `amount` (a SQL expression) beyond what is already on its way.
 * A batch that owes a refund holds its own update on it too, so both win or neither.
 */
export function refundFits(amount: string): string {
  return `p.status in ${HOLDS_MONEY} and p.voided_at is null and p.void_reason is null
    and p.capture_unknown = 0 and ${TAKEN} - p.amount_refunded - ${ON_ITS_WAY_BACK} >= ${amount}`
}

/** Payment `p`'s whole authorisation of `amount` can be voided: nothing taken or given back. */
function voidFits(amount: string): string {
  return `p.status in ${HOLDS_MONEY} and p.voided_at is null and p.void_reason is null
    and p.captured_amount is null and p.amount_refunded = 0 and p.amount = ${amount}
    and not exists (select 1 from payment_refunds r
      where r.payment_id = p.id and r.status <> 'refused')`
}

/**
 * Claims a refund (or void) of `amount` pence: inserted only when the payment holds that much
 * beyond what is refunded, pending or unknown; a void only when nothing else was given back. Null
 * when not claimed (see findMoneyBack for a reference already used).
 */
export async function claimMoneyBack(
  db: D1Database,
  input: {
    businessId: number
    paymentId: number
    kind: MoneyBackKind
    reference: string
    amount: number
    reason: string
    at: string
  }
): Promise<MoneyBackRow | null> {
  return db
    .prepare(
      `insert into payment_refunds (business_id, payment_id, kind, reference, amount, reason,
         created_at, updated_at)
       select p.business_id, p.id, ?3, ?4, ?5, ?6, ?7, ?7 from payments p
       where p.business_id = ?1 and p.id = ?2
         and ((?3 = 'refund' and ${refundFits('?5')}) or (?3 = 'void' and ${voidFits('?5')}))
       on conflict (business_id, reference) do nothing
       returning ${COLUMNS}`
    )
    .bind(
      input.businessId,
      input.paymentId,
      input.kind,
      input.reference,
      input.amount,
      input.reason,
      input.at
    )
    .first<MoneyBackRow>()
}

/**
 * A refund owed (an amend's lower total, ADR 059), written by the batch that changed the order,
 * only where `onlyIf` holds (that batch won) and the payment can still give `amount` back beyond
 * what is already on its way: from then on every claim and cover counts it. The effect that
 * carries it claims it under the same reference (claimOwedRefund).
 */
export function owedRefundStatement(
  db: D1Database,
  input: {
    businessId: number
    paymentId: number
    reference: string
    amount: number
    reason: string
    at: string
  },
  onlyIf: { sql: string; params: ReadonlyArray<string | number | null> }
): D1PreparedStatement {
  // The condition's own placeholders follow the six of the insert.
  const condition = onlyIf.sql.replace(/\?(\d+)/g, (_, n: string) => `?${Number(n) + 6}`)
  return db
    .prepare(
      `insert into payment_refunds (business_id, payment_id, kind, reference, amount, reason,
         status, created_at, updated_at)
       select p.business_id, p.id, 'refund', ?3, ?4, ?5, 'owed', ?6, ?6 from payments p
       where p.business_id = ?1 and p.id = ?2 and ${refundFits('?4')}
         and exists (${condition})
       on conflict (business_id, reference) do nothing`
    )
    .bind(
      input.businessId,
      input.paymentId,
      input.reference,
      input.amount,
      input.reason.slice(0, 200),
      input.at,
      ...onlyIf.params
    )
}

/**
 * Claims a refund owed for the gateway (owed → pending): the amount was reserved when it was
 * owed, so it is asked for exactly, by the one caller whose update matched. Null when it was not
 * owed any more (another run claimed it).
 */
export function claimOwedRefund(
  db: D1Database,
  id: number,
  at: string
): Promise<MoneyBackRow | null> {
  return db
    .prepare(
      `update payment_refunds set status = 'pending', updated_at = ?2
       where id = ?1 and status = 'owed' and kind = 'refund'
       returning ${COLUMNS}`
    )
    .bind(id, at)
    .first<MoneyBackRow>()
}

/** The refund or void a reference names, if any. */
export function findMoneyBack(
  db: D1Database,
  businessId: number,
  reference: string
): Promise<MoneyBackRow | null> {
  return db
    .prepare(`select ${COLUMNS} from payment_refunds where business_id = ?1 and reference = ?2`)
    .bind(businessId, reference)
    .first<MoneyBackRow>()
}

/** What the gateway said, to record on a pending claim. */
export interface MoneyBackAnswer {
  status: Exclude<MoneyBackStatus, 'pending' | 'owed'>
  resultCode: string
  resultMessage: string
  actionRef: string | null
  at: string
}

/**
 * Records the answer on an unsettled claim (pending, or unknown being reconciled) in one batch.
 * When done, the payment changes first, guarded by the claim still being unsettled and by what it
 * moves (amount_refunded + amount ≤ amount), and the claim settles only if that update won
 * (changes() = 1): a replayed answer, or 20 reconcilers at once, record the money once. A void
 * cancels the authorisation.
 */
export async function recordMoneyBack(
  db: D1Database,
  claim: Pick<MoneyBackRow, 'id' | 'payment_id' | 'kind' | 'amount' | 'reason'>,
  answer: MoneyBackAnswer
): Promise<boolean> {
  const unsettled = `exists (select 1 from payment_refunds
    where id = ?3 and status in ('pending', 'unknown'))`
  const payment =
    claim.kind === 'refund'
      ? db
          .prepare(
            `update payments set amount_refunded = amount_refunded + ?2,
               status = case when amount_refunded + ?2 >= amount then 'refunded'
                 else 'partially_refunded' end,
               updated_at = ?4
             where id = ?1 and amount_refunded + ?2 <= amount and ${unsettled}`
          )
          .bind(claim.payment_id, claim.amount, claim.id, answer.at)
      : db
          .prepare(
            `update payments set status = 'cancelled', voided_at = ?3,
               result_message = 'authorisation voided: ' || ?4,
               void_result_code = ?5, void_result_message = ?6, updated_at = ?3
             where id = ?1 and exists (select 1 from payment_refunds
               where id = ?2 and status in ('pending', 'unknown'))`
          )
          .bind(
            claim.payment_id,
            claim.id,
            answer.at,
            claim.reason,
            answer.resultCode,
            answer.resultMessage
          )
  const moved = answer.status === 'done' && claim.kind === 'refund'
  const row = db
    .prepare(
      `update payment_refunds set status = ?2, result_code = ?3, result_message = ?4,
         action_ref = ?5, updated_at = ?6
       where id = ?1 and status in ('pending', 'unknown')${moved ? ' and changes() = 1' : ''}`
    )
    .bind(
      claim.id,
      answer.status,
      answer.resultCode,
      answer.resultMessage,
      answer.actionRef,
      answer.at
    )
  const results = await db.batch(answer.status === 'done' ? [payment, row] : [row])
  return (results.at(-1)?.meta.changes ?? 0) === 1
}

/** Per payment: what it took, what was refunded and what was voided (pence), for the ledger. */
export interface PaymentMoney {
  paymentId: number
  orderId: number
  /** The order number the shopper sees (business_order_id). */
  orderNumber: string
  /** What the order says the shopper finally pays (orders.total). */
  orderTotal: number
  gateway: string
  gatewayOrderId: string | null
  taken: number
  refunded: number
  voided: number
}

/**
 * Every payment of a business that took money, with its refunds and void, oldest first; or,
 * with `newest`, that many newest first (the development ledger page), of one order when named.
 */
export async function paymentMoney(
  db: D1Database,
  businessId: number,
  options: { newest?: number; orderNumber?: string } = {}
): Promise<Array<PaymentMoney>> {
  const { results } = await db
    .prepare(
      `select p.id, p.order_id, o.business_order_id, o.total as order_total, p.gateway,
         p.gateway_order_id, ${TAKEN} as amount,
         coalesce((select sum(r.amount) from payment_refunds r
           where r.payment_id = p.id and r.kind = 'refund' and r.status = 'done'), 0) as refunded,
         case when p.voided_at is not null then ${TAKEN} else 0 end as voided
       from payments p join orders o on o.id = p.order_id
       where p.business_id = ?1
         and (p.status in ${HOLDS_MONEY} or p.status = 'refunded' or p.voided_at is not null)
         and (?2 is null or o.business_order_id = ?2)
       order by case when ?3 is null then p.id else -p.id end
       limit coalesce(?3, -1)`
    )
    .bind(businessId, options.orderNumber ?? null, options.newest ?? null)
    .all<{
      id: number
      order_id: number
      business_order_id: string
      order_total: number
      gateway: string
      gateway_order_id: string | null
      amount: number
      refunded: number
      voided: number
    }>()
  return results.map((row) => ({
    paymentId: row.id,
    orderId: row.order_id,
    orderNumber: row.business_order_id,
    orderTotal: row.order_total,
    gateway: row.gateway,
    gatewayOrderId: row.gateway_order_id,
    taken: row.amount,
    refunded: row.refunded,
    voided: row.voided,
  }))
}

/** Pence given back on an order's payments so far: refunds and voids that are done. */
export async function givenBackOnOrder(
  db: D1Database,
  businessId: number,
  orderId: number
): Promise<number> {
  const row = await db
    .prepare(
      `select coalesce(sum(r.amount), 0) as given from payment_refunds r
       join payments p on p.id = r.payment_id
       where r.business_id = ?1 and p.order_id = ?2 and r.status = 'done'`
    )
    .bind(businessId, orderId)
    .first<{ given: number }>()
  return row?.given ?? 0
}
