import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { RoundTripsSchema } from '../../../schemas/development.ts'
import { createApp } from '../../../worker/app.ts'
import { withLatency } from '../../../worker/lib/latency-simulation.ts'
import { APP_VERSION_COOKIE } from '../../support/app-version.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { testEnv } from './storefront.ts'

/*
 * The latency bench's development tools (ADR 062): a purge that makes the next render a real
 * miss, and the simulated round trips a flow waited for.
 */

const app = createApp()
// The page cache on, and every D1 round trip simulated (2 ms), as worker/index.ts composes it.
const benchEnv = withLatency({ ...testEnv, PAGE_CACHE: 'on', STOREFRONT_LATENCY: 'd1=2' } as Env)
const STORE = '/stores/manchester-piccadilly'

beforeAll(async () => {
  await seedDemo(env.DB)
}, 60_000)

function call(path: string, method = 'GET') {
  return app.request(
    `http://localhost${path}`,
    { method, headers: { cookie: APP_VERSION_COOKIE } },
    benchEnv
  )
}

async function roundTrips() {
  const answer = await call('/dev/round-trips', 'POST')
  expect(answer.status).toBe(200)
  return RoundTripsSchema.parse(await answer.json())
}

describe('the latency bench’s tools', () => {
  it('counts no D1 round trip for a page from the cache, and some for one after a purge', async () => {
    await (await call(STORE)).arrayBuffer()
    await (await call(STORE)).arrayBuffer()
    await roundTrips()
    const hit = await call(STORE)
    expect(hit.headers.get('x-cache')).toBe('hit')
    await hit.arrayBuffer()
    expect(await roundTrips()).toEqual({
      backendHops: 0,
      d1Sequential: 0,
      d1Statements: 0,
      d1Primary: 0,
      d1Replica: 0,
      d1Background: 0,
    })

    const purge = await call('/dev/page-cache/purge', 'POST')
    expect(purge.status).toBe(200)
    expect(((await purge.json()) as { purged: number }).purged).toBeGreaterThan(0)
    await roundTrips()
    const miss = await call(STORE)
    expect(miss.headers.get('x-cache')).toBe('miss')
    await miss.arrayBuffer()
    const counted = await roundTrips()
    // The store's details and its catalogue read from D1, since KV held nothing either; started
    // together on the store id this isolate remembered, so fewer in sequence than in all.
    expect(counted.d1Sequential).toBeGreaterThanOrEqual(1)
    expect(counted.d1Statements).toBeGreaterThan(counted.d1Sequential)
  })
})
