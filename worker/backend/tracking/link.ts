import { TRACKING_LINK_DAYS, trackingPath } from '../../../schemas/tracking.ts'
import { requireSecret } from '../../lib/crypto.ts'
import { signTrackingToken } from './token.ts'

const DAY_MS = 86_400_000

/**
 * The signed tracking link for the order's emails (ADR 019): the page path with a token that
 * opens this order's tracking until TRACKING_LINK_DAYS after its slot's day (or after `now`, for
 * an ASAP order), long enough to look back at a delivery, short enough that an old email is inert.
 */
export async function trackingLinkFor(
  env: Pick<Env, 'SESSION_SECRET'>,
  order: { businessId: number; orderId: number; orderNumber: string; slotDate: string | null },
  now: Date
): Promise<string> {
  const slotDay = order.slotDate ? Date.parse(`${order.slotDate}T00:00:00Z`) : Number.NaN
  const from = Number.isNaN(slotDay) ? now.getTime() : Math.max(slotDay + DAY_MS, now.getTime())
  const secret = requireSecret(env.SESSION_SECRET, 'SESSION_SECRET')
  const token = await signTrackingToken(
    secret,
    { businessId: order.businessId, orderId: order.orderId },
    new Date(from + TRACKING_LINK_DAYS * DAY_MS)
  )
  return trackingPath(order.orderNumber, token)
}
