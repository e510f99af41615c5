import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { BrandSchema } from '../../../schemas/brand.ts'
import { backend } from '../../../worker/local-backend.ts'
import { findBrandByHost, findBusinessProfile } from '../../../worker/backend/tenancy/repo.ts'
import { seedTenancy } from './fixtures.ts'

beforeAll(async () => {
  await seedTenancy(env.DB)
})

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(backend.request(path, { headers }, env))
}

describe('GET /brands/resolve', () => {
  it('resolves a host to its brand with merged settings and ordered links', async () => {
    const res = await get('/brands/resolve?host=localhost')
    expect(res.status).toBe(200)
    const brand = BrandSchema.parse(await res.json())
    expect(brand).toMatchObject({
      id: 1,
      businessId: 1,
      name: 'Corner Grocers',
      hostEnvironment: 'local',
    })
    expect(brand.settings.store).toMatchObject({
      enableStoresSearchByAddress: false,
      autoSelectClosestStore: true,
      enableDeviceLocation: true,
    })
    expect(brand.settings.home.heroTitle).toBe('Your corner shop, delivered')
    expect(brand.settings['reset-password']).toEqual({})
    expect(brand.links.map((link) => link.channel)).toEqual(['facebook', 'instagram', 'ios'])
  })

  it('lower-cases the host and strips its port', async () => {
    const res = await get('/brands/resolve?host=SHOP.Corner.TEST:8443')
    expect(res.status).toBe(200)
    expect(BrandSchema.parse(await res.json())).toMatchObject({
      id: 1,
      hostEnvironment: 'production',
    })
  })

  it('answers 404 unknown_brand for a host nobody serves, naming the host', async () => {
    const res = await get('/brands/resolve?host=nowhere.test:80')
    expect(res.status).toBe(404)
    const body = ApiErrorSchema.parse(await res.json())
    expect(body.error.code).toBe('unknown_brand')
    expect(body.error.message).toContain('nowhere.test')
  })

  it('does not serve an inactive brand', async () => {
    const res = await get('/brands/resolve?host=retired.test')
    expect(res.status).toBe(404)
  })

  it('answers 422 with fields without a host', async () => {
    const res = await get('/brands/resolve')
    expect(res.status).toBe(422)
    const body = ApiErrorSchema.parse(await res.json())
    expect(body.error.code).toBe('validation_error')
    expect(body.error.fields).toEqual([
      {
        field: 'host',
        message: 'There was a validation error, please make sure your details are correct.',
      },
    ])
  })
})

describe('GET /business/profile', () => {
  it('returns the business with its support contacts and active brands', async () => {
    const res = await get('/business/profile?businessId=1')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      id: 1,
      name: 'Corner Grocers',
      legalName: 'Corner Grocers Ltd',
      countryCode: 'GB',
      currency: 'GBP',
      locale: 'en_GB',
      timeZone: 'Europe/London',
      support: { email: 'help@corner.test', phone: '0161 496 0000' },
      brands: [
        {
          id: 1,
          slug: 'corner',
          name: 'Corner Grocers',
          logoUrl: '/logo-1.svg',
          canonicalHost: 'shop.corner.test',
        },
        {
          id: 2,
          slug: 'corner-express',
          name: 'Corner Express',
          logoUrl: '/logo-2.svg',
          canonicalHost: null,
        },
      ],
    })
  })

  it('answers 404 for an unknown business', async () => {
    const res = await get('/business/profile?businessId=999')
    expect(res.status).toBe(404)
    expect(ApiErrorSchema.parse(await res.json()).error.code).toBe('not_found')
  })

  it('answers 422 for a businessId that is not a number', async () => {
    const res = await get('/business/profile?businessId=abc')
    expect(res.status).toBe(422)
    expect(ApiErrorSchema.parse(await res.json()).error.fields?.[0]?.field).toBe('businessId')
  })
})

describe('backend envelope', () => {
  it('answers an unknown path with a 404 envelope carrying the request id it was given', async () => {
    const res = await get('/no-such-route', { 'x-request-id': 'test-request-1234' })
    expect(res.status).toBe(404)
    expect(res.headers.get('x-request-id')).toBe('test-request-1234')
    const body = ApiErrorSchema.parse(await res.json())
    expect(body.error).toMatchObject({
      code: 'not_found',
      message: 'Page Not Found',
      requestId: 'test-request-1234',
    })
  })

  it('reports health with a database check', async () => {
    const res = await get('/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' })
  })
})

describe('operations repo', () => {
  it('finds a brand by normalised host and nothing for another', async () => {
    expect((await findBrandByHost(env.DB, '127.0.0.1'))?.name).toBe('Corner Express')
    expect(await findBrandByHost(env.DB, 'unknown.test')).toBeNull()
  })

  it('keeps other businesses out of a profile', async () => {
    const profile = await findBusinessProfile(env.DB, 2)
    expect(profile?.brands.map((brand) => brand.id)).toEqual([3])
    expect(profile?.timeZone).toBe('Europe/Dublin')
  })
})
