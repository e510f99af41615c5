import { MESSAGES } from '../../../schemas/messages.ts'
import { MemberOrderDetailSchema } from '../../../schemas/member-orders.ts'
import { TrackingRequestSchema, TrackingSnapshotSchema } from '../../../schemas/tracking.ts'
import { rateLimit } from '../rate-limit.ts'
import { createDomain } from '../route-registry.ts'
import { trackedReceipt, trackOrder } from './service.ts'

/** Live order tracking (spec §4 tracking; ADR 019): the snapshot a tracking page renders and polls. */
export const tracking = createDomain('Tracking', {
  // The tracking page's polling: a guest's order is theirs by its basket (ADR 019).
  edge: { basketToken: 'carries' },
})

// Order numbers and link tokens must not be guessable by trying (issue 36): 20 lookups a minute
// per shopper IP, its own count on the AUTH_LIMITER binding (the allowance for guessable secrets).
// A tracking page polls every TRACKING_POLL_SECONDS (10 s), well inside it. Before the route, so
// a refused call's input is never read.
tracking.app.use(
  '/tracking/order',
  rateLimit('tracking', (env) => env.AUTH_LIMITER)
)
tracking.app.use(
  '/tracking/receipt',
  rateLimit('tracking', (env) => env.AUTH_LIMITER)
)

tracking.post(
  '/tracking/order',
  {
    summary: "An order's tracking: status, timeline, slot, store, delivery point, driver, ETA",
    description:
      'For whoever may watch the order: a signed tracking link token (`token`, from the order ' +
      "emails), the member who placed it (member bearer) or the holder of its basket's token. " +
      'Anyone else, an expired or altered token, another brand and an unpaid order get ' +
      `not_found '${MESSAGES.orderNotFound}', as for an order that does not exist. The driver ` +
      'is given only while the order is Driver en Route; positions older than 60 s are stale. ' +
      'Rate limited per shopper IP, 20 a minute (429 with Retry-After).',
    body: TrackingRequestSchema,
    response: TrackingSnapshotSchema,
    errors: ['not_found', 'rate_limited'],
  },
  async ({ body }, c) => trackOrder(c, body)
)

tracking.post(
  '/tracking/receipt',
  {
    summary: "An order's printable receipt, for whoever may track it (a guest's signed link)",
    description:
      'Every field of the placed order, as the member order detail, for the printable receipt ' +
      '(issue 41): to the signed tracking link token (`token`), the member who placed it or the ' +
      `holder of its basket's token; anyone else not_found '${MESSAGES.orderNotFound}'. Rate ` +
      'limited with tracking, per shopper IP.',
    body: TrackingRequestSchema,
    response: MemberOrderDetailSchema,
    errors: ['not_found', 'rate_limited'],
  },
  async ({ body }, c) => trackedReceipt(c, body)
)
