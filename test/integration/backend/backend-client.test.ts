import { env } from 'cloudflare:test'
import { Hono } from 'hono'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { BusinessProfileSchema } from '../../../schemas/business.ts'
import { CountriesResponseSchema } from '../../../schemas/countries.ts'
import { backend } from '../../../worker/local-backend.ts'
import { createBackendClient } from '../../../worker/lib/backend-client.ts'
import { AppError } from '../../../worker/lib/errors.ts'
import { seedTenancy } from './fixtures.ts'

beforeAll(async () => {
  await seedTenancy(env.DB)
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected the call to fail')
}

describe('backend client: in-process transport', () => {
  it('is the default and parses the answer with the given schema', async () => {
    const client = createBackendClient({ app: backend, env, requestId: 'rid-in-process' })
    expect(client.transport).toBe('in-process')
    const profile = await client.get('/business/profile', {
      query: { businessId: 1 },
      schema: BusinessProfileSchema,
    })
    expect(profile.legalName).toBe('Corner Grocers Ltd')
  })

  it('sends the request id and the bearer token', async () => {
    const seen: Array<Record<string, string | undefined>> = []
    const stub = new Hono()
    stub.post('/member/profile', async (c) => {
      seen.push({
        requestId: c.req.header('x-request-id'),
        authorization: c.req.header('authorization'),
        body: await c.req.text(),
      })
      return c.json({ ok: true })
    })
    const client = createBackendClient({ app: stub, env, requestId: 'rid-headers' })
    const answer = await client.post('/member/profile', {
      body: { firstname: 'Ada' },
      token: 'tok-1',
      schema: z.object({ ok: z.boolean() }),
    })
    expect(answer).toEqual({ ok: true })
    expect(seen).toEqual([
      { requestId: 'rid-headers', authorization: 'Bearer tok-1', body: '{"firstname":"Ada"}' },
    ])
  })

  it('turns an error envelope into the AppError it describes', async () => {
    const client = createBackendClient({ app: backend, env, requestId: 'rid-404' })
    const error = await rejection(
      client.post('/stores/details', {
        body: { businessId: 1, seoUrl: 'nope' },
        schema: z.unknown(),
      })
    )
    expect(error).toMatchObject({ code: 'not_found', message: 'Store not found', status: 404 })
  })

  it('keeps a 429 body as the error (spec §7)', async () => {
    const stub = new Hono()
    stub.post('/stores/search', () => new Response('Slow down', { status: 429 }))
    const client = createBackendClient({ app: stub, env, requestId: 'rid-429' })
    const error = await rejection(client.post('/stores/search', { body: {}, schema: z.unknown() }))
    expect(error).toMatchObject({ code: 'rate_limited', message: 'Slow down', status: 429 })
  })

  it('reports an answer that does not match the schema as an upstream error', async () => {
    const client = createBackendClient({ app: backend, env, requestId: 'rid-shape' })
    const error = await rejection(
      client.get('/countries', {
        query: { businessId: 1 },
        schema: z.object({ stores: z.array(z.string()) }),
      })
    )
    expect(error.code).toBe('upstream_error')
  })

  it('gives up after the 4000 ms long-request timeout with a timeout error', async () => {
    vi.useFakeTimers()
    const stub = new Hono()
    stub.get('/slow', () => new Promise<Response>(() => undefined))
    const client = createBackendClient({ app: stub, env, requestId: 'rid-slow' })
    let settled: AppError | undefined
    const call = client.get('/slow', { schema: z.unknown() }).catch((error: unknown) => {
      if (error instanceof AppError) settled = error
    })
    await vi.advanceTimersByTimeAsync(3999)
    expect(settled).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    await call
    expect(settled).toMatchObject({ code: 'timeout', status: 504 })
  })
})

describe('backend client: BACKEND_URL transport', () => {
  it('fetches over the network from BACKEND_URL with an injected fetch', async () => {
    const requests: Array<Request> = []
    const client = createBackendClient({
      app: backend,
      env: { ...env, BACKEND_URL: 'https://api.example.test/v1/' },
      requestId: 'rid-url',
      fetch: async (input, init) => {
        const request = new Request(input, init)
        requests.push(request)
        return Response.json({ countries: [{ code: 'GB', name: 'United Kingdom' }] })
      },
    })
    expect(client.transport).toBe('url')
    const answer = await client.get('/countries', {
      query: { businessId: 1 },
      schema: CountriesResponseSchema,
    })
    expect(answer.countries).toHaveLength(1)
    expect(requests[0]?.url).toBe('https://api.example.test/v1/countries?businessId=1')
    expect(requests[0]?.headers.get('x-request-id')).toBe('rid-url')
  })

  it('uses the global fetch by default (outbound request mocked)', async () => {
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        Response.json({ error: { code: 'not_found', message: 'Store not found' } }, { status: 404 })
      )
    const client = createBackendClient({
      app: backend,
      env: { ...env, BACKEND_URL: 'https://api.example.test' },
      requestId: 'rid-global',
    })
    const error = await rejection(
      client.post('/stores/details', { body: { storeId: 1 }, schema: z.unknown() })
    )
    expect(error.code).toBe('not_found')
    const [input] = spy.mock.calls[0] ?? []
    expect(input instanceof Request ? input.url : String(input)).toBe(
      'https://api.example.test/stores/details'
    )
  })

  it('reports a network failure as an upstream error', async () => {
    const client = createBackendClient({
      app: backend,
      env: { ...env, BACKEND_URL: 'https://api.example.test' },
      requestId: 'rid-down',
      fetch: () => Promise.reject(new TypeError('connection refused')),
    })
    const error = await rejection(client.get('/health', { schema: z.unknown() }))
    expect(error).toMatchObject({ code: 'upstream_error', status: 502 })
  })
})

describe('backend client: service binding transport', () => {
  it('calls the BACKEND binding when bound, ahead of BACKEND_URL', async () => {
    const urls: Array<string> = []
    const binding = {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init)
        urls.push(request.url)
        return backend.fetch(request, env)
      },
    } as unknown as Fetcher
    const client = createBackendClient({
      app: new Hono(),
      env: { ...env, BACKEND: binding, BACKEND_URL: 'https://unused.example.test' },
      requestId: 'rid-binding',
    })
    expect(client.transport).toBe('service-binding')
    const { countries } = await client.get('/countries/billing', {
      query: { businessId: 1 },
      schema: CountriesResponseSchema,
    })
    expect(countries.map((country) => country.code)).toEqual(['GB', 'IE'])
    expect(urls).toEqual(['http://backend.internal/countries/billing?businessId=1'])
  })
})
