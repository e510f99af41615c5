import { ORDER_STATUS_LABELS, type ProgressStatus } from '../../../schemas/order-states.ts'
import type { TrackingSnapshot } from '../../../schemas/tracking.ts'

const STEPS: ReadonlyArray<ProgressStatus> = [
  'sent_to_store',
  'store_accepted_picking',
  'picked',
  'en_route',
  'delivered',
]

/**
 * A delivery's tracking snapshot at `status`, every step before it reached a few minutes apart
 * (times in UTC on 25 Nov 2026, so the same in Europe/London).
 */
export function trackingSnapshot(
  status: ProgressStatus = 'en_route',
  overrides: Partial<TrackingSnapshot> = {}
): TrackingSnapshot {
  const reached = STEPS.indexOf(status)
  return {
    orderNumber: 'NSM-7K2M9QXA',
    status,
    statusLabel: ORDER_STATUS_LABELS[status],
    message: status === 'en_route' ? 'Your driver is en route.' : null,
    closingReason: null,
    money: [],
    discounts: [],
    trackingOffered: status !== 'delivered',
    timeline: STEPS.map((step, index) => ({
      status: step,
      label: ORDER_STATUS_LABELS[step],
      reachedAt:
        index <= reached ? `2026-11-25T12:${String(index * 5).padStart(2, '0')}:00.000Z` : null,
    })),
    fulfilmentMethod: 'delivery',
    slot: { kind: 'scheduled', date: '2026-11-25', startsAt: '12:00', endsAt: '13:00' },
    estimatedReadyAt: null,
    changes: null,
    store: { name: 'Manchester Piccadilly', phone: '0161 496 0000', lat: 53.4774, lng: -2.2309 },
    destination: { lat: 53.4839, lng: -2.2446 },
    driver:
      status === 'en_route' ? { lat: 53.48, lng: -2.237, at: '2026-11-25T12:20:00.000Z' } : null,
    distanceKm: status === 'en_route' ? 1.2 : null,
    etaMinutes: status === 'en_route' ? 6 : null,
    serverTime: '2026-11-25T12:20:30.000Z',
    ...overrides,
  }
}
