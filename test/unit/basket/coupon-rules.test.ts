import { describe, expect, it } from 'vitest'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { couponRejection } from '../../../worker/backend/basket/coupons.ts'

const NOW = new Date('2026-06-01T12:00:00Z')
const COUPON = {
  is_active: 1,
  starts_at: null,
  ends_at: null,
  fulfilment_method: null,
  minimum_spend: 3000,
  max_redemptions: null,
  redemption_count: 0,
  max_redemptions_per_customer: null,
  first_order_only: 0,
}
const BASKET = {
  fulfilmentMethod: 'delivery' as const,
  discountedSubtotal: 3000,
  customerRedemptions: null,
  customerOrders: null,
}

describe('couponRejection', () => {
  it('accepts a coupon whose conditions hold (minimum spend met exactly)', () => {
    expect(couponRejection(COUPON, BASKET, NOW)).toBeNull()
  })

  it.each([
    ['unknown', null, BASKET, 'COUPON_NOT_FOUND', MESSAGES.couponNotFound],
    ['inactive', { ...COUPON, is_active: 0 }, BASKET, 'COUPON_NOT_FOUND', MESSAGES.couponNotFound],
    [
      'not started',
      { ...COUPON, starts_at: '2026-06-02T00:00:00Z' },
      BASKET,
      'COUPON_NOT_STARTED',
      MESSAGES.couponNotStarted,
    ],
    [
      'ended',
      { ...COUPON, ends_at: '2026-06-01T11:59:59Z' },
      BASKET,
      'COUPON_EXPIRED',
      MESSAGES.couponExpired,
    ],
    [
      'wrong method',
      { ...COUPON, fulfilment_method: 'collection' as const },
      BASKET,
      'COUPON_FULFILMENT_METHOD',
      formatMessage('couponWrongMethod', 'collection'),
    ],
    [
      'under minimum',
      COUPON,
      { ...BASKET, discountedSubtotal: 2999 },
      'COUPON_MINIMUM_SPEND',
      formatMessage('couponMinimumSpend', '£30.00'),
    ],
    [
      'used up',
      { ...COUPON, max_redemptions: 1, redemption_count: 1 },
      BASKET,
      'COUPON_USED_UP',
      MESSAGES.couponUsedUp,
    ],
    [
      'customer limit',
      { ...COUPON, max_redemptions_per_customer: 1 },
      { ...BASKET, customerRedemptions: 1 },
      'COUPON_CUSTOMER_LIMIT',
      MESSAGES.couponCustomerLimit,
    ],
    [
      'not first order',
      { ...COUPON, first_order_only: 1 },
      { ...BASKET, customerOrders: 2 },
      'COUPON_FIRST_ORDER_ONLY',
      MESSAGES.couponCustomerLimit,
    ],
  ])('refuses %s', (_name, coupon, basket, errorCode, errorText) => {
    expect(couponRejection(coupon, basket, NOW)).toEqual({ errorCode, errorText })
  })

  it('does not apply per-customer rules to a guest basket', () => {
    expect(
      couponRejection(
        { ...COUPON, max_redemptions_per_customer: 1, first_order_only: 1 },
        BASKET,
        NOW
      )
    ).toBeNull()
  })
})
