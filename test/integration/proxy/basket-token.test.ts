import { env } from 'cloudflare:test'
import { createApp } from '../../../worker/app.ts'
import { Hono } from 'hono'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { jsonPost } from '../../support/workers/requests.ts'
import { basketAnswer, PICCADILLY_BASKET_STORE } from '../../support/baskets.ts'
import type { Basket } from '../../../schemas/basket.ts'
import { backend } from '../../../worker/local-backend.ts'
import { clearBrandCache } from '../../../worker/lib/brand-cache.ts'
import { encodeLocation } from '../../../worker/lib/cookies/location.ts'
import { seedTenancy } from '../backend/fixtures.ts'
import { type SeenRequest } from './harness.ts'

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'

function tokenBasket(token: string | undefined): Basket {
  return {
    ...(token ? { basketToken: token } : {}),
    ...basketAnswer(3, 1240, { store: { ...PICCADILLY_BASKET_STORE, maxBasketItems: 100 } }),
  }
}

/** A backend that answers basket calls with a basket carrying a token, and records each call. */
function basketBackend() {
  const seen: Array<SeenRequest> = []
  const app = new Hono<{ Bindings: Env }>()
  app.get('/brands/resolve', (c) => backend.fetch(c.req.raw, c.env))
  app.post('*', async (c) => {
    const body: unknown = await c.req.json()
    seen.push({ method: 'POST', path: c.req.path, query: {}, headers: {}, body })
    if (c.req.path === '/basket/coupon/apply') {
      return c.json({ basket: tokenBasket(TOKEN), errorCode: 'coupon_not_found' })
    }
    if (c.req.path.startsWith('/basket')) return c.json(tokenBasket(TOKEN))
    return c.json({ echoed: true, basketToken: 'leak-check' })
  })
  return { app, seen }
}

function post(body: unknown, cookie?: string): RequestInit {
  return jsonPost(body, { cookie })
}

function cookiesOf(res: Response): Array<string> {
  return res.headers.getSetCookie()
}

beforeAll(async () => {
  await seedTenancy(env.DB)
})

afterEach(() => {
  clearBrandCache()
})

describe('proxy: basket token', () => {
  it('moves an issued token into an httpOnly cookie and out of the answer the browser reads', async () => {
    const { app } = basketBackend()
    const res = await createApp({ backend: app }).request(
      'http://localhost/api/basket',
      post({}),
      env
    )
    expect(res.status).toBe(200)
    const body = await res.json<Record<string, unknown>>()
    expect(body.basketToken).toBeUndefined()
    expect(JSON.stringify(body)).not.toContain(TOKEN)
    const cookies = cookiesOf(res)
    const tokenCookie = cookies.find((cookie) => cookie.startsWith('sf_basket='))
    expect(tokenCookie).toContain(TOKEN)
    expect(tokenCookie).toMatch(/HttpOnly/i)
    expect(tokenCookie).toMatch(/SameSite=Lax/i)
    const summary = cookies.find((cookie) => cookie.startsWith('sf_basket_summary='))
    expect(summary).toBeDefined()
    expect(summary).not.toMatch(/HttpOnly/i)
    const value = decodeURIComponent(summary?.split(';')[0]?.split('=')[1] ?? '')
    expect(JSON.parse(value)).toEqual({
      itemCount: 3,
      total: 1240,
      storeSlug: 'manchester-piccadilly',
    })
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })

  it('strips the token from a coupon answer, which carries the basket inside', async () => {
    const { app } = basketBackend()
    const res = await createApp({ backend: app }).request(
      'http://localhost/api/basket/coupon/apply',
      post({ coupon: 'SAVE5', verifyToken: 'x' }, `sf_basket=${TOKEN}`),
      env
    )
    const body = await res.json<{ basket: Record<string, unknown>; errorCode: string }>()
    expect(body.errorCode).toBe('coupon_not_found')
    expect(body.basket.basketToken).toBeUndefined()
    expect(cookiesOf(res).some((cookie) => cookie.startsWith('sf_basket='))).toBe(true)
  })

  it('sends the cookie’s token to the backend and never one the browser chose', async () => {
    const { app, seen } = basketBackend()
    const api = createApp({ backend: app })
    await api.request(
      'http://localhost/api/basket/items/add',
      post({ basketToken: 'someone-elses-token-0123456789', storeId: '1' }, `sf_basket=${TOKEN}`),
      env
    )
    await api.request(
      'http://localhost/api/time-slots/reserve',
      post({ basketToken: 'someone-elses-token-0123456789' }),
      env
    )
    expect(seen[0]?.body).toMatchObject({ basketToken: TOKEN, storeId: 1, businessId: 1 })
    expect(seen[1]?.path).toBe('/time-slots/reserve')
    expect(seen[1]?.body).not.toHaveProperty('basketToken')
  })

  it('leaves other answers and paths alone', async () => {
    const { app, seen } = basketBackend()
    const res = await createApp({ backend: app }).request(
      'http://localhost/api/location/interest',
      post({ basketToken: 'kept-for-paths-without-a-basket' }, `sf_basket=${TOKEN}`),
      env
    )
    expect(seen[0]?.body).toMatchObject({ basketToken: 'kept-for-paths-without-a-basket' })
    expect(cookiesOf(res)).toEqual([])
    expect(await res.json()).toMatchObject({ basketToken: 'leak-check' })
  })

  it('sends the saved location as the basket’s fulfilmentLocation unless the call names one', async () => {
    const { app, seen } = basketBackend()
    const api = createApp({ backend: app })
    const location = encodeLocation({
      postcode: 'M1 1AD',
      latitude: 53.4808,
      longitude: -2.2426,
      chosenAddress: null,
      selectedAddress: null,
    })
    await api.request('http://localhost/api/basket', post({}, `sf_location=${location}`), env)
    const named = { latitude: 51.5, longitude: -0.12 }
    await api.request(
      'http://localhost/api/basket/update',
      post({ fulfilmentLocation: named }, `sf_location=${location}`),
      env
    )
    await api.request('http://localhost/api/basket/tip', post({}, `sf_location=${location}`), env)
    expect(seen[0]?.body).toMatchObject({
      fulfilmentLocation: { postcode: 'M1 1AD', latitude: 53.4808, longitude: -2.2426 },
    })
    expect(seen[1]?.body).toMatchObject({ fulfilmentLocation: named })
    expect(seen[2]?.body).not.toHaveProperty('fulfilmentLocation')
  })

  it("sends this browser's device id on process order, whatever the page said (ADR 021)", async () => {
    const { app, seen } = basketBackend()
    const api = createApp({ backend: app })
    const device = 'web-abcdefghijklmnopqrstuvwx'
    const res = await api.request(
      'http://localhost/api/checkout/process-order',
      post({ messagingDeviceId: 'web-someone-elses-device-id' }, `sf_device=${device}`),
      env
    )
    expect(seen[0]?.body).toMatchObject({ messagingDeviceId: device })
    expect(cookiesOf(res)).toEqual([])
    // A browser without one is given one, kept for the next order.
    const fresh = await api.request('http://localhost/api/checkout/process-order', post({}), env)
    const given = cookiesOf(fresh).find((line) => line.startsWith('sf_device='))
    expect(given).toMatch(/^sf_device=web-[A-Za-z0-9_-]{20,64};.*HttpOnly/)
    expect(seen[1]?.body).toMatchObject({ messagingDeviceId: given?.slice(10, given.indexOf(';')) })
  })

  it('ignores a malformed basket cookie', async () => {
    const { app, seen } = basketBackend()
    await createApp({ backend: app }).request(
      'http://localhost/api/basket',
      post({}, 'sf_basket=short'),
      env
    )
    expect(seen[0]?.body).not.toHaveProperty('basketToken')
  })
})
