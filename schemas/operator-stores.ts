import { z } from 'zod'
import { BusinessIdSchema, EmailSchema, IdSchema, MoneySchema } from './common.ts'
import { MESSAGES } from './messages.ts'
import { OptionalBusinessPhoneSchema } from './phone.ts'
import { OPENING_HOURS_KINDS, StoreAvailabilitySchema } from './stores.ts'
import { optionalText, requiredText, TEXT_MAX_LENGTH } from './text-limits.ts'

/**
 * The operator console's stores (ADR 027): a business's stores, their opening hours per method,
 * closures, delivery zones, fees and slots. Money is pence (ADR 005): the pages parse pounds.
 */

/** The time zones the store form offers, Europe/London first; any IANA zone Intl knows is taken. */
export const COMMON_TIME_ZONES = [
  'Europe/London',
  'Europe/Dublin',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Madrid',
  'Europe/Amsterdam',
  'Europe/Lisbon',
  'Atlantic/Canary',
  'Europe/Gibraltar',
  'Europe/Isle_of_Man',
  'Europe/Jersey',
  'Europe/Guernsey',
] as const

/** Whether Intl knows the zone (it throws a RangeError for a name it does not). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone })
    return zone.length > 0
  } catch {
    return false
  }
}

export const STORE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

const StoreIdBody = { businessId: BusinessIdSchema, storeId: IdSchema }

export const OperatorStoreListRequestSchema = z.object({ businessId: BusinessIdSchema })
export const OperatorStoreRequestSchema = z.object(StoreIdBody)

/** HH:MM, 00:00 to 23:59. */
const TimeSchema = z
  .string({ error: MESSAGES.storeHoursTime })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: MESSAGES.storeHoursTime })

export type HoursRange = z.infer<typeof HoursRangeSchema>
export const HoursRangeSchema = z
  .object({ opensAt: TimeSchema, closesAt: TimeSchema })
  .refine((range) => range.opensAt !== range.closesAt, {
    error: MESSAGES.storeHoursSame,
    path: ['closesAt'],
  })

/** A range's minutes from the day's midnight; one closing at or before it opens runs past midnight. */
export function rangeMinutes(range: HoursRange): { opens: number; closes: number } {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
  const opens = minutes(range.opensAt)
  const closes = minutes(range.closesAt)
  return { opens, closes: closes <= opens ? closes + 1440 : closes }
}

/** The index of the first range of a day that overlaps an earlier one (touching is fine), or -1. */
export function overlappingRange(ranges: ReadonlyArray<HoursRange>): number {
  const spans = ranges.map(rangeMinutes)
  return spans.findIndex((span, index) =>
    spans.slice(0, index).some((other) => span.opens < other.closes && other.opens < span.closes)
  )
}

export type OpeningHoursMethod = (typeof OPENING_HOURS_KINDS)[number]

/** POST /staff/operator/stores/hours: one method's whole week (days left out are closed). */
export type StoreHoursRequest = z.infer<typeof StoreHoursRequestSchema>
export const StoreHoursRequestSchema = z.object({
  ...StoreIdBody,
  method: z.enum(OPENING_HOURS_KINDS),
  days: z
    .array(
      z
        .object({
          dayOfWeek: z.int().min(0).max(6),
          ranges: z.array(HoursRangeSchema).max(6),
        })
        .superRefine((day, ctx) => {
          const index = overlappingRange(day.ranges)
          if (index >= 0) {
            ctx.addIssue({ code: 'custom', message: MESSAGES.storeHoursOverlap, path: ['ranges'] })
          }
        })
    )
    .max(7)
    .refine((days) => new Set(days.map((day) => day.dayOfWeek)).size === days.length, {
      error: MESSAGES.validationError,
    }),
})

const KmSchema = z.number().positive().max(200)
const MinutesSchema = z
  .int()
  .min(0)
  .max(24 * 60)

/** A store's own details (create and update). Coordinates: as confirmed, or geocoded when absent. */
export type StoreDetailsInput = z.infer<typeof StoreDetailsInputSchema>
export const StoreDetailsInputSchema = z.object({
  name: requiredText('Name', TEXT_MAX_LENGTH.name, MESSAGES.validationError),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(80)
    .regex(STORE_SLUG_PATTERN, { error: MESSAGES.storeSlugInvalid }),
  description: optionalText('Description', 1000),
  phone: OptionalBusinessPhoneSchema,
  email: z
    .union([z.literal('').transform(() => null), EmailSchema.pipe(z.email())])
    .nullish()
    .transform((value) => value ?? null),
  addressLine1: requiredText(
    'Address line 1',
    TEXT_MAX_LENGTH.addressLine,
    MESSAGES.validationError
  ),
  addressLine2: optionalText('Address line 2', TEXT_MAX_LENGTH.addressLine),
  town: requiredText('Town', TEXT_MAX_LENGTH.town, MESSAGES.validationError),
  county: optionalText('County', TEXT_MAX_LENGTH.county),
  postcode: z.string().max(TEXT_MAX_LENGTH.postcode),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  timeZone: z.string().refine(isTimeZone, { error: MESSAGES.storeTimeZoneInvalid }),
  isActive: z.boolean(),
})

export const StoreCreateRequestSchema = z.object({
  businessId: BusinessIdSchema,
  ...StoreDetailsInputSchema.shape,
})
export const StoreUpdateRequestSchema = z.object({
  ...StoreIdBody,
  ...StoreDetailsInputSchema.shape,
})

/** How a store delivers and collects: fees (pence), minimums, slots, lead times, payments. */
export type StoreFulfilment = z.infer<typeof StoreFulfilmentSchema>
export const StoreFulfilmentSchema = z.object({
  deliveryEnabled: z.boolean(),
  collectionEnabled: z.boolean(),
  /** Used when the store has no delivery zones; null = zones only. */
  deliveryRadiusKm: KmSchema.nullable(),
  deliveryFee: MoneySchema,
  collectionFee: MoneySchema,
  serviceFee: MoneySchema,
  /** Null = delivery is never free. */
  freeDeliveryThreshold: MoneySchema.positive().nullable(),
  minimumSpend: MoneySchema,
  collectionMinimumSpend: MoneySchema,
  asapEnabled: z.boolean(),
  deliveryLeadMinutes: MinutesSchema,
  collectionLeadMinutes: MinutesSchema,
  slotDurationMinutes: z.int().min(15).max(240),
  slotCapacity: z.int().min(0).max(1000),
  daysInAdvance: z.int().min(0).max(30),
  /** Null = no limit. */
  maxBasketItems: z.int().positive().max(999).nullable(),
  acceptsCard: z.boolean(),
  acceptsApplePay: z.boolean(),
  acceptsGooglePay: z.boolean(),
  acceptsCash: z.boolean(),
})

export const StoreFulfilmentRequestSchema = z.object({
  ...StoreIdBody,
  ...StoreFulfilmentSchema.shape,
})

/** POST /staff/operator/stores/switch: the staff open/closed switch (temporarily closed). */
export const StoreSwitchRequestSchema = z.object({
  ...StoreIdBody,
  temporarilyClosed: z.boolean(),
})

/** POST /staff/operator/stores/locate: a postcode's coordinates, by the business's rule. */
export const StoreLocateRequestSchema = z.object({
  businessId: BusinessIdSchema,
  postcode: z.string().max(TEXT_MAX_LENGTH.postcode),
})
export type StoreLocation = z.infer<typeof StoreLocationSchema>
export const StoreLocationSchema = z.object({
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** 'outcode' when only the district is known: the operator should adjust the point. */
  precision: z.string(),
})

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

export const StoreClosureAddRequestSchema = z.object({
  ...StoreIdBody,
  closedOn: z
    .string()
    .regex(ISO_DATE_PATTERN, { error: MESSAGES.storeDateRequired })
    .refine((date) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`)), {
      error: MESSAGES.storeDateRequired,
    }),
  reason: optionalText('Reason', 200),
})
export const StoreClosureRemoveRequestSchema = z.object({ ...StoreIdBody, closureId: IdSchema })

export const ZONE_KINDS = ['radius', 'outcode'] as const

/** POST /staff/operator/stores/zones/save: a new zone (no zoneId) or a changed one. */
export type StoreZoneRequest = z.infer<typeof StoreZoneRequestSchema>
export const StoreZoneRequestSchema = z
  .object({
    ...StoreIdBody,
    zoneId: IdSchema.optional(),
    kind: z.enum(ZONE_KINDS),
    radiusKm: KmSchema.nullish(),
    outcode: z
      .string()
      .trim()
      .toUpperCase()
      .max(4)
      .nullish()
      .transform((value) => value || null),
    /** Null = the store's own fee / minimum. */
    deliveryFee: MoneySchema.nullable(),
    minimumSpend: MoneySchema.nullable(),
    isActive: z.boolean(),
  })
  .superRefine((zone, ctx) => {
    if (zone.kind === 'radius' && !zone.radiusKm) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.storeRadiusInvalid, path: ['radiusKm'] })
    }
    if (zone.kind === 'outcode' && !zone.outcode) {
      ctx.addIssue({
        code: 'custom',
        message: MESSAGES.storeOutcodeFormat,
        path: ['outcode'],
      })
    }
  })
export const StoreZoneRemoveRequestSchema = z.object({ ...StoreIdBody, zoneId: IdSchema })

// --- Answers ------------------------------------------------------------------------------

export const OperatorHoursSchema = z.object({
  method: z.enum(OPENING_HOURS_KINDS),
  dayOfWeek: z.int(),
  opensAt: z.string(),
  closesAt: z.string(),
})

export type OperatorZone = z.infer<typeof OperatorZoneSchema>
export const OperatorZoneSchema = z.object({
  id: IdSchema,
  kind: z.enum(ZONE_KINDS),
  radiusKm: z.number().nullable(),
  outcode: z.string().nullable(),
  deliveryFee: z.int().nullable(),
  minimumSpend: z.int().nullable(),
  isActive: z.boolean(),
})

export type OperatorClosure = z.infer<typeof OperatorClosureSchema>
export const OperatorClosureSchema = z.object({
  id: IdSchema,
  closedOn: z.string(),
  reason: z.string().nullable(),
})

/** A store as the console edits it: details, fulfilment, schedule, and its state now. */
export type OperatorStore = z.infer<typeof OperatorStoreSchema>
export const OperatorStoreSchema = z.object({
  id: IdSchema,
  ...StoreDetailsInputSchema.shape,
  description: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  addressLine2: z.string().nullable(),
  county: z.string().nullable(),
  slug: z.string(),
  name: z.string(),
  addressLine1: z.string(),
  town: z.string(),
  timeZone: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  temporarilyClosed: z.boolean(),
  ...StoreFulfilmentSchema.shape,
  hours: z.array(OperatorHoursSchema),
  closures: z.array(OperatorClosureSchema),
  zones: z.array(OperatorZoneSchema),
  availability: StoreAvailabilitySchema,
  /** The store's local date now (YYYY-MM-DD): closures before it are refused. */
  today: z.string(),
})

export type OperatorStoreRow = z.infer<typeof OperatorStoreRowSchema>
export const OperatorStoreRowSchema = z.object({
  id: IdSchema,
  name: z.string(),
  slug: z.string(),
  town: z.string(),
  postcode: z.string(),
  isActive: z.boolean(),
  temporarilyClosed: z.boolean(),
  deliveryEnabled: z.boolean(),
  collectionEnabled: z.boolean(),
  availability: StoreAvailabilitySchema.shape.state,
  /** A manager's pause still running (issue 44): its end (ISO instant) and reason; else null. */
  pause: z.object({ until: z.string(), reason: z.string() }).nullable(),
  timeZone: z.string(),
})

export const OperatorStoreListSchema = z.object({ stores: z.array(OperatorStoreRowSchema) })
