import type { TrackingSnapshot } from '../../schemas/tracking.ts'
import {
  SNAPSHOT_HEADER,
  TRACKER_CONNECT_PATH,
  TRACKER_ORIGIN,
  type TrackerWatcher,
  trackerStub,
  WATCHER_HEADER,
} from './order-tracker-address.ts'
import { handshakeHeaders, refusedHandshake } from './handshake.ts'

/** The order a page watches, as the backend authorised it (its tracking snapshot). */
export interface TrackerConnection {
  businessId: number
  watcher: TrackerWatcher
  snapshot: TrackingSnapshot
}

// Pages reach the live layer through this module only (ESLint, ADR 013): the route checks the
// upgrade before it asks the backend anything.
export { refusedHandshake } from './handshake.ts'

/**
 * Opens a page's live tracking: forwards the browser's WebSocket upgrade to the order's tracker
 * Durable Object with the snapshot its `hello` sends. Authorisation is the caller's (the page
 * route at /track/<orderNumber>/live asks the backend for the snapshot first, which answers 404
 * to anyone who may not watch).
 */
export async function connectTracker(
  env: Pick<Env, 'ORDER_TRACKER'>,
  connection: TrackerConnection,
  request: Request
): Promise<Response> {
  const refused = refusedHandshake(request)
  if (refused) return refused
  const headers = handshakeHeaders(request)
  headers.set(WATCHER_HEADER, connection.watcher.kind)
  headers.set(SNAPSHOT_HEADER, encodeURIComponent(JSON.stringify(connection.snapshot)))
  const stub = trackerStub(env, connection.businessId, connection.snapshot.orderNumber)
  return stub.fetch(`${TRACKER_ORIGIN}${TRACKER_CONNECT_PATH}`, { headers })
}
