import { z } from 'zod'
import { BusinessIdSchema, EmailSchema, IdSchema } from './common.ts'
import { DEFAULT_COUNTRY_CODE } from './constants.ts'
import { MESSAGES } from './messages.ts'
import type { PostcodeRule } from './postcode.ts'

/** A business's postcode rule for one country (see schemas/postcode.ts). */
export const PostcodeRuleSchema = z.object({
  countryCode: z.string().length(2),
  pattern: z.string().min(1),
  normalisation: z.enum(['uk', 'upper_trim']),
  example: z.string().nullable(),
}) satisfies z.ZodType<PostcodeRule>

/** An ISO 3166-1 alpha-2 country code, upper-cased; GB when absent (spec §9). */
export const CountryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: MESSAGES.validationError })
  .default(DEFAULT_COUNTRY_CODE)

// Spec §7 sends coordinates as strings in some calls; both forms are accepted.
export const LatitudeSchema = z.coerce
  .number({ error: MESSAGES.locationNotFound })
  .min(-90, { error: MESSAGES.locationNotFound })
  .max(90, { error: MESSAGES.locationNotFound })
export const LongitudeSchema = z.coerce
  .number({ error: MESSAGES.locationNotFound })
  .min(-180, { error: MESSAGES.locationNotFound })
  .max(180, { error: MESSAGES.locationNotFound })

export type Coordinates = z.infer<typeof CoordinatesSchema>
export const CoordinatesSchema = z.object({ latitude: LatitudeSchema, longitude: LongitudeSchema })

/**
 * What the shopper typed as a postcode. The schema only bounds it; the handler checks it against
 * the business's postcode rules so the answer carries the spec's message
 * ('Please enter a valid postcode' / '<typed> is not a valid postcode').
 */
export const TypedPostcodeSchema = z.string({ error: MESSAGES.postcodeRequired }).max(32, {
  error: MESSAGES.postcodeProvide,
})

/** Spec §3 Address. */
export type Address = z.infer<typeof AddressSchema>
export const AddressSchema = z.object({
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  town: z.string(),
  county: z.string().nullable(),
  postcode: z.string(),
  country: z.string(),
})

// --- Requests (spec §7 Location) -------------------------------------------------------------

export const PostcodeLookupRequestSchema = z.object({
  businessId: BusinessIdSchema,
  postcode: TypedPostcodeSchema,
  country: CountryCodeSchema,
})

export const CoordinatesToPostcodeRequestSchema = z.object({
  businessId: BusinessIdSchema,
  coords: CoordinatesSchema,
})

export const AddressesByCoordinatesRequestSchema = z.object({
  businessId: BusinessIdSchema,
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
})

export const AutocompleteRequestSchema = z.object({
  businessId: BusinessIdSchema,
  term: z
    .string({ error: MESSAGES.addressInvalid })
    .trim()
    .min(1, { error: MESSAGES.addressInvalid })
    .max(120, { error: MESSAGES.addressInvalid }),
  country: CountryCodeSchema,
})

export const PlaceDetailsRequestSchema = z.object({
  businessId: BusinessIdSchema,
  placeId: z
    .string({ error: MESSAGES.addressInvalid })
    .trim()
    .min(1, { error: MESSAGES.addressInvalid })
    .max(200, { error: MESSAGES.addressInvalid }),
})

/** Future contact (interest) request for an area without stores. */
export const InterestRequestSchema = z.object({
  businessId: BusinessIdSchema,
  /** The brand the shopper asked on; the proxy sets it from the host. */
  brandId: IdSchema.optional(),
  email: EmailSchema,
  postcode: TypedPostcodeSchema,
  country: CountryCodeSchema,
})

// --- Answers ---------------------------------------------------------------------------------

/** A postcode and where it is; precision says whether the point is the postcode's or its district's. */
export type PostcodeLocation = z.infer<typeof PostcodeLocationSchema>
export const PostcodeLocationSchema = z.object({
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  precision: z.enum(['postcode', 'outcode']),
})

/** One address of a postcode or near a point (spec §3 Device-location result and Address). */
export type LocatedAddress = z.infer<typeof LocatedAddressSchema>
export const LocatedAddressSchema = z.object({
  placeId: z.string(),
  formattedAddress: z.string(),
  address: AddressSchema,
  latitude: z.number(),
  longitude: z.number(),
})

export const AddressListSchema = z.object({ addresses: z.array(LocatedAddressSchema) })

/**
 * Spec §3 Autocomplete suggestion: description and placeId. A suggestion may carry its
 * coordinates; the store search flow then skips place details (spec §4 step 5).
 */
export type AutocompleteSuggestion = z.infer<typeof AutocompleteSuggestionSchema>
export const AutocompleteSuggestionSchema = z.object({
  description: z.string(),
  placeId: z.string(),
  postcode: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
})

export const AutocompleteResultSchema = z.object({
  suggestions: z.array(AutocompleteSuggestionSchema),
})

/** Spec §3 Place details: latitude, longitude, address. */
export type PlaceDetails = z.infer<typeof PlaceDetailsSchema>
export const PlaceDetailsSchema = z.object({
  placeId: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  address: AddressSchema,
  formattedAddress: z.string(),
})

export const InterestResultSchema = z.object({ registered: z.literal(true) })

// --- The shopper's saved location (spec §3 Geolocation state) -------------------------------

/**
 * What the location cookie holds: the searched postcode, its coordinates (absent when the lookup
 * failed, spec §4 step 2) and, for an address search, the chosen suggestion and address.
 */
export type GeolocationState = z.infer<typeof GeolocationStateSchema>
export const GeolocationStateSchema = z.object({
  postcode: z.string().min(1).max(16),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  chosenAddress: z
    .object({ description: z.string().max(300), placeId: z.string().max(200) })
    .nullable(),
  selectedAddress: AddressSchema.nullable(),
})
