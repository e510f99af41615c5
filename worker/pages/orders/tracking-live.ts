import type { Context } from 'hono'
import {
  TRACKING_TOKEN_PARAM,
  type TrackingSnapshot,
  TrackingSnapshotSchema,
} from '../../../schemas/tracking.ts'
import type { AppEnv } from '../../env.ts'
import { readBasketToken } from '../../lib/cookies/basket.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { connectTracker, refusedHandshake } from '../../live/connect-tracker.ts'

/**
 * The order's tracking snapshot for this request's caller: the signed link's token (`?t=`), the
 * member's session or the basket cookie, whichever the backend accepts (ADR 019). Anyone else gets
 * the backend's 404 'Order not found', exactly as for an order that does not exist.
 */
export function loadTrackingSnapshot(
  c: Context<AppEnv>,
  orderNumber: string
): Promise<TrackingSnapshot> {
  const token = c.req.query(TRACKING_TOKEN_PARAM)
  const basketToken = readBasketToken(c)
  return c.var.backend.post('/tracking/order', {
    body: {
      businessId: c.var.brand.businessId,
      brandId: c.var.brand.id,
      orderNumber,
      ...(token ? { token } : {}),
      ...(basketToken ? { basketToken } : {}),
    },
    token: readAccessToken(c),
    schema: TrackingSnapshotSchema,
  })
}

/**
 * GET /track/<orderNumber>/live: the tracking page's WebSocket. The caller is authorised first
 * (the backend's snapshot call, 404 for a stranger), then the upgrade goes to the order's tracker
 * Durable Object with that snapshot as its `hello`.
 */
export async function trackingLive(c: Context<AppEnv>): Promise<Response> {
  const refused = refusedHandshake(c.req.raw)
  if (refused) return refused
  const snapshot = await loadTrackingSnapshot(c, c.req.param('orderNumber') ?? '')
  const kind = c.req.query(TRACKING_TOKEN_PARAM) ? 'link' : 'shopper'
  return connectTracker(
    c.env,
    { businessId: c.var.brand.businessId, watcher: { kind }, snapshot },
    c.req.raw
  )
}
