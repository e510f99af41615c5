import type { KeptPayment } from './order-payments.ts'
import { ON_ITS_WAY_BACK } from './refunds-repo.ts'

/*
 * The SQL of holding a card payment for an order with weighed lines and capturing it after
 * picking (ADR 039). The claim is one guarded statement: never captured before, not voided, and
 * never more than the amount authorised.
 */

/** A payment `p` that is kept: not voided, nor owed a void, and not a refused attempt. */
const KEPT = `p.status in ('authorised', 'captured', 'partially_refunded', 'refunded')
  and p.void_reason is null and p.voided_at is null`

/**
 * The order's kept payments, oldest first (ADR 059: the checkout's and each amend's top-up); one
 * refunded in full too, so a rerun still finds the refunds made under its references. Each with
 * the money on its way back (a refund an amend owes, one asked and unanswered): already gone.
 */
export async function findKeptPayments(
  db: D1Database,
  orderId: number
): Promise<Array<KeptPayment>> {
  const { results } = await db
    .prepare(
      `select p.id, p.business_id, p.amount, p.amount_refunded, ${ON_ITS_WAY_BACK} as on_its_way,
         p.capture_later, p.captured_amount, p.capture_unknown
       from payments p where p.order_id = ?1 and ${KEPT}
       order by p.id`
    )
    .bind(orderId)
    .all<KeptPayment>()
  return results
}

/**
 * SQL: what the kept payments of the order `orderId` names (a placeholder) can still pay, as
 * order-payments.ts `coverage` counts it, for a statement that guards a new total on it.
 */
export function coveredSql(orderId: string): string {
  return `(select coalesce(sum(max(0, case when p.capture_later = 1
      then coalesce(p.captured_amount, p.amount) else p.amount end
      - p.amount_refunded - ${ON_ITS_WAY_BACK})), 0)
    from payments p where p.order_id = ${orderId} and ${KEPT})`
}

/**
 * Claims the capture of `amount`: true for the one call that may ask the gateway. The claim is
 * unknown until the gateway's answer is recorded (confirmCapture), so a lost write of that answer
 * is asked about again, never taken as captured. A void claimed on the hold (the order refunded
 * before its capture ran) wins: the void's claim needs nothing captured, this claim no void, so
 * the gateway is never asked for both.
 */
export async function claimCapture(
  db: D1Database,
  input: { paymentId: number; amount: number; at: string }
): Promise<boolean> {
  const claimed = await db
    .prepare(
      `update payments set captured_amount = ?2, status = 'captured', updated_at = ?3,
         capture_unknown = 1
       where id = ?1 and capture_later = 1 and captured_amount is null and status = 'authorised'
         and void_reason is null and voided_at is null and ?2 >= 0 and ?2 <= amount
         and not exists (select 1 from payment_refunds r where r.payment_id = payments.id
           and r.kind = 'void' and r.status <> 'refused')`
    )
    .bind(input.paymentId, input.amount, input.at)
    .run()
  return claimed.meta.changes === 1
}

/** Gives the claim back after the gateway's definite refusal, with what it said. */
export async function releaseCapture(
  db: D1Database,
  input: { paymentId: number; amount: number; resultCode: string; resultMessage: string }
): Promise<void> {
  await db
    .prepare(
      `update payments set captured_amount = null, status = 'authorised', result_code = ?3,
         result_message = ?4, capture_unknown = 0
       where id = ?1 and captured_amount = ?2 and status = 'captured'`
    )
    .bind(input.paymentId, input.amount, input.resultCode, input.resultMessage.slice(0, 500))
    .run()
}

/**
 * Records a capture whose answer we could not trust: the claim stays (never captured twice) and
 * the capture is marked unknown, to be asked about (claimCaptureLook) before any refund.
 */
export async function recordCaptureResult(
  db: D1Database,
  input: { paymentId: number; resultCode: string; resultMessage: string }
): Promise<void> {
  await db
    .prepare(
      `update payments set result_code = ?2, result_message = ?3,
         capture_unknown = max(capture_unknown, 1)
       where id = ?1 and status = 'captured'`
    )
    .bind(input.paymentId, input.resultCode, input.resultMessage.slice(0, 500))
    .run()
}

/** Claims one look at an unknown capture: true for the one caller whose count matched. */
export async function claimCaptureLook(
  db: D1Database,
  input: { paymentId: number; looks: number }
): Promise<boolean> {
  const claimed = await db
    .prepare(
      `update payments set capture_unknown = capture_unknown + 1
       where id = ?1 and capture_unknown = ?2 and ?2 > 0 and status = 'captured'`
    )
    .bind(input.paymentId, input.looks)
    .run()
  return claimed.meta.changes === 1
}

/** The gateway took the claimed amount: the capture is known. */
export async function confirmCapture(
  db: D1Database,
  input: { paymentId: number; amount: number }
): Promise<void> {
  await db
    .prepare(
      `update payments set capture_unknown = 0
       where id = ?1 and captured_amount = ?2 and status = 'captured'`
    )
    .bind(input.paymentId, input.amount)
    .run()
}

/**
 * The business's margin, how many weighed lines the order has, and the margin over their
 * estimates, ⌊estimate × margin / 100⌋ a line (the rule picking caps a line at).
 */
export function weighedHoldRow(
  db: D1Database,
  businessId: number,
  orderId: number
): Promise<{ margin: number; weighed: number; extra: number } | null> {
  return db
    .prepare(
      `select b.weighed_margin_percent as margin, count(l.id) as weighed,
         coalesce(sum(l.total_price * b.weighed_margin_percent / 100), 0) as extra
       from businesses b left join order_lines l on l.order_id = ?2
         and l.parent_line_id is null and l.sold_by <> 'each'
       where b.id = ?1`
    )
    .bind(businessId, orderId)
    .first<{ margin: number; weighed: number; extra: number }>()
}

/**
 * Records the margin the order's payment holds, so picking caps its weighed lines by it. Only
 * while the order is being paid, and a card's margin not once the shopper confirmed cash: a card
 * attempt in another tab that loses the race to cash (its batch between cash's and the order's
 * confirmation) leaves the cash order's margin at 0 (ADR 039).
 */
export function orderMarginStatement(
  db: D1Database,
  orderId: number,
  marginPercent: number
): D1PreparedStatement {
  return db
    .prepare(
      `update orders set weighed_margin_percent = ?2
       where id = ?1 and status in ('draft', 'payment_pending', 'payment_failed')
         and (?2 = 0 or cash_confirmed = 0)`
    )
    .bind(orderId, marginPercent)
}
