import { MESSAGES } from '../../../schemas/messages.ts'
import { TrackingRequestSchema, TrackingSnapshotSchema } from '../../../schemas/tracking.ts'
import { createDomain } from '../route-registry.ts'
import { trackOrder } from './service.ts'

/** Live order tracking (spec §4 tracking; ADR 019): the snapshot a tracking page renders and polls. */
export const tracking = createDomain('Tracking')

tracking.post(
  '/tracking/order',
  {
    summary: "An order's tracking: status, timeline, slot, store, delivery point, driver, ETA",
    description:
      'For whoever may watch the order: a signed tracking link token (`token`, from the order ' +
      "emails), the member who placed it (member bearer) or the holder of its basket's token. " +
      'Anyone else, an expired or altered token, another brand and an unpaid order get ' +
      `not_found '${MESSAGES.orderNotFound}', as for an order that does not exist. The driver ` +
      'is given only while the order is Driver en Route; positions older than 60 s are stale.',
    body: TrackingRequestSchema,
    response: TrackingSnapshotSchema,
    errors: ['not_found'],
  },
  async ({ body }, c) => trackOrder(c, body)
)
