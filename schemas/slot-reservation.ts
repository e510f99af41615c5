import { z } from 'zod'
import { FULFILMENT_METHODS, FULFILMENT_TIMINGS } from './constants.ts'

/*
 * A slot reservation and the answer of reserve slot (spec §7 Time slots), apart from the list and
 * request schemas of schemas/slots.ts so the slot island checks the answer loading only zod and
 * the constants. schemas/slots.ts re-exports them: each shape is defined once.
 */

/**
 * A reservation (spec §4): future slots and ASAP both hold for 15 minutes (expiresAt) until the
 * order is placed; an expired hold gives its place back and must be replaced.
 */
export type SlotReservation = z.infer<typeof SlotReservationSchema>
export const SlotReservationSchema = z.object({
  reservationId: z.int(),
  type: z.enum(FULFILMENT_TIMINGS),
  storeId: z.int(),
  fulfilmentMethod: z.enum(FULFILMENT_METHODS),
  /** Local date of the slot (ASAP: today). */
  timeSlotDate: z.iso.date(),
  /** Local start HH:mm; null for ASAP. */
  timeSlotTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** UTC instants; ASAP: the estimated ready/delivery time as both. */
  startDate: z.iso.datetime(),
  endDate: z.iso.datetime(),
  status: z.enum(['held', 'confirmed', 'released', 'expired']),
  /** When the hold lapses (ISO 8601 UTC); countdowns measure against server time. */
  expiresAt: z.iso.datetime(),
})

/** Spec §7 Reserve slot's answer: the basket's new hold. */
export const ReserveSlotResultSchema = z.object({ reservation: SlotReservationSchema })
