import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { shopperStatusLabel } from '../../../schemas/order-states.ts'
import type { TrackedOrderRow } from '../../../worker/backend/tracking/repo.ts'
import { buildSnapshot } from '../../../worker/backend/tracking/snapshot.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'

const NOW = new Date('2026-11-25T12:00:00Z')

const row = (overrides: Partial<TrackedOrderRow> = {}): TrackedOrderRow => ({
  id: 7,
  business_id: 1,
  store_id: 1,
  business_order_id: 'CF-1007',
  customer_id: null,
  basket_id: 3,
  status: 'en_route',
  fulfilment_method: 'delivery',
  fulfilment_timing: 'future',
  slot_date: '2026-11-25',
  slot_starts_at: '12:00',
  slot_ends_at: '13:00',
  estimated_ready_at: null,
  placed_at: '2026-11-25T10:00:00.000Z',
  payment_method: 'paymentCard',
  total: 2500,
  original_total: 2500,
  credit_applied: 0,
  total_adjustment: 0,
  refund: 0,
  tip_refund: 0,
  closing_reason: null,
  given_back: 0,
  credit_returned: 0,
  delivery_latitude: 53.49,
  delivery_longitude: -2.23,
  driver_latitude: 53.48,
  driver_longitude: -2.24,
  driver_updated_at: '2026-11-25T11:59:30.000Z',
  store_name: 'Piccadilly',
  store_phone: '0161 000 0000',
  store_latitude: 53.477,
  store_longitude: -2.231,
  ...overrides,
})

describe('the tracking snapshot', () => {
  it('shows the driver, distance and ETA while en route', () => {
    const snapshot = buildSnapshot(row(), [], NOW)
    expect(snapshot).toMatchObject({
      status: 'en_route',
      // The shopper's words; 'Driver en Route' is the console's.
      statusLabel: 'On its way',
      message: MESSAGES.orderTrackingEnRoute,
      trackingOffered: true,
      slot: { kind: 'scheduled', date: '2026-11-25', startsAt: '12:00', endsAt: '13:00' },
      destination: { lat: 53.49, lng: -2.23 },
      driver: { lat: 53.48, lng: -2.24, at: '2026-11-25T11:59:30.000Z' },
      serverTime: NOW.toISOString(),
    })
    expect(snapshot.distanceKm).toBeGreaterThan(0)
    expect(snapshot.etaMinutes).toBeGreaterThanOrEqual(3)
  })

  it('never shows a driver outside en route, even if a position is left on the row', () => {
    for (const status of ['picked', 'delivered', 'unable_to_deliver'] as const) {
      const snapshot = buildSnapshot(row({ status }), [], NOW)
      expect([snapshot.driver, snapshot.etaMinutes]).toEqual([null, null])
    }
  })

  it('measures from the store before a driver position, and offers tracking in the four states', () => {
    const picked = buildSnapshot(row({ status: 'picked' }), [], NOW)
    expect(picked.trackingOffered).toBe(true)
    expect(picked.distanceKm).toBeGreaterThan(0)
    expect(buildSnapshot(row({ status: 'delivered' }), [], NOW).trackingOffered).toBe(false)
    expect(buildSnapshot(row({ status: 'delivered' }), [], NOW).distanceKm).toBeNull()
  })

  it('has no Driver en Route step nor destination for collection', () => {
    const snapshot = buildSnapshot(
      row({ status: 'picked', fulfilment_method: 'collection' }),
      [{ status: 'store_accepted_picking', at: '2026-11-25T10:05:00.000Z' }],
      NOW
    )
    expect(snapshot.timeline).toEqual([
      {
        status: 'sent_to_store',
        label: 'Sent to the store',
        reachedAt: '2026-11-25T10:00:00.000Z',
      },
      {
        status: 'store_accepted_picking',
        label: 'Being picked',
        reachedAt: '2026-11-25T10:05:00.000Z',
      },
      { status: 'picked', label: 'Packed', reachedAt: null },
      { status: 'delivered', label: 'Collected', reachedAt: null },
    ])
    expect([snapshot.destination, snapshot.message]).toEqual([
      null,
      MESSAGES.orderTrackingReadyForCollection,
    ])
  })

  it('says what the refund will be when the order ends, or that a cash order cost nothing', () => {
    const cancelled = { status: 'cancelled', refund: 2500, total: 0 } as const
    expect(buildSnapshot(row(cancelled), [], NOW).message).toBe(
      'Your order has been cancelled. £25.00 will be refunded.'
    )
    expect(
      buildSnapshot(row({ status: 'store_rejected', payment_method: 'paymentCash' }), [], NOW)
        .message
    ).toBe(MESSAGES.orderTrackingRejectedCash)
  })

  it('a rejected order whose £12.49 was voided says so, with the store reason (issue 35.3)', () => {
    const snapshot = buildSnapshot(
      row({
        status: 'store_rejected',
        original_total: 1249,
        refund: 1249,
        total: 0,
        given_back: 1249,
        closing_reason: 'We are closing early today',
      }),
      [],
      NOW
    )
    expect(snapshot.message).toBe(
      'The store could not take your order. £12.49 has been given back to your payment.'
    )
    expect(snapshot.closingReason).toBe('We are closing early today')
    expect(snapshot.money.map((r) => [r.label, r.amount])).toEqual([
      ['Charged', 1249],
      ['Given back when the store rejected the order', -1249],
      ['Total', 0],
      ['Given back so far', 1249],
    ])
  })
})

describe('a Dutch business’s snapshot', () => {
  const DUTCH: ShopLocale = { ...GB_LOCALE, locale: 'nl-NL', currency: 'EUR', countryCode: 'NL' }

  it('says its status, message and timeline in Dutch (what the live socket sends too)', () => {
    const snapshot = buildSnapshot(row(), [], NOW, [], DUTCH)
    expect([snapshot.statusLabel, snapshot.message]).toEqual([
      'Onderweg',
      'Je bezorger is onderweg.',
    ])
    expect(snapshot.timeline.map((step) => step.label)).toEqual([
      'Naar de winkel gestuurd',
      'Wordt verzameld',
      'Ingepakt',
      'Onderweg',
      'Bezorgd',
    ])
  })

  it('says an ending’s money and its rows in Dutch, each sentence on its own', () => {
    const snapshot = buildSnapshot(
      row({
        status: 'store_rejected',
        original_total: 1249,
        refund: 1249,
        total: 0,
        given_back: 1249,
        credit_returned: 300,
      }),
      [],
      NOW,
      [],
      DUTCH
    )
    expect(snapshot.message).toBe(
      'De winkel kon je bestelling niet aannemen. €\u00a012,49 is teruggegeven aan je betaling. ' +
        '€\u00a03,00 is teruggezet op je winkeltegoed.'
    )
    expect(snapshot.money.map((r) => r.label)).toEqual([
      'Afgeschreven',
      'Teruggegeven toen de winkel de bestelling weigerde',
      'Teruggezet op je winkeltegoed',
      'Totaal',
      'Tot nu toe teruggegeven',
    ])
  })
})

describe('what a tracking link shows once the order has ended (issue 36)', () => {
  const endedAt = (minutesAgo: number) =>
    new Date(NOW.getTime() - minutesAgo * 60_000).toISOString()

  it('keeps the delivery point for an hour after the end, then shows status and timeline only', () => {
    for (const status of ['delivered', 'unable_to_deliver', 'cancelled', 'refunded'] as const) {
      const recent = buildSnapshot(row({ status }), [{ status, at: endedAt(59) }], NOW)
      expect(recent.destination, status).toEqual({ lat: 53.49, lng: -2.23 })
      const later = buildSnapshot(row({ status }), [{ status, at: endedAt(61) }], NOW)
      expect([later.destination, later.driver, later.distanceKm], status).toEqual([
        null,
        null,
        null,
      ])
      expect(later.statusLabel).toBe(shopperStatusLabel(status, 'delivery'))
      expect(JSON.stringify(later)).not.toContain('53.49')
    }
  })

  it('treats an ended order with no recorded end as long ended', () => {
    expect(buildSnapshot(row({ status: 'delivered' }), [], NOW).destination).toBeNull()
  })

  it('keeps the point while the order is under way, however long it takes', () => {
    const slow = buildSnapshot(
      row({ status: 'picked' }),
      [{ status: 'picked', at: endedAt(600) }],
      NOW
    )
    expect(slow.destination).toEqual({ lat: 53.49, lng: -2.23 })
  })
})
