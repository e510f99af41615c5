import type { CreditEntryKind } from '../../../schemas/credit.ts'

/*
 * The store credit ledger (migration 0031, ADR 020): entries of a known amount and the member's
 * reads. Entries whose amount comes from the order row in the same statement (spent, given back,
 * a refund as credit) are in order-credit-repo.ts and staff-credit-repo.ts. A member's balance is
 * the sum of their entries; the table's trigger refuses an entry that would take it below zero,
 * and (customer_id, reference) is unique, so an effect that runs twice writes once.
 */

export interface CreditEntry {
  businessId: number
  customerId: number
  /** Pence, signed: credit given > 0, credit spent < 0. */
  amount: number
  kind: CreditEntryKind
  /** Unique per member: what the entry is for ('order:41:spend', 'referral:7:referrer'). */
  reference: string
  description: string
  orderId?: number | null
  referralId?: number | null
  staffId?: number | null
}

export interface CreditEntryRow {
  id: number
  amount: number
  kind: CreditEntryKind
  reference: string
  description: string
  order_id: number | null
  business_order_id: string | null
  created_at: string
}

/** The trigger's message when an entry would take a balance below zero. */
export const CREDIT_BELOW_ZERO = 'store credit would go below zero'

/** True when a write failed because it would have taken the member's credit below zero. */
export function isCreditBelowZero(error: unknown): boolean {
  return error instanceof Error && error.message.includes(CREDIT_BELOW_ZERO)
}

/**
 * The insert of one entry. A reference the member already has is left as it is (insert or
 * ignore), so retries and double presses write once; a spend the balance cannot cover aborts
 * the statement and its whole batch (isCreditBelowZero).
 */
export function creditEntryStatement(
  db: D1Database,
  entry: CreditEntry,
  now: Date
): D1PreparedStatement {
  return db
    .prepare(
      `insert into customer_credit_ledger
         (business_id, customer_id, amount, kind, reference, description, order_id, referral_id,
          staff_id, created_at)
       select ?1, c.id, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10
       from customers c where c.id = ?2 and c.business_id = ?1
       on conflict (customer_id, reference) do nothing`
    )
    .bind(
      entry.businessId,
      entry.customerId,
      entry.amount,
      entry.kind,
      entry.reference,
      entry.description,
      entry.orderId ?? null,
      entry.referralId ?? null,
      entry.staffId ?? null,
      now.toISOString()
    )
}

/** A member's credit balance in pence (0 with no entries). */
export async function creditBalance(db: D1Database, customerId: number): Promise<number> {
  const row = await db
    .prepare(
      `select coalesce(sum(amount), 0) as balance from customer_credit_ledger
       where customer_id = ?1`
    )
    .bind(customerId)
    .first<{ balance: number }>()
  return row?.balance ?? 0
}

/** A member's entries, newest first, with the order number each is for. */
export async function creditEntries(
  db: D1Database,
  customerId: number,
  limit: number
): Promise<Array<CreditEntryRow>> {
  const { results } = await db
    .prepare(
      `select l.id, l.amount, l.kind, l.reference, l.description, l.order_id,
         o.business_order_id, l.created_at
       from customer_credit_ledger l left join orders o on o.id = l.order_id
       where l.customer_id = ?1
       order by l.id desc limit ?2`
    )
    .bind(customerId, limit)
    .all<CreditEntryRow>()
  return results
}

/** The credit entries of one order for its member (spent, returned). */
export async function orderCreditEntries(
  db: D1Database,
  orderId: number
): Promise<Array<Pick<CreditEntryRow, 'amount' | 'kind' | 'reference'>>> {
  const { results } = await db
    .prepare(
      `select amount, kind, reference from customer_credit_ledger where order_id = ?1
       order by id`
    )
    .bind(orderId)
    .all<Pick<CreditEntryRow, 'amount' | 'kind' | 'reference'>>()
  return results
}
