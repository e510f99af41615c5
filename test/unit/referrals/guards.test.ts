import { describe, expect, it } from 'vitest'
import {
  monthWindow,
  normaliseEmail,
  type PersonTraces,
  rewardRefusal,
  sharedSignal,
} from '../../../worker/backend/referrals/guards.ts'

const nobody: PersonTraces = { emails: [], phones: [], cards: [], addresses: [], devices: [] }
const card = {
  brand: 'visa',
  last4: '4242',
  expiryMonth: 12,
  expiryYear: 2030,
  gatewayCustomerRef: null,
}
const live = { schemeActive: true, rewardsThisMonth: 0, monthlyCap: 10 }

describe('normaliseEmail', () => {
  it('lower-cases and trims every address', () => {
    expect(normaliseEmail('  Jane.Doe+Shop@Example.COM ')).toBe('jane.doe+shop@example.com')
  })

  it('drops dots and +tags for gmail, and googlemail is gmail', () => {
    expect(normaliseEmail('J.a.n.e+promo@GoogleMail.com')).toBe('jane@gmail.com')
    expect(normaliseEmail('jane@gmail.com')).toBe('jane@gmail.com')
  })
})

describe('sharedSignal', () => {
  it('finds nothing between two strangers', () => {
    expect(
      sharedSignal(
        { ...nobody, emails: ['a@example.com'], phones: ['+447700900001'] },
        { ...nobody, emails: ['b@example.com'], phones: ['+447700900002'] }
      )
    ).toBeNull()
  })

  it('refuses the same gmail mailbox written another way', () => {
    expect(
      sharedSignal(
        { ...nobody, emails: ['ja.ne+friend@gmail.com'] },
        { ...nobody, emails: ['jane@googlemail.com'] }
      )
    ).toBe('same_email')
  })

  it('refuses the same phone', () => {
    expect(
      sharedSignal(
        { ...nobody, phones: ['+44 7700 900001'] },
        { ...nobody, phones: ['+447700900001'] }
      )
    ).toBe('same_phone')
    // The national form typed at a checkout is the same phone as the stored E.164.
    expect(
      sharedSignal(
        { ...nobody, phones: ['07700 900001'] },
        { ...nobody, phones: ['+447700900001'] }
      )
    ).toBe('same_phone')
  })

  it('refuses the same card by fingerprint, and by gateway customer', () => {
    expect(sharedSignal({ ...nobody, cards: [card] }, { ...nobody, cards: [card] })).toBe(
      'same_card'
    )
    expect(
      sharedSignal(
        { ...nobody, cards: [{ ...card, last4: '1111', gatewayCustomerRef: 'realex:p1' }] },
        { ...nobody, cards: [{ ...card, gatewayCustomerRef: 'realex:p1' }] }
      )
    ).toBe('same_card')
    expect(
      sharedSignal(
        { ...nobody, cards: [card] },
        { ...nobody, cards: [{ ...card, expiryYear: 2031 }] }
      )
    ).toBeNull()
  })

  it('refuses the same delivery address whatever its spacing and case', () => {
    expect(
      sharedSignal(
        { ...nobody, addresses: [{ postcode: 'm1 1ae', line1: '1, High Street' }] },
        { ...nobody, addresses: [{ postcode: 'M11AE', line1: '1 high street' }] }
      )
    ).toBe('same_address')
  })

  it('refuses the same device', () => {
    expect(sharedSignal({ ...nobody, devices: ['dev-1'] }, { ...nobody, devices: ['dev-1'] })).toBe(
      'same_device'
    )
  })
})

describe('rewardRefusal', () => {
  it('refuses with the scheme off, at the cap, and on a shared signal', () => {
    expect(rewardRefusal({ ...live, schemeActive: false }, nobody, nobody)).toBe('scheme_inactive')
    expect(rewardRefusal({ ...live, rewardsThisMonth: 10 }, nobody, nobody)).toBe('monthly_cap')
    expect(rewardRefusal({ ...live, rewardsThisMonth: 9 }, nobody, nobody)).toBeNull()
    expect(rewardRefusal(live, { ...nobody, devices: ['d'] }, { ...nobody, devices: ['d'] })).toBe(
      'same_device'
    )
  })
})

describe('monthWindow', () => {
  it('is the London calendar month: BST moves its UTC start', () => {
    expect(monthWindow(new Date('2026-07-15T12:00:00Z'), 'Europe/London')).toEqual({
      start: '2026-06-30T23:00:00.000Z',
      end: '2026-07-31T23:00:00.000Z',
    })
  })

  it('puts 23:30 UTC on 31 July in August in London', () => {
    expect(monthWindow(new Date('2026-07-31T23:30:00Z'), 'Europe/London').start).toBe(
      '2026-07-31T23:00:00.000Z'
    )
  })

  it('turns over at a year end', () => {
    expect(monthWindow(new Date('2026-12-31T23:59:59Z'), 'Europe/London')).toEqual({
      start: '2026-12-01T00:00:00.000Z',
      end: '2027-01-01T00:00:00.000Z',
    })
    expect(monthWindow(new Date('2027-01-01T00:00:00Z'), 'Europe/London').start).toBe(
      '2027-01-01T00:00:00.000Z'
    )
  })

  it('holds 29 February in a leap year', () => {
    expect(monthWindow(new Date('2028-02-29T12:00:00Z'), 'Europe/London')).toEqual({
      start: '2028-02-01T00:00:00.000Z',
      end: '2028-03-01T00:00:00.000Z',
    })
  })

  it("follows the business's own zone", () => {
    // 1 March 03:00 in Auckland is still February in UTC.
    expect(monthWindow(new Date('2026-02-28T14:00:00Z'), 'Pacific/Auckland').start).toBe(
      '2026-02-28T11:00:00.000Z'
    )
  })
})
