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
  /** The amounts of the payment's other refunds still pending or unknown. */
  otherUnsettled: ReadonlyArray<number>
}

/** Beyond this many unsettled refunds on one payment the totals are not searched for a story. */
const MAX_STORY = 12

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
  // Only the transaction's total (Realex): which of the unsettled refunds add up to what the
  // gateway gave back beyond what we recorded? When every such story includes this refund it was
  // made; when none does it was not; two stories that disagree (or none) are for an operator.
  const beyond = answer.total - recorded.refunded
  const others = recorded.otherUnsettled
  if (beyond < 0 || others.length >= MAX_STORY) return { verdict: 'unknown' }
  let withIt = false
  let withoutIt = false
  for (let mask = 0; mask < 1 << others.length; mask++) {
    const sum = others.reduce(
      (total, amount, index) => total + (mask & (1 << index) ? amount : 0),
      0
    )
    if (sum + refund.amount === beyond) withIt = true
    if (sum === beyond) withoutIt = true
  }
  if (withIt && !withoutIt) return { verdict: 'done', actionRef: null }
  if (withoutIt && !withIt) return { verdict: 'absent' }
  return { verdict: 'unknown' }
}

/**
 * What the gateway's answer says about a void we never heard back from: `done`, the authorisation
 * is voided there; `absent`, it is not (the void may be sent again: voiding moves no money and
 * an authorisation is voided once); `unknown`, no answer, or one that does not say.
 */
export function voidVerdict(answer: GatewayRefundsAnswer): 'done' | 'absent' | 'unknown' {
  if (!answer.known || answer.voided === null) return 'unknown'
  return answer.voided ? 'done' : 'absent'
}
