import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { StoreSearchResultSchema } from '../../../schemas/stores.ts'
import {
  allDay,
  business,
  DUTCH_GROCER,
  IRISH_GROCER,
  insertRow,
  store,
} from '../../support/workers/seed.ts'
import { postBackend } from './helpers.ts'

// A grocer in Dublin and one in Utrecht (ADR 052): postcodes placed by their areas, delivery by
// distance from the store (no outcodes there).
const DUBLIN = { businessId: 61, storeId: 6101 } as const
const UTRECHT = { businessId: 62, storeId: 6201 } as const

beforeAll(async () => {
  await env.DB.batch([
    business(env.DB, {
      id: DUBLIN.businessId,
      ...IRISH_GROCER,
    }),
    ...store(env.DB, {
      id: DUBLIN.storeId,
      businessId: DUBLIN.businessId,
      slug: 'dublin-grafton',
      name: 'Grafton Street',
      addressLine1: '1 Grafton Street',
      town: 'Dublin',
      postcode: 'D02 X285',
      latitude: 53.3385,
      longitude: -6.2545,
      timeZone: 'Europe/Dublin',
      hours: [allDay('store'), allDay('delivery'), allDay('collection')],
    }),
    // A 3 km zone: D08 (about 2.5 km) is inside, D09 (about 3.9 km) outside. The outcode-shaped
    // zone 'D02' must never match an Eircode (Ireland has no outcodes).
    insertRow(env.DB, 'delivery_zones', { storeId: DUBLIN.storeId, kind: 'radius', radiusKm: 3 }),
    insertRow(env.DB, 'delivery_zones', {
      storeId: DUBLIN.storeId,
      kind: 'outcode',
      outcode: 'D09',
    }),
    business(env.DB, {
      id: UTRECHT.businessId,
      ...DUTCH_GROCER,
    }),
    ...store(env.DB, {
      id: UTRECHT.storeId,
      businessId: UTRECHT.businessId,
      slug: 'utrecht-oudegracht',
      name: 'Oudegracht',
      addressLine1: 'Oudegracht 100',
      town: 'Utrecht',
      postcode: '3511 AX',
      latitude: 52.0915,
      longitude: 5.1195,
      timeZone: 'Europe/Amsterdam',
      deliveryRadiusKm: 4,
      hours: [allDay('store'), allDay('delivery'), allDay('collection')],
    }),
  ])
})

async function search(businessId: number, postcode: string, country: string) {
  const res = await postBackend('/stores/search', { businessId, postcode, country })
  const body: unknown = await res.json()
  if (res.status !== 200) return { status: res.status, error: ApiErrorSchema.parse(body).error }
  return { status: 200, result: StoreSearchResultSchema.parse(body) }
}

describe('store search abroad (local area geocoder, delivery by distance)', () => {
  it('places an Eircode typed without its space by its routing key and delivers within the zone', async () => {
    const { status, result } = await search(DUBLIN.businessId, 'd08x2f7', 'IE')
    expect(status).toBe(200)
    expect(result?.fulfilmentLocation).toEqual({
      postcode: 'D08 X2F7',
      latitude: 53.339,
      longitude: -6.292,
      precision: 'outcode',
    })
    expect(result?.stores.map((s) => [s.slug, s.delivery.availableToLocation])).toEqual([
      ['dublin-grafton', true],
    ])
  })

  it('lists the store without delivery beyond its distance zone, whatever an outcode zone says', async () => {
    const { result } = await search(DUBLIN.businessId, 'D09K2R4', 'IE')
    expect(result?.fulfilmentLocation.postcode).toBe('D09 K2R4')
    expect(result?.stores[0]?.distanceKm).toBeGreaterThan(3)
    expect(result?.stores[0]?.delivery.availableToLocation).toBe(false)
  })

  it('places a Dutch postcode by its four digits within the store radius', async () => {
    const { result } = await search(UTRECHT.businessId, '3512ab', 'NL')
    expect(result?.fulfilmentLocation).toMatchObject({ postcode: '3512 AB', precision: 'outcode' })
    expect(result?.stores.map((s) => [s.slug, s.delivery.availableToLocation])).toEqual([
      ['utrecht-oudegracht', true],
    ])
  })

  it('offers no delivery to another town, and Unable to find location for an unknown area', async () => {
    const amsterdam = (await search(UTRECHT.businessId, '1012 AB', 'NL')).result?.stores[0]
    expect(amsterdam?.distanceKm).toBeGreaterThan(30)
    expect(amsterdam?.delivery.availableToLocation).toBe(false)
    expect(await search(UTRECHT.businessId, '9999 AA', 'NL')).toMatchObject({
      status: 404,
      error: { message: 'Unable to find location' },
    })
  })

  it('keeps the postcode rule per country: a UK postcode is not a Dutch one', async () => {
    expect(await search(UTRECHT.businessId, 'M1 1AE', 'NL')).toMatchObject({
      status: 422,
      error: { message: 'M1 1AE is not a valid postcode' },
    })
  })
})
