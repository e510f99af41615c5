import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { postToBackend } from '../../support/workers/requests.ts'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { ServerTimeSchema } from '../../../schemas/slots.ts'
import { StoreDetailsSchema } from '../../../schemas/stores.ts'
import { backend } from '../../../worker/local-backend.ts'
import { listCountries } from '../../../worker/backend/member/repo.ts'
import { findTimeZone } from '../../../worker/backend/slots/repo.ts'
import { serverTime } from '../../../worker/backend/slots/server-time.ts'
import { findStoreDetails } from '../../../worker/backend/stores/repo.ts'
import { seedTenancy } from './fixtures.ts'
import { DATED } from '../../support/test-clock.ts'

beforeAll(async () => {
  await seedTenancy(env.DB)
})

function postStore(body: unknown): Promise<Response> {
  return postToBackend('/stores/details', body)
}

describe('GET /countries and /countries/billing', () => {
  it('lists address countries in display order', async () => {
    const res = await backend.request('/countries?businessId=1', {}, env)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      countries: [
        { code: 'GB', name: 'United Kingdom' },
        { code: 'IE', name: 'Ireland' },
        { code: 'FR', name: 'France' },
      ],
    })
  })

  it('lists only billing countries', async () => {
    const res = await backend.request('/countries/billing?businessId=1', {}, env)
    expect(
      ((await res.json()) as { countries: Array<{ code: string }> }).countries.map((c) => c.code)
    ).toEqual(['GB', 'IE'])
  })

  it('answers 404 for an unknown business and 422 for a bad id', async () => {
    expect((await backend.request('/countries?businessId=42', {}, env)).status).toBe(404)
    expect((await backend.request('/countries/billing?businessId=-1', {}, env)).status).toBe(422)
  })

  it('are reachable only by GET (spec §7)', async () => {
    expect((await backend.request('/countries?businessId=1', { method: 'POST' }, env)).status).toBe(
      404
    )
  })

  it('repo answers null for an unknown business', async () => {
    expect(await listCountries(env.DB, 999, false)).toBeNull()
  })
})

describe('GET /time-slots/server-time', DATED, () => {
  it('answers UTC now with the business time zone and local time', async () => {
    const before = Date.now()
    const res = await backend.request('/time-slots/server-time?businessId=2', {}, env)
    expect(res.status).toBe(200)
    const time = ServerTimeSchema.parse(await res.json())
    expect(time.timeZone).toBe('Europe/Dublin')
    expect(time.serverTime.endsWith('Z')).toBe(true)
    expect(Date.parse(time.serverTime)).toBeGreaterThanOrEqual(before - 1000)
    // The local time and the UTC time are the same instant.
    expect(Date.parse(time.localTime)).toBe(Date.parse(time.serverTime))
  })

  it("uses the store's time zone with storeId and 404s for another business's store", async () => {
    const ok = await backend.request('/time-slots/server-time?businessId=1&storeId=10', {}, env)
    expect(ServerTimeSchema.parse(await ok.json()).timeZone).toBe('Europe/London')
    const res = await backend.request('/time-slots/server-time?businessId=1&storeId=20', {}, env)
    expect(res.status).toBe(404)
    expect(ApiErrorSchema.parse(await res.json()).error.message).toBe('Store not found')
  })

  it('formats summer and winter London time with the right offset', () => {
    expect(serverTime(new Date('2026-07-01T11:30:00.000Z'), 'Europe/London')).toEqual({
      serverTime: '2026-07-01T11:30:00.000Z',
      timeZone: 'Europe/London',
      localTime: '2026-07-01T12:30:00.000+01:00',
      localDate: '2026-07-01',
      utcOffset: '+01:00',
    })
    expect(serverTime(new Date('2026-12-31T23:30:00.000Z'), 'Europe/London').localTime).toBe(
      '2026-12-31T23:30:00.000+00:00'
    )
    expect(serverTime(new Date('2026-12-31T23:30:00.000Z'), 'Europe/Berlin').localDate).toBe(
      '2027-01-01'
    )
  })

  it('repo distinguishes an unknown business from an unknown store', async () => {
    expect(await findTimeZone(env.DB, 999, undefined)).toBeNull()
    expect(await findTimeZone(env.DB, 1, 999)).toEqual({
      timeZone: 'Europe/London',
      storeFound: false,
    })
  })
})

describe('POST /stores/details', () => {
  it('finds a store by seoUrl with its opening hours by fulfilment method', async () => {
    const res = await postStore({ businessId: 1, seoUrl: 'manchester-piccadilly' })
    expect(res.status).toBe(200)
    const store = StoreDetailsSchema.parse(await res.json())
    expect(store).toMatchObject({
      id: 10,
      name: 'Piccadilly',
      address: {
        addressLine1: '1 Piccadilly',
        town: 'Manchester',
        postcode: 'M1 1AA',
        country: 'GB',
      },
      location: { latitude: 53.4808, longitude: -2.2426 },
      timeZone: 'Europe/London',
      daysInAdvance: 3,
      delivery: { enabled: true, radiusKm: 5, fee: 299, minimumSpend: 1500 },
      payments: { card: true, applePay: true, googlePay: true, cash: true },
    })
    expect(store.openingHours).toEqual({
      delivery: [
        { dayOfWeek: 0, opensAt: '09:00', closesAt: '21:00' },
        { dayOfWeek: 1, opensAt: '09:00', closesAt: '21:00' },
      ],
      collection: [{ dayOfWeek: 0, opensAt: '08:00', closesAt: '20:00' }],
      store: [{ dayOfWeek: 6, opensAt: '10:00', closesAt: '16:00' }],
    })
  })

  it('finds a store by storeId given as a string of digits', async () => {
    const res = await postStore({ businessId: 1, storeId: '10' })
    expect(StoreDetailsSchema.parse(await res.json()).slug).toBe('manchester-piccadilly')
  })

  it('answers 404 Store not found for an inactive store or another business’s store', async () => {
    for (const body of [
      { businessId: 1, seoUrl: 'closed-for-good' },
      { businessId: 1, storeId: 20 },
      { businessId: 2, seoUrl: 'manchester-piccadilly' },
    ]) {
      const res = await postStore(body)
      expect(res.status).toBe(404)
      expect(ApiErrorSchema.parse(await res.json()).error).toMatchObject({
        code: 'not_found',
        message: 'Store not found',
      })
    }
  })

  it('answers 422 naming seoUrl when neither seoUrl nor storeId is given', async () => {
    const res = await postStore({ businessId: 1 })
    expect(res.status).toBe(422)
    expect(ApiErrorSchema.parse(await res.json()).error.fields).toEqual([
      { field: 'seoUrl', message: 'Please choose a store.' },
    ])
  })

  it('repo returns null when slug and id name different stores', async () => {
    expect(
      await findStoreDetails(
        env.DB,
        1,
        { seoUrl: 'manchester-piccadilly', storeId: 11 },
        new Date()
      )
    ).toBeNull()
  })
})
