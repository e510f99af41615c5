import type { NamedDiscount } from '../../../schemas/named-discounts.ts'
import { sayIn } from '../../../schemas/message-catalogue.ts'
import type { Say } from '../../../schemas/message-format.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { OrderChanges } from '../../../schemas/order-changes.ts'
import {
  closingMessage,
  isClosing,
  moneyRows,
  moneySummary,
  type MoneySummary,
} from '../../../schemas/money-summary.ts'
import {
  shopperStatusLabel,
  PROGRESS_STATUSES,
  TERMINAL_STATUSES,
  type OrderStatusName,
} from '../../../schemas/order-states.ts'
import {
  TRACKING_ENDED_POINT_MINUTES,
  TRACKING_OFFERED_STATUSES,
  type TrackingSnapshot,
  type TrackingStep,
} from '../../../schemas/tracking.ts'
import { slotOf } from '../orders/view.ts'
import { distanceAndEta, type Point } from './eta.ts'
import type { TrackedOrderRow } from './repo.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'

/*
 * The tracking snapshot (schemas/tracking.ts) from an order row: pure, so every status's answer is
 * unit-testable. The driver's position is shown only while the order is Driver en Route (spec §4,
 * ADR 019), whatever the row still holds; the delivery point only until an hour after the order
 * ended (issue 36). The address text never is.
 */

/** The order's money, as every page and email tells it (schemas/money-summary.ts). */
export function summaryOf(row: TrackedOrderRow): MoneySummary {
  return moneySummary({
    status: row.status as OrderStatusName,
    paymentMethod: row.payment_method,
    originalTotal: row.original_total,
    creditApplied: row.credit_applied,
    totalAdjustment: row.total_adjustment,
    refund: row.refund,
    tipRefund: row.tip_refund,
    total: row.total,
    givenBack: row.given_back,
    creditReturned: row.credit_returned,
  })
}

/**
 * Spec §4's tracking message for the status; an ending says what happened to the money. In the
 * shop's language and money; English by default.
 */
export function trackingMessageOf(
  row: TrackedOrderRow,
  shop: ShopLocale = GB_LOCALE
): string | null {
  const status = row.status as OrderStatusName
  if (isClosing(status)) return closingMessage(summaryOf(row), shop)
  const english = trackingMessageEnglish(status, row.fulfilment_method)
  return english === null ? null : sayIn(shop)(english)
}

function trackingMessageEnglish(
  status: OrderStatusName,
  method: TrackedOrderRow['fulfilment_method']
): string | null {
  switch (status) {
    case 'sent_to_store':
      return MESSAGES.orderTrackingSentToStore
    case 'store_accepted_picking':
      return MESSAGES.orderTrackingAccepted
    case 'picked':
      return method === 'collection' ? MESSAGES.orderTrackingReadyForCollection : null
    case 'en_route':
      return MESSAGES.orderTrackingEnRoute
    case 'delivered':
      return MESSAGES.orderTrackingDelivered
    default:
      return null
  }
}

function timelineOf(
  row: TrackedOrderRow,
  reached: ReadonlyArray<{ status: string; at: string }>,
  say: Say
): Array<TrackingStep> {
  const times = new Map(reached.map(({ status, at }) => [status, at]))
  if (row.placed_at) times.set('sent_to_store', row.placed_at)
  return PROGRESS_STATUSES.filter(
    (status) => row.fulfilment_method === 'delivery' || status !== 'en_route'
  ).map((status) => ({
    status,
    label: say(shopperStatusLabel(status, row.fulfilment_method)),
    reachedAt: times.get(status) ?? null,
  }))
}

/** The statuses after which an order has ended: nothing more is on its way. */
const ENDED: ReadonlySet<string> = new Set(['delivered', ...TERMINAL_STATUSES])

/**
 * Whether the order ended more than TRACKING_ENDED_POINT_MINUTES ago (issue 36): from then on its
 * snapshot has no delivery point. An ended order without a recorded end counts as long ended.
 */
function endedLongAgo(
  row: TrackedOrderRow,
  reached: ReadonlyArray<{ status: string; at: string }>,
  now: Date
): boolean {
  if (!ENDED.has(row.status)) return false
  const endedAt = reached.find((step) => step.status === row.status)?.at
  if (endedAt === undefined) return true
  return now.getTime() - Date.parse(endedAt) > TRACKING_ENDED_POINT_MINUTES * 60_000
}

function pointOf(lat: number | null, lng: number | null): Point | null {
  return lat !== null && lng !== null ? { lat, lng } : null
}

export function buildSnapshot(
  row: TrackedOrderRow,
  reached: ReadonlyArray<{ status: string; at: string }>,
  now: Date,
  /** The order's discounts by name (orders/named-discounts.ts). */
  discounts: ReadonlyArray<NamedDiscount> = [],
  /**
   * The business's locale: the snapshot's words (status, message, timeline, money rows) are in
   * its language and its money in its format (ADR 045, 061).
   */
  shop: ShopLocale = GB_LOCALE,
  /** What picking changed (orders/order-changes.ts). */
  changes: OrderChanges | null = null
): TrackingSnapshot {
  const status = row.status as OrderStatusName
  const enRoute = status === 'en_route'
  const destination =
    row.fulfilment_method === 'delivery' && !endedLongAgo(row, reached, now)
      ? pointOf(row.delivery_latitude, row.delivery_longitude)
      : null
  const driverPoint = enRoute ? pointOf(row.driver_latitude, row.driver_longitude) : null
  const driver =
    driverPoint && row.driver_updated_at ? { ...driverPoint, at: row.driver_updated_at } : null
  const store = { lat: row.store_latitude, lng: row.store_longitude }
  const offered = (TRACKING_OFFERED_STATUSES as ReadonlyArray<string>).includes(status)
  const { distanceKm, etaMinutes } = distanceAndEta(offered ? (driver ?? store) : null, destination)
  const say = sayIn(shop)
  return {
    orderNumber: row.business_order_id,
    status,
    statusLabel: say(shopperStatusLabel(status, row.fulfilment_method)),
    message: trackingMessageOf(row, shop),
    closingReason: isClosing(status) ? row.closing_reason : null,
    money: moneyRows(summaryOf(row), say),
    discounts: [...discounts],
    trackingOffered: offered,
    timeline: timelineOf(row, reached, say),
    fulfilmentMethod: row.fulfilment_method,
    slot: slotOf(row),
    estimatedReadyAt: row.estimated_ready_at,
    store: { name: row.store_name, phone: row.store_phone, ...store },
    destination,
    driver,
    distanceKm,
    etaMinutes: enRoute ? etaMinutes : null,
    serverTime: now.toISOString(),
    changes,
  }
}
