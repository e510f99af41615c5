import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  localDayStartUtc,
  pageCount,
  placedBetween,
  reviewEditableFrom,
  detailOf,
  reviewOf,
  summaryOf,
  trackingMessage,
} from '../../../worker/backend/member-orders/view.ts'
import { sayIn } from '../../../schemas/message-catalogue.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import type { MemberOrderRow } from '../../../worker/backend/member-orders/repo.ts'
import { reorderPlans } from '../../../worker/backend/member-orders/reorder.ts'
import { ratingOf } from '../../../worker/backend/stores/service.ts'
import { aggregateRating } from '../../../worker/pages/catalogue/store-json-ld.ts'
import { STORE_RATING_MIN_REVIEWS } from '../../../schemas/constants.ts'
import { isCalendarDate } from '../../../schemas/member-orders.ts'

describe('the filter’s local days', () => {
  it('start at London midnight in winter (GMT) and summer (BST)', () => {
    expect(localDayStartUtc('2026-11-25')).toBe('2026-11-25T00:00:00.000Z')
    expect(localDayStartUtc('2026-06-03')).toBe('2026-06-02T23:00:00.000Z')
  })

  it('hold on both clock-change days', () => {
    expect(localDayStartUtc('2027-03-28')).toBe('2027-03-28T00:00:00.000Z')
    expect(localDayStartUtc('2027-03-29')).toBe('2027-03-28T23:00:00.000Z')
    expect(localDayStartUtc('2027-10-31')).toBe('2027-10-30T23:00:00.000Z')
    expect(localDayStartUtc('2027-11-01')).toBe('2027-11-01T00:00:00.000Z')
  })

  it('start at the shop’s midnight in another zone: Amsterdam across its clock changes', () => {
    const amsterdam = 'Europe/Amsterdam'
    expect(localDayStartUtc('2027-03-28', amsterdam)).toBe('2027-03-27T23:00:00.000Z')
    expect(localDayStartUtc('2027-03-29', amsterdam)).toBe('2027-03-28T22:00:00.000Z')
    expect(localDayStartUtc('2027-10-31', amsterdam)).toBe('2027-10-30T22:00:00.000Z')
    expect(localDayStartUtc('2027-11-01', amsterdam)).toBe('2027-10-31T23:00:00.000Z')
    // A month's last day, in winter (CET) and in summer (CEST); London's are an hour later.
    expect(placedBetween('2026-11-30', '2026-11-30', amsterdam)).toEqual({
      from: '2026-11-29T23:00:00.000Z',
      until: '2026-11-30T23:00:00.000Z',
    })
    expect(placedBetween('2027-03-31', '2027-03-31', amsterdam)).toEqual({
      from: '2027-03-30T22:00:00.000Z',
      until: '2027-03-31T22:00:00.000Z',
    })
    expect(placedBetween('2027-03-31', '2027-03-31')).toEqual({
      from: '2027-03-30T23:00:00.000Z',
      until: '2027-03-31T23:00:00.000Z',
    })
  })

  it('run from the start of dateFrom to the end of dateTo (both days included)', () => {
    expect(placedBetween('2026-12-31', '2026-12-31')).toEqual({
      from: '2026-12-31T00:00:00.000Z',
      until: '2027-01-01T00:00:00.000Z',
    })
    expect(placedBetween(undefined, '2028-02-28')).toEqual({
      from: null,
      until: '2028-02-29T00:00:00.000Z',
    })
    expect(placedBetween(undefined, undefined)).toEqual({ from: null, until: null })
  })
})

it('counts the pages', () => {
  expect([pageCount(0, 10), pageCount(10, 10), pageCount(11, 10)]).toEqual([0, 1, 2])
})

const ROW: MemberOrderRow = {
  id: 1,
  business_order_id: 'NSM-ABC123',
  status: 'sent_to_store',
  status_code: 20,
  fulfilment_method: 'collection',
  fulfilment_timing: 'asap',
  slot_date: null,
  slot_starts_at: null,
  slot_ends_at: null,
  placed_at: '2026-11-25T12:00:00.000Z',
  store_id: 1,
  store_slug: 'store',
  store_name: 'Store',
  items_count: 2,
  subtotal: 1000,
  discount_total: 0,
  delivery_cost: 0,
  service_fee: 0,
  delivery_tip: 0,
  credit_applied: 0,
  tip_refund: 0,
  refund: 0,
  original_total: 1000,
  total_adjustment: 0,
  total: 1000,
  currency: 'GBP',
  payment_method: 'paymentCash',
  delivery_address_json: null,
  age_verified: 0,
  ready_for_collection_at: null,
  driver_latitude: null,
  driver_longitude: null,
  driver_updated_at: null,
  review_id: null,
  archived: 0,
}

describe('tracking (spec §4)', () => {
  it('is offered in the four in-progress states before Delivered, with their messages', () => {
    const at = (status: MemberOrderRow['status'], extra: Partial<MemberOrderRow> = {}) => ({
      offered: summaryOf({ ...ROW, status, ...extra }).trackingOffered,
      message: trackingMessage({ ...ROW, status, ...extra }),
    })
    expect(at('sent_to_store')).toEqual({
      offered: true,
      message: MESSAGES.orderTrackingSentToStore,
    })
    expect(at('store_accepted_picking').message).toBe(MESSAGES.orderTrackingAccepted)
    expect(at('picked', { ready_for_collection_at: '2026-11-25T12:30:00Z' }).message).toBe(
      MESSAGES.orderTrackingReadyForCollection
    )
    expect(at('en_route').message).toBe(MESSAGES.orderTrackingEnRoute)
    for (const status of ['delivered', 'cancelled', 'store_rejected'] as const) {
      expect(at(status)).toEqual({ offered: false, message: null })
    }
  })

  it('says a Dutch business’s status, history, tracking message and money in Dutch', () => {
    const dutch: ShopLocale = { ...GB_LOCALE, locale: 'nl-NL', currency: 'EUR', countryCode: 'NL' }
    expect(summaryOf({ ...ROW, status: 'delivered' }, sayIn(dutch)).statusLabel).toBe('Afgehaald')
    const parts = {
      lines: [],
      display: null,
      refunds: [],
      review: null,
      discounts: [],
      statusHistory: [{ status: 'sent_to_store', at: '2026-11-25T12:00:00.000Z', reason: null }],
    }
    const cancelled: MemberOrderRow = {
      ...ROW,
      status: 'cancelled',
      payment_method: 'paymentCard',
      refund: 1000,
      total: 0,
    }
    const nl = detailOf(cancelled, { ...parts, shop: dutch }, new Date('2026-11-25T13:00:00Z'))
    expect([nl.statusLabel, nl.history[0]?.label]).toEqual([
      'Geannuleerd',
      'Naar de winkel gestuurd',
    ])
    expect(nl.moneyBack.message).toBe(
      'Je bestelling is geannuleerd. €\u00a010,00 wordt terugbetaald.'
    )
    expect(nl.moneyBack.rows.map((row) => row.label)).toEqual([
      'Teruggegeven toen de bestelling werd geannuleerd',
      'Krijg je nog terug',
    ])
    const uk = detailOf(cancelled, parts, new Date('2026-11-25T13:00:00Z'))
    expect([uk.statusLabel, uk.history[0]?.label]).toEqual(['Cancelled', 'Sent to the store'])
    expect(uk.moneyBack.message).toBe('Your order has been cancelled. £10.00 will be refunded.')
    expect(
      detailOf(
        { ...ROW, status: 'en_route' },
        { ...parts, shop: dutch },
        new Date('2026-11-25T13:00:00Z')
      ).tracking?.message
    ).toBe('Je bezorger is onderweg.')
  })

  it('makes a delivered order without a review reviewable', () => {
    expect(summaryOf({ ...ROW, status: 'delivered' }).reviewable).toBe(true)
    expect(summaryOf({ ...ROW, status: 'delivered', review_id: 3 }).reviewable).toBe(false)
  })
})

describe('the review edit window', () => {
  const now = new Date('2026-11-25T12:00:00.000Z')
  it('is REVIEW_EDIT_DAYS (14) from when the review was written', () => {
    expect(reviewEditableFrom(now)).toBe('2026-11-11T12:00:00.000Z')
    const row = {
      id: 1,
      star_rating: 4,
      comment: null,
      created_at: '2026-11-11T12:00:01.000Z',
      updated_at: null,
    }
    expect(reviewOf(row, now)).toMatchObject({
      editable: true,
      editableUntil: '2026-11-25T12:00:01.000Z',
    })
    expect(reviewOf({ ...row, created_at: '2026-11-11T12:00:00.000Z' }, now).editable).toBe(false)
  })
})

describe('reorder plans', () => {
  const line = {
    id: 10,
    kind: 'item' as const,
    parent_line_id: null,
    menu_item_id: 5,
    deal_id: null,
    name: 'Tea',
    quantity: 2,
  }
  it('adds items with their option values, and reports what is gone', () => {
    const plans = reorderPlans(
      [line, { ...line, id: 11, menu_item_id: null }, { ...line, id: 12 }],
      [
        { order_line_id: 10, option_id: 7, option_value_id: 70, quantity: 1 },
        { order_line_id: 12, option_id: null, option_value_id: null, quantity: 1 },
      ],
      []
    )
    expect(plans.map((p) => p.kind)).toEqual(['item', 'gone', 'gone'])
    expect(plans[0]).toMatchObject({
      itemId: 5,
      choices: [{ optionId: 7, valueId: 70, quantity: 1 }],
    })
  })

  it('adds a meal deal with each choice in the section that offers it now', () => {
    const deal = { ...line, id: 20, kind: 'meal_deal' as const, menu_item_id: null, deal_id: 3 }
    const [ok] = reorderPlans(
      [deal],
      [],
      [
        { parent_line_id: 20, section_id: 1, menu_item_id: 100 },
        { parent_line_id: 20, section_id: 2, menu_item_id: 200 },
      ]
    )
    expect(ok).toMatchObject({
      kind: 'meal_deal',
      dealId: 3,
      choices: [
        { sectionId: 1, itemId: 100 },
        { sectionId: 2, itemId: 200 },
      ],
    })
    const [gone] = reorderPlans(
      [deal],
      [],
      [{ parent_line_id: 20, section_id: null, menu_item_id: 100 }]
    )
    expect(gone?.kind).toBe('gone')
  })
})

describe('the store rating', () => {
  it('answers the average to one decimal place', () => {
    expect(ratingOf({ average: 4.333, count: 3 })).toEqual({ average: 4.3, count: 3 })
    expect(ratingOf(undefined)).toBeNull()
  })

  it('goes into the JSON-LD only from STORE_RATING_MIN_REVIEWS reviews', () => {
    expect(STORE_RATING_MIN_REVIEWS).toBe(5)
    expect(aggregateRating({ average: 4.5, count: 4 })).toBeNull()
    expect(aggregateRating(null)).toBeNull()
    expect(aggregateRating({ average: 4.5, count: 5 })).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 5,
      bestRating: 5,
      worstRating: 1,
    })
  })
})

describe('the filter’s dates', () => {
  it('are real calendar days, and a huge or odd text is refused without throwing', () => {
    expect(['2026-11-25', '2028-02-29'].map(isCalendarDate)).toEqual([true, true])
    const refused = ['2026-02-30', '2027-02-29', '26-11-25', '2026-1-5', 'x'.repeat(100_000), '']
    expect(refused.map(isCalendarDate)).toEqual(refused.map(() => false))
  })
})
