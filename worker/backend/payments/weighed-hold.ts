import type { PaymentMethod } from '../../../schemas/checkout.ts'
import { orderMarginStatement as marginStatement, weighedHoldRow } from './capture-repo.ts'

/*
 * What a card payment holds for an order with weighed lines (issue 41, ADR 039): its total plus
 * the business's margin over the estimate of each weighed line (⌊estimate × margin / 100⌋, the
 * rule picking caps a line at), authorised only and captured for the final amount after picking.
 * An order without weighed lines, or paid in cash, holds its total and is settled as today.
 */

export interface PaymentHold {
  /** What the gateway is asked to authorise, in pence. */
  amount: number
  captureLater: boolean
  /** The margin the order's weighed lines may cost over their estimate (orders.weighed_margin_percent). */
  marginPercent: number
}

export async function paymentHoldOf(
  db: D1Database,
  order: { businessId: number; orderId: number; total: number },
  method: PaymentMethod
): Promise<PaymentHold> {
  const settled: PaymentHold = { amount: order.total, captureLater: false, marginPercent: 0 }
  if (method === 'paymentCash') return settled
  const row = await weighedHoldRow(db, order.businessId, order.orderId)
  if (!row || row.weighed === 0) return settled
  return { amount: order.total + row.extra, captureLater: true, marginPercent: row.margin }
}

/** Records the margin the order's payment holds, so picking caps its weighed lines by it. */
export function orderMarginStatement(
  db: D1Database,
  orderId: number,
  hold: PaymentHold
): D1PreparedStatement {
  return marginStatement(db, orderId, hold.marginPercent)
}
