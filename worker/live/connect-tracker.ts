import type { TrackingSnapshot } from '../../schemas/tracking.ts'
import {
  SNAPSHOT_HEADER,
  TRACKER_CONNECT_PATH,
  TRACKER_ORIGIN,
  type TrackerWatcher,
  trackerStub,
  WATCHER_HEADER,
} from './order-tracker-address.ts'

/** The order a page watches, as the backend authorised it (its tracking snapshot). */
export interface TrackerConnection {
  businessId: number
  watcher: TrackerWatcher
  snapshot: TrackingSnapshot
}

// The WebSocket handshake headers the tracker needs; nothing else of the browser's request (its
// cookies, the link's token) goes on to the Durable Object.
const HANDSHAKE_HEADERS = [
  'upgrade',
  'connection',
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-protocol',
  'sec-websocket-extensions',
]

/** The answer to a request that is not a WebSocket upgrade. */
export function upgradeRequired(): Response {
  return new Response('This address takes a WebSocket connection only.', {
    status: 426,
    headers: { upgrade: 'websocket', 'cache-control': 'no-store' },
  })
}

export function isWebSocketUpgrade(request: Request): boolean {
  return request.method === 'GET' && request.headers.get('upgrade')?.toLowerCase() === 'websocket'
}

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
  if (!isWebSocketUpgrade(request)) return upgradeRequired()
  const headers = new Headers()
  for (const name of HANDSHAKE_HEADERS) {
    const value = request.headers.get(name)
    if (value !== null) headers.set(name, value)
  }
  headers.set(WATCHER_HEADER, connection.watcher.kind)
  headers.set(SNAPSHOT_HEADER, encodeURIComponent(JSON.stringify(connection.snapshot)))
  const stub = trackerStub(env, connection.businessId, connection.snapshot.orderNumber)
  return stub.fetch(`${TRACKER_ORIGIN}${TRACKER_CONNECT_PATH}`, { headers })
}
