import { env, SELF } from 'cloudflare:test'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BasketSchema } from '../../../schemas/basket.ts'
import { formatMessage } from '../../../schemas/messages.ts'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { withAppVersion } from '../../support/app-version.ts'
import { encodeLocation } from '../../../worker/lib/cookies/location.ts'
import {
  ADDRESS,
  call,
  checkoutCall,
  expectOk,
  guestBearer,
  orderBody,
  plainItem,
  readyBasket,
  seedCheckout,
  STORES,
  tomorrow,
} from './fixtures.ts'

// Delivery only where the store delivers (requireDeliveryTo): a Manchester store that delivers
// within 3 km (seedCheckout) and a Wick postcode.
const WICK = { addressLine1: '1 Harbour Quay', town: 'Wick', postcode: 'KW1 4YT' }
let OUTSIDE = ''

/** A checkout store delivering only by zones, without collection (set up below). */
const ZONED_STORE = STORES.single

let itemId = 0
let guest = ''

beforeAll(async () => {
  await seedCheckout(env.DB)
  itemId = (await plainItem(1500, 4000)).id
  const store = await env.DB.prepare('select name from stores where id = ?1')
    .bind(STORES.main)
    .first<{ name: string }>()
  OUTSIDE = formatMessage('deliveryOutsideAreaCollect', store?.name ?? '', 'KW1 4YT')
  await env.DB.batch([
    // The one-place store becomes the zoned one: no collection, and its own fee.
    env.DB.prepare(
      `update stores set name = 'Zoned Store', collection_enabled = 0, delivery_fee = 150
       where id = ?1`
    ).bind(ZONED_STORE),
    // Round the store a cheap 100 m zone; the M4 district (Ancoats) its own dearer zone.
    env.DB.prepare(
      `insert into delivery_zones (store_id, kind, radius_km, outcode, delivery_fee, minimum_spend)
       values (?1, 'radius', 0.1, null, 199, 500), (?1, 'outcode', null, 'M4', 499, 1500)`
    ).bind(ZONED_STORE),
  ])
})

// Minted inside each test: a bearer from beforeAll would carry the machine's date, not the pinned one.
beforeEach(async () => {
  guest = await guestBearer()
})

async function deliveryBasket(storeId: number = STORES.main) {
  return readyBasket({
    storeId,
    method: 'delivery',
    items: [{ id: itemId, quantity: 2 }],
    details: false,
  })
}

async function setAddress(token: string, address: object) {
  return call(
    '/checkout/delivery-address',
    { businessId: 1, basketToken: token, address },
    { bearer: guest }
  )
}

async function storedAddress(basketId: number) {
  return env.DB.prepare(
    'select delivery_address_json, delivery_latitude from baskets where id = ?1'
  )
    .bind(basketId)
    .first<{ delivery_address_json: string | null; delivery_latitude: number | null }>()
}

describe('the delivery address', () => {
  it('refuses an address outside the store’s delivery radius, offering collection, writing nothing', async () => {
    const ready = await deliveryBasket()
    const refused = await setAddress(ready.token, WICK)
    expect(refused.status).toBe(409)
    const { error } = ApiErrorSchema.parse(refused.json)
    expect(error.message).toBe(OUTSIDE)
    expect(error.details).toMatchObject({
      reason: 'outside_delivery_area',
      collectionAvailable: true,
    })
    expect(error.fields).toEqual([{ field: 'address.postcode', message: OUTSIDE }])
    expect(await storedAddress(ready.basketId)).toEqual({
      delivery_address_json: null,
      delivery_latitude: null,
    })
  })

  it('accepts an address inside it and keeps where it is', async () => {
    const ready = await deliveryBasket()
    const state = await checkoutCall(
      '/checkout/delivery-address',
      { basketToken: ready.token, address: ADDRESS },
      guest
    )
    expect(state.deliveryAddress?.postcode).toBe('M1 1AD')
    expect((await storedAddress(ready.basketId))?.delivery_latitude).toBeCloseTo(53.48, 1)
  })

  it('refuses a postcode the geocoder cannot find', async () => {
    const ready = await deliveryBasket()
    const refused = await setAddress(ready.token, { ...ADDRESS, postcode: 'ZZ9 9ZZ' })
    expect(refused.status).toBe(422)
    const { error } = ApiErrorSchema.parse(refused.json)
    const message = formatMessage('deliveryAddressNotFound', 'ZZ9 9ZZ')
    expect(error.fields).toEqual([{ field: 'address.postcode', message }])
  })

  it('offers another store only when the store does not collect', async () => {
    const ready = await deliveryBasket(ZONED_STORE)
    const refused = await setAddress(ready.token, WICK)
    expect(refused.status).toBe(409)
    const { error } = ApiErrorSchema.parse(refused.json)
    expect(error.message).toBe(formatMessage('deliveryOutsideArea', 'Zoned Store', 'KW1 4YT'))
    expect(error.details).toMatchObject({ collectionAvailable: false })
  })

  it('charges the fee and minimum of the address’s zone', async () => {
    const ready = await deliveryBasket(ZONED_STORE)
    const basketOf = async () =>
      BasketSchema.parse(await expectOk('/basket', { businessId: 1, basketToken: ready.token }))
    await checkoutCall(
      '/checkout/delivery-address',
      { basketToken: ready.token, address: { ...ADDRESS, postcode: 'M4 1AA' } },
      guest
    )
    const inM4 = await basketOf()
    expect(inM4.totals.deliveryFee).toBe(499)
    // Nowhere near the radius zone and not in M4: refused, the M4 address stands.
    expect((await setAddress(ready.token, { ...ADDRESS, postcode: 'M20 2AA' })).status).toBe(409)
    expect((await basketOf()).totals.deliveryFee).toBe(499)
  })
})

describe('process order', () => {
  it('refuses a delivery address outside the area even when it got past details', async () => {
    const ready = await readyBasket({
      method: 'delivery',
      items: [{ id: itemId, quantity: 2 }],
    })
    // What the bug let through: the Wick address stored for the Manchester store.
    await env.DB.prepare(
      `update baskets set delivery_address_json = ?2, delivery_latitude = 58.44,
         delivery_longitude = -3.09 where id = ?1`
    )
      .bind(ready.basketId, JSON.stringify({ ...WICK, country: 'GB' }))
      .run()
    const before = await env.DB.prepare('select count(*) as n from orders').first<{ n: number }>()
    const refused = await call('/checkout/process-order', orderBody(ready), { bearer: guest })
    expect(refused.status).toBe(409)
    const { error } = ApiErrorSchema.parse(refused.json)
    expect(error.message).toBe(OUTSIDE)
    expect(error.details).toMatchObject({ reason: 'outside_delivery_area' })
    const after = await env.DB.prepare('select count(*) as n from orders').first<{ n: number }>()
    expect(after?.n).toBe(before?.n)
  })

  it('asks again for an address set without its point', async () => {
    const ready = await readyBasket({ method: 'delivery', items: [{ id: itemId, quantity: 2 }] })
    await env.DB.prepare('update baskets set delivery_latitude = null where id = ?1')
      .bind(ready.basketId)
      .run()
    const refused = await call('/checkout/process-order', orderBody(ready), { bearer: guest })
    expect(refused.status).toBe(422)
    expect(ApiErrorSchema.parse(refused.json).error.fields).toEqual([
      { field: 'deliveryAddress', message: expect.any(String) },
    ])
  })

  it('places an order to an address inside the area, at the address’s point', async () => {
    const ready = await readyBasket({ method: 'delivery', items: [{ id: itemId, quantity: 2 }] })
    const placed = await call('/checkout/process-order', orderBody(ready), { bearer: guest })
    expect(placed.status, JSON.stringify(placed.json)).toBe(200)
    const order = await env.DB.prepare(
      'select delivery_latitude from orders where basket_id = ?1 order by id desc limit 1'
    )
      .bind(ready.basketId)
      .first<{ delivery_latitude: number | null }>()
    expect(order?.delivery_latitude).toBeCloseTo(53.48, 1)
  })
})

describe('slot reservation', () => {
  async function basketToken(): Promise<string> {
    const basket = BasketSchema.parse(
      await expectOk('/basket/items/add', {
        businessId: 1,
        storeId: STORES.main,
        fulfilmentMethod: 'delivery',
        menuItem: { itemId, quantity: 2 },
      })
    )
    return basket.basketToken ?? ''
  }

  const reserve = (token: string, place: object) =>
    call('/time-slots/reserve', {
      businessId: 1,
      storeId: STORES.main,
      basketToken: token,
      fulfilmentMethod: 'delivery',
      timeSlotDate: tomorrow(),
      timeSlotTime: '12:00',
      ...place,
    })

  it('refuses a delivery slot where the store does not deliver, holds one where it does', async () => {
    const token = await basketToken()
    const wick = await reserve(token, { postcode: 'KW1 4YT', latitude: 58.44, longitude: -3.09 })
    expect(wick.status).toBe(409)
    expect(ApiErrorSchema.parse(wick.json).error.message).toBe(OUTSIDE)
    const here = await reserve(token, { postcode: 'M1 1AD', latitude: 53.48, longitude: -2.24 })
    expect(here.status, JSON.stringify(here.json)).toBe(200)
  })

  it('takes the place from the shopper’s location cookie through /api', async () => {
    const token = await basketToken()
    const location = encodeLocation({
      postcode: 'KW1 4YT',
      latitude: 58.44,
      longitude: -3.09,
      chosenAddress: null,
      selectedAddress: null,
    })
    const response = await SELF.fetch('http://localhost/api/time-slots/reserve', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost',
        cookie: withAppVersion(`sf_basket=${token}; sf_location=${location}`),
      },
      body: JSON.stringify({
        storeId: STORES.main,
        fulfilmentMethod: 'delivery',
        timeSlotDate: tomorrow(),
        timeSlotTime: '13:00',
      }),
    })
    expect(response.status).toBe(409)
    expect(ApiErrorSchema.parse(await response.json()).error.details).toMatchObject({
      reason: 'outside_delivery_area',
    })
  })
})
