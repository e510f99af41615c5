import { CREDIT_HISTORY_LIMIT } from '../../../schemas/constants.ts'
import type { CreditSummary } from '../../../schemas/credit.ts'
import { creditBalance, creditEntries } from './ledger-repo.ts'

/**
 * A member's store credit (ADR 020): the balance and the newest entries. The caller names the
 * member (requireMember): every read is scoped by that customer id. The loyalty summary reads it
 * too.
 */
export async function creditSummary(db: D1Database, customerId: number): Promise<CreditSummary> {
  const [balance, entries] = await Promise.all([
    creditBalance(db, customerId),
    creditEntries(db, customerId, CREDIT_HISTORY_LIMIT),
  ])
  return {
    balance,
    entries: entries.map((entry) => ({
      id: entry.id,
      amount: entry.amount,
      kind: entry.kind,
      description: entry.description,
      businessOrderId: entry.business_order_id,
      createdAt: entry.created_at,
    })),
  }
}
