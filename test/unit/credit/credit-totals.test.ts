import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { computeTotals, creditOutcome } from '../../../worker/backend/basket/totals.ts'
import { trackingMessageWithCredit } from '../../../worker/backend/store-orders/credit-effects.ts'

/* Store credit's pure parts (ADR 020): what a basket spends, and what the shopper is told. */

const TERMS = {
  fulfilmentMethod: 'collection' as const,
  deliveryFee: 0,
  serviceFee: 50,
  freeDeliveryThreshold: null,
  deliveryMinimumSpend: 0,
  collectionMinimumSpend: 1000,
  tip: 0,
}

const basket = (balance: number | null, useCredit = true, price = 1200) =>
  computeTotals({
    lines: [{ itemId: 1, unitPrice: price, quantity: 1, available: true }],
    mealDeals: [],
    deals: [],
    coupon: null,
    terms: TERMS,
    credit: { balance, useCredit },
  }).totals

describe('credit in basket totals', () => {
  it('spends the balance up to the total; total is what is left to pay', () => {
    expect(basket(500)).toMatchObject({ creditAvailable: 500, creditApplied: 500, total: 750 })
    expect(basket(5000)).toMatchObject({ creditApplied: 1250, total: 0 })
  })

  it('spends nothing for a guest or when turned off', () => {
    expect(basket(null)).toMatchObject({ creditAvailable: null, creditApplied: 0, total: 1250 })
    expect(basket(500, false)).toMatchObject({ creditAvailable: 500, creditApplied: 0 })
  })

  it('never changes the minimum spend shortfall (it is on the goods)', () => {
    expect(basket(500, true, 900).minimumSpendShortfall).toBe(100)
  })

  it('never spends more than the balance or the total, never below zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 10_000 }), fc.nat(20_000), (balance, before) => {
        const { creditApplied } = creditOutcome({ balance, useCredit: true }, before)
        expect(creditApplied).toBeGreaterThanOrEqual(0)
        expect(creditApplied).toBeLessThanOrEqual(Math.max(0, Math.min(balance, before)))
      })
    )
  })
})

describe('the shopper is told about credit that came back', () => {
  const credit = formatMessage('orderTrackingCreditReturned', '£4.00')

  it('adds the credit sentence to the card one', () => {
    expect(trackingMessageWithCredit('reject', 1000, 1000, false, 400)).toBe(
      `${formatMessage('orderTrackingRejected', '£10.00')} ${credit}`
    )
  })

  it('says nothing of a card refund the card never paid', () => {
    expect(trackingMessageWithCredit('refund_order', 0, 0, false, 400)).toBe(credit)
    expect(trackingMessageWithCredit('cancel', 0, 0, true, 400)).toBe(
      `${MESSAGES.orderTrackingCancelledCash} ${credit}`
    )
    expect(trackingMessageWithCredit('finish_picking', 0, 0, false, 400)).toBe(
      `${MESSAGES.orderTrackingPicked} ${credit}`
    )
  })

  it('is the card message alone without credit', () => {
    expect(trackingMessageWithCredit('refund_order', 500, 500, false, 0)).toBe(
      formatMessage('orderTrackingRefunded', '£5.00')
    )
  })
})
