import {
  creditReturnedBy,
  pickingBeyondCard,
  returnOrderCreditPartStatement,
  returnOrderCreditStatement,
} from './order-credit-repo.ts'

/*
 * Store credit given back by what happens to an order (ADR 020). Each write is idempotent by its
 * reference and answers what THIS call gave back (0 when an earlier call already did), so the
 * shopper's message names the credit once.
 */

async function returnedAmount(
  db: D1Database,
  statement: D1PreparedStatement,
  orderId: number,
  reference: string
): Promise<number> {
  const result = await statement.run()
  return result.meta.changes === 0 ? 0 : creditReturnedBy(db, orderId, reference)
}

/** Everything the order still holds ('order:<id>:return'): its end or a full refund. */
export async function returnOrderCredit(
  db: D1Database,
  orderId: number,
  now: Date
): Promise<number> {
  return returnedAmount(
    db,
    returnOrderCreditStatement(db, orderId, now),
    orderId,
    `order:${orderId}:return`
  )
}

/** Part of what the order holds: a partial refund beyond what the card paid. */
export async function returnOrderCreditPart(
  db: D1Database,
  orderId: number,
  amount: number,
  key: string,
  now: Date
): Promise<number> {
  if (amount <= 0) return 0
  return returnedAmount(
    db,
    returnOrderCreditPartStatement(db, orderId, amount, key, now),
    orderId,
    `order:${orderId}:return:${key}`
  )
}

/** Picking took more off than the card pays: the rest comes back as credit. */
export async function returnPickingBeyondCard(
  db: D1Database,
  orderId: number,
  now: Date
): Promise<number> {
  const beyond = await pickingBeyondCard(db, orderId)
  return returnOrderCreditPart(db, orderId, beyond, 'picking', now)
}
