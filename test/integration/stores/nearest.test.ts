import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { business, store } from '../../support/workers/seed.ts'
import { StoreSearchResultSchema, type StoreSearchResult } from '../../../schemas/stores.ts'
import { createRandom } from '../../../scripts/demo-data/prng.ts'
import { distanceKm } from '../../../worker/backend/geo.ts'
import { SEARCH_RADIUS_KM, SEARCH_RESULT_LIMIT } from '../../../worker/backend/stores/service.ts'
import { seedStores } from './fixtures.ts'
import { postBackend } from './helpers.ts'

// A business of its own, with many stores scattered round one point, so the row limit of the
// candidate query and the exact re-ordering after it are what decide the answer.
const BUSINESS = 77
const CENTRE = { latitude: 54.9783, longitude: -1.6178 } // Newcastle upon Tyne
const SCATTERED = 120

interface Placed {
  id: number
  latitude: number
  longitude: number
}

const placed: Array<Placed> = []

beforeAll(async () => {
  await seedStores(env.DB)
  const random = createRandom(20261121)
  await business(env.DB, {
    id: BUSINESS,
    name: 'Scatter Stores',
    legalName: 'Scatter Stores Ltd',
  }).run()
  const inserts = []
  for (let i = 0; i < SCATTERED; i++) {
    // Up to about 0.6° of latitude and 1° of longitude away: inside and outside the 40 km circle.
    const latitude = CENTRE.latitude + (random.next() - 0.5) * 1.2
    const longitude = CENTRE.longitude + (random.next() - 0.5) * 2
    const id = 77_000 + i
    placed.push({ id, latitude, longitude })
    inserts.push(
      ...store(env.DB, {
        id,
        businessId: BUSINESS,
        slug: `scatter-${i}`,
        name: `Scatter ${i}`,
        addressLine1: '1 High Street',
        town: 'Newcastle',
        postcode: 'NE1 1AA',
        latitude,
        longitude,
      })
    )
  }
  await env.DB.batch(inserts)
})

async function searchNear(body: Record<string, unknown>): Promise<StoreSearchResult> {
  const response = await postBackend('/stores/nearby', { businessId: BUSINESS, ...body })
  expect(response.status).toBe(200)
  return StoreSearchResultSchema.parse(await response.json())
}

function expectedNearest(count: number): Array<number> {
  return placed
    .map((store) => ({ id: store.id, km: distanceKm(CENTRE, store) }))
    .filter(({ km }) => km <= SEARCH_RADIUS_KM)
    .sort((a, b) => a.km - b.km || a.id - b.id)
    .slice(0, count)
    .map(({ id }) => id)
}

describe('store search among many stores', () => {
  it('answers exactly the nearest stores within the radius, nearest first', async () => {
    const result = await searchNear({ lat: CENTRE.latitude, lng: CENTRE.longitude })
    const expected = expectedNearest(SEARCH_RESULT_LIMIT)
    expect(expected).toHaveLength(SEARCH_RESULT_LIMIT)
    expect(result.stores.map((store) => store.id)).toEqual(expected)
    const distances = result.stores.map((store) => store.distanceKm)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
  })

  it('picks the single nearest store with returnNearestOnly', async () => {
    const result = await searchNear({
      lat: CENTRE.latitude,
      lng: CENTRE.longitude,
      returnNearestOnly: true,
    })
    expect(result.stores.map((store) => store.id)).toEqual(expectedNearest(1))
  })

  it('offers nothing beyond the search radius', async () => {
    // 0.6° north of the scatter's northern edge: every store is more than 40 km away.
    const result = await searchNear({ lat: CENTRE.latitude + 1.2, lng: CENTRE.longitude })
    const within = placed.filter(
      (store) =>
        distanceKm({ latitude: CENTRE.latitude + 1.2, longitude: CENTRE.longitude }, store) <=
        SEARCH_RADIUS_KM
    )
    expect(result.stores.map((store) => store.id).sort()).toEqual(
      within.map((store) => store.id).sort()
    )
    for (const store of result.stores)
      expect(store.distanceKm).toBeLessThanOrEqual(SEARCH_RADIUS_KM)
  })
})
