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
 * plus captures) equals the picked total. And with the refunds an amend owes delivered late, in
 * any order, before or after picking (ADR 059 "Refunds still on their way"): every cover counts
 * them from the amend's batch, so the same holds and no payment gives back more than it took.
 */

function payment(id: number, amount: number, hold: boolean): KeptPayment {
  return {
    id,
    business_id: 1,
    amount,
    amount_refunded: 0,
    on_its_way: 0,
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

/** An amend's refund recorded as owed by its batch and not yet given back by its effect. */
interface Owed {
  paymentId: number
  amount: number
}

type Step = { kind: 'amend'; total: number } | { kind: 'deliver'; pick: number }

/** The order's payments and the refunds on their way, as the amend's service and batch make them. */
class Order {
  readonly payments: Array<KeptPayment>
  readonly owed: Array<Owed> = []
  total: number

  constructor(first: { total: number; hold: boolean }) {
    this.payments = [payment(1, first.total, first.hold)]
    this.total = first.total
  }

  private find(id: number): KeptPayment {
    return this.payments.find((p) => p.id === id)!
  }

  /** order-amend/service.ts: the cap its batch holds on, a refund owed or a held top-up. */
  amend(next: number): void {
    const single = this.payments.length === 1 ? this.payments[0]! : null
    if (single && single.capture_later === 0) {
      if (next <= this.total) {
        const difference = this.total - next
        if (difference > 0) {
          // The batch's owed row: on its way from this instant.
          this.owed.push({ paymentId: single.id, amount: difference })
          single.on_its_way += difference
        }
        this.total = next
        return
      }
    } else if (next <= coverage(this.payments)) {
      // A hold captured lower, or several payments: nothing back now, picking takes the total.
      this.total = next
      return
    }
    // Above what is covered: the top-up holds the difference; its answer applies the change only
    // within what the payments, the top-up among them, cover.
    const asked = next - coverage(this.payments)
    this.payments.push(payment(this.payments.length + 1, asked, true))
    expect(next).toBeLessThanOrEqual(coverage(this.payments))
    this.total = next
  }

  /** A refund's effect ran: owed → given back (recordMoneyBack), never above what was taken. */
  deliver(index: number): void {
    const [owed] = this.owed.splice(index % this.owed.length, 1)
    if (!owed) return
    const paid = this.find(owed.paymentId)
    paid.on_its_way -= owed.amount
    this.giveBack(paid, owed.amount)
  }

  giveBack(paid: KeptPayment, amount: number): void {
    paid.amount_refunded += amount
    expect(paid.amount_refunded).toBeLessThanOrEqual(taken(paid))
  }
}

const taken = (p: KeptPayment): number =>
  p.capture_later === 1 ? (p.captured_amount ?? 0) : p.amount

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('amend' as const), total: amount }),
  fc.record({ kind: fc.constant('deliver' as const), pick: fc.nat(20) })
)

describe('refunds an amend owes, delivered late', () => {
  it('capture at picking never refused as over-authorised; captured − refunded = picked', () => {
    fc.assert(
      fc.property(
        fc.record({ total: fc.integer({ min: 1, max: 50_000 }), hold: fc.boolean() }),
        fc.array(step, { maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.nat(20), { maxLength: 12 }),
        (first, steps, share, lateOrder) => {
          const order = new Order(first)
          for (const next of steps) {
            if (next.kind === 'amend') order.amend(next.total)
            else order.deliver(next.pick)
          }
          expect(coverage(order.payments)).toBeGreaterThanOrEqual(order.total)
          // Picking, some refunds still on their way: capture_picked's plan, each hold's claim.
          const picked = Math.floor(order.total * share)
          const plan = capturePlan(order.payments, picked)
          for (const capture of plan.captures) {
            const hold = order.payments.find((p) => p.id === capture.paymentId)!
            // capturePayment refuses (over_authorised) above the hold's authorisation.
            expect(capture.amount).toBeGreaterThanOrEqual(0)
            expect(capture.amount).toBeLessThanOrEqual(hold.amount)
            hold.captured_amount = capture.amount
          }
          // The settled money over the picked total goes back, newest first.
          const shares = refundShares(order.payments, plan.settledExcess)
          expect(shares.reduce((sum, one) => sum + one.amount, 0)).toBe(plan.settledExcess)
          for (const one of shares) {
            order.giveBack(
              order.payments.find((p) => p.id === one.paymentId)!,
              one.amount
            )
          }
          // Then the refunds still owed land, in any order.
          for (const pick of lateOrder) order.deliver(pick)
          while (order.owed.length > 0) order.deliver(0)
          const net = order.payments.reduce((sum, p) => sum + taken(p) - p.amount_refunded, 0)
          expect(net).toBe(picked)
        }
      ),
      { numRuns: 1000 }
    )
  })
})
