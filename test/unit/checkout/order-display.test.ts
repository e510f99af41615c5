import { describe, expect, it } from 'vitest'
import { paidWithLabel, postalLines } from '../../../client/lib/order-display.ts'

describe('the order confirmation', () => {
  const paid = { total: 1250, creditApplied: 0 }

  it('says how every order was paid', () => {
    const card = { method: 'paymentCard', cardBrand: 'mastercard', cardLast4: '4444' } as const
    expect(paidWithLabel(card, 'delivery', paid)).toBe('Mastercard ending 4444')
    expect(paidWithLabel({ ...card, cardBrand: null, cardLast4: null }, 'delivery', paid)).toBe(
      'Card'
    )
    const wallet = { cardBrand: null, cardLast4: null }
    expect(paidWithLabel({ ...wallet, method: 'applePay' }, 'delivery', paid)).toBe('Apple Pay')
    expect(paidWithLabel({ ...wallet, method: 'googlePay' }, 'collection', paid)).toBe('Google Pay')
    expect(paidWithLabel({ ...wallet, method: 'paymentCash' }, 'delivery', paid)).toBe(
      'Cash on delivery'
    )
    expect(paidWithLabel({ ...wallet, method: 'paymentCash' }, 'collection', paid)).toBe(
      'Cash when you collect'
    )
    expect(paidWithLabel(null, 'delivery', paid)).toBeNull()
  })

  it('names store credit when it paid the whole order, whatever method was chosen', () => {
    const card = { method: 'paymentCard', cardBrand: 'visa', cardLast4: '5262' } as const
    expect(paidWithLabel(card, 'delivery', { total: 0, creditApplied: 1250 })).toBe('Store credit')
    expect(paidWithLabel(card, 'delivery', { total: 750, creditApplied: 500 })).toBe(
      'Visa ending 5262'
    )
    // A free order (nothing owed, no credit) is not said to be paid by credit.
    expect(paidWithLabel(card, 'delivery', { total: 0, creditApplied: 0 })).toBe('Visa ending 5262')
  })

  it('writes an address as its non-empty lines', () => {
    expect(
      postalLines({
        addressLine1: '1 Piccadilly',
        addressLine2: ' ',
        town: 'Manchester',
        county: null,
        postcode: 'M1 1AE',
      })
    ).toEqual(['1 Piccadilly', 'Manchester', 'M1 1AE'])
  })
})
