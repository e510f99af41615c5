import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { type BoardServerMessage, BoardServerMessageSchema } from '../../../schemas/live.ts'
import type { OrderBoardEvent } from '../../../worker/backend/adapters.ts'
import { type BoardConnection, connectBoard } from '../../../worker/live/connect-board.ts'

/** The URL the console's route answers the board's WebSocket at (its path is the console's). */
export const liveUrl = (storeId: number): string => `https://localhost/store/${storeId}/board/live`

let nextStore = 9000
/** A store id of its own per test, so each test has its own board Durable Object. */
export function freshStoreId(): number {
  nextStore += 1
  return nextStore
}

/** A board that connected: its socket and everything the board sent down it, parsed. */
export interface OpenBoard {
  ws: WebSocket
  messages: Array<BoardServerMessage>
  /** Raw text frames that are not board messages (the runtime's pong). */
  other: Array<string>
}

/** Connects a board as the console's route does after authorising the member of staff. */
export async function openBoard(connection: BoardConnection): Promise<OpenBoard> {
  const res = await connectBoard(
    env,
    connection,
    new Request(liveUrl(connection.storeId), { headers: { upgrade: 'websocket' } })
  )
  expect(res.status).toBe(101)
  const ws = res.webSocket
  if (!ws) throw new Error('no WebSocket in the answer')
  const board: OpenBoard = { ws, messages: [], other: [] }
  ws.addEventListener('message', (message) => {
    const text = typeof message.data === 'string' ? message.data : ''
    const parsed = BoardServerMessageSchema.safeParse(safeJson(text))
    if (parsed.success) board.messages.push(parsed.data)
    else board.other.push(text)
  })
  ws.accept()
  return board
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** Waits (real time, briefly) until `done` holds: socket frames arrive asynchronously. */
export async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (done()) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** An event of this store, as the store-orders service publishes it. */
export function boardEvent(
  storeId: number,
  orderId: number,
  overrides: Partial<OrderBoardEvent> = {}
): OrderBoardEvent {
  return {
    businessId: 1,
    storeId,
    orderId,
    status: 'sent_to_store',
    change: 'placed',
    at: new Date().toISOString(),
    ...overrides,
  }
}

/** The board messages of one type. */
export function ofType<T extends BoardServerMessage['type']>(
  board: OpenBoard,
  type: T
): Array<Extract<BoardServerMessage, { type: T }>> {
  return board.messages.filter(
    (message): message is Extract<BoardServerMessage, { type: T }> => message.type === type
  )
}
