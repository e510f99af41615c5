import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type MoneyFacts, moneyRows, moneySummary } from '../../../schemas/money-summary.ts'

/*
 * One money summary for every page and email (issue 35 items 3 and 5): a reject shows what it
 * gave back under its own label, never as "Refunds after delivery"; a voided payment has nothing
 * still to come; a cash order that ended before the door took nothing and owes nothing.
 */

const paid: MoneyFacts = {
  status: 'delivered',
  paymentMethod: 'paymentCard',
  originalTotal: 1249,
  creditApplied: 0,
  totalAdjustment: 0,
  refund: 0,
  tipRefund: 0,
  total: 1249,
  givenBack: 0,
  creditReturned: 0,
}

const labels = (facts: MoneyFacts) =>
  moneyRows(moneySummary(facts)).map((row) => [row.label, row.amount])

describe('moneySummary', () => {
  it('a rejected card order whose £12.49 was voided: given back under its own label', () => {
    const rejected = { ...paid, status: 'store_rejected', refund: 1249, total: 0, givenBack: 1249 }
    const summary = moneySummary({ ...rejected, status: 'store_rejected' })
    expect(summary).toMatchObject({
      closing: { kind: 'store_rejected', amount: 1249 },
      refundsAfterDelivery: 0,
      givenBack: 1249,
      stillToCome: 0,
    })
    expect(labels({ ...rejected, status: 'store_rejected' })).toEqual([
      ['Charged', 1249],
      ['Given back when the store rejected the order', -1249],
      ['Total', 0],
      ['Given back so far', 1249],
    ])
  })

  it('a cancelled card order not yet refunded: the amount is still to come', () => {
    const summary = moneySummary({ ...paid, status: 'cancelled', refund: 1249, total: 0 })
    expect(summary.closing).toEqual({ kind: 'cancelled', amount: 1249 })
    expect(summary.stillToCome).toBe(1249)
  })

  it('refunds after delivery are shown only after delivery', () => {
    const summary = moneySummary({ ...paid, refund: 250, total: 999, givenBack: 250 })
    expect(summary.refundsAfterDelivery).toBe(250)
    expect(summary.closing).toBeNull()
  })

  it('a cash order rejected before the door owes nothing back', () => {
    const summary = moneySummary({
      ...paid,
      paymentMethod: 'paymentCash',
      status: 'store_rejected',
      refund: 1249,
      total: 0,
    })
    expect(summary).toMatchObject({ owedBack: 0, stillToCome: 0 })
  })

  it('a cash refund given as store credit is given back, nothing still to come', () => {
    const summary = moneySummary({
      ...paid,
      paymentMethod: 'paymentCash',
      status: 'refunded',
      refund: 1249,
      total: 0,
      creditReturned: 1249,
    })
    expect(summary).toMatchObject({ givenBack: 1249, stillToCome: 0, creditReturned: 1249 })
  })

  it('never says more was given back, or is to come, than the payment was charged', () => {
    fc.assert(
      fc.property(
        fc.nat(50_000),
        fc.nat(50_000),
        fc.nat(50_000),
        fc.nat(100_000),
        fc.constantFrom('delivered', 'refunded', 'store_rejected', 'cancelled') as fc.Arbitrary<
          MoneyFacts['status']
        >,
        (charged, back, off, given, status) => {
          const refund = Math.min(back, charged)
          const adjustment = -Math.min(off, charged - refund)
          const total = charged + adjustment - refund
          const summary = moneySummary({
            ...paid,
            status,
            originalTotal: charged,
            refund,
            totalAdjustment: adjustment,
            total,
            givenBack: given,
          })
          expect(summary.givenBack + summary.stillToCome).toBe(summary.owedBack)
          expect(summary.owedBack).toBeLessThanOrEqual(charged)
          expect(summary.stillToCome).toBeGreaterThanOrEqual(0)
        }
      )
    )
  })
})
