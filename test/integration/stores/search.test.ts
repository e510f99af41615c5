import { env } from 'cloudflare:test'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { OTHER_GROCER } from '../../support/workers/seed.ts'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { StoreSearchResultSchema, type StoreSearchResult } from '../../../schemas/stores.ts'
import { seedStores } from './fixtures.ts'
import { postBackend } from './helpers.ts'

beforeAll(async () => {
  await seedStores(env.DB)
})

afterEach(() => {
  vi.useRealTimers()
})

// Wednesday 3 June 2026, 12:00 BST: every demo store is open.
const WEDNESDAY_NOON = new Date('2026-06-03T11:00:00Z')
// Sunday 7 June 2026, 12:00 BST.
const SUNDAY_NOON = new Date('2026-06-07T11:00:00Z')

function at(instant: Date): void {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(instant)
}

async function search(body: Record<string, unknown>): Promise<StoreSearchResult> {
  const res = await postBackend('/stores/search', { businessId: 1, ...body })
  expect(res.status).toBe(200)
  return StoreSearchResultSchema.parse(await res.json())
}

async function searchError(path: string, body: Record<string, unknown>) {
  const res = await postBackend(path, body)
  return { status: res.status, error: ApiErrorSchema.parse(await res.json()).error }
}

describe('POST /stores/search by postcode', () => {
  it('lists the central Manchester stores nearest first with delivery, fees and minimums', async () => {
    at(WEDNESDAY_NOON)
    const result = await search({ postcode: 'm1 1ad', country: 'gb' })
    expect(result.fulfilmentLocation).toEqual({
      postcode: 'M1 1AD',
      latitude: 53.48378,
      longitude: -2.24486,
      precision: 'postcode',
    })
    expect(result.stores.map((s) => s.slug)).toEqual([
      'manchester-deansgate',
      'manchester-spinningfields',
      'manchester-piccadilly',
      'manchester-northern-quarter',
    ])
    const distances = result.stores.map((s) => s.distanceKm)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(distances[0]).toBeCloseTo(0.49, 2)
    expect(result.stores[0]?.distanceMiles).toBeCloseTo(0.3, 1)
    // Another business's store at exactly this postcode is never offered.
    expect(result.stores.some((s) => s.id === OTHER_GROCER.storeId)).toBe(false)
    expect(result.stores[2]).toMatchObject({
      id: 1,
      name: 'Manchester Piccadilly',
      address: { town: 'Manchester', postcode: 'M1 4EB', country: 'GB' },
      availability: { state: 'open', delivery: 'open', collection: 'open' },
      delivery: {
        enabled: true,
        availableToLocation: true,
        fee: 199,
        minimumSpend: 1000,
        freeDeliveryThreshold: 4000,
      },
      collection: { enabled: true, fee: 0, minimumSpend: 0 },
      daysInAdvance: 7,
      payments: { card: true, applePay: true, googlePay: true, cash: true },
    })
    // 'No min order' and free delivery at Deansgate.
    expect(result.stores[0]?.delivery).toMatchObject({ fee: 0, minimumSpend: 0 })
    expect(result.stores[0]?.availability.closesAt).toBe('2026-06-03T21:00:00+01:00')
  })

  it('finds York for collection only, with no delivery', async () => {
    at(WEDNESDAY_NOON)
    const result = await search({ postcode: 'YO1 7HH' })
    expect(result.fulfilmentLocation.precision).toBe('outcode')
    const york = result.stores[0]
    expect(york).toMatchObject({
      slug: 'york',
      distanceKm: 0,
      delivery: { enabled: false, availableToLocation: false },
      collection: { enabled: true },
      availability: { state: 'open', delivery: 'closed', collection: 'open' },
    })
    // Leeds is within reach for collection but far beyond its delivery radius.
    expect(result.stores[1]).toMatchObject({
      slug: 'leeds',
      delivery: { enabled: true, availableToLocation: false },
    })
    expect(result.stores[1]?.distanceKm).toBeGreaterThan(30)
  })

  it('shows Norwich closed on Sunday, taking orders for Monday, while Leeds is open', async () => {
    at(SUNDAY_NOON)
    const [norwich] = (await search({ postcode: 'NR2 1NH' })).stores
    expect(norwich?.slug).toBe('norwich')
    expect(norwich?.availability).toEqual({
      state: 'preorder',
      delivery: 'preorder',
      collection: 'preorder',
      closesAt: null,
      opensAt: '2026-06-08T08:00:00+01:00',
    })
    const [leeds] = (await search({ postcode: 'LS1 1UR' })).stores
    expect(leeds?.availability).toMatchObject({ state: 'open', delivery: 'open' })
  })

  it('returns only the nearest store with returnNearestOnly', async () => {
    const result = await search({ postcode: 'M1 1AD', returnNearestOnly: true })
    expect(result.stores.map((s) => s.slug)).toEqual(['manchester-deansgate'])
  })

  it('answers an empty list where the business has no store within reach', async () => {
    // Truro, Cornwall: the nearest demo store is Cardiff, far beyond the search radius.
    const result = await search({ postcode: 'TR1 2HE' })
    expect(result.stores).toEqual([])
    expect(result.fulfilmentLocation.precision).toBe('outcode')
  })

  it('rejects an empty or invalid postcode with the spec messages', async () => {
    expect(await searchError('/stores/search', { businessId: 1, postcode: '  ' })).toMatchObject({
      status: 422,
      error: {
        code: 'validation_error',
        message: 'Please enter a valid postcode',
        fields: [{ field: 'postcode', message: 'Please enter a valid postcode' }],
      },
    })
    expect(await searchError('/stores/search', { businessId: 1, postcode: 'ZZ9' })).toMatchObject({
      status: 422,
      error: { message: 'ZZ9 is not a valid postcode' },
    })
    expect(await searchError('/stores/search', { businessId: 1 })).toMatchObject({
      status: 422,
      error: { fields: [{ field: 'postcode', message: 'Please enter a valid postcode' }] },
    })
  })

  it('answers Unable to find location for a valid postcode nobody can place', async () => {
    // A well-formed postcode in a district the outcode data does not have.
    expect(await searchError('/stores/search', { businessId: 1, postcode: 'ZE9 9ZZ' })).toEqual({
      status: 404,
      error: expect.objectContaining({ code: 'not_found', message: 'Unable to find location' }),
    })
  })

  it('rejects a country the business has no postcode rule for', async () => {
    const { status, error } = await searchError('/stores/search', {
      businessId: 1,
      postcode: 'D01 F5P2',
      country: 'IE',
    })
    expect(status).toBe(422)
    expect(error.message).toBe('D01 F5P2 is not a valid postcode')
  })
})

describe('POST /stores/search by coordinates', () => {
  it('uses the point as given and names the nearest postcode', async () => {
    const result = await search({ lat: 53.48, lng: -2.24, returnNearestOnly: true })
    expect(result.fulfilmentLocation).toMatchObject({ latitude: 53.48, longitude: -2.24 })
    expect(result.fulfilmentLocation.postcode).toMatch(/^M\d /)
    expect(result.stores).toHaveLength(1)
    expect(result.stores[0]?.slug).toBe('manchester-piccadilly')
  })

  it('accepts coordinates as strings and answers a null postcode far from any known one', async () => {
    const result = await search({ lat: '53.79656', lng: '-1.55169' })
    expect(result.fulfilmentLocation.postcode).toBeNull()
    expect(result.stores[0]?.slug).toBe('leeds')
  })

  it('keeps the checked postcode of an address search with its coordinates', async () => {
    const result = await search({ postcode: 'm15 5ab', lat: 53.469, lng: -2.249 })
    expect(result.fulfilmentLocation).toEqual({
      postcode: 'M15 5AB',
      latitude: 53.469,
      longitude: -2.249,
      precision: 'postcode',
    })
  })

  it('rejects coordinates out of range with Unable to find location', async () => {
    const { status, error } = await searchError('/stores/search', {
      businessId: 1,
      lat: 123,
      lng: -2.2,
    })
    expect(status).toBe(422)
    expect(error.fields).toEqual([{ field: 'lat', message: 'Unable to find location' }])
  })
})

describe('POST /stores/search delivery zones', () => {
  // Shrink Piccadilly's radius zone so that Hulme (M15, 1.2 km away) is outside it.
  beforeAll(async () => {
    await env.DB.prepare(
      `update delivery_zones set radius_km = 1 where store_id = 1 and kind = 'radius'`
    ).run()
  })
  afterAll(async () => {
    await env.DB.prepare(
      `update delivery_zones set radius_km = 3 where store_id = 1 and kind = 'radius'`
    ).run()
  })

  it("delivers to an outcode zone beyond the radius at the zone's fee", async () => {
    const result = await search({ postcode: 'M15 5AB' })
    const piccadilly = result.stores.find((s) => s.slug === 'manchester-piccadilly')
    expect(piccadilly?.distanceKm).toBeGreaterThan(1)
    expect(piccadilly?.delivery).toMatchObject({ availableToLocation: true, fee: 299 })
    // Inside the radius zone the store's own fee applies.
    const near = (await search({ postcode: 'M1 1AD' })).stores.find((s) => s.id === 1)
    expect(near?.delivery).toMatchObject({ availableToLocation: true, fee: 199 })
  })

  it('does not deliver outside every zone, whatever the store radius says', async () => {
    await env.DB.prepare(
      `update delivery_zones set is_active = 0 where store_id = 1 and kind = 'outcode'`
    ).run()
    try {
      const result = await search({ postcode: 'M15 5AB' })
      const piccadilly = result.stores.find((s) => s.slug === 'manchester-piccadilly')
      expect(piccadilly?.delivery).toMatchObject({ availableToLocation: false, fee: 199 })
    } finally {
      await env.DB.prepare(`update delivery_zones set is_active = 1 where store_id = 1`).run()
    }
  })
})

describe('POST /stores/search tenancy', () => {
  it("answers only the caller's business stores", async () => {
    const result = await search({ businessId: OTHER_GROCER.businessId, postcode: 'M1 1AD' })
    expect(result.stores.map((s) => s.id)).toEqual([OTHER_GROCER.storeId])
  })

  it('leaves inactive stores out', async () => {
    await env.DB.prepare(`update stores set is_active = 0 where id = 2`).run()
    try {
      const result = await search({ postcode: 'M1 1AD', returnNearestOnly: true })
      expect(result.stores.map((s) => s.slug)).toEqual(['manchester-spinningfields'])
    } finally {
      await env.DB.prepare(`update stores set is_active = 1 where id = 2`).run()
    }
  })
})

describe('POST /stores/nearby', () => {
  it('answers the same shape by coordinates', async () => {
    const res = await postBackend('/stores/nearby', { businessId: 1, lat: 53.4795, lng: -2.2434 })
    expect(res.status).toBe(200)
    const result = StoreSearchResultSchema.parse(await res.json())
    expect(result.stores[0]?.slug).toBe('manchester-deansgate')
    expect(result.stores).toHaveLength(4)
    expect(result.fulfilmentLocation.postcode).toMatch(/^M\d /)
  })

  it('returns only the nearest with returnNearestOnly', async () => {
    const res = await postBackend('/stores/nearby', {
      businessId: '1',
      lat: '51.4535',
      lng: '-2.5936',
      returnNearestOnly: true,
    })
    const result = StoreSearchResultSchema.parse(await res.json())
    expect(result.stores.map((s) => s.slug)).toEqual(['bristol'])
  })

  it('rejects missing coordinates with Unable to find location', async () => {
    const { status, error } = await searchError('/stores/nearby', { businessId: 1, lat: 53.4 })
    expect(status).toBe(422)
    expect(error.fields).toEqual([{ field: 'lng', message: 'Unable to find location' }])
  })
})
