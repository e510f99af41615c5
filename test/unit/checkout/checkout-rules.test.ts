import { describe, expect, it } from 'vitest'
import type { Basket } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  gatewayFor,
  newBusinessOrderId,
  orderNumberPrefix,
} from '../../../worker/backend/checkout/process-order.ts'
import {
  assertMethodAccepted,
  checkoutBlock,
  slotHeld,
} from '../../../worker/backend/checkout/refusals.ts'
import { cardGatewayOf, normaliseRetailMemberId } from '../../../worker/backend/checkout/service.ts'
import { AppError } from '../../../worker/lib/errors.ts'

const NOW = new Date('2026-06-01T12:00:00.000Z')

describe('newBusinessOrderId', () => {
  it('is the prefix and 8 unambiguous base32 characters, different every time', () => {
    const ids = Array.from({ length: 200 }, () => newBusinessOrderId('NSM'))
    for (const id of ids) expect(id).toMatch(/^NSM-[0-9A-HJKMNP-TV-Z]{8}$/)
    expect(new Set(ids).size).toBe(200)
  })

  it("takes the brand's prefix, else its initials, else the business's", () => {
    const brand = { name: 'Northside Market', order_number_prefix: 'NSM' }
    expect(orderNumberPrefix(brand, 'Corner Fresh Group')).toBe('NSM')
    expect(orderNumberPrefix({ ...brand, order_number_prefix: null }, 'X')).toBe('NM')
    expect(orderNumberPrefix(null, 'Corner Fresh Group')).toBe('CFG')
    expect(orderNumberPrefix(null, '')).toBe('OR')
  })
})

describe('gateways', () => {
  it('pays cash without a gateway and cards and wallets through CARD_GATEWAY', () => {
    expect(gatewayFor('paymentCash', 'frames')).toBe('cash')
    expect(gatewayFor('paymentCard', 'frames')).toBe('frames')
    expect(gatewayFor('applePay', undefined)).toBe('realex')
    expect(cardGatewayOf(' frames ')).toBe('frames')
    expect(cardGatewayOf('stripe')).toBe('realex')
  })
})

describe('retail membership ids', () => {
  it('accepts 6–20 letters and digits, ignoring spaces and dashes', () => {
    expect(normaliseRetailMemberId('ab-12 34')).toBe('AB1234')
    expect(normaliseRetailMemberId('A'.repeat(20))).toBe('A'.repeat(20))
    expect(normaliseRetailMemberId('A'.repeat(21))).toBeNull()
    expect(normaliseRetailMemberId('12345')).toBeNull()
    expect(normaliseRetailMemberId('ABC_123')).toBeNull()
  })
})

describe('refusals', () => {
  it('names the method the store does not take', () => {
    const none = { paymentCard: false, applePay: false, googlePay: false, paymentCash: false }
    const messages = (['paymentCard', 'applePay', 'googlePay', 'paymentCash'] as const).map(
      (method) => {
        try {
          assertMethodAccepted(none, method)
          return null
        } catch (error) {
          return error instanceof AppError ? error.message : null
        }
      }
    )
    expect(messages).toEqual([
      MESSAGES.cardNotAccepted,
      MESSAGES.applePayNotAccepted,
      MESSAGES.googlePayNotAccepted,
      MESSAGES.cashNotAccepted,
    ])
    expect(() => assertMethodAccepted({ ...none, paymentCash: true }, 'paymentCash')).not.toThrow()
  })

  const slot = {
    reservationId: 1,
    storeId: 1,
    fulfilmentMethod: 'collection' as const,
    type: 'future' as const,
    status: 'held' as const,
    expiresAt: '2026-06-01T12:10:00.000Z',
    timeSlotDate: '2026-06-02',
    timeSlotTime: '10:00',
    endTime: '11:00',
    startDate: '2026-06-02T09:00:00.000Z',
    endDate: '2026-06-02T10:00:00.000Z',
  }

  it('holds a slot only while the hold is live', () => {
    expect(slotHeld(slot, NOW)).toBe(true)
    expect(slotHeld({ ...slot, expiresAt: NOW.toISOString() }, NOW)).toBe(false)
    expect(slotHeld({ ...slot, status: 'expired' }, NOW)).toBe(false)
    expect(slotHeld(null, NOW)).toBe(false)
  })

  it('blocks payment: closed store first, then contents, then the slot', () => {
    const line = { available: true } as Basket['lines'][number]
    const basket = {
      store: { availability: 'open' },
      lines: [line],
      mealDeals: [],
      totals: { minimumSpendShortfall: 0 },
      slot,
    } as unknown as Basket
    expect(checkoutBlock(basket, NOW)).toBeNull()
    expect(checkoutBlock({ ...basket, slot: null }, NOW)).toBe('slot_invalid')
    expect(
      checkoutBlock({ ...basket, totals: { ...basket.totals, minimumSpendShortfall: 1 } }, NOW)
    ).toBe('minimum_spend')
    expect(checkoutBlock({ ...basket, lines: [{ ...line, available: false }] }, NOW)).toBe(
      'unavailable_lines'
    )
    expect(checkoutBlock({ ...basket, lines: [], slot: null }, NOW)).toBe('empty')
    expect(
      checkoutBlock({ ...basket, store: { availability: 'closed' } } as unknown as Basket, NOW)
    ).toBe('store_closed')
  })
})
