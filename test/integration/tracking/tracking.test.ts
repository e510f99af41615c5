import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { TrackingSnapshotSchema } from '../../../schemas/tracking.ts'
import { signTrackingToken } from '../../../worker/backend/tracking/token.ts'
import { freshIp, registerMember, TEST_SECRETS, testEnv } from '../auth/fixtures.ts'
import { countingLimiter, WRANGLER_LIMITS } from '../../support/workers/limiter.ts'
import { postToBackend } from '../../support/workers/requests.ts'
import {
  actOk,
  cashOrder,
  inMinutes,
  type SignedInStaff,
  staffCall,
  STORES,
  storeTeam,
  finishPicking,
} from '../store-orders/fixtures.ts'
import {
  emailedTrackingPaths,
  orderNumberOf,
  snapshotOf,
  storedDriverPosition,
  tokenOf,
  track,
} from './fixtures.ts'

const STORE = STORES.main
let team: Record<'manager' | 'picker' | 'driver', SignedInStaff>

beforeAll(async () => {
  team = await storeTeam()
})

const fix = (orderId: number, lat: number, lng: number) => ({
  businessId: 1,
  storeId: STORE,
  orderId,
  lat,
  lng,
  accuracy: 10,
  at: new Date().toISOString(),
})

describe('POST /tracking/order', () => {
  it('answers each status with its label, message, timeline and, en route only, the driver', async () => {
    const order = await cashOrder()
    const number = await orderNumberOf(order.orderId)

    const sent = await snapshotOf(order, number)
    expect(sent).toMatchObject({
      orderNumber: number,
      status: 'sent_to_store',
      statusLabel: 'Sent to the store',
      message: MESSAGES.orderTrackingSentToStore,
      trackingOffered: true,
      fulfilmentMethod: 'delivery',
      driver: null,
      etaMinutes: null,
    })
    expect(sent.timeline.map((step) => step.status)).toEqual([
      'sent_to_store',
      'store_accepted_picking',
      'picked',
      'en_route',
      'delivered',
    ])
    expect(sent.timeline[0]?.reachedAt).not.toBeNull()
    expect(sent.timeline.slice(1).every((step) => step.reachedAt === null)).toBe(true)
    expect(sent.destination).not.toBeNull()
    // Nothing of the shopper or the address text: only the points the map needs.
    expect(JSON.stringify(sent)).not.toContain(order.email)

    await actOk(team.manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(45),
    })
    const accepted = await snapshotOf(order, number)
    expect([accepted.status, accepted.message]).toEqual([
      'store_accepted_picking',
      MESSAGES.orderTrackingAccepted,
    ])
    expect(accepted.timeline[1]?.reachedAt).not.toBeNull()

    await finishPicking(team.picker.bearer, STORE, order.orderId)
    await actOk(team.manager.bearer, STORE, order.orderId, 'picked', {
      type: 'assign_driver',
      driverId: team.driver.id,
    })
    const picked = await snapshotOf(order, number)
    expect([picked.status, picked.statusLabel, picked.trackingOffered]).toEqual([
      'picked',
      'Packed',
      true,
    ])

    await actOk(team.driver.bearer, STORE, order.orderId, 'picked', { type: 'start_route' })
    const noFixYet = await snapshotOf(order, number)
    expect([noFixYet.status, noFixYet.message, noFixYet.driver]).toEqual([
      'en_route',
      MESSAGES.orderTrackingEnRoute,
      null,
    ])
    const sentFix = await staffCall(
      '/staff/deliveries/location',
      fix(order.orderId, 53.4794, -2.2453),
      team.driver.bearer
    )
    expect(sentFix.status, JSON.stringify(sentFix.json)).toBe(200)
    const enRoute = await snapshotOf(order, number)
    expect(enRoute.driver).toMatchObject({ lat: 53.4794, lng: -2.2453 })
    expect(enRoute.distanceKm).not.toBeNull()
    expect(enRoute.etaMinutes).toBeGreaterThanOrEqual(3)

    await actOk(team.driver.bearer, STORE, order.orderId, 'en_route', { type: 'deliver' })
    const delivered = await snapshotOf(order, number)
    expect(delivered).toMatchObject({
      status: 'delivered',
      message: MESSAGES.orderTrackingDelivered,
      trackingOffered: false,
      driver: null,
      distanceKm: null,
      etaMinutes: null,
    })
    expect(delivered.timeline.every((step) => step.reachedAt !== null)).toBe(true)
    // Retention (ADR 019): the driver's position is not kept after the delivery.
    expect(await storedDriverPosition(order.orderId)).toEqual({
      driver_latitude: null,
      driver_longitude: null,
      driver_updated_at: null,
    })
  })

  it('opens by the signed link of the order emails, with nothing else', async () => {
    const order = await cashOrder()
    const number = await orderNumberOf(order.orderId)
    const [path] = await emailedTrackingPaths(order.email, 'order_confirmation')
    expect(path).toMatch(new RegExp(`^/track/${number}\\?t=`))
    const answer = await track({ orderNumber: number, token: tokenOf(path ?? '') })
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    expect(TrackingSnapshotSchema.parse(answer.json).orderNumber).toBe(number)

    await actOk(team.manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(30),
    })
    const [statusPath] = await emailedTrackingPaths(order.email, 'order_status')
    expect(statusPath).toMatch(new RegExp(`^/track/${number}\\?t=`))
  })

  it("refuses a stranger, another order's link, an altered or expired link: 404", async () => {
    const order = await cashOrder()
    const other = await cashOrder()
    const number = await orderNumberOf(order.orderId)
    const [otherPath] = await emailedTrackingPaths(other.email, 'order_confirmation')
    const secret = TEST_SECRETS.SESSION_SECRET
    const grant = { businessId: 1, orderId: order.orderId }
    const expired = await signTrackingToken(secret, grant, new Date(Date.now() - 1000))
    const valid = await signTrackingToken(secret, grant, new Date(Date.now() + 86_400_000))
    const refusals = [
      {},
      { basketToken: other.basketToken },
      { token: tokenOf(otherPath ?? '') },
      { token: expired },
      { token: `${valid.slice(0, -2)}xx` },
      {
        token: await signTrackingToken(
          secret,
          { ...grant, businessId: 2 },
          new Date(Date.now() + 86_400_000)
        ),
      },
    ]
    for (const body of refusals) {
      const answer = await track({ orderNumber: number, ...body })
      expect(answer.status, JSON.stringify(body)).toBe(404)
      expect((answer.json as { error: { message: string } }).error.message).toBe(
        MESSAGES.orderNotFound
      )
    }
    // An order that does not exist answers the same.
    expect((await track({ orderNumber: 'NO-SUCH-ORDER', token: valid })).status).toBe(404)
    expect((await track({ orderNumber: number, token: valid })).status).toBe(200)
  })

  it('opens for the member who placed it by their bearer', async () => {
    const order = await cashOrder()
    const number = await orderNumberOf(order.orderId)
    const member = await registerMember()
    const customer = await env.DB.prepare(`select id from customers where email = ?1`)
      .bind(member.email)
      .first<{ id: number }>()
    // Not theirs yet: 404; once the order is theirs: 200.
    expect((await track({ orderNumber: number }, member.tokens.access_token)).status).toBe(404)
    await env.DB.prepare(`update orders set customer_id = ?2 where id = ?1`)
      .bind(order.orderId, customer?.id ?? 0)
      .run()
    expect((await track({ orderNumber: number }, member.tokens.access_token)).status).toBe(200)
  })
})

describe('guessing tracking links (issue 36)', () => {
  it('answers 429 after 20 lookups a minute from one address, before looking anything up', async () => {
    const order = await cashOrder()
    const number = await orderNumberOf(order.orderId)
    const bindings = { ...testEnv, AUTH_LIMITER: countingLimiter(WRANGLER_LIMITS.AUTH_LIMITER) }
    const ip = freshIp()
    const lookup = (body: Record<string, unknown>, from = ip) =>
      postToBackend('/tracking/order', { businessId: 1, ...body }, { ip: from, bindings })
    for (let guess = 0; guess < WRANGLER_LIMITS.AUTH_LIMITER; guess++) {
      const miss = await lookup({ orderNumber: `GUESS-${guess}`, token: 'x'.repeat(40) })
      expect(miss.status).toBe(404)
      await miss.body?.cancel()
    }
    // Over the limit even the right link is refused from there, so guessing on finds nothing.
    const refused = await lookup({ orderNumber: number, basketToken: order.basketToken })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('60')
    expect(await refused.json()).toMatchObject({
      error: { code: 'rate_limited', message: MESSAGES.tooManyRequests },
    })
    // Another address is not held up.
    const other = await lookup({ orderNumber: number, basketToken: order.basketToken }, freshIp())
    expect(other.status).toBe(200)
  })
})

describe('a tracking link after the order ended (issue 36)', () => {
  /** Marks the order delivered `minutesAgo` ago, as the driver's action records it. */
  async function deliveredAgo(orderId: number, minutesAgo: number): Promise<void> {
    const at = new Date(Date.now() - minutesAgo * 60_000).toISOString()
    await env.DB.batch([
      env.DB.prepare(
        `update orders set status = 'delivered', status_code = 100 where id = ?1`
      ).bind(orderId),
      env.DB.prepare(
        `insert into order_history (order_id, role, action, from_status, to_status, at)
         values (?1, 'driver', 'deliver', 'en_route', 'delivered', ?2)`
      ).bind(orderId, at),
    ])
  }

  it('shows the delivery point for an hour after delivery, then status and timeline only', async () => {
    const order = await cashOrder()
    const number = await orderNumberOf(order.orderId)
    const [path] = await emailedTrackingPaths(order.email, 'order_confirmation')
    const byLink = async () => {
      const answer = await track({ orderNumber: number, token: tokenOf(path ?? '') })
      expect(answer.status).toBe(200)
      return TrackingSnapshotSchema.parse(answer.json)
    }
    const placed = await byLink()
    expect(placed.destination).not.toBeNull()

    await deliveredAgo(order.orderId, 10)
    const justDelivered = await byLink()
    expect(justDelivered.status).toBe('delivered')
    expect(justDelivered.destination).toEqual(placed.destination)

    await env.DB.prepare(
      `update order_history set at = ?2 where order_id = ?1 and to_status = 'delivered'`
    )
      .bind(order.orderId, new Date(Date.now() - 2 * 60 * 60_000).toISOString())
      .run()
    const later = await byLink()
    expect(later).toMatchObject({
      status: 'delivered',
      statusLabel: 'Delivered',
      destination: null,
      driver: null,
      distanceKm: null,
    })
    expect(later.timeline.at(-1)?.reachedAt).not.toBeNull()
    expect(JSON.stringify(later)).not.toContain(String(placed.destination?.lat))
  })
})
