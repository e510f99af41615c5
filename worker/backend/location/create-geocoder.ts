import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import { D1Geocoder } from './d1-geocoder-repo.ts'
import type { Geocoder } from './geocoder.ts'
import { IdealPostcodesGeocoder } from './ideal-postcodes-geocoder.ts'

/** The bindings the geocoder choice reads; GEOCODER_API_KEY is a secret, absent locally. */
export type GeocoderEnv = Pick<Env, 'DB' | 'GEOCODER_PROVIDER'> & { GEOCODER_API_KEY?: string }

export const GEOCODER_PROVIDERS = ['local', 'ideal-postcodes'] as const

// A misconfigured provider fails every call the way a provider outage does, so callers that
// tolerate a failed lookup (spec §4 step 2) keep working and the others answer upstream_error.
function unavailableGeocoder(): Geocoder {
  const fail = (): Promise<never> =>
    Promise.reject(new AppError('upstream_error', MESSAGES.locationServiceFailed))
  return {
    postcodeToCoordinates: fail,
    coordinatesToPostcode: fail,
    addressesByPostcode: fail,
    addressesByCoordinates: fail,
    autocomplete: fail,
    placeDetails: fail,
  }
}

/**
 * The geocoder configured by GEOCODER_PROVIDER: 'local' (the default) answers from D1;
 * 'ideal-postcodes' asks the Ideal Postcodes API with GEOCODER_API_KEY. A provider without its
 * key, or an unknown provider, is logged as a configuration error and every call then rejects
 * with upstream_error.
 *
 * @example const location = await createGeocoder(c.env).postcodeToCoordinates('M1 1AE', 'GB')
 */
export function createGeocoder(env: GeocoderEnv): Geocoder {
  const provider = env.GEOCODER_PROVIDER.trim() || 'local'
  if (provider === 'local') return new D1Geocoder(env.DB)
  if (provider === 'ideal-postcodes') {
    const apiKey = env.GEOCODER_API_KEY?.trim()
    if (apiKey) {
      return new IdealPostcodesGeocoder({ apiKey, fetch: (input, init) => fetch(input, init) })
    }
    logError(
      new Error(
        'GEOCODER_PROVIDER is "ideal-postcodes" but GEOCODER_API_KEY is not set (wrangler secret put GEOCODER_API_KEY)'
      ),
      { config: 'GEOCODER_API_KEY' }
    )
    return unavailableGeocoder()
  }
  logError(
    new Error(
      `GEOCODER_PROVIDER "${provider}" is not one of ${GEOCODER_PROVIDERS.join(', ')}; set it in wrangler.toml [vars]`
    ),
    { config: 'GEOCODER_PROVIDER' }
  )
  return unavailableGeocoder()
}
