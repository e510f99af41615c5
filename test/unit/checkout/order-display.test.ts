import { describe, expect, it } from 'vitest'
import { paidWithLabel, postalLines } from '../../../client/lib/order-display.ts'

describe('the order confirmation', () => {
  it('says how every order was paid', () => {
    const card = { method: 'paymentCard', cardBrand: 'mastercard', cardLast4: '4444' } as const
    expect(paidWithLabel(card, 'delivery')).toBe('Mastercard ending 4444')
    expect(paidWithLabel({ ...card, cardBrand: null, cardLast4: null }, 'delivery')).toBe('Card')
    const wallet = { cardBrand: null, cardLast4: null }
    expect(paidWithLabel({ ...wallet, method: 'applePay' }, 'delivery')).toBe('Apple Pay')
    expect(paidWithLabel({ ...wallet, method: 'googlePay' }, 'collection')).toBe('Google Pay')
    expect(paidWithLabel({ ...wallet, method: 'paymentCash' }, 'delivery')).toBe('Cash on delivery')
    expect(paidWithLabel({ ...wallet, method: 'paymentCash' }, 'collection')).toBe(
      'Cash when you collect'
    )
    expect(paidWithLabel(null, 'delivery')).toBeNull()
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
