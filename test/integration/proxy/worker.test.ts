import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { OpenApiDocumentSchema } from '../../../schemas/openapi.ts'
import { seedTenancy } from '../backend/fixtures.ts'

beforeAll(async () => {
  await seedTenancy(env.DB)
})

// The same calls through the whole worker (worker/index.ts) as a browser makes them.
describe('/api through the storefront worker', () => {
  it('serves the OpenAPI document at /api/openapi.json', async () => {
    const res = await SELF.fetch('http://localhost/api/openapi.json')
    expect(res.status).toBe(200)
    expect(OpenApiDocumentSchema.parse(await res.json()).paths['/stores/details']).toBeDefined()
  })

  it('answers countries for the brand of the host, echoing a request id', async () => {
    const res = await SELF.fetch('http://localhost/api/countries', {
      headers: { 'x-request-id': 'worker-test-1' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-request-id')).toBe('worker-test-1')
    expect(res.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
    expect(((await res.json()) as { countries: Array<unknown> }).countries).toHaveLength(3)
  })

  it('answers an unknown host under /api with the unknown_brand envelope', async () => {
    const res = await SELF.fetch('http://unknown.example/api/countries')
    expect(res.status).toBe(404)
    expect(ApiErrorSchema.parse(await res.json()).error.code).toBe('unknown_brand')
  })

  it('refuses a cross-site POST with 403', async () => {
    const res = await SELF.fetch('http://localhost/api/content/stay-in-touch', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ email: 'a@b.co' }),
    })
    expect(res.status).toBe(403)
  })

  it('signs up from the footer through the proxy', async () => {
    const res = await SELF.fetch('http://localhost/api/content/stay-in-touch', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({ email: 'Footer@Example.com' }),
    })
    expect(res.status).toBe(200)
    const row = await env.DB.prepare(
      `select business_id, brand_id from newsletter_signups where email = 'footer@example.com'`
    ).first<{ business_id: number; brand_id: number }>()
    expect(row).toEqual({ business_id: 1, brand_id: 1 })
  })
})
