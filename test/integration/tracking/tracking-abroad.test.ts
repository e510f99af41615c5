import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { pageClient, pageText } from '../pages/storefront.ts'
import {
  actOk,
  cashOrder,
  type SignedInStaff,
  staffCall,
  STORES,
  storeTeam,
  finishPicking,
  inMinutes,
} from '../store-orders/fixtures.ts'
import { emailedTrackingPaths, orderNumberOf } from './fixtures.ts'

/*
 * The tracking page of a business that speaks Dutch (issue 43, ADR 061): the backend says the
 * status, its message, the timeline and the named discounts in the business's language, and the
 * page the driver's distance in kilometres and the arrival by Dutch plurals. Here the demo's
 * first business reads nl-NL in the Netherlands once its order is placed.
 */

const app = createApp()
const { get } = pageClient(app, '198.51.131')
const STORE = STORES.main
let team: Record<'manager' | 'picker' | 'driver', SignedInStaff>

beforeAll(async () => {
  team = await storeTeam()
})

/** A cash order taken to en route, its driver 0.7 km from the door, and its tracking link. */
async function orderOnItsWay(): Promise<string> {
  const order = await cashOrder()
  // Dutch from here on (the order was placed with the demo's UK mobile number).
  await env.DB.prepare(
    `update businesses set locale = 'nl-NL', country_code = 'NL', time_zone = 'Europe/Amsterdam'
     where id = 1`
  ).run()
  // Checkout recorded a coupon before the order's terms were kept (orders/named-discounts.ts):
  // its code is the operator's, the word around it the shop's.
  await env.DB.prepare(
    `update orders set pricing_terms_json = null, coupon_code = 'WELKOM5', coupon_discount = 100,
       discount_total = 100 where id = ?1`
  )
    .bind(order.orderId)
    .run()
  await actOk(team.manager.bearer, STORE, order.orderId, 'sent_to_store', {
    type: 'accept',
    estimatedReadyAt: inMinutes(45),
  })
  await finishPicking(team.picker.bearer, STORE, order.orderId)
  await actOk(team.manager.bearer, STORE, order.orderId, 'picked', {
    type: 'assign_driver',
    driverId: team.driver.id,
  })
  await actOk(team.driver.bearer, STORE, order.orderId, 'picked', { type: 'start_route' })
  const destination = await env.DB.prepare(
    `select delivery_latitude as lat, delivery_longitude as lng from orders where id = ?1`
  )
    .bind(order.orderId)
    .first<{ lat: number; lng: number }>()
  // About 0.67 km due north of the door (1° of latitude is 111.2 km).
  const fix = await staffCall(
    '/staff/deliveries/location',
    {
      businessId: 1,
      storeId: STORE,
      orderId: order.orderId,
      lat: (destination?.lat ?? 0) + 0.006,
      lng: destination?.lng ?? 0,
      accuracy: 10,
      at: new Date().toISOString(),
    },
    team.driver.bearer
  )
  expect(fix.status, JSON.stringify(fix.json)).toBe(200)
  const [path] = await emailedTrackingPaths(order.email, 'order_confirmation')
  expect(path).toContain(`/track/${await orderNumberOf(order.orderId)}`)
  return path ?? ''
}

describe('the tracking page of a Dutch business', () => {
  it(
    'says the status, timeline, discount, distance and arrival in Dutch',
    { timeout: 30_000 },
    async () => {
      const res = await get(await orderOnItsWay())
      expect(res.status).toBe(200)
      const text = pageText(await res.text())
      expect(text).toContain('Onderweg')
      expect(text).toContain('Je bezorger is onderweg.')
      expect(text).toMatch(
        /Je bezorger is 0,7 km hiervandaan en komt over ongeveer \d+ minu(ut|ten)\./
      )
      for (const step of ['Naar de winkel gestuurd', 'Wordt verzameld', 'Ingepakt', 'Bezorgd']) {
        expect(text).toContain(step)
      }
      // Placed at 12:00 UTC: 13:00 in Utrecht.
      expect(text).toMatch(/Naar de winkel gestuurd 13:\d\d/)
      expect(text).toContain('Kortingscode WELKOM5')
      expect(text).toMatch(
        /Bezorging, (\d{1,2} [a-z]{3}\.? \d{4}, \d\d:\d\d–\d\d:\d\d|zo snel mogelijk)/
      )
      expect(text).not.toMatch(/miles|On its way|Being picked|Coupon|Delivery,/)
    }
  )
})
