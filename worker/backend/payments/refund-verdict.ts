import type { GatewayRefundsAnswer } from './gateway.ts'

/*
 * What the gateway's list of refunds says about one refund we never heard back from (pure, so a
 * property test can walk any sequence of answers). `done`: the gateway made it; `absent`: it
 * did not, and the same call may be sent again with the same reference; `unknown`: the answer
 * cannot tell, and nothing is recorded or resent.
 */

export type RefundVerdict =
  { verdict: 'done'; actionRef: string | null } | { verdict: 'absent' } | { verdict: 'unknown' }

export interface UnsettledRefund {
  reference: string
  amount: number
}

/** The payment as we record it while the refund is unsettled. */
export interface RecordedRefunds {
  /** Pence our done refunds gave back (payments.amount_refunded). */
  refunded: number
  /** Pence of the payment's other refunds still pending or unknown. */
  otherUnsettled: number
}

export function refundVerdict(
  refund: UnsettledRefund,
  answer: GatewayRefundsAnswer,
  recorded: RecordedRefunds
): RefundVerdict {
  if (!answer.known) return { verdict: 'unknown' }
  if (answer.refunds !== null) {
    // The gateway keeps our reference (frames): the refund is there or it is not.
    const found = answer.refunds.filter((made) => made.reference === refund.reference)
    if (found.length === 0) return { verdict: 'absent' }
    const [made] = found
    return found.length === 1 && made && made.amount === refund.amount
      ? { verdict: 'done', actionRef: made.actionRef }
      : { verdict: 'unknown' }
  }
  // Only the transaction's total (Realex): beyond what we recorded, nothing means none of the
  // unsettled refunds was made; exactly all of them means each was. Anything between is a
  // partial story an operator must read, and is never resent.
  const beyond = answer.total - recorded.refunded
  if (beyond === 0) return { verdict: 'absent' }
  if (beyond === refund.amount + recorded.otherUnsettled)
    return { verdict: 'done', actionRef: null }
  return { verdict: 'unknown' }
}
