import { DurableObject } from 'cloudflare:workers'
import {
  BOARD_EVENTS_KEPT,
  BOARD_PING,
  BOARD_PONG,
  BoardClientMessageSchema,
  type BoardServerMessage,
  OrderBoardEventSchema,
} from '../../schemas/live.ts'
import { logError } from '../lib/log.ts'
import {
  ACCESS_ENDED_CLOSE_CODE,
  BOARD_CONNECT_PATH,
  BOARD_DISCONNECT_PATH,
  BOARD_EVENTS_PATH,
  BOARD_VIEWERS_PATH,
  type BoardViewer,
  BoardViewerSchema,
  VIEWER_ROLE_HEADER,
  VIEWER_STAFF_HEADER,
  staffTag,
} from './board-address.ts'
import {
  appendBoardEvent,
  boardEventsSince,
  boardSeqRange,
  createBoardEventsTable,
  pruneBoardEvents,
} from './board-events-repo.ts'

const send = (ws: WebSocket, message: BoardServerMessage): void => {
  try {
    ws.send(JSON.stringify(message))
  } catch {
    // A socket closing as we send: its board reconnects and catches up by seq.
  }
}

/**
 * The live order board of one store (ADR 017 "Live board"): one Durable Object per (business,
 * store), named by boardName(). It holds the open boards' WebSockets with the Hibernation API, so
 * a store whose boards sit idle costs nothing: the runtime answers the boards' pings itself
 * (setWebSocketAutoResponse) and the object is only woken by an event or a board's message. Who
 * watches is kept on each socket (serializeAttachment) and so survives hibernation.
 *
 * Each event the backend publishes is numbered and kept (the newest BOARD_EVENTS_KEPT, in the
 * object's SQLite), then sent to every socket. A board that reconnects says "since K" and is sent
 * what it missed, or told to reload when it missed more than is kept.
 */
export class OrderBoard extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    createBoardEventsTable(ctx.storage.sql)
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(BOARD_PING, BOARD_PONG))
  }

  override async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url)
    if (pathname === BOARD_EVENTS_PATH && request.method === 'POST') return this.publish(request)
    if (pathname === BOARD_CONNECT_PATH) return this.acceptBoard(request)
    if (pathname === BOARD_VIEWERS_PATH) return Response.json(this.viewers())
    if (pathname === BOARD_DISCONNECT_PATH && request.method === 'POST') {
      return this.disconnect(request)
    }
    return new Response(null, { status: 404 })
  }

  /** A board joins: its socket is accepted for hibernation and told the last seq. */
  private acceptBoard(request: Request): Response {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
      return new Response(null, { status: 426, headers: { upgrade: 'websocket' } })
    }
    const viewer = BoardViewerSchema.safeParse({
      staffId: request.headers.get(VIEWER_STAFF_HEADER),
      role: request.headers.get(VIEWER_ROLE_HEADER),
    })
    // connectBoard always names the viewer: a request without one did not come through it.
    if (!viewer.success) return new Response(null, { status: 400 })
    const { 0: client, 1: server } = new WebSocketPair()
    this.ctx.acceptWebSocket(server, [staffTag(viewer.data.staffId), `role:${viewer.data.role}`])
    server.serializeAttachment(viewer.data)
    send(server, { type: 'hello', seq: boardSeqRange(this.ctx.storage.sql).last })
    return new Response(null, { status: 101, webSocket: client })
  }

  /** The notifier's POST: number, keep and broadcast the event. */
  private async publish(request: Request): Promise<Response> {
    const parsed = OrderBoardEventSchema.safeParse(await request.json())
    if (!parsed.success) return new Response(null, { status: 422 })
    const sql = this.ctx.storage.sql
    const seq = appendBoardEvent(sql, JSON.stringify(parsed.data))
    pruneBoardEvents(sql, seq, BOARD_EVENTS_KEPT)
    const sockets = this.ctx.getWebSockets()
    for (const ws of sockets) send(ws, { type: 'event', seq, event: parsed.data })
    return Response.json({ seq, boards: sockets.length })
  }

  /**
   * A member of staff's access ended (deactivated, signed out): every socket of theirs closes at
   * once, so no further event reaches them. A board that reconnects is authorised afresh.
   */
  private async disconnect(request: Request): Promise<Response> {
    const parsed = BoardViewerSchema.pick({ staffId: true }).safeParse(await request.json())
    if (!parsed.success) return new Response(null, { status: 422 })
    const sockets = this.ctx.getWebSockets(staffTag(parsed.data.staffId))
    for (const ws of sockets) {
      try {
        ws.close(ACCESS_ENDED_CLOSE_CODE, 'access ended')
      } catch {
        // Already closing.
      }
    }
    return Response.json({ closed: sockets.length })
  }

  /** Who is watching, from the sockets' attachments (also after a hibernation). */
  viewers(): Array<BoardViewer> {
    return this.ctx.getWebSockets().flatMap((ws) => {
      const viewer = BoardViewerSchema.safeParse(ws.deserializeAttachment())
      return viewer.success ? [viewer.data] : []
    })
  }

  /** A board's "since K": what it missed, or reload when the missed events are no longer kept. */
  override webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): void {
    if (typeof message !== 'string') return
    let data: unknown
    try {
      data = JSON.parse(message)
    } catch {
      return
    }
    const since = BoardClientMessageSchema.safeParse(data)
    if (!since.success) return
    const sql = this.ctx.storage.sql
    const { first, last } = boardSeqRange(sql)
    const asked = since.data.seq
    // Past the last: numbers from another life of this storage. Before the first kept but one:
    // some events it missed were pruned.
    if (asked > last || (asked < last && asked < first - 1)) {
      send(ws, { type: 'reload', seq: last })
      return
    }
    for (const row of boardEventsSince(sql, asked)) {
      const event = OrderBoardEventSchema.parse(JSON.parse(row.event_json))
      send(ws, { type: 'event', seq: row.seq, event })
    }
    send(ws, { type: 'caught_up', seq: last })
  }

  override webSocketClose(ws: WebSocket, code: number, reason: string): void {
    try {
      ws.close(code, reason)
    } catch {
      // Already closed: the runtime answers a board's close itself, and 1005/1006 cannot be sent.
    }
  }

  override webSocketError(ws: WebSocket, error: unknown): void {
    const viewer = BoardViewerSchema.safeParse(ws.deserializeAttachment())
    logError(error, {
      event: 'order board socket error',
      ...(viewer.success ? { staffId: viewer.data.staffId } : {}),
    })
  }
}
