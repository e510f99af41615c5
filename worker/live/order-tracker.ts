import { DurableObject } from 'cloudflare:workers'
import { z } from 'zod'
import { isTerminalStatus } from '../../schemas/order-states.ts'
import {
  TRACKING_PING,
  TRACKING_PONG,
  TrackingPositionSchema,
  type TrackingServerMessage,
  TrackingSnapshotSchema,
} from '../../schemas/tracking.ts'
import { logError } from '../lib/log.ts'
import { createTrackerSeqTable, lastTrackerSeq, nextTrackerSeq } from './tracker-seq-repo.ts'
import {
  SNAPSHOT_HEADER,
  TRACKER_CONNECT_PATH,
  TRACKER_EVENTS_PATH,
  TRACKER_WATCHERS_PATH,
  type TrackerWatcher,
  TrackerWatcherSchema,
  WATCHER_HEADER,
} from './order-tracker-address.ts'

/** What the notifier POSTs (worker/backend/adapters.ts OrderTrackerEvent, as zod). */
const TrackerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('position'), ...TrackingPositionSchema.shape }),
  z.object({ type: z.literal('status'), snapshot: TrackingSnapshotSchema }),
])

const send = (ws: WebSocket, message: TrackingServerMessage): void => {
  try {
    ws.send(JSON.stringify(message))
  } catch {
    // A socket closing as we send: its page reconnects and gets a fresh snapshot.
  }
}

/** The snapshot connectTracker put on the upgrade, or null when there is none to read. */
function snapshotOf(request: Request): unknown {
  try {
    return JSON.parse(decodeURIComponent(request.headers.get(SNAPSHOT_HEADER) ?? ''))
  } catch {
    return null
  }
}

/** Normal closure: the order is over, there is nothing more to watch. */
const CLOSE_ORDER_ENDED = 1000

/**
 * The live tracker of one order (ADR 019): one Durable Object per (business, order), named by
 * trackerName(). It holds the tracking pages' WebSockets with the Hibernation API, so an order
 * nobody is moving costs nothing: the runtime answers the pages' pings itself and the object is
 * woken only by an event. Each event is numbered (the count survives hibernation in the object's
 * SQLite) and sent to every socket; a page that reconnects catches up from the fresh snapshot its
 * `hello` carries, which the route read from the database (the source of truth), so no event log
 * is kept. Who watches is kept on each socket (serializeAttachment).
 *
 * When the order is delivered or ends, the tracker sends the last status, closes the sockets and
 * deletes its storage: nothing of the journey is kept here (ADR 019 retention).
 */
export class OrderTracker extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    createTrackerSeqTable(this.ctx.storage.sql)
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(TRACKING_PING, TRACKING_PONG))
  }

  override async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url)
    if (pathname === TRACKER_EVENTS_PATH && request.method === 'POST') return this.publish(request)
    if (pathname === TRACKER_CONNECT_PATH) return this.acceptWatcher(request)
    if (pathname === TRACKER_WATCHERS_PATH) return Response.json(this.watchers())
    return new Response(null, { status: 404 })
  }

  /** A page joins: its socket is accepted for hibernation and sent the snapshot it was given. */
  private acceptWatcher(request: Request): Response {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
      return new Response(null, { status: 426, headers: { upgrade: 'websocket' } })
    }
    const watcher = TrackerWatcherSchema.safeParse({ kind: request.headers.get(WATCHER_HEADER) })
    const parsed = TrackingSnapshotSchema.safeParse(snapshotOf(request))
    // connectTracker always names both: a request without them did not come through it.
    if (!watcher.success || !parsed.success) return new Response(null, { status: 400 })
    const { 0: client, 1: server } = new WebSocketPair()
    this.ctx.acceptWebSocket(server, [`watcher:${watcher.data.kind}`])
    server.serializeAttachment(watcher.data)
    send(server, {
      type: 'hello',
      seq: lastTrackerSeq(this.ctx.storage.sql),
      snapshot: parsed.data,
    })
    return new Response(null, { status: 101, webSocket: client })
  }

  /** The notifier's POST: number the event and send it to every page watching. */
  private async publish(request: Request): Promise<Response> {
    const parsed = TrackerEventSchema.safeParse(await request.json())
    if (!parsed.success) return new Response(null, { status: 422 })
    const seq = nextTrackerSeq(this.ctx.storage.sql)
    const event = parsed.data
    const message: TrackingServerMessage =
      event.type === 'status'
        ? { type: 'status', seq, snapshot: event.snapshot }
        : { ...event, seq }
    const sockets = this.ctx.getWebSockets()
    for (const ws of sockets) send(ws, message)
    if (event.type === 'status') {
      const status = event.snapshot.status
      if (status === 'delivered' || isTerminalStatus(status)) await this.end(sockets)
    }
    return Response.json({ seq, watchers: sockets.length })
  }

  /** The order is over: close the pages' sockets and keep nothing. */
  private async end(sockets: ReadonlyArray<WebSocket>): Promise<void> {
    for (const ws of sockets) {
      try {
        ws.close(CLOSE_ORDER_ENDED, 'order ended')
      } catch {
        // Already closing.
      }
    }
    await this.ctx.storage.deleteAll()
    // A page that reconnects after the end is sent the final snapshot from seq 0 again.
    createTrackerSeqTable(this.ctx.storage.sql)
  }

  /** Who is watching, from the sockets' attachments (also after a hibernation). */
  watchers(): Array<TrackerWatcher> {
    return this.ctx.getWebSockets().flatMap((ws) => {
      const watcher = TrackerWatcherSchema.safeParse(ws.deserializeAttachment())
      return watcher.success ? [watcher.data] : []
    })
  }

  /** Pages send only the keep-alive (answered by the runtime): anything else is ignored. */
  override webSocketMessage(): void {}

  override webSocketClose(ws: WebSocket, code: number, reason: string): void {
    try {
      ws.close(code, reason)
    } catch {
      // Already closed: 1005/1006 cannot be sent back.
    }
  }

  override webSocketError(ws: WebSocket, error: unknown): void {
    const watcher = TrackerWatcherSchema.safeParse(ws.deserializeAttachment())
    logError(error, {
      event: 'order tracker socket error',
      ...(watcher.success ? { watcher: watcher.data.kind } : {}),
    })
  }
}
