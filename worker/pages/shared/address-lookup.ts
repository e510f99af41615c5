import type { Context } from 'hono'
import { AddressListSchema, type LocatedAddress } from '../../../schemas/location.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { requestLocale } from './render.tsx'

/** What a postcode lookup found, or why it found nothing (a message for the shopper). */
export interface PostcodeLookupAnswer {
  found: Array<LocatedAddress>
  message: string | null
}

/**
 * The addresses of a postcode through the location backend (the local geocoder, or the real
 * provider), for the address forms' postcode finders; a refusal or an empty answer says why.
 */
export async function lookUpPostcode(
  c: Context<AppEnv>,
  postcode: string
): Promise<PostcodeLookupAnswer> {
  try {
    const { addresses } = await c.var.backend.post('/location/addresses-by-postcode', {
      body: { businessId: c.var.brand.businessId, postcode, country: requestLocale(c).countryCode },
      schema: AddressListSchema,
    })
    const message = addresses.length ? null : formatMessage('addressLookupNone', postcode)
    return { found: addresses, message }
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    if (error.code === 'validation_error') return { found: [], message: error.message }
    return { found: [], message: MESSAGES.locationServiceFailed }
  }
}
