import type { NamedDiscount } from '../../../schemas/named-discounts.ts'
import { DEFAULT_TIME_ZONE, REVIEW_EDIT_DAYS } from '../../../schemas/constants.ts'
import type {
  MemberOrderDetail,
  MemberOrderSummary,
  MemberReview,
} from '../../../schemas/member-orders.ts'
import { sayIn } from '../../../schemas/message-catalogue.ts'
import { fillMessage, type Say } from '../../../schemas/message-format.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { closingMessage, moneyRows, moneySummary } from '../../../schemas/money-summary.ts'
import {
  isStoreOrderStatus,
  shopperStatusLabel,
  type OrderStatusName,
  type StoreOrderStatus,
} from '../../../schemas/order-states.ts'
import type { StoreOrderLine } from '../../../schemas/store-orders.ts'
import type { PaidWith } from '../../../schemas/checkout.ts'
import { parseAddress } from '../orders/view.ts'
import type {
  MemberOrderDisplayRow,
  MemberOrderRow,
  RefundRow,
  ReviewRow,
  StatusHistoryRow,
} from './repo.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'

/* The member's answers built from the rows (pure: the clock is passed in). */

const DAY_MS = 86_400_000

/** The zone's offset from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant))
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second')
  )
  return asUtc - Math.floor(instant / 1000) * 1000
}

/**
 * The UTC instant a local calendar day starts in `timeZone` (midnight there: the clock changes
 * of the UK and the EU happen at 01:00 UTC, never at a local midnight, so midnight exists).
 */
export function localDayStartUtc(date: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const midnightAsUtc = Date.parse(`${date}T00:00:00Z`)
  const first = midnightAsUtc - zoneOffsetMs(midnightAsUtc, timeZone)
  // The offset at the guess may differ from the one at the real instant near a change.
  const settled = midnightAsUtc - zoneOffsetMs(first, timeZone)
  return new Date(settled).toISOString()
}

/** The filter's dates as placed_at bounds: from the start of dateFrom to the end of dateTo. */
export function placedBetween(
  dateFrom: string | undefined,
  dateTo: string | undefined,
  timeZone: string = DEFAULT_TIME_ZONE
): { from: string | null; until: string | null } {
  const dayAfter = (date: string) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)
  return {
    from: dateFrom ? localDayStartUtc(dateFrom, timeZone) : null,
    until: dateTo ? localDayStartUtc(dayAfter(dateTo), timeZone) : null,
  }
}

/** Pages needed for `total` orders at `limit` a page. */
export function pageCount(total: number, limit: number): number {
  return Math.ceil(total / limit)
}

const TRACKED: ReadonlySet<StoreOrderStatus> = new Set([
  'sent_to_store',
  'store_accepted_picking',
  'picked',
  'en_route',
])

/** Spec §4: tracking is offered in the four in-progress states before Delivered. */
export function trackingOffered(status: StoreOrderStatus): boolean {
  return TRACKED.has(status)
}

/** The order in the member's list; its status said by `say` (sayIn(shop): the business's language). */
export function summaryOf(row: MemberOrderRow, say: Say = fillMessage): MemberOrderSummary {
  return {
    orderId: row.business_order_id,
    status: row.status,
    statusCode: row.status_code,
    statusLabel: say(shopperStatusLabel(row.status, row.fulfilment_method)),
    fulfilmentMethod: row.fulfilment_method,
    placedAt: row.placed_at,
    store: { id: row.store_id, slug: row.store_slug, name: row.store_name },
    itemsCount: row.items_count,
    total: row.total,
    trackingOffered: row.archived === 0 && trackingOffered(row.status),
    reviewable: row.archived === 0 && row.status === 'delivered' && row.review_id === null,
    archived: row.archived === 1,
  }
}

/** The spec §4 tracking message for an order in a tracked state; null otherwise. */
export function trackingMessage(row: MemberOrderRow): string | null {
  switch (row.status) {
    case 'sent_to_store':
      return MESSAGES.orderTrackingSentToStore
    case 'store_accepted_picking':
      return MESSAGES.orderTrackingAccepted
    case 'picked':
      return row.fulfilment_method === 'collection' && row.ready_for_collection_at
        ? MESSAGES.orderTrackingReadyForCollection
        : MESSAGES.orderTrackingAccepted
    case 'en_route':
      return MESSAGES.orderTrackingEnRoute
    default:
      return null
  }
}

/** The oldest creation time of a review that may still be changed at `now`. */
export function reviewEditableFrom(now: Date): string {
  return new Date(now.getTime() - REVIEW_EDIT_DAYS * DAY_MS).toISOString()
}

export function reviewOf(row: ReviewRow, now: Date): MemberReview {
  const editableUntil = new Date(Date.parse(row.created_at) + REVIEW_EDIT_DAYS * DAY_MS)
  return {
    starRating: row.star_rating,
    comment: row.comment,
    createdAt: row.created_at,
    editableUntil: editableUntil.toISOString(),
    editable: now.getTime() < editableUntil.getTime(),
  }
}

/** The summary's rows about money coming back, and the ending's sentence. */
function moneyBackOf(
  row: MemberOrderRow,
  parts: MemberDetailParts
): MemberOrderDetail['moneyBack'] {
  const summary = moneySummary({
    status: row.status as OrderStatusName,
    paymentMethod: row.payment_method,
    originalTotal: row.original_total,
    creditApplied: row.credit_applied,
    totalAdjustment: row.total_adjustment,
    refund: row.refund,
    tipRefund: row.tip_refund,
    total: row.total,
    givenBack: parts.refunds.reduce((sum, refund) => sum + refund.amount, 0),
    creditReturned: 0,
  })
  const shown = new Set(['closing', 'after_delivery', 'given_back', 'to_come'])
  const say = sayIn(parts.shop ?? GB_LOCALE)
  const rows = moneyRows(summary, say).filter((entry) => shown.has(entry.key) && entry.amount !== 0)
  return {
    rows: summary.owedBack > 0 ? rows : [],
    message: closingMessage(summary, parts.shop),
  }
}

function paidWithOf(display: MemberOrderDisplayRow | null): PaidWith | null {
  if (!display?.method) return null
  const card = display.method === 'paymentCard' && display.card_brand && display.card_last4
  return {
    method: display.method,
    cardBrand: card ? display.card_brand : null,
    cardLast4: card ? display.card_last4 : null,
  }
}

export interface MemberDetailParts {
  lines: ReadonlyArray<StoreOrderLine>
  display: MemberOrderDisplayRow | null
  refunds: ReadonlyArray<RefundRow>
  statusHistory: ReadonlyArray<StatusHistoryRow>
  review: ReviewRow | null
  /** The deals, coupon and credit by name (orders/named-discounts.ts). */
  discounts: ReadonlyArray<NamedDiscount>
  /**
   * The business's locale: the order's words (status, history, tracking message, money rows) are
   * in its language and the ending's money in its format (ADR 045, 061).
   */
  shop?: ShopLocale
}

export function detailOf(
  row: MemberOrderRow,
  parts: MemberDetailParts,
  now: Date
): Omit<MemberOrderDetail, 'changes' | 'vat' | 'addedTax'> {
  const say = sayIn(parts.shop ?? GB_LOCALE)
  const english = trackingMessage(row)
  const message = english === null ? null : say(english)
  const driverShown =
    row.status === 'en_route' &&
    row.driver_latitude !== null &&
    row.driver_longitude !== null &&
    row.driver_updated_at !== null
  return {
    ...summaryOf(row, say),
    fulfilmentTiming: row.fulfilment_timing,
    slot:
      row.fulfilment_timing === 'future' && row.slot_date && row.slot_starts_at
        ? { date: row.slot_date, startsAt: row.slot_starts_at, endsAt: row.slot_ends_at }
        : null,
    lines: [...parts.lines],
    money: {
      subtotal: row.subtotal,
      discountTotal: row.discount_total,
      deliveryCost: row.delivery_cost,
      serviceFee: row.service_fee,
      deliveryTip: row.delivery_tip,
      creditApplied: row.credit_applied,
      tipRefund: row.tip_refund,
      refund: row.refund,
      originalTotal: row.original_total,
      totalAdjustment: row.total_adjustment,
      total: row.total,
      currency: row.currency,
    },
    discounts: [...parts.discounts],
    moneyBack: moneyBackOf(row, parts),
    paymentMethod: row.payment_method,
    paidWith: paidWithOf(parts.display),
    deliveryAddress:
      row.fulfilment_method === 'delivery' ? parseAddress(row.delivery_address_json) : null,
    collectionStore:
      row.fulfilment_method === 'collection' && parts.display
        ? {
            name: row.store_name,
            address: {
              addressLine1: parts.display.address_line1,
              addressLine2: parts.display.address_line2,
              town: parts.display.town,
              county: parts.display.county,
              postcode: parts.display.postcode,
            },
          }
        : null,
    history: parts.statusHistory.flatMap((entry) => {
      const status = entry.status as OrderStatusName
      return isStoreOrderStatus(status)
        ? [
            {
              at: entry.at,
              status,
              label: say(shopperStatusLabel(status, row.fulfilment_method)),
              reason: entry.reason,
            },
          ]
        : []
    }),
    refunds: parts.refunds.map((refund) => ({
      amount: refund.amount,
      reason: refund.reason,
      at: refund.created_at,
    })),
    tracking:
      message === null
        ? null
        : {
            message,
            driver: driverShown
              ? {
                  latitude: row.driver_latitude ?? 0,
                  longitude: row.driver_longitude ?? 0,
                  updatedAt: row.driver_updated_at ?? '',
                }
              : null,
          },
    review: parts.review ? reviewOf(parts.review, now) : null,
  }
}
