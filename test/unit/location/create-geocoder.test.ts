import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createGeocoder } from '../../../worker/backend/location/create-geocoder.ts'
import { D1Geocoder } from '../../../worker/backend/location/d1-geocoder-repo.ts'
import { IdealPostcodesGeocoder } from '../../../worker/backend/location/ideal-postcodes-geocoder.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('createGeocoder', () => {
  it('answers from D1 by default (wrangler.toml sets "local")', () => {
    expect(env.GEOCODER_PROVIDER).toBe('local')
    expect(createGeocoder(env)).toBeInstanceOf(D1Geocoder)
    expect(createGeocoder({ ...env, GEOCODER_PROVIDER: ' ' })).toBeInstanceOf(D1Geocoder)
  })

  it('uses Ideal Postcodes with its key', () => {
    const geocoder = createGeocoder({
      ...env,
      GEOCODER_PROVIDER: 'ideal-postcodes',
      GEOCODER_API_KEY: 'ak_key',
    })
    expect(geocoder).toBeInstanceOf(IdealPostcodesGeocoder)
  })

  it.each([
    [{ GEOCODER_PROVIDER: 'ideal-postcodes' }, 'GEOCODER_API_KEY'],
    [{ GEOCODER_PROVIDER: 'ideal-postcodes', GEOCODER_API_KEY: '  ' }, 'GEOCODER_API_KEY'],
    [{ GEOCODER_PROVIDER: 'google' }, 'google'],
  ])(
    'logs a configuration error for %j and every call fails as upstream_error',
    async (vars, logged) => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      const geocoder = createGeocoder({ ...env, ...vars })
      expect(String(log.mock.calls[0]?.[0])).toContain(logged)
      const calls = [
        geocoder.postcodeToCoordinates('M1 1AE', 'GB'),
        geocoder.coordinatesToPostcode({ latitude: 53.48, longitude: -2.24 }),
        geocoder.addressesByPostcode('M1 1AE', 'GB'),
        geocoder.addressesByCoordinates({ latitude: 53.48, longitude: -2.24 }),
        geocoder.autocomplete('station', 'GB'),
        geocoder.placeDetails('demo-1'),
      ]
      for (const call of calls) {
        await expect(call).rejects.toMatchObject({
          code: 'upstream_error',
          message: MESSAGES.locationServiceFailed,
        })
      }
    }
  )
})
