import { describe, expect, it } from 'vitest'
import { cardExpiryLabel, isCardExpired } from '../../../schemas/card-expiry.ts'

describe('isCardExpired', () => {
  const card = { expiryMonth: 11, expiryYear: 2026 }

  it('is good through the last day of its expiry month', () => {
    expect(isCardExpired(card, new Date('2026-11-30T23:59:00Z'))).toBe(false)
    expect(isCardExpired(card, new Date('2026-11-01T00:00:00Z'))).toBe(false)
    expect(
      isCardExpired({ expiryMonth: 1, expiryYear: 2027 }, new Date('2026-12-31T23:50:00Z'))
    ).toBe(false)
  })

  it('has expired once the month is over in UK time', () => {
    expect(isCardExpired(card, new Date('2026-12-01T00:00:00Z'))).toBe(true)
    expect(
      isCardExpired({ expiryMonth: 12, expiryYear: 2025 }, new Date('2026-01-01T00:00:00Z'))
    ).toBe(true)
    // 31 May 23:30 UTC is already 1 June in London (BST).
    expect(
      isCardExpired({ expiryMonth: 5, expiryYear: 2027 }, new Date('2027-05-31T23:30:00Z'))
    ).toBe(true)
    expect(
      isCardExpired({ expiryMonth: 5, expiryYear: 2027 }, new Date('2027-05-31T22:30:00Z'))
    ).toBe(false)
  })

  it('prints MM/YY', () => {
    expect(cardExpiryLabel({ expiryMonth: 4, expiryYear: 2027 })).toBe('04/27')
  })
})
