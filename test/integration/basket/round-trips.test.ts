import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { type RoundTrips, RoundTripsSchema } from '../../../schemas/development.ts'
import { createApp } from '../../../worker/app.ts'
import { withLatency } from '../../../worker/lib/latency-simulation.ts'
import { withAppVersion } from '../../support/app-version.ts'
import { seedDemoWithStoreOpen, simpleItemIds } from '../../support/workers/seed.ts'
import { jar } from '../pages/cookie-jar.ts'
import { testEnv } from '../pages/storefront.ts'

/*
 * The D1 round trips a shopper waits for (issue 39, ADR 065), counted by the latency bench's own
 * counter (STOREFRONT_LATENCY, takeRoundTrips) as the bench counts them, not timed: adding an item
 * and the basket page must not grow back. "Primary" is what D1's Sessions API cannot send to a
 * replica (a write, or the first read of a write request without the shopper's bookmark);
 * "replica" the reads of the shopper's session; the effects handed to the queue after the answer
 * are counted apart.
 */

const ORIGIN = 'http://localhost'
const STORE = 'manchester-piccadilly'
const app = createApp()
// Every D1 round trip simulated (1 ms) and counted, as worker/index.ts composes it.
const latencyEnv = withLatency({ ...testEnv, STOREFRONT_LATENCY: 'd1=1' } as Env)

let storeId = 0
let itemIds: Array<number> = []

beforeAll(async () => {
  storeId = await seedDemoWithStoreOpen(env.DB, STORE)
  itemIds = await simpleItemIds(env.DB, storeId, 3)
}, 60_000)

function request(path: string, init: RequestInit = {}): Promise<Response> {
  return Promise.resolve(app.request(`${ORIGIN}${path}`, init, latencyEnv))
}

async function roundTrips(): Promise<RoundTrips> {
  const answer = await request('/dev/round-trips', { method: 'POST' })
  expect(answer.status).toBe(200)
  return RoundTripsSchema.parse(await answer.json())
}

/** One add through the storefront's /api as the shopper's browser sends it; the jar after it. */
async function add(
  itemId: number,
  cookie: string
): Promise<{ cookie: string; counted: RoundTrips }> {
  await roundTrips()
  const response = await request('/api/basket/items/add', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      cookie: withAppVersion(cookie),
    },
    body: JSON.stringify({ storeId, menuItem: { itemId, quantity: 1 } }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
  await response.arrayBuffer()
  return { cookie: jar(response, cookie), counted: await roundTrips() }
}

const waited = ({ d1Sequential, d1Primary, d1Replica }: RoundTrips) => ({
  d1Sequential,
  d1Primary,
  d1Replica,
})

describe('round trips a shopper waits for', () => {
  it('adding an item: the guard’s read, the reads together, then one write that reads its answer', async () => {
    // A new shopper: no basket and no bookmark. The store and item reads start together, the
    // first at the primary (a write request's first round trip without a bookmark); the basket
    // is created (a write of its own), its rows read, then the add's write.
    const first = await add(itemIds[0] ?? 0, '')
    expect(waited(first.counted)).toEqual({ d1Sequential: 4, d1Primary: 3, d1Replica: 2 })
    expect(first.cookie).toMatch(/sf_d1_bookmark=/)

    // A returning shopper carries the bookmark of their last write: reads go to a replica at
    // least as new, and the add's write (with its answer read in the same batch) is the only
    // primary round trip. The cart-changed effect is handed to the queue after the answer.
    const second = await add(itemIds[1] ?? 0, first.cookie)
    expect(waited(second.counted)).toEqual({ d1Sequential: 3, d1Primary: 1, d1Replica: 2 })
    expect(second.counted.d1Background).toBeGreaterThan(0)
  })

  it('the basket page: the guard’s read, then the basket, its slot, credit and store in one batch', async () => {
    const { cookie } = await add(itemIds[2] ?? 0, '')
    // The page's own public reads (the brand's content blocks) come from KV once warm.
    await (await request('/basket', { headers: { cookie: withAppVersion(cookie) } })).text()
    await roundTrips()
    const page = await request('/basket', { headers: { cookie: withAppVersion(cookie) } })
    expect(page.status).toBe(200)
    await page.text()
    expect(waited(await roundTrips())).toEqual({ d1Sequential: 2, d1Primary: 0, d1Replica: 2 })
  })
})
