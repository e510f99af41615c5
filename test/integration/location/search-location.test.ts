import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PostcodeLocation } from '../../../schemas/location.ts'
import { D1Geocoder } from '../../../worker/backend/location/d1-geocoder-repo.ts'
import type { Geocoder } from '../../../worker/backend/location/geocoder.ts'
import { searchLocation, searchStores, storesNear } from '../../../worker/backend/stores/service.ts'
import { business } from '../../support/workers/seed.ts'
import { seedLocation } from './fixtures.ts'

beforeAll(async () => {
  await seedLocation(env.DB)
  // Business 3 keeps GB postcodes as typed (upper-cased): its rule, not the default's, decides.
  await env.DB.batch([
    business(env.DB, { id: 3, name: 'No Space', legalName: 'NS Ltd' }),
    env.DB.prepare(
      `insert into postcode_rules (business_id, country_code, pattern, normalisation, example)
       values (3, 'GB', '^[A-Z0-9]{5,7}$', 'upper_trim', 'M11AE')`
    ),
  ])
})

// Wednesday 3 June 2026, 12:00 BST; the answers' availability is computed at this instant.
const NOW = new Date('2026-06-03T11:00:00Z')

/** The local geocoder, recording each postcode it was asked to place. */
function recordingGeocoder(): { asked: Array<string>; geocoder: Geocoder } {
  const real = new D1Geocoder(env.DB)
  const asked: Array<string> = []
  const geocoder: Geocoder = {
    postcodeToCoordinates(postcode, country): Promise<PostcodeLocation | null> {
      asked.push(`${country}:${postcode}`)
      return real.postcodeToCoordinates(postcode, country)
    },
    coordinatesToPostcode: (coords) => real.coordinatesToPostcode(coords),
    addressesByPostcode: (postcode, country) => real.addressesByPostcode(postcode, country),
    addressesByCoordinates: (coords) => real.addressesByCoordinates(coords),
    autocomplete: (term, country) => real.autocomplete(term, country),
    placeDetails: (placeId) => real.placeDetails(placeId),
  }
  return { asked, geocoder }
}

describe('searchLocation places a typed postcode while the business rules are read', () => {
  it('asks the geocoder once when the business rule writes the postcode as the default does', async () => {
    const { asked, geocoder } = recordingGeocoder()
    const place = await searchLocation(env.DB, geocoder, {
      businessId: 1,
      country: 'GB',
      postcode: ' m11ae ',
    })
    expect(place).toMatchObject({ postcode: 'M1 1AE', precision: 'postcode' })
    expect(asked).toEqual(['GB:M1 1AE'])
  })

  it("answers the business rule's refusal, whatever the early answer was", async () => {
    const { geocoder } = recordingGeocoder()
    // Business 2 serves Manchester postcodes only: Leeds is a valid UK postcode it refuses.
    await expect(
      searchLocation(env.DB, geocoder, { businessId: 2, country: 'GB', postcode: 'LS1 4AP' })
    ).rejects.toThrow('LS1 4AP is not a valid postcode')
  })

  it('never sends a typing error to the geocoder', async () => {
    const { asked, geocoder } = recordingGeocoder()
    await expect(
      searchLocation(env.DB, geocoder, { businessId: 1, country: 'GB', postcode: 'M1 1A' })
    ).rejects.toThrow('M1 1A is not a valid postcode')
    expect(asked).toEqual([])
  })

  it("geocodes by the business's own rule where the country has no default", async () => {
    const { asked, geocoder } = recordingGeocoder()
    // A65 (Ennistymon) is a valid Eircode routing key outside the demo towns' area table.
    await expect(
      searchLocation(env.DB, geocoder, { businessId: 2, country: 'IE', postcode: 'a65 f4e2' })
    ).rejects.toThrow('Unable to find location')
    expect(asked).toEqual(['IE:A65 F4E2'])
  })
})

describe('searchStores runs the store search with the early geocode when the guess holds', () => {
  it('answers what a search from the checked postcode answers', async () => {
    const { asked, geocoder } = recordingGeocoder()
    const options = { nearestOnly: false, now: NOW }
    const input = { businessId: 1, country: 'GB', postcode: 'm1 1ad' }
    const found = await searchStores(env.DB, geocoder, input, options)
    expect(asked).toEqual(['GB:M1 1AD'])
    const expected = await storesNear(
      env.DB,
      1,
      await searchLocation(env.DB, recordingGeocoder().geocoder, input),
      options
    )
    expect(found).toEqual(expected)
    expect(found.stores.length).toBeGreaterThan(0)
  })

  it("searches again from the business's own form of the postcode when it differs", async () => {
    const { asked, geocoder } = recordingGeocoder()
    // Typed without its space: the default rule writes 'M1 1AE', business 3 keeps 'M11AE' (which
    // the local data places by its outcode, M11): the early answer must not be used.
    const found = await searchStores(
      env.DB,
      geocoder,
      { businessId: 3, country: 'GB', postcode: 'm11ae' },
      { nearestOnly: false, now: NOW }
    )
    expect(asked).toEqual(['GB:M1 1AE', 'GB:M11AE'])
    expect(found.fulfilmentLocation).toMatchObject({ postcode: 'M11AE', precision: 'outcode' })
  })

  it("answers the business rule's refusal although the early search found stores", async () => {
    const { geocoder } = recordingGeocoder()
    await expect(
      searchStores(
        env.DB,
        geocoder,
        { businessId: 2, country: 'GB', postcode: 'LS1 4AP' },
        { nearestOnly: false, now: NOW }
      )
    ).rejects.toThrow('LS1 4AP is not a valid postcode')
  })
})
