import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { DriverRouteSchema } from '../../../schemas/driver-route.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { registerMember } from '../auth/fixtures.ts'
import { seedDeliveryOrder } from '../live/delivery-fixtures.ts'
import {
  BUSINESS_ID,
  call,
  expectError,
  seedCatalogue,
  seedStaff,
  signIn,
} from '../staff/fixtures.ts'

/*
 * POST /staff/deliveries/route: the driver's own deliveries still to do, in route order (the
 * order itself is route-order.ts's, unit-tested; here: who sees what, and the store as start).
 */

const STORE = 1
let store = { latitude: 0, longitude: 0 }
let driverId = 0
const bearer = { driver: '', otherDriver: '', picker: '' }

beforeAll(async () => {
  await seedCatalogue(env.DB)
  const row = await env.DB.prepare('select latitude, longitude from stores where id = ?1')
    .bind(STORE)
    .first<{ latitude: number; longitude: number }>()
  if (!row) throw new Error('no store')
  store = row
  const driver = await seedStaff({ roles: [{ storeId: STORE, role: 'driver' }] })
  driverId = driver.id
  bearer.driver = (await signIn(driver.email)).access_token
  const other = await seedStaff({ roles: [{ storeId: STORE, role: 'driver' }] })
  bearer.otherDriver = (await signIn(other.email)).access_token
  const picker = await seedStaff({ roles: [{ storeId: STORE, role: 'picker' }] })
  bearer.picker = (await signIn(picker.email)).access_token
})

const route = (token: string) =>
  call('/staff/deliveries/route', { businessId: BUSINESS_ID, storeId: STORE }, { bearer: token })

/** A point `hundredths` × 0.01° of latitude north of the store (1.112 km each). */
const north = (hundredths: number) => ({
  lat: store.latitude + hundredths / 100,
  lng: store.longitude,
})

describe('POST /staff/deliveries/route', () => {
  it("answers the driver's own deliveries still to do, nearest first from the store", async () => {
    const far = await seedDeliveryOrder({
      storeId: STORE,
      status: 'picked',
      driverId,
      delivery: north(2),
    })
    const near = await seedDeliveryOrder({
      storeId: STORE,
      status: 'en_route',
      driverId,
      delivery: north(1),
    })
    const unlocated = await seedDeliveryOrder({ storeId: STORE, status: 'picked', driverId })
    await env.DB.prepare(
      'update orders set delivery_latitude = null, delivery_longitude = null where id = ?1'
    )
      .bind(unlocated.id)
      .run()
    // Not on this driver's round: done, a collection, another driver's.
    await seedDeliveryOrder({ storeId: STORE, status: 'delivered', driverId, delivery: north(0) })
    await seedDeliveryOrder({ storeId: STORE, status: 'picked', driverId, method: 'collection' })
    const others = await seedDeliveryOrder({ storeId: STORE, status: 'picked', driverId: null })

    const answer = await route(bearer.driver)
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const round = DriverRouteSchema.parse(answer.json)
    expect(round).toMatchObject({ storeId: STORE, countryCode: 'GB' })
    expect(round.stops.map((s) => [s.orderId, s.stop])).toEqual([
      [near.id, 1],
      [far.id, 2],
      [unlocated.id, 3],
    ])
    expect(round.stops[0]?.distanceKm).toBeCloseTo(1.112, 2)
    expect(round.stops[1]?.distanceKm).toBeCloseTo(1.112, 2)
    expect(round.stops[2]?.distanceKm).toBeNull()
    expect(round.stops.map((s) => s.orderId)).not.toContain(others.id)

    const theirs = DriverRouteSchema.parse((await route(bearer.otherDriver)).json)
    expect(theirs.stops).toEqual([])
  })

  it('is for drivers of the store only: a picker 403, a shopper 401', async () => {
    expectError(await route(bearer.picker), 403, MESSAGES.staffNotAllowed)
    const shopper = await registerMember()
    expect((await route(shopper.tokens.access_token)).status).toBe(401)
  })
})
