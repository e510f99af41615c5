/*
 * An order paid by several payments (ADR 059): the one at checkout, settled at once or held, and
 * one held top-up per amend that raised its total above what they covered. Pure and in pence: what
 * the payments can still pay, and how the picked total is taken from them at picking. Settled
 * money is already taken, so the holds are captured, oldest first, for what the settled payments
 * do not pay; when the picked total is below what was settled, the holds take nothing and the
 * excess goes back from the settled payments (newest first, as every refund of several payments).
 */

/** A payment of the order that is kept (not voided, nor owed a void). */
export interface KeptPayment {
  id: number
  business_id: number
  amount: number
  amount_refunded: number
  /**
   * Money on its way back, not yet in amount_refunded: a refund an amend owes (its effect not run
   * yet), one asked and unanswered, a void in flight. Counted as gone by every cover and share.
   */
  on_its_way: number
  /** 1: a hold, captured at picking (ADR 039). */
  capture_later: number
  captured_amount: number | null
  capture_unknown: number
}

export const isHold = (payment: KeptPayment): boolean => payment.capture_later === 1

/**
 * What one payment can still pay: a settled payment's or a captured hold's money not refunded nor
 * on its way back, an uncaptured hold's authorisation.
 */
export function available(payment: KeptPayment): number {
  const taken = isHold(payment) ? (payment.captured_amount ?? payment.amount) : payment.amount
  return Math.max(0, taken - payment.amount_refunded - payment.on_its_way)
}

/** What one payment can give back: money taken and not refunded (an uncaptured hold took none). */
export function refundable(payment: KeptPayment): number {
  if (isHold(payment) && payment.captured_amount === null) return 0
  return available(payment)
}

/** What the order's payments together can pay: an amend's new total above it needs a top-up. */
export function coverage(payments: ReadonlyArray<KeptPayment>): number {
  return payments.reduce((sum, payment) => sum + available(payment), 0)
}

export interface CapturePlan {
  /** Each hold's capture, oldest first (0: the hold is released whole). */
  captures: Array<{ paymentId: number; amount: number }>
  /** What the settled payments took over the picked total: refunded from them. */
  settledExcess: number
}

/**
 * How `picked` is taken: the settled payments' money first (already taken), the rest from the
 * holds oldest first, each at most what it holds. Over everything authorised, the last hold is
 * planned for more than it holds and its capture refuses (over_authorised), as a single hold's.
 */
export function capturePlan(payments: ReadonlyArray<KeptPayment>, picked: number): CapturePlan {
  const ordered = [...payments].sort((a, b) => a.id - b.id)
  const settled = ordered.filter((payment) => !isHold(payment))
  const holds = ordered.filter(isHold)
  const settledNet = coverage(settled)
  let owed = Math.max(0, picked - settledNet)
  const captures = holds.map((hold, index) => {
    const last = index === holds.length - 1
    const share = last ? owed : Math.min(owed, hold.amount - hold.amount_refunded)
    owed -= share
    return { paymentId: hold.id, amount: share }
  })
  return { captures, settledExcess: Math.max(0, settledNet - picked) }
}

/**
 * How a refund of `amount` is shared among the payments, newest first, each at most what it can
 * still give back. Money left over (more asked than taken) is not shared.
 */
export function refundShares(
  payments: ReadonlyArray<KeptPayment>,
  amount: number
): Array<{ paymentId: number; amount: number }> {
  const shares: Array<{ paymentId: number; amount: number }> = []
  let left = amount
  for (const payment of [...payments].sort((a, b) => b.id - a.id)) {
    if (left <= 0) break
    const share = Math.min(left, refundable(payment))
    if (share > 0) shares.push({ paymentId: payment.id, amount: share })
    left -= share
  }
  return shares
}
