import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { BasketSchema, SlotPageSchema } from '../../../schemas/basket.ts'
import { type RoundTrips, RoundTripsSchema } from '../../../schemas/development.ts'
import { createApp } from '../../../worker/app.ts'
import { withLatency } from '../../../worker/lib/latency-simulation.ts'
import { withAppVersion } from '../../support/app-version.ts'
import { callBackend } from '../../support/workers/requests.ts'
import { seedDemoWithStoreOpen, simpleItemIds } from '../../support/workers/seed.ts'
import { jar } from '../pages/cookie-jar.ts'
import { CHECKOUT_LOCATION, pageText, testEnv } from '../pages/storefront.ts'

/*
 * The D1 round trips the time-slots pages wait for (issue 39, ADR 068), counted by the latency
 * bench's own counter as test/integration/basket/round-trips.test.ts counts the basket page's: the
 * basket guard's read, then the slot list and the basket's slot-price facts in one batch, both
 * reads a replica may answer. Before: the basket and the slot list as two calls, seven round trips
 * (three in sequence on the slot list's side).
 */

const ORIGIN = 'http://localhost'
const STORE = 'manchester-piccadilly'
const app = createApp()
// Every D1 round trip simulated (1 ms) and counted, as worker/index.ts composes it.
const latencyEnv = withLatency({ ...testEnv, STOREFRONT_LATENCY: 'd1=1' } as Env)

let storeId = 0
let itemId = 0

beforeAll(async () => {
  storeId = await seedDemoWithStoreOpen(env.DB, STORE)
  itemId = (await simpleItemIds(env.DB, storeId, 1))[0] ?? 0
}, 60_000)

function request(path: string, init: RequestInit = {}): Promise<Response> {
  return Promise.resolve(app.request(`${ORIGIN}${path}`, init, latencyEnv))
}

async function roundTrips(): Promise<RoundTrips> {
  const answer = await request('/dev/round-trips', { method: 'POST' })
  expect(answer.status).toBe(200)
  return RoundTripsSchema.parse(await answer.json())
}

const waited = ({ d1Sequential, d1Statements, d1Primary, d1Replica }: RoundTrips) => ({
  d1Sequential,
  d1Statements,
  d1Primary,
  d1Replica,
})

/** The page once warm (its public reads from KV), and the round trips of the next render. */
async function counted(path: string, cookie: string): Promise<RoundTrips> {
  await (await request(path, { headers: { cookie } })).text()
  await roundTrips()
  const page = await request(path, { headers: { cookie } })
  expect(page.status).toBe(200)
  expect(pageText(await page.text())).toContain('Choose')
  return roundTrips()
}

describe('round trips the time-slots pages wait for', () => {
  it('the guard’s read, then the slot list and the basket’s slot price in one batch', async () => {
    const added = await request('/api/basket/items/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: withAppVersion('') },
      body: JSON.stringify({ storeId, menuItem: { itemId, quantity: 1 } }),
    })
    expect(added.status).toBe(200)
    const cookie = withAppVersion(`${jar(added, '')}; ${CHECKOUT_LOCATION}`)
    const pinned = { d1Sequential: 2, d1Statements: 2, d1Primary: 0, d1Replica: 2 }
    expect(waited(await counted(`/stores/${STORE}/time-slots`, cookie))).toEqual(pinned)
    expect(waited(await counted(`/stores/${STORE}/time-slots?method=collection`, cookie))).toEqual(
      pinned
    )
    // No faster than the basket page asks, and no slower: the same two.
    expect(waited(await counted('/basket', cookie))).toEqual(pinned)
  })

  it('without a basket: the slot list alone, one batch', async () => {
    // No basket and no bookmark (nothing written yet): D1's session starts at the primary.
    const cookie = withAppVersion(CHECKOUT_LOCATION)
    expect(waited(await counted(`/stores/${STORE}/time-slots`, cookie))).toEqual({
      d1Sequential: 1,
      d1Statements: 1,
      d1Primary: 1,
      d1Replica: 0,
    })
  })
})

describe('the slot pages’ basket facts', () => {
  it('are the basket answer’s own totals, at the page’s store and at another', async () => {
    const added = await request('/api/basket/items/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: withAppVersion('') },
      body: JSON.stringify({ storeId, menuItem: { itemId, quantity: 3 } }),
    })
    expect(added.status).toBe(200)
    const basketToken = /sf_basket=([^;]+)/.exec(jar(added, ''))?.[1] ?? ''
    const scope = { businessId: 1, brandId: 1, basketToken }
    const basket = BasketSchema.parse((await callBackend('/basket', scope)).json)
    const other = await env.DB.prepare(
      'select id from stores where business_id = 1 and is_active = 1 and id != ?1 limit 1'
    )
      .bind(storeId)
      .first<{ id: number }>()
    for (const pageStore of [storeId, other?.id ?? 0]) {
      const answer = await callBackend('/basket/time-slots', {
        ...scope,
        storeId: pageStore,
        fulfilmentMethod: 'delivery',
      })
      expect(answer.status).toBe(200)
      const { slots, basket: facts } = SlotPageSchema.parse(answer.json)
      expect(slots.storeId).toBe(pageStore)
      const { itemCount, subtotal, dealDiscount, deliveryFee } = basket.totals
      expect(facts).toEqual({
        fulfilmentMethod: basket.fulfilmentMethod,
        store: { slug: STORE },
        totals: { itemCount, subtotal, dealDiscount, deliveryFee },
      })
    }
  })
})
