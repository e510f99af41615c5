import { z } from 'zod'
import { BusinessIdSchema, IdSchema } from './common.ts'

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
