import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { createApp } from '../../../worker/app.ts'
import { Hono } from 'hono'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { jsonPost } from '../../support/workers/requests.ts'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { backend } from '../../../worker/local-backend.ts'
import { cacheKey } from '../../../worker/lib/kv-cache.ts'
import { clearBrandCache } from '../../../worker/lib/brand-cache.ts'
import { brandHostKey, purgeBrandHosts } from '../../../worker/lib/brand-kv.ts'
import { seedTenancy } from '../backend/fixtures.ts'
import { echoBackend } from './harness.ts'

beforeAll(async () => {
  await seedTenancy(env.DB)
})

afterEach(() => {
  clearBrandCache()
})

function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return jsonPost(body, { headers })
}

describe('proxy: tenant and ids', () => {
  it('adds businessId from the brand of the host, overriding the client’s', async () => {
    const { app, seen } = echoBackend()
    const api = createApp({ backend: app })
    const res = await api.request(
      'http://127.0.0.1:5173/api/stores/details',
      postJson({ businessId: 2, seoUrl: 'x' }),
      env
    )
    expect(res.status).toBe(200)
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/stores/details',
      body: { businessId: 1, seoUrl: 'x' },
    })
    await api.request('http://localhost/api/countries?businessId=2&q=1', {}, env)
    expect(seen[1]?.query).toEqual({ businessId: '1', q: '1' })
  })

  it('sets brandId from the host for per-brand calls', async () => {
    const { app, seen } = echoBackend()
    await createApp({ backend: app }).request(
      'http://127.0.0.1/api/content/stay-in-touch',
      postJson({ brandId: 1, email: 'a@b.co' }),
      env
    )
    expect(seen[0]?.body).toEqual({ businessId: 1, brandId: 2, email: 'a@b.co' })
  })

  it('sets brandId from the host for every basket, slot, checkout, payment and order-status call', async () => {
    const { app, seen } = echoBackend()
    const api = createApp({ backend: app })
    const paths = [
      '/basket',
      '/basket/items/add',
      '/time-slots/reserve',
      '/stores/recommended-items',
      '/checkout/prepare',
      '/checkout/order',
      '/payments/make',
      '/stores/order-status',
    ]
    for (const path of paths) {
      await api.request(`http://127.0.0.1/api${path}`, postJson({ brandId: 1 }), env)
    }
    expect(
      seen.map((request) => [request.path, (request.body as { brandId?: number }).brandId])
    ).toEqual(paths.map((path) => [path, 2]))
  })

  it('converts id fields to numbers in bodies and query strings (spec §5)', async () => {
    const { app, seen } = echoBackend()
    const api = createApp({ backend: app })
    await api.request(
      'http://localhost/api/payments/verify',
      postJson({
        draftOrderId: '77',
        fulfilmentDetails: { storeId: '10' },
        orderId: 5,
        paymentId: '0099',
      }),
      env
    )
    expect(seen[0]?.body).toEqual({
      businessId: 1,
      brandId: 1,
      draftOrderId: 77,
      fulfilmentDetails: { storeId: 10 },
      orderId: 5,
      paymentId: '0099',
    })
    await api.request('http://localhost/api/catalogue/category?categoryId=007&storeId=10', {}, env)
    expect(seen[1]?.query).toMatchObject({ categoryId: '7', storeId: '10' })
  })

  it('answers 422 for a non-numeric id and sends nothing', async () => {
    const { app, seen } = echoBackend()
    const api = createApp({ backend: app })
    const res = await api.request(
      'http://localhost/api/stores/details',
      postJson({ storeId: 'ten' }),
      env
    )
    expect(res.status).toBe(422)
    const { error } = ApiErrorSchema.parse(await res.json())
    expect(error.fields).toEqual([
      {
        field: 'storeId',
        message: 'There was a validation error, please make sure your details are correct.',
      },
    ])
    const query = await api.request('http://localhost/api/countries?orderId=abc', {}, env)
    expect(query.status).toBe(422)
    expect(seen).toHaveLength(0)
  })

  it('passes multipart bodies on with tenant fields and converted ids', async () => {
    const { app, seen } = echoBackend()
    const form = new FormData()
    form.set('subject', 'Hello')
    form.set('businessId', '9')
    form.set('orderId', '0042')
    form.set('files[]', new File(['hi'], 'note.txt', { type: 'text/plain' }))
    await createApp({ backend: app }).request(
      'http://localhost/api/contact',
      { method: 'POST', body: form },
      env
    )
    expect(seen[0]?.body).toEqual({
      subject: 'Hello',
      orderId: '42',
      'files[]': 'file:note.txt',
      businessId: '1',
    })
  })
})

describe('proxy: headers', () => {
  it('turns the access-token cookie into a bearer token and never forwards cookies', async () => {
    const { app, seen } = echoBackend()
    await createApp({ backend: app }).request(
      'http://localhost/api/member/profile',
      { headers: { cookie: 'sf_access=token-123; other=1', 'x-request-id': 'proxy-req-1' } },
      env
    )
    expect(seen[0]?.headers.authorization).toBe('Bearer token-123')
    expect(seen[0]?.headers.cookie).toBeUndefined()
    expect(seen[0]?.headers['x-request-id']).toBe('proxy-req-1')
  })

  it('marks personal answers private, no-store', async () => {
    const { app } = echoBackend()
    const res = await createApp({ backend: app }).request(
      'http://localhost/api/member/profile',
      {},
      env
    )
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('proxy: same-origin state changes', () => {
  it('refuses a cross-origin POST with 403 and sends nothing', async () => {
    const { app, seen } = echoBackend()
    const api = createApp({ backend: app })
    const res = await api.request(
      'http://localhost/api/content/stay-in-touch',
      postJson({ email: 'a@b.co' }, { origin: 'https://evil.test' }),
      env
    )
    expect(res.status).toBe(403)
    expect(ApiErrorSchema.parse(await res.json()).error.code).toBe('forbidden')
    const site = await api.request(
      'http://localhost/api/content/stay-in-touch',
      postJson({ email: 'a@b.co' }, { 'sec-fetch-site': 'cross-site' }),
      env
    )
    expect(site.status).toBe(403)
    expect(seen).toHaveLength(0)
  })

  it('lets a same-origin POST and a cross-origin GET through', async () => {
    const { app, seen } = echoBackend()
    const api = createApp({ backend: app })
    const post = await api.request(
      'http://localhost/api/content/stay-in-touch',
      postJson(
        { email: 'a@b.co' },
        { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }
      ),
      env
    )
    expect(post.status).toBe(200)
    const get = await api.request(
      'http://localhost/api/countries',
      { headers: { origin: 'https://evil.test' } },
      env
    )
    expect(get.status).toBe(200)
    expect(seen).toHaveLength(2)
  })
})

describe('proxy: answers', () => {
  it('passes a 429 answer’s status, body and Retry-After through unchanged (spec §7)', async () => {
    const limited = new Hono<{ Bindings: Env }>()
    limited.get('/brands/resolve', (c) => backend.fetch(c.req.raw, c.env))
    limited.post(
      '/stores/details',
      () =>
        new Response('{"message":"Too many store searches, wait a minute"}', {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '60' },
        })
    )
    const res = await createApp({ backend: limited }).request(
      'http://localhost/api/stores/details',
      postJson({ seoUrl: 'manchester-piccadilly' }),
      env
    )
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('60')
    expect(await res.text()).toBe('{"message":"Too many store searches, wait a minute"}')
  })

  it('maps the long-request timeout to a 504 envelope', async () => {
    const slow = new Hono<{ Bindings: Env }>()
    slow.get('/brands/resolve', (c) => backend.fetch(c.req.raw, c.env))
    slow.post('/stores/details', async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 300))
      return c.json({})
    })
    const res = await createApp({ backend: slow, backendTimeoutMs: 50 }).request(
      'http://localhost/api/stores/details',
      postJson({ seoUrl: 'manchester-piccadilly' }),
      env
    )
    expect(res.status).toBe(504)
    expect(ApiErrorSchema.parse(await res.json()).error).toMatchObject({
      code: 'timeout',
      message: 'The request took too long. Please try again.',
    })
  })

  it('passes backend error envelopes through with their status', async () => {
    const res = await createApp().request(
      'http://localhost/api/stores/details',
      postJson({ seoUrl: 'no-such-store' }),
      env
    )
    expect(res.status).toBe(404)
    expect(ApiErrorSchema.parse(await res.json()).error.message).toBe('Store not found')
  })

  it('serves the OpenAPI document at /api/openapi.json', async () => {
    const res = await createApp().request('http://localhost/api/openapi.json', {}, env)
    expect(res.status).toBe(200)
    expect(((await res.json()) as { openapi: string }).openapi).toMatch(/^3\.1\./)
  })
})

describe('proxy: KV cache', () => {
  it('caches countries in KV and serves the next call from it with the public cache header', async () => {
    const api = createApp()
    const ctx = createExecutionContext()
    const first = await api.request('http://localhost/api/countries/billing', {}, env, ctx)
    await waitOnExecutionContext(ctx)
    expect(first.status).toBe(200)
    expect(first.headers.get('x-cache')).toBe('MISS')
    expect(first.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
    const { keys } = await env.CACHE.list({ prefix: 'v1:countries-billing:b1:s-:f-:' })
    expect(keys).toHaveLength(1)
    expect(keys[0]?.name).toBe(await cacheKey({ scope: 'countries-billing', businessId: 1 }))

    // Change the data: a cached answer still shows the old list.
    await env.DB.prepare(`update countries set name = 'Éire' where code = 'IE'`).run()
    const second = await api.request('http://localhost/api/countries/billing', {}, env)
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(second.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
    expect(await second.json()).toEqual({
      countries: [
        { code: 'GB', name: 'United Kingdom' },
        { code: 'IE', name: 'Ireland' },
      ],
    })
    await env.DB.prepare(`update countries set name = 'Ireland' where code = 'IE'`).run()
  })

  it('keys white-label settings per brand, so each host gets its own', async () => {
    const api = createApp()
    const one = await api.request('http://localhost/api/white-label/settings', postJson({}), env)
    const two = await api.request('http://127.0.0.1/api/white-label/settings', postJson({}), env)
    expect(((await one.json()) as { brandId: number }).brandId).toBe(1)
    expect(((await two.json()) as { brandId: number }).brandId).toBe(2)
    const again = await api.request('http://127.0.0.1/api/white-label/settings', postJson({}), env)
    expect(again.headers.get('x-cache')).toBe('HIT')
    expect(((await again.json()) as { brandId: number }).brandId).toBe(2)
  })

  it('does not cache error answers', async () => {
    const failing = new Hono<{ Bindings: Env }>()
    let calls = 0
    failing.get('/brands/resolve', (c) => backend.fetch(c.req.raw, c.env))
    failing.get('/countries', () => {
      calls += 1
      return Response.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 })
    })
    const api = createApp({ backend: failing })
    // other.test is business 2, whose countries no other test has cached.
    await api.request('http://other.test/api/countries', {}, env)
    const res = await api.request('http://other.test/api/countries', {}, env)
    expect(res.status).toBe(500)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(calls).toBe(2)
  })
})

describe('brand middleware', () => {
  it('answers an unknown host with unknown_brand naming the host', async () => {
    const res = await createApp().request('http://nowhere.test:8080/api/countries', {}, env)
    expect(res.status).toBe(404)
    const { error } = ApiErrorSchema.parse(await res.json())
    expect(error.code).toBe('unknown_brand')
    expect(error.message).toBe('No shop is set up for the address nowhere.test.')
  })

  it('resolves a host once per minute per isolate', async () => {
    // Earlier tests left localhost in the shared KV brand cache (ADR 028).
    await purgeBrandHosts(env.CACHE, ['localhost'])
    let resolves = 0
    const counting = new Hono<{ Bindings: Env }>()
    counting.get('/brands/resolve', (c) => {
      resolves += 1
      return backend.fetch(c.req.raw, c.env)
    })
    counting.get('*', (c) => c.json({ ok: true }))
    const api = createApp({ backend: counting })
    await api.request('http://localhost/api/a', {}, env)
    await api.request('http://LOCALHOST:8787/api/b', {}, env)
    await api.request('http://nowhere.test/api/c', {}, env)
    await api.request('http://nowhere.test/api/d', {}, env)
    expect(resolves).toBe(2)
    // Another isolate (an empty map) finds localhost in KV; an unknown host was never written.
    clearBrandCache()
    await api.request('http://localhost/api/e', {}, env)
    expect(resolves).toBe(2)
    expect(await env.CACHE.get(brandHostKey('localhost'))).not.toBeNull()
    expect(await env.CACHE.get(brandHostKey('nowhere.test'))).toBeNull()
  })
})
