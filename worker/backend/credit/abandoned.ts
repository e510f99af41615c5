import { UNPAID_ORDER_CREDIT_HOLD_HOURS } from '../../../schemas/constants.ts'
import { logError } from '../../lib/log.ts'
import {
  abandonedCreditOrders,
  abandonUnpaidOrderStatement,
  returnOrderCreditStatement,
} from './order-credit-repo.ts'

/*
 * The cron's part of store credit (ADR 020): an unpaid order that holds credit and nobody touched
 * for UNPAID_ORDER_CREDIT_HOLD_HOURS ends as a superseded draft does (cancelled, never placed)
 * and gives its credit back, in one batch whose return runs only where the end won. A payment
 * still pending is left alone (its authorisation may still arrive); a later make-payment on the
 * ended draft is refused as for any cancelled order.
 */

const HOUR = 3_600_000
const BATCH = 100

/** Ends the abandoned unpaid orders holding credit; answers how many gave it back. */
export async function releaseAbandonedCredit(db: D1Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNPAID_ORDER_CREDIT_HOLD_HOURS * HOUR).toISOString()
  let released = 0
  for (const { id } of await abandonedCreditOrders(db, before, BATCH)) {
    try {
      const [ended] = await db.batch([
        abandonUnpaidOrderStatement(db, id, before, now),
        returnOrderCreditStatement(db, id, now, true),
      ])
      if ((ended?.meta.changes ?? 0) > 0) released += 1
    } catch (error) {
      // One order's failure must not stop the others; the next run tries it again.
      logError(error, { event: 'abandoned order credit release failed', orderId: id })
    }
  }
  return released
}
