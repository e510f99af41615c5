import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PostcodeLocation } from '../../../schemas/location.ts'
import { D1Geocoder } from '../../../worker/backend/location/d1-geocoder-repo.ts'
import type { Geocoder } from '../../../worker/backend/location/geocoder.ts'
import { searchLocation } from '../../../worker/backend/stores/service.ts'
import { seedLocation } from './fixtures.ts'

beforeAll(async () => {
  await seedLocation(env.DB)
})

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
    await expect(
      searchLocation(env.DB, geocoder, { businessId: 2, country: 'IE', postcode: 'd01 f5p2' })
    ).rejects.toThrow('Unable to find location')
    expect(asked).toEqual(['IE:D01 F5P2'])
  })
})
