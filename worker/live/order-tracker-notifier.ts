import type { OrderTrackerNotifier } from '../backend/adapters.ts'
import { logError } from '../lib/log.ts'
import { TRACKER_EVENTS_PATH, TRACKER_ORIGIN, trackerStub } from './order-tracker-address.ts'

/**
 * The order tracker notifier this Worker wires into the backend (worker/local-backend.ts): each
 * event goes to the order's OrderTracker Durable Object, which sends it to the pages watching.
 * Never throws (OrderTrackerNotifier's contract): a page that misses one catches up on its next
 * snapshot.
 */
export const durableOrderTracker: OrderTrackerNotifier = {
  async publish(bindings, order, event) {
    try {
      const stub = trackerStub(bindings, order.businessId, order.orderNumber)
      const res = await stub.fetch(`${TRACKER_ORIGIN}${TRACKER_EVENTS_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(event),
      })
      await res.body?.cancel()
      if (!res.ok) throw new Error(`order tracker answered ${res.status}`)
    } catch (error) {
      logError(
        error,
        { event: 'order tracker publish failed', orderNumber: order.orderNumber },
        'warn'
      )
    }
  },
}
