import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { jsonPost } from '../../support/workers/requests.ts'
import { BasketSchema } from '../../../schemas/basket.ts'
import { OrderSummarySchema } from '../../../schemas/checkout.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  expectOk,
  guestBearer,
  orderBody,
  plainItem,
  readyBasket,
  seedCheckout,
  STORES,
  tomorrow,
} from '../checkout/fixtures.ts'
import { jar, setCookieLine } from './cookie-jar.ts'
import { pageText, testEnv } from './storefront.ts'

// One business, three brands on three hosts (the demo data): a basket or order made on one
// brand's host must not be served on another's (docs/decisions/012).
const CORNER_FRESH = 'localhost'
const NORTHSIDE = '127.0.0.1'
const GREENWAY = 'greenway.localhost'

const app = createApp()
let item = { id: 0, name: '' }

beforeAll(async () => {
  await seedCheckout(env.DB)
  item = await plainItem(500, 4000)
})

function page(host: string, path: string, cookie: string): Promise<Response> {
  return Promise.resolve(
    app.request(`http://${host}${path}`, { headers: { cookie }, redirect: 'manual' }, testEnv)
  )
}

function api(host: string, path: string, body: object, cookie = ''): Promise<Response> {
  return Promise.resolve(
    app.request(
      `http://${host}/api${path}`,
      jsonPost(body, { origin: `http://${host}`, cookie }),
      testEnv
    )
  )
}

/** A basket with the item, added on the host's /api, as the browser's cookies. */
async function basketOn(host: string): Promise<string> {
  const res = await api(host, '/basket/items/add', {
    storeId: STORES.main,
    fulfilmentMethod: 'collection',
    menuItem: { itemId: item.id, quantity: 1 },
  })
  expect(res.status, await res.clone().text()).toBe(200)
  return jar(res)
}

describe('a basket made on one brand’s host', () => {
  it('is not served on another brand’s host: an empty basket page, checkout not found', async () => {
    const cookies = await basketOn(CORNER_FRESH)
    for (const host of [NORTHSIDE, GREENWAY]) {
      const basket = pageText(await (await page(host, '/basket', cookies)).text())
      expect(basket, host).toContain('Your basket is empty')
      expect(basket, host).not.toContain(item.name)
      const prepare = await api(host, '/checkout/prepare', {}, cookies)
      expect(prepare.status, host).toBe(404)
      const reserve = await api(
        host,
        '/time-slots/reserve',
        { storeId: STORES.main, fulfilmentMethod: 'collection', timeSlotDate: tomorrow() },
        cookies
      )
      expect(reserve.status, host).toBe(404)
    }
    const own = pageText(await (await page(CORNER_FRESH, '/basket', cookies)).text())
    expect(own).toContain(item.name)
  })

  it('gives another brand’s host a new basket of its own, leaving the first one as it was', async () => {
    const cookies = await basketOn(CORNER_FRESH)
    const res = await api(NORTHSIDE, '/basket', {}, cookies)
    expect(res.status).toBe(200)
    const fresh = BasketSchema.parse(await res.json())
    expect(fresh.lines).toEqual([])
    const newCookie = setCookieLine(res, 'sf_basket')
    expect(newCookie).toBeDefined()
    expect(cookies).not.toContain(newCookie?.split(';')[0] ?? '')
    const first = BasketSchema.parse(await (await api(CORNER_FRESH, '/basket', {}, cookies)).json())
    expect(first.lines.map((line) => line.itemId)).toEqual([item.id])
  })
})

describe('an order placed on one brand’s host', () => {
  it('is not shown on another brand’s host: success page, order status', async () => {
    const ready = await readyBasket({ items: [{ id: item.id, quantity: 1 }] })
    const cookies = `sf_basket=${ready.token}`
    // The basket is bound to the first brand that uses it: Corner Fresh.
    expect((await api(CORNER_FRESH, '/checkout/prepare', {}, cookies)).status).toBe(200)
    const order = OrderSummarySchema.parse(
      await expectOk(
        '/checkout/process-order',
        orderBody(ready, { brandId: 1 }),
        await guestBearer()
      )
    )
    expect(order.businessOrderId).toMatch(/^CF-/)
    const success = `/checkout/success?orderId=${order.draftOrderId}`

    const own = pageText(await (await page(CORNER_FRESH, success, cookies)).text())
    expect(own).toContain(order.businessOrderId)
    for (const host of [NORTHSIDE, GREENWAY]) {
      const other = pageText(await (await page(host, success, cookies)).text())
      expect(other, host).toContain(MESSAGES.orderViewFailed)
      expect(other, host).not.toContain(order.businessOrderId)
      const status = await api(host, '/stores/order-status', {
        businessOrderId: order.businessOrderId,
      })
      expect(status.status, host).toBe(404)
      const lookup = await api(
        host,
        '/checkout/order',
        { draftOrderId: order.draftOrderId },
        cookies
      )
      expect(lookup.status, host).toBe(404)
    }
    const status = await api(CORNER_FRESH, '/stores/order-status', {
      businessOrderId: order.businessOrderId,
    })
    expect(status.status).toBe(200)
  })
})
