import type { Context } from 'hono'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { MemberOrderDetail } from '../../../schemas/member-orders.ts'
import {
  TRACKING_LINK_DAYS,
  type TrackingRequest,
  type TrackingSnapshot,
} from '../../../schemas/tracking.ts'
import { now as clockNow } from '../../lib/clock.ts'
import { requireSecret } from '../../lib/crypto.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import type { OrderTrackerAdapters } from '../adapters.ts'
import { authenticate, bearerToken } from '../auth/authenticate.ts'
import { orderNamedDiscounts } from '../orders/named-discounts.ts'
import { tokenOwnsOrder } from '../orders/ownership.ts'
import { findPlacedOrder } from '../member-orders/repo.ts'
import { orderDetail } from '../member-orders/service.ts'
import type { BackendEnv } from '../env.ts'
import { distanceAndEta } from './eta.ts'
import {
  findTrackedOrder,
  forgetDriverPosition,
  findTrackedOrderById,
  statusReachedTimes,
  type TrackedOrderRow,
} from './repo.ts'
import { buildSnapshot } from './snapshot.ts'
import { changesOfOrder } from '../orders/order-changes.ts'
import { authenticTrackingToken, verifyTrackingToken } from './token.ts'
import { linkedArchivedReceipt } from '../order-archive/service.ts'
import { businessLocale } from '../businesses-repo.ts'

/*
 * Live order tracking (ADR 019): who may watch an order, its snapshot, and what the live tracker
 * is told when the order moves or its driver does.
 */

/** Before payment an order is not trackable: it answers like one that does not exist. */
const UNPLACED = new Set(['draft', 'payment_pending', 'payment_failed'])

const notFound = () => new AppError('not_found', MESSAGES.orderNotFound)

/** The signed-in member's customer id, or null (none, a guest, or a session that ended). */
async function memberOf(c: Context<BackendEnv>, businessId: number): Promise<number | null> {
  if (bearerToken(c) === undefined) return null
  try {
    const caller = await authenticate(c, { businessId })
    return caller.kind === 'member' ? (caller.customerId ?? null) : null
  } catch {
    // A stale session must not stop a link holder: the link alone is enough.
    return null
  }
}

/**
 * Whether the caller may watch the order: the signed link naming this order of this business,
 * the member who placed it, or the holder of its basket's token. Anything else is as if the
 * order did not exist.
 */
async function mayTrack(
  c: Context<BackendEnv>,
  body: TrackingRequest,
  row: TrackedOrderRow,
  now: Date
): Promise<boolean> {
  if (body.token !== undefined) {
    const secret = requireSecret(c.env.SESSION_SECRET, 'SESSION_SECRET')
    const grant = await verifyTrackingToken(secret, body.token, now)
    if (grant && grant.businessId === row.business_id && grant.orderId === row.id) return true
  }
  const customerId = await memberOf(c, body.businessId)
  if (customerId !== null && row.customer_id === customerId) return true
  return (
    body.basketToken !== undefined &&
    (await tokenOwnsOrder(c.env.DB, body.businessId, body.basketToken, row.basket_id))
  )
}

async function snapshotOf(db: D1Database, row: TrackedOrderRow, now: Date) {
  const [reached, { shop, discounts }, changes] = await Promise.all([
    statusReachedTimes(db, row.id),
    businessLocale(db, row.business_id).then(async (shop) => ({
      shop,
      discounts: await orderNamedDiscounts(db, row.id, shop),
    })),
    changesOfOrder(db, row),
  ])
  return buildSnapshot(row, reached, now, discounts, shop, changes)
}

/** The order whoever calls may watch (the signed link, its member, its basket), else 404. */
export async function requireTrackedOrder(
  c: Context<BackendEnv>,
  body: TrackingRequest,
  now: Date
): Promise<TrackedOrderRow> {
  const row = await findTrackedOrder(c.env.DB, body.businessId, body.orderNumber, body.brandId)
  if (!row || UNPLACED.has(row.status) || !(await mayTrack(c, body, row, now))) throw notFound()
  return row
}

/** POST /tracking/order: the order's tracking snapshot, for whoever may watch it (else 404). */
export async function trackOrder(
  c: Context<BackendEnv>,
  body: TrackingRequest,
  now: Date = clockNow(c.env)
): Promise<TrackingSnapshot> {
  return snapshotOf(c.env.DB, await requireTrackedOrder(c, body, now), now)
}

/**
 * POST /tracking/receipt: the order's every field for its printable receipt (issue 41), for
 * whoever may watch it (a guest's signed link above all; else 404, as tracking).
 */
export async function trackedReceipt(
  c: Context<BackendEnv>,
  body: TrackingRequest,
  now: Date = clockNow(c.env)
): Promise<MemberOrderDetail> {
  const online = await findTrackedOrder(c.env.DB, body.businessId, body.orderNumber, body.brandId)
  if (!online) {
    const archived = await archivedReceiptOfLink(c, body)
    if (!archived) throw notFound()
    return archived
  }
  const tracked = await requireTrackedOrder(c, body, now)
  const row = await findPlacedOrder(c.env.DB, tracked.business_id, tracked.id)
  if (!row) throw notFound()
  return orderDetail(c.env.DB, tracked.business_id, row, now)
}

/**
 * An order no longer online may be archived (ADR 050): its receipt, from its file, to the holder
 * of an authentic link signed for it, even past the link's tracking days (a guest has no other
 * way to their receipt; the link still opens only this order of this business and brand).
 */
async function archivedReceiptOfLink(
  c: Context<BackendEnv>,
  body: TrackingRequest
): Promise<MemberOrderDetail | null> {
  if (body.token === undefined) return null
  const secret = requireSecret(c.env.SESSION_SECRET, 'SESSION_SECRET')
  const signed = await authenticTrackingToken(secret, body.token)
  if (!signed || signed.grant.businessId !== body.businessId) return null
  return linkedArchivedReceipt(c.env.DB, c.env.ORDER_ARCHIVE, {
    businessId: body.businessId,
    brandId: body.brandId ?? null,
    orderId: signed.grant.orderId,
    businessOrderId: body.orderNumber,
    issuedAt: new Date((signed.expiresAt - TRACKING_LINK_DAYS * 86_400) * 1000),
  })
}

type TrackerEnv = Env & OrderTrackerAdapters

/**
 * What follows every committed change of an order, for tracking: an order no longer en route
 * forgets its driver's position (retention, ADR 019), then its watchers are sent the new
 * snapshot. Never throws: a failure is logged (a page that misses the change is right after its
 * next poll or reconnect; a position left behind is never shown, since only en route shows one).
 */
export async function afterOrderChange(
  env: TrackerEnv,
  order: { businessId: number; orderId: number; status: string },
  now: Date
): Promise<void> {
  if (order.status !== 'en_route') {
    try {
      await forgetDriverPosition(env.DB, order.orderId)
    } catch (error) {
      logError(error, { event: 'driver position not forgotten', orderId: order.orderId })
    }
  }
  await publishOrderStatus(env, order, now)
}

/** Sends the order's watchers its new snapshot. Never throws. */
export async function publishOrderStatus(
  env: TrackerEnv,
  order: { businessId: number; orderId: number },
  now: Date
): Promise<void> {
  if (!env.orderTracker) return
  try {
    const row = await findTrackedOrderById(env.DB, order.businessId, order.orderId)
    if (!row) return
    const snapshot = await snapshotOf(env.DB, row, now)
    await env.orderTracker.publish(
      env,
      { businessId: order.businessId, orderNumber: row.business_order_id },
      { type: 'status', snapshot }
    )
  } catch (error) {
    logError(error, { event: 'order tracker publish failed', orderId: order.orderId }, 'warn')
  }
}

/** Tells the order's watchers where the driver is (a stored position). Never throws. */
export async function publishDriverPosition(
  env: TrackerEnv,
  position: { businessId: number; orderId: number; lat: number; lng: number; at: string }
): Promise<void> {
  if (!env.orderTracker) return
  const { businessId, orderId, lat, lng, at } = position
  try {
    const row = await findTrackedOrderById(env.DB, businessId, orderId)
    if (!row || row.status !== 'en_route') return
    const destination =
      row.delivery_latitude !== null && row.delivery_longitude !== null
        ? { lat: row.delivery_latitude, lng: row.delivery_longitude }
        : null
    await env.orderTracker.publish(
      env,
      { businessId, orderNumber: row.business_order_id },
      { type: 'position', lat, lng, at, ...distanceAndEta({ lat, lng }, destination) }
    )
  } catch (error) {
    logError(error, { event: 'order tracker publish failed', orderId }, 'warn')
  }
}
