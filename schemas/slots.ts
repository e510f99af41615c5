import { z } from 'zod'
import { BusinessIdSchema, CallingBrandIdSchema, IdSchema } from './common.ts'
import { DEFAULT_FULFILMENT_METHOD, FULFILMENT_METHODS, LONGEST_POSTCODE } from './constants.ts'
import { MESSAGES } from './messages.ts'
import { SlotReservationSchema } from './slot-reservation.ts'
import { StoreAtLocationSchema } from './stores.ts'

/** With storeId, the store's time zone; otherwise the business's. */
export const ServerTimeQuerySchema = z.object({
  businessId: BusinessIdSchema,
  storeId: IdSchema.optional(),
})

/** Spec §7 time slots "Server time (GET)": the clock slot countdowns are measured against. */
export type ServerTime = z.infer<typeof ServerTimeSchema>
export const ServerTimeSchema = z.object({
  /** Now, ISO 8601 in UTC (`2026-11-21T09:30:00.000Z`). */
  serverTime: z.iso.datetime(),
  /** IANA time zone, e.g. Europe/London. */
  timeZone: z.string(),
  /** Now in that time zone, ISO 8601 with its offset (`2026-11-21T09:30:00+00:00`). */
  localTime: z.iso.datetime({ offset: true }),
  /** The local calendar date (YYYY-MM-DD). */
  localDate: z.iso.date(),
  /** The zone's offset from UTC now, e.g. +01:00. */
  utcOffset: z.string().regex(/^[+-]\d{2}:\d{2}$/),
})

// --- Slot list and reservation (spec §7 Time slots, §3 Time slot, §4 Slot reservation) ----------

const MethodSchema = z.enum(FULFILMENT_METHODS)

/** A local calendar date; the slot date checks ('after or equal to today') run in the service. */
export const SlotDateSchema = z.iso.date({ error: MESSAGES.slotDateInvalid })

/** A local start time, HH:mm (spec §9 date formats). */
export const SlotTimeSchema = z
  .string({ error: MESSAGES.validationError })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: MESSAGES.validationError })

const CoordinateSchema = z.coerce.number({ error: MESSAGES.validationError })

/**
 * Spec §7 List (storeId, fulfilmentMethod, startDate, endDate, latitude, longitude, basketToken).
 * startDate defaults to the store's today, endDate to the last day it takes orders for (today +
 * daysInAdvance); a startDate before the store's today gets 'Time slot date provided was not valid.
 * Date must be a date after or equal to today'. With basketToken the answer says which slot the
 * basket holds.
 */
export const TimeSlotListRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  storeId: IdSchema,
  fulfilmentMethod: MethodSchema.default(DEFAULT_FULFILMENT_METHOD),
  startDate: SlotDateSchema.optional(),
  endDate: SlotDateSchema.optional(),
  latitude: CoordinateSchema.min(-90).max(90).optional(),
  longitude: CoordinateSchema.min(-180).max(180).optional(),
  /** Where the shopper is, with latitude and longitude: the answer's atLocation is for it. */
  postcode: z.string().trim().max(LONGEST_POSTCODE).optional(),
  basketToken: z.string().trim().min(16).max(200).optional(),
})

/** Spec §3 Time slot: local date and time plus the UTC instants it starts and ends. */
export type TimeSlot = z.infer<typeof TimeSlotSchema>
export const TimeSlotSchema = z.object({
  /** Local date, YYYY-MM-DD. */
  timeSlotDate: z.iso.date(),
  /** Local start, HH:mm. */
  timeSlotTime: z.string(),
  /** Local end, HH:mm. */
  endTime: z.string(),
  /** Start and end instants, ISO 8601 UTC. */
  startDate: z.iso.datetime(),
  endDate: z.iso.datetime(),
  /** Places left now (capacity − held and confirmed reservations). */
  remaining: z.int().nonnegative(),
  /** False when full, blocked or starting too soon (inside the lead time). */
  available: z.boolean(),
})

export type TimeSlotDay = z.infer<typeof TimeSlotDaySchema>
export const TimeSlotDaySchema = z.object({
  date: z.iso.date(),
  /** Closed all day (no hours for the method, or a closure). */
  closed: z.boolean(),
  slots: z.array(TimeSlotSchema),
})

export type TimeSlotList = z.infer<typeof TimeSlotListSchema>
export const TimeSlotListSchema = z.object({
  storeId: z.int(),
  fulfilmentMethod: MethodSchema,
  timeZone: z.string(),
  /** Now, ISO 8601 UTC: the page's countdown clock is measured against it. */
  serverTime: z.iso.datetime(),
  daysInAdvance: z.int().nonnegative(),
  asap: z.object({
    /** The store is open for the method now, allows ASAP, and can still fulfil before closing. */
    available: z.boolean(),
    /** When an ASAP order would arrive or be ready (ISO 8601 UTC), if available. */
    estimatedAt: z.iso.datetime().nullable(),
    leadMinutes: z.int().nonnegative(),
  }),
  days: z.array(TimeSlotDaySchema),
  /** The basket's live reservation, when basketToken named a basket that holds one. */
  reservation: SlotReservationSchema.nullable(),
  /**
   * Whether and on what terms the store delivers where the call says the shopper is (latitude and
   * longitude, with the postcode for outcode zones): what a reservation there would be checked
   * against. Null without a place.
   */
  atLocation: StoreAtLocationSchema.nullable(),
})

/**
 * Spec §7 Reserve slot (storeId, basketToken, timeSlotDate, fulfilmentMethod, plus timeSlotTime,
 * postcode, latitude, longitude). Without timeSlotTime it reserves ASAP. Replaces the basket's
 * previous hold atomically; a full slot is a conflict ('There was an error reserving time slot.').
 */
export const ReserveSlotRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  storeId: IdSchema,
  basketToken: z
    .string({ error: MESSAGES.validationError })
    .trim()
    .min(16, { error: MESSAGES.validationError })
    .max(200, { error: MESSAGES.validationError }),
  fulfilmentMethod: MethodSchema.default(DEFAULT_FULFILMENT_METHOD),
  timeSlotDate: SlotDateSchema,
  timeSlotTime: SlotTimeSchema.optional(),
  postcode: z.string().trim().max(LONGEST_POSTCODE).optional(),
  latitude: CoordinateSchema.min(-90).max(90).optional(),
  longitude: CoordinateSchema.min(-180).max(180).optional(),
})

// The reservation and reserve's answer: defined in slot-reservation.ts, which the slot island loads
// without this module.
export {
  ReserveSlotResultSchema,
  SlotReservationSchema,
  type SlotReservation,
} from './slot-reservation.ts'
