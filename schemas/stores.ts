import { z } from 'zod'
import { BusinessIdSchema, CallingBrandIdSchema, IdSchema, MoneySchema } from './common.ts'
import {
  AddressSchema,
  CountryCodeSchema,
  LatitudeSchema,
  LongitudeSchema,
  PostcodeLocationSchema,
  TypedPostcodeSchema,
} from './location.ts'
import { ORDER_STATUSES } from './checkout-answers.ts'
import { MESSAGES } from './messages.ts'

/** Spec §7 stores "Details or select": by seoUrl (the store slug) or by storeId. */
export const StoreDetailsRequestSchema = z
  .object({
    businessId: BusinessIdSchema,
    seoUrl: z.string().trim().min(1).max(120).optional(),
    storeId: IdSchema.optional(),
    /** With a postcode the answer says whether and at what cost the store delivers there. */
    postcode: TypedPostcodeSchema.optional(),
    country: CountryCodeSchema,
  })
  .refine((input) => input.seoUrl !== undefined || input.storeId !== undefined, {
    error: MESSAGES.storeIdentifierRequired,
    path: ['seoUrl'],
  })

export const OPENING_HOURS_KINDS = ['delivery', 'collection', 'store'] as const

export type OpeningHours = z.infer<typeof OpeningHoursSchema>
export const OpeningHoursSchema = z.object({
  /** 0 = Monday … 6 = Sunday. */
  dayOfWeek: z.int().min(0).max(6),
  /** Local time in the store's time zone, HH:MM. */
  opensAt: z.string(),
  closesAt: z.string(),
})

// --- Availability (spec §4 Store availability) ----------------------------------------------

export const STORE_AVAILABILITY_STATES = ['open', 'closed', 'preorder'] as const
export type StoreAvailabilityState = (typeof STORE_AVAILABILITY_STATES)[number]
const AvailabilityStateSchema = z.enum(STORE_AVAILABILITY_STATES)

/**
 * Whether a store takes orders now (spec §4): open (a fulfilment method is open now), preorder
 * (closed now, but it opens within its days in advance, so future slots can be ordered) or closed.
 * Computed from the opening hours in the store's own time zone, its closures and the staff switch.
 */
export type StoreAvailability = z.infer<typeof StoreAvailabilitySchema>
export const StoreAvailabilitySchema = z.object({
  state: AvailabilityStateSchema,
  delivery: AvailabilityStateSchema,
  collection: AvailabilityStateSchema,
  /** While open: when the current opening ends (ISO 8601 with offset). */
  closesAt: z.string().nullable(),
  /** While not open: the next opening within the days in advance (ISO 8601 with offset). */
  opensAt: z.string().nullable(),
})

/** Delivery from a store to the searched place. */
export type StoreAtLocation = z.infer<typeof StoreAtLocationSchema>
export const StoreAtLocationSchema = z.object({
  postcode: z.string().nullable(),
  distanceKm: z.number().nonnegative(),
  distanceMiles: z.number().nonnegative(),
  /** Inside a delivery zone (radius or outcode) or the store's radius, and delivery is enabled. */
  deliveryAvailable: z.boolean(),
  /** The fee and minimum spend that apply there (a zone may override the store's). */
  deliveryFee: MoneySchema,
  minimumSpend: MoneySchema,
})

/**
 * A store's rating from its members' reviews of delivered orders (spec §3 Review): the average
 * star rating to one decimal place and how many reviews make it. Null until the first review.
 */
export type StoreRating = z.infer<typeof StoreRatingSchema>
export const StoreRatingSchema = z.object({
  average: z.number().min(1).max(5),
  count: z.int().positive(),
})

export type StoreDetails = z.infer<typeof StoreDetailsSchema>
export const StoreDetailsSchema = z.object({
  id: z.int(),
  businessId: z.int(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.object({
    addressLine1: z.string().nullable(),
    addressLine2: z.string().nullable(),
    town: z.string().nullable(),
    county: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string(),
  }),
  location: z.object({ latitude: z.number().nullable(), longitude: z.number().nullable() }),
  timeZone: z.string(),
  imageUrl: z.string().nullable(),
  /** Future orders: 'Order up to N days in advance' (spec §9). */
  daysInAdvance: z.int(),
  delivery: z.object({
    enabled: z.boolean(),
    radiusKm: z.number().nullable(),
    fee: MoneySchema,
    /** 0 means no minimum ('No min order'). */
    minimumSpend: MoneySchema,
    /** A basket at or over it pays no delivery fee; null: no threshold. */
    freeDeliveryThreshold: MoneySchema.nullable(),
  }),
  collection: z.object({ enabled: z.boolean(), fee: MoneySchema, minimumSpend: MoneySchema }),
  /** Charged on every basket with items, delivery or collection (stores.service_fee). */
  serviceFee: MoneySchema,
  /** Staff closed the store for the day, whatever the opening hours say. */
  temporarilyClosed: z.boolean(),
  payments: z.object({
    card: z.boolean(),
    applePay: z.boolean(),
    googlePay: z.boolean(),
    cash: z.boolean(),
  }),
  openingHours: z.object({
    delivery: z.array(OpeningHoursSchema),
    collection: z.array(OpeningHoursSchema),
    store: z.array(OpeningHoursSchema),
  }),
  availability: StoreAvailabilitySchema,
  /** Present when the request named a postcode: delivery to that place. */
  atLocation: StoreAtLocationSchema.nullable(),
  rating: StoreRatingSchema.nullable().optional(),
})

// --- Search (spec §3 Store search result, §7 Stores) ------------------------------------

/** One store of a search answer, nearest first. */
export type StoreSummary = z.infer<typeof StoreSummarySchema>
export const StoreSummarySchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  address: AddressSchema.extend({ addressLine1: z.string() }),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  imageUrl: z.string().nullable(),
  /** IANA zone of the store's opening hours; times are shown in it. */
  timeZone: z.string(),
  distanceKm: z.number().nonnegative(),
  distanceMiles: z.number().nonnegative(),
  availability: StoreAvailabilitySchema,
  delivery: z.object({
    enabled: z.boolean(),
    availableToLocation: z.boolean(),
    fee: MoneySchema,
    /** 0 means 'No min order' (spec §9). */
    minimumSpend: MoneySchema,
    freeDeliveryThreshold: MoneySchema.nullable(),
  }),
  collection: z.object({ enabled: z.boolean(), fee: MoneySchema, minimumSpend: MoneySchema }),
  /** Charged on every basket with items, delivery or collection (stores.service_fee). */
  serviceFee: MoneySchema,
  /** 'Order up to N days in advance' (spec §9); 0 = today only. */
  daysInAdvance: z.int().nonnegative(),
  payments: z.object({
    card: z.boolean(),
    applePay: z.boolean(),
    googlePay: z.boolean(),
    cash: z.boolean(),
  }),
  rating: StoreRatingSchema.nullable().optional(),
})

export const PLATFORMS = ['web', 'ios', 'android'] as const

/**
 * Spec §7 Stores "Search": a postcode, or coordinates (lat/lng) with returnNearestOnly. The
 * postcode is checked against the business's rules by the handler.
 */
export const StoreSearchRequestSchema = z
  .object({
    businessId: BusinessIdSchema,
    country: CountryCodeSchema,
    platform: z.enum(PLATFORMS).default('web'),
    deviceId: z.string().trim().max(120).optional(),
    postcode: TypedPostcodeSchema.optional(),
    lat: LatitudeSchema.optional(),
    lng: LongitudeSchema.optional(),
    returnNearestOnly: z.boolean().default(false),
  })
  .refine(
    (input) => input.postcode !== undefined || (input.lat !== undefined && input.lng !== undefined),
    { error: MESSAGES.postcodeRequired, path: ['postcode'] }
  )

/** Spec §7 Stores "Nearby": lng, lat, returnNearestOnly. */
export const StoreNearbyRequestSchema = z.object({
  businessId: BusinessIdSchema,
  lat: LatitudeSchema,
  lng: LongitudeSchema,
  returnNearestOnly: z.boolean().default(false),
})

/** Spec §3 Store search result: stores and the place they were searched from. */
export type StoreSearchResult = z.infer<typeof StoreSearchResultSchema>
export const StoreSearchResultSchema = z.object({
  stores: z.array(StoreSummarySchema),
  fulfilmentLocation: PostcodeLocationSchema.extend({ postcode: z.string().nullable() }),
})

// --- Order status (spec §7 Stores) -----------------------------------------------------------

export const OrderStatusRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  businessOrderId: z.string().trim().min(1).max(40),
})

/** Where an order is, without anything personal: the order number alone must not reveal a shopper. */
export type OrderStatus = z.infer<typeof OrderStatusSchema>
export const OrderStatusSchema = z.object({
  businessOrderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** 20, 40, 60, 80, 100 for the in-progress states (spec §9), else null. */
  statusCode: z.int().nullable(),
  /** Spec §4 wording in the business's language: 'Sent to Store', 'Naar winkel gestuurd', ... */
  label: z.string(),
  terminal: z.boolean(),
  /** Driver tracking is offered in the four in-progress states before delivery. */
  trackable: z.boolean(),
  fulfilmentMethod: z.enum(['delivery', 'collection']),
  store: z.object({ id: z.int(), slug: z.string(), name: z.string() }),
  updatedAt: z.string(),
})

// --- Directory (route store-all) -------------------------------------------------------------

export const STORE_DIRECTORY_PAGE_SIZE = 100

/** Every active store of the business, by town then name, a page at a time. */
export const StoreDirectoryRequestSchema = z.object({
  businessId: BusinessIdSchema,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(STORE_DIRECTORY_PAGE_SIZE),
})

export type StoreDirectoryEntry = z.infer<typeof StoreDirectoryEntrySchema>
export const StoreDirectoryEntrySchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  address: AddressSchema,
})

export type StoreDirectory = z.infer<typeof StoreDirectorySchema>
export const StoreDirectorySchema = z.object({
  stores: z.array(StoreDirectoryEntrySchema),
  page: z.int(),
  limit: z.int(),
  total: z.int().nonnegative(),
})
