import { env, evictDurableObject, runInDurableObject, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  TRACKING_PING,
  TRACKING_PONG,
  type TrackingServerMessage,
  TrackingServerMessageSchema,
  trackingLivePath,
} from '../../../schemas/tracking.ts'
import { durableOrderTracker } from '../../../worker/live/order-tracker-notifier.ts'
import type { OrderTracker } from '../../../worker/live/order-tracker.ts'
import { trackerStub } from '../../../worker/live/order-tracker-address.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import {
  actOk,
  cashOrder,
  inMinutes,
  type PaidOrder,
  type SignedInStaff,
  staffCall,
  STORES,
  storeTeam,
  finishPicking,
} from '../store-orders/fixtures.ts'
import { orderNumberOf } from '../tracking/fixtures.ts'
import { signTrackingToken } from '../../../worker/backend/tracking/token.ts'
import { until } from './board-fixtures.ts'

const STORE = STORES.main
let team: Record<'manager' | 'picker' | 'driver', SignedInStaff>

beforeAll(async () => {
  team = await storeTeam()
})

interface Watched {
  order: PaidOrder
  number: string
  token: string
}

/** A paid delivery, its number and the signed link's token, moved on to `upTo`. */
async function orderAt(upTo: 'sent_to_store' | 'en_route'): Promise<Watched> {
  const order = await cashOrder()
  const number = await orderNumberOf(order.orderId)
  if (upTo === 'en_route') {
    const id = order.orderId
    await actOk(team.manager.bearer, STORE, id, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(30),
    })
    await finishPicking(team.picker.bearer, STORE, id)
    await actOk(team.manager.bearer, STORE, id, 'picked', {
      type: 'assign_driver',
      driverId: team.driver.id,
    })
    await actOk(team.driver.bearer, STORE, id, 'picked', { type: 'start_route' })
  }
  // Signed with the Worker's own secret: the page route runs with SELF's bindings, the API
  // fixtures with theirs (TEST_SECRETS), so the emailed link is for those.
  const token = await signTrackingToken(
    env.SESSION_SECRET,
    { businessId: 1, orderId: order.orderId },
    new Date(Date.now() + 86_400_000)
  )
  return { order, number, token }
}

interface Socket {
  ws: WebSocket
  messages: Array<TrackingServerMessage>
  other: Array<string>
  closed: { code: number } | null
}

function upgrade(path: string): Promise<Response> {
  return SELF.fetch(`http://localhost${path}`, { headers: { upgrade: 'websocket' } })
}

/** Opens the tracking page's socket through the page route, as the browser does. */
async function openSocket(number: string, token: string): Promise<Socket> {
  const res = await upgrade(trackingLivePath(number, token))
  expect(res.status).toBe(101)
  const ws = res.webSocket
  if (!ws) throw new Error('no WebSocket in the answer')
  const socket: Socket = { ws, messages: [], other: [], closed: null }
  ws.addEventListener('message', (message) => {
    const text = typeof message.data === 'string' ? message.data : ''
    let data: unknown = text
    try {
      data = JSON.parse(text)
    } catch {
      // The runtime's pong.
    }
    const parsed = TrackingServerMessageSchema.safeParse(data)
    if (parsed.success) socket.messages.push(parsed.data)
    else socket.other.push(text)
  })
  ws.addEventListener('close', (event) => {
    socket.closed = { code: event.code }
  })
  ws.accept()
  return socket
}

const ofType = <T extends TrackingServerMessage['type']>(socket: Socket, type: T) =>
  socket.messages.filter((m): m is Extract<TrackingServerMessage, { type: T }> => m.type === type)

const sendFix = (orderId: number, lat: number, lng: number) =>
  staffCall(
    '/staff/deliveries/location',
    {
      businessId: 1,
      storeId: STORE,
      orderId,
      lat,
      lng,
      accuracy: 10,
      at: new Date().toISOString(),
    },
    team.driver.bearer
  )

describe('the order tracker Durable Object', () => {
  it('is the tracker notifier the Worker gives the backend', () => {
    expect(backendAdapters.orderTracker).toBe(durableOrderTracker)
  })

  it('refuses a stranger before any socket opens, and a request that is not an upgrade', async () => {
    const { number } = await orderAt('sent_to_store')
    const other = await orderAt('sent_to_store')
    expect((await upgrade(trackingLivePath(number))).status).toBe(404)
    expect((await upgrade(trackingLivePath(number, other.token))).status).toBe(404)
    expect((await upgrade(trackingLivePath(number, 'not-a-token'))).status).toBe(404)
    const plain = await SELF.fetch(`http://localhost${trackingLivePath(number, other.token)}`)
    expect(plain.status).toBe(426)
  })

  it('says hello with the snapshot, pushes positions and state changes, ends at delivery', async () => {
    const { order, number, token } = await orderAt('en_route')
    const page = await openSocket(number, token)
    await until(() => page.messages.length === 1, 'the hello')
    const [hello] = page.messages
    if (hello?.type !== 'hello') throw new Error('no hello')
    // Each action so far (accept, finish picking, assign, start route) was one numbered status.
    expect(hello.seq).toBe(4)
    expect(hello.snapshot.status).toBe('en_route')

    const fix = await sendFix(order.orderId, 53.4794, -2.2453)
    expect(fix.status, JSON.stringify(fix.json)).toBe(200)
    await until(() => ofType(page, 'position').length === 1, 'the position')
    const [position] = ofType(page, 'position')
    expect(position).toMatchObject({
      type: 'position',
      seq: hello.seq + 1,
      lat: 53.4794,
      lng: -2.2453,
    })
    expect(position?.etaMinutes).toBeGreaterThanOrEqual(3)

    await actOk(team.driver.bearer, STORE, order.orderId, 'en_route', { type: 'deliver' })
    await until(() => ofType(page, 'status').length === 1, 'the status')
    const [status] = ofType(page, 'status')
    expect(status?.seq).toBe(hello.seq + 2)
    expect(status?.snapshot).toMatchObject({ status: 'delivered', driver: null })
    await until(() => page.closed !== null, 'the close')
    expect(page.closed).toEqual({ code: 1000 })
  })

  it('catches a page up after a reconnect: the hello carries what it missed', async () => {
    const { order, number, token } = await orderAt('en_route')
    const first = await openSocket(number, token)
    await until(() => first.messages.length === 1, 'the hello')
    const seen = first.messages[0]?.seq ?? -1
    first.ws.close(1000, 'tab asleep')
    expect((await sendFix(order.orderId, 53.481, -2.24)).status).toBe(200)

    const again = await openSocket(number, token)
    await until(() => again.messages.length === 1, 'the second hello')
    const [hello] = again.messages
    expect(hello?.type).toBe('hello')
    if (hello?.type !== 'hello') return
    expect(hello.seq).toBe(seen + 1)
    expect(hello.snapshot.driver).toMatchObject({ lat: 53.481, lng: -2.24 })
    again.ws.close(1000, 'done')
  })

  it('keeps its watchers through a hibernation and answers the ping itself', async () => {
    const { order, number, token } = await orderAt('en_route')
    const page = await openSocket(number, token)
    await until(() => page.messages.length === 1, 'the hello')
    const stub = trackerStub(env, 1, number)
    const before = await runInDurableObject(stub, (tracker: OrderTracker) => tracker.watchers())
    expect(before).toEqual([{ kind: 'link' }])
    await evictDurableObject(stub)

    page.ws.send(TRACKING_PING)
    await until(() => page.other.includes(TRACKING_PONG), 'the pong')
    expect((await sendFix(order.orderId, 53.4801, -2.2401)).status).toBe(200)
    await until(() => ofType(page, 'position').length === 1, 'the position after hibernation')
    page.ws.close(1000, 'done')
  })
})
