import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { DriverLocationSchema } from '../../../schemas/checkout.ts'
import { DriverLocationRecordedSchema } from '../../../schemas/live.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { registerMember } from '../auth/fixtures.ts'
import {
  BUSINESS_ID,
  call,
  expectError,
  seedCatalogue,
  seedStaff,
  signIn,
} from '../staff/fixtures.ts'
import { seedDeliveryOrder, setOrderStatus, storedPosition } from './delivery-fixtures.ts'

const STORE = 1
let otherStore = 0
const bearer: Record<
  'driver' | 'otherDriver' | 'picker' | 'manager' | 'operator' | 'away',
  string
> = { driver: '', otherDriver: '', picker: '', manager: '', operator: '', away: '' }
let driverId = 0

beforeAll(async () => {
  await seedCatalogue(env.DB)
  const row = await env.DB.prepare(
    `select id from stores where business_id = ?1 and id != ?2 order by id limit 1`
  )
    .bind(BUSINESS_ID, STORE)
    .first<{ id: number }>()
  otherStore = row?.id ?? 0
  expect(otherStore).toBeGreaterThan(0)
  const driver = await seedStaff({ roles: [{ storeId: STORE, role: 'driver' }] })
  driverId = driver.id
  const accounts = {
    driver,
    otherDriver: await seedStaff({ roles: [{ storeId: STORE, role: 'driver' }] }),
    picker: await seedStaff({ roles: [{ storeId: STORE, role: 'picker' }] }),
    manager: await seedStaff({ roles: [{ storeId: STORE, role: 'store_manager' }] }),
    operator: await seedStaff({ operator: true }),
    away: await seedStaff({ roles: [{ storeId: otherStore, role: 'driver' }] }),
  }
  for (const [name, account] of Object.entries(accounts)) {
    bearer[name as keyof typeof bearer] = (await signIn(account.email)).access_token
  }
})

/** A fix in Manchester, taken now by the phone's clock. */
const fix = (orderId: number, overrides: Record<string, unknown> = {}) => ({
  businessId: BUSINESS_ID,
  storeId: STORE,
  orderId,
  lat: 53.482,
  lng: -2.236,
  accuracy: 8,
  at: new Date().toISOString(),
  ...overrides,
})

const send = (token: string, body: Record<string, unknown>) =>
  call('/staff/deliveries/location', body, { bearer: token })

const enRoute = () => seedDeliveryOrder({ storeId: STORE, status: 'en_route', driverId })

describe('POST /staff/deliveries/location', () => {
  it("stores the assigned driver's position, which the shopper's tracking answers", async () => {
    const member = await registerMember()
    const customer = await env.DB.prepare(`select id from customers where email = ?1`)
      .bind(member.email)
      .first<{ id: number }>()
    const order = await seedDeliveryOrder({
      storeId: STORE,
      status: 'en_route',
      driverId,
      customerId: customer?.id ?? null,
    })
    const answer = await send(bearer.driver, fix(order.id))
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const recorded = DriverLocationRecordedSchema.parse(answer.json)
    expect(recorded).toMatchObject({ orderId: order.id, recorded: true })
    expect(await storedPosition(order.id)).toEqual({
      driver_latitude: 53.482,
      driver_longitude: -2.236,
      driver_updated_at: recorded.updatedAt,
    })

    const tracking = await call(
      '/checkout/driver-location',
      { businessId: BUSINESS_ID, businessOrderId: order.number },
      { bearer: member.tokens.access_token }
    )
    expect(DriverLocationSchema.parse(tracking.json)).toEqual({
      businessOrderId: order.number,
      statusCode: 80,
      trackable: true,
      latitude: 53.482,
      longitude: -2.236,
      updatedAt: recorded.updatedAt,
    })
  })

  it('stores one position per order every 2 seconds', async () => {
    const order = await enRoute()
    const first = DriverLocationRecordedSchema.parse(
      (await send(bearer.driver, fix(order.id))).json
    )
    const soon = await send(bearer.driver, fix(order.id, { lat: 53.49 }))
    expect(soon.status).toBe(200)
    expect(soon.json).toEqual({ orderId: order.id, recorded: false, updatedAt: first.updatedAt })
    expect((await storedPosition(order.id))?.driver_latitude).toBe(53.482)

    // Another order of the same driver is not held back by this one's throttle.
    const other = await enRoute()
    expect((await send(bearer.driver, fix(other.id))).json).toMatchObject({ recorded: true })

    vi.setSystemTime(Date.now() + 2_100)
    const later = await send(bearer.driver, fix(order.id, { lat: 53.49 }))
    expect(later.json).toMatchObject({ recorded: true })
    expect((await storedPosition(order.id))?.driver_latitude).toBe(53.49)
  })

  it("answers 404 for another driver's delivery, another store's and a collection", async () => {
    const order = await enRoute()
    expectError(await send(bearer.otherDriver, fix(order.id)), 404, MESSAGES.orderNotFound)
    // A driver of another store naming their own store: the order is not there.
    expectError(
      await send(bearer.away, fix(order.id, { storeId: otherStore })),
      404,
      MESSAGES.orderNotFound
    )
    const collection = await seedDeliveryOrder({
      storeId: STORE,
      status: 'en_route',
      driverId,
      method: 'collection',
    })
    expectError(await send(bearer.driver, fix(collection.id)), 404, MESSAGES.orderNotFound)
    expectError(await send(bearer.driver, fix(999_999)), 404, MESSAGES.orderNotFound)
    expect(await storedPosition(order.id)).toMatchObject({ driver_latitude: null })
    expect(await storedPosition(collection.id)).toMatchObject({ driver_latitude: null })
  })

  it('is for drivers of the store only: other roles 403, shoppers and no token 401', async () => {
    const order = await enRoute()
    for (const role of ['picker', 'manager', 'operator'] as const) {
      expectError(await send(bearer[role], fix(order.id)), 403, MESSAGES.staffNotAllowed)
    }
    expectError(await send(bearer.away, fix(order.id)), 403, MESSAGES.staffNotAllowed)
    const shopper = await registerMember()
    expectError(await send(shopper.tokens.access_token, fix(order.id)), 401, MESSAGES.loginRequired)
    expectError(
      await call('/staff/deliveries/location', fix(order.id)),
      401,
      MESSAGES.loginRequired
    )
    expect(await storedPosition(order.id)).toMatchObject({ driver_latitude: null })
  })

  it('answers 409 with the status unless the order is en route', async () => {
    for (const status of ['picked', 'delivered', 'unable_to_deliver'] as const) {
      const order = await seedDeliveryOrder({ storeId: STORE, status, driverId })
      const labels = {
        picked: 'Picked',
        delivered: 'Delivered',
        unable_to_deliver: 'Unable to Deliver',
      }
      expectError(
        await send(bearer.driver, fix(order.id)),
        409,
        formatMessage('orderActionWrongState', labels[status])
      )
      expect(await storedPosition(order.id)).toMatchObject({ driver_latitude: null })
    }
    // Delivered while the phone was still sharing: its next fix is refused, the last one kept.
    const order = await enRoute()
    await send(bearer.driver, fix(order.id))
    await setOrderStatus(order.id, 'delivered')
    vi.setSystemTime(Date.now() + 2_100)
    expectError(
      await send(bearer.driver, fix(order.id, { lat: 53.5 })),
      409,
      formatMessage('orderActionWrongState', 'Delivered')
    )
    expect((await storedPosition(order.id))?.driver_latitude).toBe(53.482)
  })

  it('refuses bad input with 422 and changes nothing', async () => {
    const order = await enRoute()
    const now = Date.now()
    const bad: Array<Record<string, unknown>> = [
      { lat: 48.85, lng: 2.35 }, // Paris
      { lat: 53.48, lng: -12 }, // the Atlantic
      { lat: 91 },
      { lng: 'west' },
      { accuracy: 0 },
      { accuracy: -3 },
      { accuracy: 5000 },
      { at: 'yesterday' },
      { at: new Date(now - 10 * 60_000).toISOString() }, // a stale fix
      { at: new Date(now + 5 * 60_000).toISOString() }, // a phone clock in the future
      { orderId: 'x' },
    ]
    for (const overrides of bad) {
      const answer = await send(bearer.driver, fix(order.id, overrides))
      expect(answer.status, JSON.stringify(overrides)).toBe(422)
      expectError(answer, 422, MESSAGES.validationError)
    }
    const { lat: _lat, ...noLatitude } = fix(order.id)
    expect((await send(bearer.driver, noLatitude)).status).toBe(422)
    expect(await storedPosition(order.id)).toEqual({
      driver_latitude: null,
      driver_longitude: null,
      driver_updated_at: null,
    })
  })
})
