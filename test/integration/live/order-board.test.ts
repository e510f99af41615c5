import { env, evictDurableObject, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { BOARD_EVENTS_KEPT, BOARD_PING, BOARD_PONG } from '../../../schemas/live.ts'
import {
  BOARD_EVENTS_PATH,
  BOARD_ORIGIN,
  BOARD_VIEWERS_PATH,
  boardStub,
} from '../../../worker/live/board-address.ts'
import { appendBoardEvent, pruneBoardEvents } from '../../../worker/live/board-events-repo.ts'
import { connectBoard } from '../../../worker/live/connect-board.ts'
import { durableOrderBoard } from '../../../worker/live/notifier.ts'
import type { OrderBoard } from '../../../worker/live/order-board.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import { boardEvent, freshStoreId, liveUrl, ofType, openBoard, until } from './board-fixtures.ts'

const manager = (storeId: number) =>
  ({ businessId: 1, storeId, staffId: 11, role: 'store_manager' }) as const
const picker = (storeId: number) =>
  ({ businessId: 1, storeId, staffId: 12, role: 'picker' }) as const

async function viewersOf(storeId: number): Promise<unknown> {
  const res = await boardStub(env, 1, storeId).fetch(`${BOARD_ORIGIN}${BOARD_VIEWERS_PATH}`)
  return res.json()
}

describe('the order board Durable Object', () => {
  it('is the notifier the Worker gives the backend', () => {
    expect(backendAdapters.orderBoard).toBe(durableOrderBoard)
  })

  it('says hello with the last seq, then sends an event to every board of the store', async () => {
    const storeId = freshStoreId()
    const otherStore = freshStoreId()
    const a = await openBoard(manager(storeId))
    const b = await openBoard(picker(storeId))
    const elsewhere = await openBoard(manager(otherStore))
    await until(() => a.messages.length + b.messages.length === 2, 'the hellos')
    expect(a.messages).toEqual([{ type: 'hello', seq: 0 }])

    const event = boardEvent(storeId, 501)
    await durableOrderBoard.publish(env, event)
    await until(() => ofType(a, 'event').length + ofType(b, 'event').length === 2, 'the event')
    expect(ofType(a, 'event')).toEqual([{ type: 'event', seq: 1, event }])
    expect(ofType(b, 'event')).toEqual([{ type: 'event', seq: 1, event }])
    // Another store's board hears nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(ofType(elsewhere, 'event')).toEqual([])
    for (const board of [a, b, elsewhere]) board.ws.close(1000, 'done')
  })

  it('keeps who watches on the sockets through a hibernation, and still broadcasts', async () => {
    const storeId = freshStoreId()
    const a = await openBoard(manager(storeId))
    const b = await openBoard(picker(storeId))
    await until(() => a.messages.length === 1 && b.messages.length === 1, 'the hellos')
    const stub = boardStub(env, 1, storeId)
    // In memory before: the attachments.
    const before = await runInDurableObject(stub, (board: OrderBoard) => board.viewers())
    expect(before).toEqual(
      expect.arrayContaining([
        { staffId: 11, role: 'store_manager' },
        { staffId: 12, role: 'picker' },
      ])
    )
    // The object leaves memory; its sockets hibernate and stay open.
    await evictDurableObject(stub)
    expect(await viewersOf(storeId)).toEqual(expect.arrayContaining(before))
    expect(await viewersOf(storeId)).toHaveLength(2)

    const event = boardEvent(storeId, 502, { status: 'store_accepted_picking', change: 'updated' })
    await durableOrderBoard.publish(env, event)
    await until(() => ofType(a, 'event').length === 1 && ofType(b, 'event').length === 1, 'event')
    expect(ofType(b, 'event')[0]).toEqual({ type: 'event', seq: 1, event })
    a.ws.close(1000, 'done')
    b.ws.close(1000, 'done')
  })

  it('answers a ping itself', async () => {
    const storeId = freshStoreId()
    const a = await openBoard(manager(storeId))
    a.ws.send(BOARD_PING)
    await until(() => a.other.includes(BOARD_PONG), 'the pong')
    a.ws.close(1000, 'done')
  })

  it('catches a reconnecting board up from its seq', async () => {
    const storeId = freshStoreId()
    const events = [601, 602, 603].map((orderId) => boardEvent(storeId, orderId))
    for (const event of events) await durableOrderBoard.publish(env, event)

    const late = await openBoard(manager(storeId))
    await until(() => late.messages.length === 1, 'the hello')
    expect(late.messages[0]).toEqual({ type: 'hello', seq: 3 })
    late.ws.send(JSON.stringify({ type: 'since', seq: 1 }))
    await until(() => ofType(late, 'caught_up').length === 1, 'the catch-up')
    expect(late.messages.slice(1)).toEqual([
      { type: 'event', seq: 2, event: events[1] },
      { type: 'event', seq: 3, event: events[2] },
      { type: 'caught_up', seq: 3 },
    ])

    // Up to date: nothing to send.
    late.ws.send(JSON.stringify({ type: 'since', seq: 3 }))
    await until(() => ofType(late, 'caught_up').length === 2, 'the second catch-up')
    expect(ofType(late, 'event')).toHaveLength(2)

    // Numbers from another life of the board's storage: reload.
    late.ws.send(JSON.stringify({ type: 'since', seq: 99 }))
    await until(() => ofType(late, 'reload').length === 1, 'the reload')
    expect(ofType(late, 'reload')).toEqual([{ type: 'reload', seq: 3 }])

    // What is not a "since" is ignored.
    late.ws.send('{"type":"since","seq":-1}')
    late.ws.send('not json')
    late.ws.send(JSON.stringify({ type: 'since', seq: 2 }))
    await until(() => ofType(late, 'caught_up').length === 3, 'the third catch-up')
    late.ws.close(1000, 'done')
  })

  it('tells a board that missed more than it keeps to reload', async () => {
    const storeId = freshStoreId()
    const stub = boardStub(env, 1, storeId)
    const json = JSON.stringify(boardEvent(storeId, 700))
    await runInDurableObject(stub, (_board: OrderBoard, state) => {
      for (let i = 0; i < BOARD_EVENTS_KEPT + 5; i += 1) {
        const seq = appendBoardEvent(state.storage.sql, json)
        pruneBoardEvents(state.storage.sql, seq, BOARD_EVENTS_KEPT)
      }
    })
    const last = BOARD_EVENTS_KEPT + 5
    const board = await openBoard(manager(storeId))
    await until(() => board.messages.length === 1, 'the hello')
    expect(board.messages[0]).toEqual({ type: 'hello', seq: last })
    // Kept: seq 6 to last. A board that saw 5 misses nothing kept; one that saw 4 missed seq 5.
    board.ws.send(JSON.stringify({ type: 'since', seq: 5 }))
    await until(() => ofType(board, 'caught_up').length === 1, 'the catch-up')
    expect(ofType(board, 'event')).toHaveLength(BOARD_EVENTS_KEPT)
    board.ws.send(JSON.stringify({ type: 'since', seq: 4 }))
    await until(() => ofType(board, 'reload').length === 1, 'the reload')
    expect(ofType(board, 'reload')).toEqual([{ type: 'reload', seq: last }])
    board.ws.close(1000, 'done')
  })

  it('refuses an event that is not an order board event, keeping nothing', async () => {
    const storeId = freshStoreId()
    const stub = boardStub(env, 1, storeId)
    const res = await stub.fetch(`${BOARD_ORIGIN}${BOARD_EVENTS_PATH}`, {
      method: 'POST',
      body: JSON.stringify({ ...boardEvent(storeId, 1), status: 'lost', email: 'a@b.c' }),
    })
    expect(res.status).toBe(422)
    const board = await openBoard(manager(storeId))
    await until(() => board.messages.length === 1, 'the hello')
    expect(board.messages[0]).toEqual({ type: 'hello', seq: 0 })
    board.ws.close(1000, 'done')
  })

  it('never throws from the notifier, even without a board to reach', async () => {
    const broken = {
      ...env,
      ORDER_BOARD: {
        idFromName: () => {
          throw new Error('no board here')
        },
      },
    } as unknown as Env
    await expect(durableOrderBoard.publish(broken, boardEvent(1, 1))).resolves.toBeUndefined()
  })
})

describe('connectBoard', () => {
  it('refuses what is not a WebSocket upgrade with 426', async () => {
    const storeId = freshStoreId()
    const plain = await connectBoard(env, manager(storeId), new Request(liveUrl(storeId)))
    expect(plain.status).toBe(426)
    expect(plain.headers.get('upgrade')).toBe('websocket')
    await plain.body?.cancel()
    const posted = await connectBoard(
      env,
      manager(storeId),
      new Request(liveUrl(storeId), { method: 'POST', headers: { upgrade: 'websocket' } })
    )
    expect(posted.status).toBe(426)
    await posted.body?.cancel()
  })

  it('names who watches from its argument, never from the browser', async () => {
    const storeId = freshStoreId()
    const res = await connectBoard(
      env,
      picker(storeId),
      new Request(liveUrl(storeId), {
        headers: { upgrade: 'websocket', 'x-board-staff-id': '1', 'x-board-role': 'operator' },
      })
    )
    expect(res.status).toBe(101)
    res.webSocket?.accept()
    expect(await viewersOf(storeId)).toEqual([{ staffId: 12, role: 'picker' }])
    res.webSocket?.close(1000, 'done')
  })

  it('a Durable Object request without a viewer is refused', async () => {
    const storeId = freshStoreId()
    const res = await boardStub(env, 1, storeId).fetch(`${BOARD_ORIGIN}/connect`, {
      headers: { upgrade: 'websocket' },
    })
    expect(res.status).toBe(400)
  })
})
