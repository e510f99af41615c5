import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { createApp } from '../../../worker/app.ts'
import { Hono } from 'hono'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { OTHER_GROCER } from '../../support/workers/seed.ts'
import { countingLimiter, WRANGLER_LIMITS } from '../../support/workers/limiter.ts'
import { jsonPost, postToBackend } from '../../support/workers/requests.ts'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { StoreDetailsSchema, StoreSearchResultSchema } from '../../../schemas/stores.ts'
import { backend } from '../../../worker/local-backend.ts'
import type { AppEnv } from '../../../worker/env.ts'
import { errorEnvelopeResponse } from '../../../worker/lib/error-response.ts'
import { AppError } from '../../../worker/lib/errors.ts'
import { backendClient } from '../../../worker/middleware/backend-client.ts'
import { clearBrandCache } from '../../../worker/lib/brand-cache.ts'
import { requestId } from '../../../worker/lib/request-id.ts'
import { seedStores } from './fixtures.ts'
import { freshIp } from './helpers.ts'

beforeAll(async () => {
  await seedStores(env.DB)
})

afterEach(() => {
  clearBrandCache()
})

const api = createApp()

async function postApi(
  host: string,
  path: string,
  body: unknown,
  ip: string = freshIp(),
  bindings: Env = env
) {
  const ctx = createExecutionContext()
  const res = await api.request(`http://${host}/api${path}`, jsonPost(body, { ip }), bindings, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

async function cachedKeys(scope: string, businessId: number): Promise<number> {
  const { keys } = await env.CACHE.list({ prefix: `v1:${scope}:b${businessId}:` })
  return keys.length
}

/**
 * The pool's bindings with store limiters whose window never turns over (the local binding's
 * is aligned to the wall clock's minute), so a test reaches the limit at the same call at any hour.
 */
function limitedBindings(): Env {
  return {
    ...env,
    STORE_SEARCH_LIMITER: countingLimiter(WRANGLER_LIMITS.STORE_SEARCH_LIMITER),
    STORE_DETAILS_LIMITER: countingLimiter(WRANGLER_LIMITS.STORE_DETAILS_LIMITER),
  }
}

/** Spends an IP's allowance for a route group straight on the backend; returns the calls made. */
async function exhaust(path: string, body: unknown, ip: string, bindings: Env): Promise<number> {
  for (let calls = 1; calls <= 650; calls++) {
    const res = await postToBackend(path, body, { ip, bindings })
    await res.body?.cancel()
    if (res.status === 429) return calls
  }
  throw new Error('the limit was never reached')
}

describe('/api/stores/* KV cache', () => {
  it('serves the same search answer from KV, whatever the device id', async () => {
    const first = await postApi('localhost', '/stores/search', {
      postcode: 'M4 1AA',
      deviceId: 'device-a',
    })
    expect(first.status).toBe(200)
    expect(first.headers.get('x-cache')).toBe('MISS')
    expect(first.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
    const body = await first.text()

    const second = await postApi('localhost', '/stores/search', {
      postcode: 'M4 1AA',
      deviceId: 'device-b',
    })
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(second.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
    expect(await second.text()).toBe(body)
    expect(StoreSearchResultSchema.parse(JSON.parse(body)).stores[0]?.id).toBeLessThan(5)
  })

  it("never gives one business's cached answer to another", async () => {
    const ours = await postApi('localhost', '/stores/search', { postcode: 'M1 1AD' })
    expect(ours.headers.get('x-cache')).toBe('MISS')
    const ourStores = StoreSearchResultSchema.parse(await ours.json()).stores.map((s) => s.id)
    expect(ourStores).toEqual([2, 3, 1, 4])

    const theirs = await postApi(OTHER_GROCER.host, '/stores/search', { postcode: 'M1 1AD' })
    expect(theirs.headers.get('x-cache')).toBe('MISS')
    const theirStores = StoreSearchResultSchema.parse(await theirs.json()).stores.map((s) => s.id)
    expect(theirStores).toEqual([OTHER_GROCER.storeId])

    // A client naming the other business gets its own brand's business all the same.
    const spoofed = await postApi(OTHER_GROCER.host, '/stores/search', {
      postcode: 'M1 1AD',
      businessId: 1,
    })
    expect(spoofed.headers.get('x-cache')).toBe('HIT')
    expect(StoreSearchResultSchema.parse(await spoofed.json()).stores.map((s) => s.id)).toEqual([
      OTHER_GROCER.storeId,
    ])
  })

  it('caches nearby and details answers per input', async () => {
    const nearby = { lat: 53.4795, lng: -2.2434 }
    expect((await postApi('localhost', '/stores/nearby', nearby)).headers.get('x-cache')).toBe(
      'MISS'
    )
    expect((await postApi('localhost', '/stores/nearby', nearby)).headers.get('x-cache')).toBe(
      'HIT'
    )
    const leeds = await postApi('localhost', '/stores/details', { seoUrl: 'leeds' })
    expect(leeds.headers.get('x-cache')).toBe('MISS')
    const york = await postApi('localhost', '/stores/details', { seoUrl: 'york' })
    expect(york.headers.get('x-cache')).toBe('MISS')
    expect(StoreDetailsSchema.parse(await york.json()).slug).toBe('york')
    const again = await postApi('localhost', '/stores/details', { seoUrl: 'leeds' })
    expect(again.headers.get('x-cache')).toBe('HIT')
    expect(StoreDetailsSchema.parse(await again.json()).slug).toBe('leeds')
  })

  it('passes a bad postcode through with its message and caches nothing', async () => {
    const before = await cachedKeys('store-search', 1)
    for (let i = 0; i < 2; i++) {
      const res = await postApi('localhost', '/stores/search', { postcode: 'M1' })
      expect(res.status).toBe(422)
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      expect(ApiErrorSchema.parse(await res.json()).error.message).toBe(
        'M1 is not a valid postcode'
      )
    }
    expect(await cachedKeys('store-search', 1)).toBe(before)
  })
})

describe('store search rate limit', () => {
  it('answers 429 with its body and Retry-After through /api once an IP is over the limit', async () => {
    const ip = freshIp()
    const bindings = limitedBindings()
    const calls = await exhaust(
      '/stores/search',
      { businessId: 1, postcode: 'M1 1AD' },
      ip,
      bindings
    )
    expect(calls).toBe(WRANGLER_LIMITS.STORE_SEARCH_LIMITER + 1)

    // An input nobody cached, so the proxy asks the backend.
    const res = await postApi('localhost', '/stores/search', { postcode: 'M2 4EW' }, ip, bindings)
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('60')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(ApiErrorSchema.parse(await res.json()).error).toMatchObject({
      code: 'rate_limited',
      message: 'Too many requests. Please wait a minute and try again.',
    })

    // Nearby shares the search allowance; details and other shoppers have their own.
    expect(
      (await postApi('localhost', '/stores/nearby', { lat: 53.1, lng: -2.1 }, ip, bindings)).status
    ).toBe(429)
    const details = await postApi('localhost', '/stores/details', { seoUrl: 'york' }, ip, bindings)
    expect(details.status).toBe(200)
    const otherShopper = await postApi(
      'localhost',
      '/stores/search',
      { postcode: 'M2 4EW' },
      freshIp(),
      bindings
    )
    expect(otherShopper.status).toBe(200)
  })

  it("counts a page's backend calls against the shopper's own IP", async () => {
    const ip = freshIp()
    const bindings = limitedBindings()
    await exhaust('/stores/details', { businessId: 1, seoUrl: 'leeds' }, ip, bindings)

    // A page handler as worker/pages writes them: the backend client from the middleware.
    const pages = new Hono<AppEnv>()
    pages.use(requestId())
    pages.use(backendClient(backend))
    pages.get('/stores/:slug', async (c) => {
      const store = await c.var.backend.post('/stores/details', {
        schema: StoreDetailsSchema,
        body: { businessId: 1, seoUrl: c.req.param('slug') },
      })
      return c.text(store.name)
    })
    pages.onError((error, c) => {
      if (error instanceof AppError) return c.text(error.message, error.status)
      return errorEnvelopeResponse(error, c.var.requestId)
    })

    const limited = await pages.request(
      '/stores/york',
      { headers: { 'cf-connecting-ip': ip } },
      bindings
    )
    expect(limited.status).toBe(429)
    expect(await limited.text()).toBe('Too many requests. Please wait a minute and try again.')
    const other = await pages.request(
      '/stores/york',
      { headers: { 'cf-connecting-ip': freshIp() } },
      bindings
    )
    expect(other.status).toBe(200)
    expect(await other.text()).toBe('York Deangate')
  })
})
