import {
  AddressesByCoordinatesRequestSchema,
  AddressListSchema,
  AutocompleteRequestSchema,
  AutocompleteResultSchema,
  CoordinatesToPostcodeRequestSchema,
  InterestRequestSchema,
  InterestResultSchema,
  PlaceDetailsRequestSchema,
  PlaceDetailsSchema,
  PostcodeLocationSchema,
  PostcodeLookupRequestSchema,
} from '../../../schemas/location.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { createDomain } from '../route-registry.ts'
import { createGeocoder } from './create-geocoder.ts'
import { requireBusinessPostcode } from './postcode-rules-repo.ts'
import { registerInterest } from './repo.ts'

/** Location (spec §7): geocoding, addresses, autocomplete, place details and interest requests. */
/** The body's postcode, checked and normalised by the business's postcode rule. */
function businessPostcode(
  db: D1Database,
  body: { businessId: number; postcode: string; country: string }
): Promise<string> {
  return requireBusinessPostcode(db, body.businessId, body.postcode, body.country)
}

/** The geocoder's answer, or not_found with `message` when it found nothing. */
function foundOr<T>(found: T | null | undefined, message: string): T {
  if (!found) throw new AppError('not_found', message)
  return found
}

export const location = createDomain('Location')

location.post(
  '/location/postcode-to-coordinates',
  {
    summary: "Where a postcode is, checked and normalised by the business's postcode rule",
    description:
      "precision 'outcode' means only the postcode's district is known; its centre is given.",
    body: PostcodeLookupRequestSchema,
    response: PostcodeLocationSchema,
    errors: ['not_found', 'upstream_error'],
  },
  async ({ body }, c) => {
    const postcode = await businessPostcode(c.env.DB, body)
    const found = await createGeocoder(c.env).postcodeToCoordinates(postcode, body.country)
    return foundOr(found, MESSAGES.locationNotFound)
  }
)

location.post(
  '/location/coordinates-to-postcode',
  {
    summary: 'The nearest postcode to a point',
    body: CoordinatesToPostcodeRequestSchema,
    response: PostcodeLocationSchema,
    errors: ['not_found', 'upstream_error'],
  },
  async ({ body }, c) => {
    const found = await createGeocoder(c.env).coordinatesToPostcode(body.coords)
    return foundOr(found, MESSAGES.locationNotFound)
  }
)

location.post(
  '/location/addresses-by-postcode',
  {
    summary: "The addresses of a postcode (may be empty), checked by the business's postcode rule",
    body: PostcodeLookupRequestSchema,
    response: AddressListSchema,
    errors: ['upstream_error'],
  },
  async ({ body }, c) => {
    const postcode = await businessPostcode(c.env.DB, body)
    return { addresses: await createGeocoder(c.env).addressesByPostcode(postcode, body.country) }
  }
)

location.post(
  '/location/addresses-by-coordinates',
  {
    summary: 'Addresses near a point, nearest first (may be empty)',
    description: 'Spec §7 sends latitude and longitude as strings; numbers are accepted too.',
    body: AddressesByCoordinatesRequestSchema,
    response: AddressListSchema,
    errors: ['upstream_error'],
  },
  async ({ body }, c) => ({
    addresses: await createGeocoder(c.env).addressesByCoordinates({
      latitude: body.latitude,
      longitude: body.longitude,
    }),
  })
)

location.post(
  '/location/autocomplete',
  {
    summary: 'Address suggestions for a typed term (may be empty)',
    description:
      'Suggestions of the local geocoder carry postcode and coordinates; a provider may leave them out, then place details gives them.',
    body: AutocompleteRequestSchema,
    response: AutocompleteResultSchema,
    errors: ['upstream_error'],
  },
  async ({ body }, c) => ({
    suggestions: await createGeocoder(c.env).autocomplete(body.term, body.country),
  })
)

location.post(
  '/location/place-details',
  {
    summary: "A suggestion's coordinates and address, by its placeId",
    body: PlaceDetailsRequestSchema,
    response: PlaceDetailsSchema,
    errors: ['not_found', 'upstream_error'],
  },
  async ({ body }, c) => {
    const place = await createGeocoder(c.env).placeDetails(body.placeId)
    return foundOr(place, MESSAGES.addressInfoFailed)
  }
)

location.post(
  '/location/interest',
  {
    edge: { brandScoped: true },
    summary: 'Asks to be told when the business delivers to a postcode; repeating it is harmless',
    body: InterestRequestSchema,
    response: InterestResultSchema,
    errors: ['not_found'],
  },
  async ({ body }, c) => {
    const postcode = await businessPostcode(c.env.DB, body)
    const outcome = await registerInterest(c.env.DB, {
      businessId: body.businessId,
      brandId: body.brandId,
      email: body.email,
      postcode,
    })
    if (outcome === 'unknown_business') throw new AppError('not_found', MESSAGES.businessNotFound)
    if (outcome === 'unknown_brand') {
      throw new AppError('validation_error', MESSAGES.validationError, {
        fields: [{ field: 'brandId', message: MESSAGES.validationError }],
      })
    }
    return { registered: true as const }
  }
)
