import { NamedDiscountsSchema } from './named-discounts.ts'
import { z } from 'zod'
import { ORDER_STATUSES } from './checkout-answers.ts'
import { BusinessIdSchema, CallingBrandIdSchema, ShopperWordsSchema } from './common.ts'
import { PROGRESS_STATUSES } from './order-states.ts'
import { OrderChangesSchema } from './order-changes.ts'
import { StoreOrderSlotSchema } from './store-orders.ts'

/*
 * Live order tracking (spec §4 tracking; ADR 019): what the tracking page renders, what its island
 * receives over the order's WebSocket (the OrderTracker Durable Object, one per order) and what it
 * polls when the socket cannot open. A link holder learns this order's progress and the points the
 * map needs, never the address text, the shopper's details or any other order.
 */

/** The tracking page: /track/<orderNumber>, with ?t=<signed token> for a guest's emailed link. */
export const TRACKING_PAGE_PATH = '/track/:orderNumber'
/** The order's printable receipt (issue 41), opened by the same signed link's token. */
export const TRACKING_RECEIPT_PATH = '/track/:orderNumber/receipt'
/** The order in amend mode for whoever may track it (issue 42): a guest by the same link's token. */
export const TRACKING_AMEND_PATH = '/track/:orderNumber/amend'
/** The page's WebSocket (same-origin upgrade, same token query): the order's tracker. */
export const TRACKING_LIVE_PATH = '/track/:orderNumber/live'
/** The query parameter carrying the signed tracking token. */
export const TRACKING_TOKEN_PARAM = 't'

/** The tracking page's path for an order, with its signed token when there is one. */
export function trackingPath(orderNumber: string, token?: string | null): string {
  const path = TRACKING_PAGE_PATH.replace(':orderNumber', encodeURIComponent(orderNumber))
  return token ? `${path}?${TRACKING_TOKEN_PARAM}=${encodeURIComponent(token)}` : path
}

/** The printable receipt's path for an order, with the signed token when there is one. */
export function trackingReceiptPath(orderNumber: string, token?: string | null): string {
  const path = TRACKING_RECEIPT_PATH.replace(':orderNumber', encodeURIComponent(orderNumber))
  return token ? `${path}?${TRACKING_TOKEN_PARAM}=${encodeURIComponent(token)}` : path
}

/**
 * The amend page's path for an order, with the signed token when there is one and the query a
 * saved change or a search carries.
 */
export function trackingAmendPath(
  orderNumber: string,
  token?: string | null,
  query: Record<string, string> = {}
): string {
  const path = TRACKING_AMEND_PATH.replace(':orderNumber', encodeURIComponent(orderNumber))
  const params = Object.entries({ ...(token ? { [TRACKING_TOKEN_PARAM]: token } : {}), ...query })
  const search = params
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&')
  return search ? `${path}?${search}` : path
}

/** The live socket's path for an order (the page's own token query goes with it). */
export function trackingLivePath(orderNumber: string, token?: string | null): string {
  const path = TRACKING_LIVE_PATH.replace(':orderNumber', encodeURIComponent(orderNumber))
  return token ? `${path}?${TRACKING_TOKEN_PARAM}=${encodeURIComponent(token)}` : path
}

/**
 * A driver position older than this is shown stale. The client judges `at` against the server's
 * clock: its own clock plus the offset (serverTime − its clock) taken when a snapshot arrived.
 */
export const TRACKING_STALE_AFTER_SECONDS = 60

/** How often the page polls /tracking/order when its socket cannot open. */
export const TRACKING_POLL_SECONDS = 10

/** A signed link opens tracking for this many days after the order's slot (or its placing). */
export const TRACKING_LINK_DAYS = 30

/**
 * Once an order has ended (delivered, or any end), its tracking shows the delivery point for
 * this long after, then only its status and timeline (issue 36): a forwarded or leaked link does
 * not say where someone lives for the rest of its 30 days.
 */
export const TRACKING_ENDED_POINT_MINUTES = 60

/** The keep-alive the island sends while idle, answered by the runtime without waking the object. */
export const TRACKING_PING = 'ping'
export const TRACKING_PONG = 'pong'

/** Spec §4: driver tracking is offered while an order is in these four statuses. */
export const TRACKING_OFFERED_STATUSES = [
  'sent_to_store',
  'store_accepted_picking',
  'picked',
  'en_route',
] as const

export const LatLngSchema = z.object({ lat: z.number(), lng: z.number() })
export type LatLng = z.infer<typeof LatLngSchema>

/** One step of the timeline: a progress status, when it was reached (ISO) or null (not yet). */
export const TrackingStepSchema = z.object({
  status: z.enum(PROGRESS_STATUSES),
  label: ShopperWordsSchema,
  reachedAt: z.string().nullable(),
})
export type TrackingStep = z.infer<typeof TrackingStepSchema>

/** The driver, only while the order is Driver en Route and a position has arrived. */
export const DriverPointSchema = LatLngSchema.extend({
  /** When the position was taken in (the app clock, ISO). Stale after TRACKING_STALE_AFTER_SECONDS. */
  at: z.string(),
})
export type DriverPoint = z.infer<typeof DriverPointSchema>

/** Everything the tracking page shows, and what a `hello` or `status` message carries. */
export const TrackingSnapshotSchema = z.object({
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The shopper's word for the status (shopperStatusLabel), in the business's language. */
  statusLabel: ShopperWordsSchema,
  /** The spec §4 tracking message for the status, when it has one, in the business's language. */
  message: ShopperWordsSchema.nullable(),
  /** Why the store rejected or cancelled the order, or could not deliver it; null otherwise. */
  closingReason: z.string().nullable(),
  /** The order's money as schemas/money-summary.ts tells it (pence; negative: taken off). */
  money: z.array(z.object({ key: z.string(), label: ShopperWordsSchema, amount: z.int() })),
  /** The deals, coupon and store credit by name, re-priced after picking (issue 35 item 19). */
  discounts: NamedDiscountsSchema,
  /** Spec §4: Sent to Store, Accepted/Picking, Picked, Driver en Route. */
  trackingOffered: z.boolean(),
  /** The progress statuses for the method (collection has no Driver en Route), in order. */
  timeline: z.array(TrackingStepSchema),
  fulfilmentMethod: z.enum(['delivery', 'collection']),
  /** The booked slot (store-local times) or ASAP. */
  slot: StoreOrderSlotSchema,
  /** ASAP: when the store said it would be ready (ISO), else null. */
  estimatedReadyAt: z.string().nullable(),
  store: z.object({
    name: z.string(),
    phone: z.string().nullable(),
    lat: z.number(),
    lng: z.number(),
  }),
  /** The delivery point for the map (never the address text); null for collection. */
  destination: LatLngSchema.nullable(),
  driver: DriverPointSchema.nullable(),
  /** Great-circle km from the driver (else the store) to the destination; null without one. */
  distanceKm: z.number().nullable(),
  /** Estimated minutes to the door while en route (tracking-eta.ts); null otherwise. */
  etaMinutes: z.int().nullable(),
  /** The server's clock when the snapshot was made (ISO): stale positions are judged against it. */
  serverTime: z.string(),
  /** Once picked, what picking changed (issue 42); null before, or when nothing changed. */
  changes: OrderChangesSchema.nullable(),
})
export type TrackingSnapshot = z.infer<typeof TrackingSnapshotSchema>

/** POST /tracking/order: by signed token (a guest's link), member bearer or basket token. */
export const TrackingRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  orderNumber: z.string().trim().min(1).max(40),
  token: z.string().trim().min(1).max(400).optional(),
  basketToken: z.string().trim().min(1).max(200).optional(),
})
export type TrackingRequest = z.infer<typeof TrackingRequestSchema>

/** A driver's position as the tracker sends it live. */
export const TrackingPositionSchema = DriverPointSchema.extend({
  distanceKm: z.number().nullable(),
  etaMinutes: z.int().nullable(),
})
export type TrackingPosition = z.infer<typeof TrackingPositionSchema>

/**
 * What the order's tracker sends down a socket:
 * - `hello` on connect: the latest snapshot and the last event number;
 * - `position`: the driver moved (only while en route);
 * - `status`: the order changed state (a new snapshot; on a terminal status the island stops).
 */
export const TrackingServerMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    seq: z.int().nonnegative(),
    snapshot: TrackingSnapshotSchema,
  }),
  z.object({
    type: z.literal('position'),
    seq: z.int().positive(),
    ...TrackingPositionSchema.shape,
  }),
  z.object({
    type: z.literal('status'),
    seq: z.int().positive(),
    snapshot: TrackingSnapshotSchema,
  }),
])
export type TrackingServerMessage = z.infer<typeof TrackingServerMessageSchema>

/** What the island may send: only the keep-alive (TRACKING_PING). */
export type TrackingClientMessage = typeof TRACKING_PING
