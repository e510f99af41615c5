import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createGeocoder } from '../../../worker/backend/location/create-geocoder.ts'
import { seedLocation } from './fixtures.ts'

// What the stores domain relies on: the geocoder called directly, not through a route.
beforeAll(async () => {
  await seedLocation(env.DB)
})

describe('D1Geocoder through createGeocoder', () => {
  it('finds a postcode, else its district, and nothing outside GB', async () => {
    const geocoder = createGeocoder(env)
    expect(await geocoder.postcodeToCoordinates('M1 1AE', 'GB')).toMatchObject({
      postcode: 'M1 1AE',
      precision: 'postcode',
    })
    expect(await geocoder.postcodeToCoordinates('BT1 9ZZ', 'gb')).toEqual({
      postcode: 'BT1 9ZZ',
      latitude: 54.5833,
      longitude: -5.9333,
      precision: 'outcode',
    })
    expect(await geocoder.postcodeToCoordinates('M1 1AE', 'IE')).toBeNull()
    expect(await geocoder.postcodeToCoordinates('ZZ9 9ZZ', 'GB')).toBeNull()
  })

  it('finds the postcode at a point within 2 km, and none further away', async () => {
    const geocoder = createGeocoder(env)
    expect(
      (await geocoder.coordinatesToPostcode({ latitude: 53.48348, longitude: -2.23118 }))?.postcode
    ).toBe('M1 1AE')
    const edge = await env.DB.prepare(
      'select postcode, latitude, longitude from geo_postcodes order by latitude desc limit 1'
    ).first<{ postcode: string; latitude: number; longitude: number }>()
    const north = { latitude: edge?.latitude ?? 0, longitude: edge?.longitude ?? 0 }
    // 0.015° of latitude is about 1.7 km; 0.02° about 2.2 km.
    expect(
      await geocoder.coordinatesToPostcode({ ...north, latitude: north.latitude + 0.015 })
    ).toMatchObject({ postcode: edge?.postcode })
    expect(
      await geocoder.coordinatesToPostcode({ ...north, latitude: north.latitude + 0.02 })
    ).toBeNull()
  })

  it('keeps the FTS index in step with the address table', async () => {
    const geocoder = createGeocoder(env)
    await env.DB.prepare(
      `insert into geo_addresses (place_id, description, search_key, address_line1, town,
         postcode, latitude, longitude)
       values ('test-zebra', '7 Zebra Crossing, Manchester, M1 1AE', 'x', '7 Zebra Crossing',
         'Manchester', 'M1 1AE', 53.48348, -2.23118)`
    ).run()
    expect((await geocoder.autocomplete('7 zebra', 'GB'))[0]?.placeId).toBe('test-zebra')
    await env.DB.prepare(
      `update geo_addresses set address_line1 = '7 Yak Lane', description = '7 Yak Lane'
       where place_id = 'test-zebra'`
    ).run()
    expect(await geocoder.autocomplete('zebra', 'GB')).toEqual([])
    expect((await geocoder.autocomplete('yak ln', 'GB'))[0]?.placeId).toBe('test-zebra')
    await env.DB.prepare(`delete from geo_addresses where place_id = 'test-zebra'`).run()
    expect(await geocoder.autocomplete('yak', 'GB')).toEqual([])
    expect(await geocoder.placeDetails('test-zebra')).toBeNull()
  })
})
