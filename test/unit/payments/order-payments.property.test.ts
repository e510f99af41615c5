import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  capturePlan,
  coverage,
  refundable,
  refundShares,
  type KeptPayment,
} from '../../../worker/backend/payments/order-payments.ts'

/*
 * An order paid by several payments (ADR 059), over any amounts and any sequence of amends: each
 * amend above what the payments cover adds a held top-up for the difference, one below refunds a
 * single settled payment at once or leaves the holds to be captured lower. Then at picking the
 * captured total never exceeds what was authorised, and what the shopper pays (settled money kept
 * plus captures) equals the picked total.
 */

function payment(id: number, amount: number, hold: boolean): KeptPayment {
  return {
    id,
    business_id: 1,
    amount,
    amount_refunded: 0,
    capture_later: hold ? 1 : 0,
    captured_amount: null,
    capture_unknown: 0,
  }
}

/** The payments after checkout and the amends, as the amend's service makes them. */
function afterAmends(
  first: { total: number; hold: boolean },
  totals: ReadonlyArray<number>
): { payments: Array<KeptPayment>; total: number } {
  const payments = [payment(1, first.total, first.hold)]
  let total = first.total
  for (const next of totals) {
    const single = payments.length === 1 ? payments[0]! : null
    if (single && single.capture_later === 0 && next <= total) {
      // A single settled card: the difference is refunded by the amend (ADR 048).
      single.amount_refunded += total - next
    } else if (next > coverage(payments)) {
      payments.push(payment(payments.length + 1, next - coverage(payments), true))
    }
    total = next
  }
  return { payments, total }
}

const amount = fc.integer({ min: 0, max: 50_000 })

describe('payments of an amended order at picking', () => {
  it('capture what was picked, never more than authorised', () => {
    fc.assert(
      fc.property(
        fc.record({ total: fc.integer({ min: 1, max: 50_000 }), hold: fc.boolean() }),
        fc.array(amount, { maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (first, totals, share) => {
          const { payments, total } = afterAmends(first, totals)
          expect(coverage(payments)).toBeGreaterThanOrEqual(total)
          const picked = Math.floor(total * share)
          const plan = capturePlan(payments, picked)
          const authorised = new Map(payments.map((p) => [p.id, p.amount - p.amount_refunded]))
          let captured = 0
          for (const capture of plan.captures) {
            expect(capture.amount).toBeGreaterThanOrEqual(0)
            expect(capture.amount).toBeLessThanOrEqual(authorised.get(capture.paymentId)!)
            captured += capture.amount
          }
          const settled = coverage(payments.filter((p) => p.capture_later === 0))
          // What the shopper pays: settled money kept, plus the captures, equals the picked total.
          expect(settled - plan.settledExcess + captured).toBe(picked)
          expect(captured + settled).toBeLessThanOrEqual(
            [...authorised.values()].reduce((sum, value) => sum + value, 0)
          )
          // Settled money over the picked total: the holds take nothing.
          if (plan.settledExcess > 0) expect(captured).toBe(0)
        }
      ),
      { numRuns: 500 }
    )
  })

  it('share a refund newest first, each payment at most what it took', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount: fc.integer({ min: 1, max: 20_000 }), taken: amount }), {
          minLength: 1,
          maxLength: 5,
        }),
        amount,
        (rows, asked) => {
          const payments = rows.map((row, index) => ({
            ...payment(index + 1, row.amount, index > 0),
            captured_amount: index > 0 ? Math.min(row.taken, row.amount) : null,
          }))
          const shares = refundShares(payments, asked)
          const total = shares.reduce((sum, share) => sum + share.amount, 0)
          const available = payments.reduce((sum, p) => sum + refundable(p), 0)
          expect(total).toBe(Math.min(asked, available))
          const ids = shares.map((share) => share.paymentId)
          expect(ids).toEqual([...ids].sort((a, b) => b - a))
          for (const share of shares) {
            expect(share.amount).toBeLessThanOrEqual(
              refundable(payments.find((p) => p.id === share.paymentId)!)
            )
          }
        }
      ),
      { numRuns: 500 }
    )
  })
})
