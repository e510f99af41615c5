import { env, runDurableObjectAlarm } from 'cloudflare:test'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { distanceMetres, SIMULATED_SPEED_MPS } from '../../../worker/live/driver-path.ts'
import { SIMULATED_DRIVER_EMAIL } from '../../../worker/live/driver-simulator.ts'
import { durableOrderBoard } from '../../../worker/live/notifier.ts'
import { simulatorStub } from '../../../worker/live/simulator-address.ts'
import { insertRow } from '../../support/workers/seed.ts'
import { seedCatalogue, seedStaff } from '../staff/fixtures.ts'
import { boardEvent } from './board-fixtures.ts'
import { seedDeliveryOrder, setOrderStatus, storedPosition } from './delivery-fixtures.ts'

const STORE = 1
const ADDRESS = { lat: 53.4839, lng: -2.2251 }
let store = { lat: 0, lng: 0 }
let demoDriver = 0

/** The demo driver of demo data, seeded here unless the demo data already has them. */
async function ensureDemoDriver(): Promise<number> {
  const found = await env.DB.prepare(
    `select id from staff_accounts where business_id = 1 and email = ?1`
  )
    .bind(SIMULATED_DRIVER_EMAIL)
    .first<{ id: number }>()
  const now = new Date().toISOString()
  const id =
    found?.id ??
    Number(
      (
        await insertRow(env.DB, 'staff_accounts', {
          businessId: 1,
          email: SIMULATED_DRIVER_EMAIL,
          name: 'Dev Driver',
          // Never signs in with a password here: the simulator starts its session itself.
          passwordHash: 'pbkdf2-sha512$unused',
          status: 'active',
          isOperator: 0,
          createdAt: now,
          updatedAt: now,
        }).run()
      ).meta.last_row_id
    )
  const role = await env.DB.prepare(
    `select 1 as held from staff_store_roles where staff_id = ?1 and store_id = ?2 and role = 'driver'`
  )
    .bind(id, STORE)
    .first()
  if (!role) {
    await insertRow(env.DB, 'staff_store_roles', {
      staffId: id,
      storeId: STORE,
      role: 'driver',
      createdAt: now,
    }).run()
  }
  return id
}

beforeAll(async () => {
  await seedCatalogue(env.DB)
  demoDriver = await ensureDemoDriver()
  const row = await env.DB.prepare(
    `select latitude as lat, longitude as lng from stores where id = ?1`
  )
    .bind(STORE)
    .first<{ lat: number; lng: number }>()
  if (!row) throw new Error('no store 1')
  store = row
})

/** The board hears the order went en route, as after the driver's start_route. */
async function goesEnRoute(orderId: number): Promise<void> {
  await durableOrderBoard.publish(
    env,
    boardEvent(STORE, orderId, { status: 'en_route', change: 'updated' })
  )
}

/** Runs the simulator's alarm now, whether or not the runtime already has. */
async function tick(orderId: number): Promise<boolean> {
  return runDurableObjectAlarm(simulatorStub(env, 1, orderId))
}

async function positionOf(orderId: number): Promise<{ lat: number; lng: number }> {
  const stored = await storedPosition(orderId)
  if (stored?.driver_latitude == null || stored.driver_longitude == null) {
    throw new Error('no position stored')
  }
  return { lat: stored.driver_latitude, lng: stored.driver_longitude }
}

describe('the local driver simulator', () => {
  it("drives the demo driver's delivery through the location route, then stops when delivered", async () => {
    const order = await seedDeliveryOrder({
      storeId: STORE,
      status: 'en_route',
      driverId: demoDriver,
      delivery: ADDRESS,
    })
    await goesEnRoute(order.id)
    await tick(order.id)
    // Leaving the store.
    expect(distanceMetres(await positionOf(order.id), store)).toBeLessThan(50)

    vi.setSystemTime(Date.now() + 60_000)
    expect(await tick(order.id)).toBe(true)
    const travelled = distanceMetres(await positionOf(order.id), store)
    // A minute at town speed down a bending road: as the crow flies, less than driven.
    expect(travelled).toBeGreaterThan(SIMULATED_SPEED_MPS * 60 * 0.5)
    expect(travelled).toBeLessThanOrEqual(SIMULATED_SPEED_MPS * 62)

    // Marked delivered: the route refuses the next fix, and the simulator stops.
    const before = await storedPosition(order.id)
    await setOrderStatus(order.id, 'delivered')
    vi.setSystemTime(Date.now() + 3_000)
    expect(await tick(order.id)).toBe(true)
    expect(await tick(order.id)).toBe(false)
    expect(await storedPosition(order.id)).toEqual(before)
  })

  it('arrives at the door and stops there', async () => {
    const order = await seedDeliveryOrder({
      storeId: STORE,
      status: 'en_route',
      driverId: demoDriver,
      delivery: ADDRESS,
    })
    await goesEnRoute(order.id)
    // Starting twice (a second en-route event) drives once.
    await goesEnRoute(order.id)
    await tick(order.id)
    vi.setSystemTime(Date.now() + 3_600_000)
    expect(await tick(order.id)).toBe(true)
    expect(await positionOf(order.id)).toEqual(ADDRESS)
    expect(await tick(order.id)).toBe(false)
  })

  it("leaves other drivers' deliveries to their phones", async () => {
    const driver = await seedStaff({ roles: [{ storeId: STORE, role: 'driver' }] })
    const order = await seedDeliveryOrder({
      storeId: STORE,
      status: 'en_route',
      driverId: driver.id,
      delivery: ADDRESS,
    })
    await goesEnRoute(order.id)
    expect(await tick(order.id)).toBe(false)
    expect(await storedPosition(order.id)).toMatchObject({ driver_latitude: null })
  })
})
