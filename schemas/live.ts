import { z } from 'zod'
import { ORDER_STATUSES } from './checkout-answers.ts'
import { BusinessIdSchema, IdSchema } from './common.ts'

/*
 * The live order board (ADR 017 "Live board"): what the store's board Durable Object receives
 * from the backend, what it says to the boards' WebSockets and what a board may ask it. The
 * driver's position (POST /staff/deliveries/location) is here too: the tracking map and the
 * local driver simulator read the same limits.
 */

/** How many past events a board keeps, so a board that reconnects can catch up. */
export const BOARD_EVENTS_KEPT = 200

/**
 * A change on a store's order board (worker/backend/adapters.ts OrderBoardEvent, as zod): it names
 * the order and never carries shopper data; the board reloads what it shows from the staff API.
 */
export const OrderBoardEventSchema = z.object({
  businessId: BusinessIdSchema,
  storeId: IdSchema,
  orderId: IdSchema,
  status: z.enum(ORDER_STATUSES),
  change: z.enum(['placed', 'updated']),
  at: z.iso.datetime(),
})

/** An event as the board sends it: numbered, so a board knows what it has seen. */
export type SequencedBoardEvent = z.infer<typeof SequencedBoardEventSchema>
export const SequencedBoardEventSchema = z.object({
  seq: z.int().positive(),
  event: OrderBoardEventSchema,
})

/**
 * What the board's Durable Object sends down a socket:
 * - `hello` on connect: the last sequence number, for the next "since";
 * - `event`: a change, live or caught up;
 * - `caught_up`: every event after the board's "since" has been sent;
 * - `reload`: the board asked for events it no longer keeps (or from another life of its
 *   storage): reload the list from the API, then carry on from `seq`.
 */
export type BoardServerMessage = z.infer<typeof BoardServerMessageSchema>
export const BoardServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), seq: z.int().nonnegative() }),
  z.object({ type: z.literal('event'), seq: z.int().positive(), event: OrderBoardEventSchema }),
  z.object({ type: z.literal('caught_up'), seq: z.int().nonnegative() }),
  z.object({ type: z.literal('reload'), seq: z.int().nonnegative() }),
])

/** What a board may send: "send me what happened after seq K" (after a reconnect). */
export type BoardClientMessage = z.infer<typeof BoardClientMessageSchema>
export const BoardClientMessageSchema = z.object({
  type: z.literal('since'),
  seq: z.int().nonnegative(),
})

/**
 * The keep-alive a board sends while idle, answered by the runtime itself
 * (setWebSocketAutoResponse) without waking the Durable Object.
 */
export const BOARD_PING = 'ping'
export const BOARD_PONG = 'pong'

// --- Driver location -----------------------------------------------------------------------

/**
 * Where a delivery may be, roughly: Great Britain, Northern Ireland and the islands around them.
 * A fix outside is a broken or spoofed device, never a delivery of a UK store.
 */
export const UK_BOUNDS = { south: 49.8, north: 60.9, west: -8.7, east: 1.8 } as const

/** A fix less precise than this (metres, 68 % radius) would put the driver on the wrong street. */
export const MAX_LOCATION_ACCURACY_METRES = 1000

/** One stored position per order per this many seconds: a phone may send more often. */
export const LOCATION_MIN_INTERVAL_SECONDS = 2

/** A fix taken this long before it arrives is stale (the phone was offline): refused. */
export const LOCATION_MAX_AGE_SECONDS = 300

/** A fix from further in the future than this is a device clock gone wrong: refused. */
export const LOCATION_MAX_CLOCK_SKEW_SECONDS = 60

/** POST /staff/deliveries/location: the assigned driver's phone, while the order is en route. */
export type DriverLocationUpdate = z.infer<typeof DriverLocationUpdateSchema>
export const DriverLocationUpdateSchema = z.object({
  businessId: BusinessIdSchema,
  storeId: IdSchema,
  orderId: IdSchema,
  lat: z.number().min(UK_BOUNDS.south).max(UK_BOUNDS.north),
  lng: z.number().min(UK_BOUNDS.west).max(UK_BOUNDS.east),
  accuracy: z.number().positive().max(MAX_LOCATION_ACCURACY_METRES),
  /** When the device took the fix (ISO 8601). */
  at: z.iso.datetime({ offset: true }),
})

/** The answer: `recorded` false when a position was stored less than the interval ago. */
export type DriverLocationRecorded = z.infer<typeof DriverLocationRecordedSchema>
export const DriverLocationRecordedSchema = z.object({
  orderId: z.int(),
  recorded: z.boolean(),
  /** When the stored position was taken in (the app clock). */
  updatedAt: z.string(),
})
