import { beforeAll, describe, expect, it } from 'vitest'
import type { OrderTrackerEvent, OrderTrackerNotifier } from '../../../worker/backend/adapters.ts'
import { createBackend } from '../../../worker/backend/index.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import { callOf, jsonPost } from '../../support/workers/requests.ts'
import { testEnv } from '../auth/fixtures.ts'
import {
  actOk,
  cashOrder,
  inMinutes,
  type SignedInStaff,
  STORES,
  storeTeam,
  finishPicking,
} from '../store-orders/fixtures.ts'
import { orderNumberOf, storedDriverPosition } from './fixtures.ts'

/*
 * The backend's OrderTrackerNotifier port (ADR 019): what it is told and when, and that a tracker
 * that fails never fails the driver's call or the store's action.
 */

const STORE = STORES.main
let team: Record<'manager' | 'picker' | 'driver', SignedInStaff>

beforeAll(async () => {
  team = await storeTeam()
})

function recorder(fail: boolean): OrderTrackerNotifier & { events: Array<OrderTrackerEvent> } {
  const events: Array<OrderTrackerEvent> = []
  return {
    events,
    publish(_bindings, _order, event) {
      events.push(event)
      return fail ? Promise.reject(new Error('tracker down')) : Promise.resolve()
    },
  }
}

describe('the order tracker port', () => {
  it('hears each change and position; a failing tracker fails neither call', async () => {
    for (const fail of [false, true]) {
      const tracker = recorder(fail)
      const app = createBackend({ ...backendAdapters, orderTracker: tracker })
      const order = await cashOrder()
      const id = order.orderId
      const number = await orderNumberOf(id)
      const act = async (bearer: string, expectedStatus: string, action: object) => {
        const answer = await callOf(
          await app.request(
            '/staff/orders/action',
            jsonPost(
              { businessId: 1, storeId: STORE, orderId: id, expectedStatus, action },
              { bearer, headers: { 'idempotency-key': crypto.randomUUID() } }
            ),
            testEnv
          )
        )
        expect(answer.status, JSON.stringify(answer.json)).toBe(200)
      }
      await act(team.manager.bearer, 'sent_to_store', {
        type: 'accept',
        estimatedReadyAt: inMinutes(20),
      })
      await finishPicking(team.picker.bearer, STORE, id)
      await actOk(team.manager.bearer, STORE, id, 'picked', {
        type: 'assign_driver',
        driverId: team.driver.id,
      })
      await actOk(team.driver.bearer, STORE, id, 'picked', { type: 'start_route' })
      const fix = await callOf(
        await app.request(
          '/staff/deliveries/location',
          jsonPost(
            {
              businessId: 1,
              storeId: STORE,
              orderId: id,
              lat: 53.4794,
              lng: -2.2453,
              accuracy: 10,
              at: new Date().toISOString(),
            },
            { bearer: team.driver.bearer }
          ),
          testEnv
        )
      )
      expect(fix.status, JSON.stringify(fix.json)).toBe(200)
      await act(team.driver.bearer, 'en_route', { type: 'deliver' })

      // This app's tracker heard its own calls: the accept, the position, the delivery.
      expect(tracker.events.map((event) => event.type)).toEqual(['status', 'position', 'status'])
      const [accepted, position, delivered] = tracker.events
      expect(accepted?.type === 'status' && accepted.snapshot).toMatchObject({
        orderNumber: number,
        status: 'store_accepted_picking',
      })
      expect(position).toMatchObject({ type: 'position', lat: 53.4794, lng: -2.2453 })
      expect(delivered?.type === 'status' && delivered.snapshot.status).toBe('delivered')
      // Retention does not depend on the tracker.
      expect(await storedDriverPosition(id)).toEqual({
        driver_latitude: null,
        driver_longitude: null,
        driver_updated_at: null,
      })
    }
  })
})
