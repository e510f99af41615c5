import { z } from 'zod'
import { BusinessIdSchema, IdSchema } from './common.ts'

/**
 * The development mailbox (GET /dev/outbox): what the local messenger wrote to the outbox, so a
 * developer can read reset links and codes. Only where APP_ENV is a development environment.
 */
export const DEVELOPMENT_APP_ENVS: ReadonlyArray<string> = ['development', 'test']

/** Whether development-only tools (the mailbox) may answer in this APP_ENV. */
export function developmentToolsEnabled(appEnv: string | undefined): boolean {
  return appEnv !== undefined && DEVELOPMENT_APP_ENVS.includes(appEnv)
}

/** How many messages the mailbox lists, newest first. */
export const OUTBOX_LIST_LIMIT = 100

export const OutboxListQuerySchema = z.object({ businessId: BusinessIdSchema })

export type OutboxMessage = z.infer<typeof OutboxMessageSchema>
export const OutboxMessageSchema = z.object({
  id: IdSchema,
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  template: z.string(),
  /** The template's data (e.g. resetPath, code). */
  payload: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
})

export type OutboxList = z.infer<typeof OutboxListSchema>
export const OutboxListSchema = z.object({ messages: z.array(OutboxMessageSchema) })

/**
 * Staff closing a store for the day (stores.is_temporarily_closed), for local use and journeys
 * until the operator tools exist: POST /dev/stores/temporary-closure. Development only.
 */
export const TemporaryClosureRequestSchema = z.object({
  businessId: BusinessIdSchema,
  storeSlug: z.string().trim().min(1).max(120),
  closed: z.boolean(),
})
export const TemporaryClosureSchema = z.object({ storeSlug: z.string(), closed: z.boolean() })

/**
 * The development clock (PUT /dev/clock, worker/lib/clock.ts): pins the app's clock to an instant,
 * from which it moves on in real time, or lets it go back to the system clock (`now: null`), so
 * journeys and tests run on any date. Development and test only.
 */
export const ClockPinRequestSchema = z.object({ now: z.iso.datetime({ offset: true }).nullable() })
export const ClockStateSchema = z.object({
  /** The app's current instant, ISO 8601 UTC. */
  now: z.string(),
  pinned: z.boolean(),
})

/**
 * The simulated round trips (STOREFRONT_LATENCY) a Worker waited for since they were last taken:
 * the latency bench's count per flow (worker/lib/latency-simulation.ts). Development and test only.
 */
export type RoundTrips = z.infer<typeof RoundTripsSchema>
export const RoundTripsSchema = z.object({
  /** Storefront→backend calls, one after another. */
  backendHops: z.int().nonnegative(),
  /** D1 statements and batches, one after another. */
  d1Sequential: z.int().nonnegative(),
  /** D1 statements and batches in all. */
  d1Statements: z.int().nonnegative(),
  /** D1 round trips that go to the primary (a write, or a read D1 cannot send to a replica), one after another. */
  d1Primary: z.int().nonnegative(),
  /** D1 round trips a replica may answer (a read in the request's session), one after another. */
  d1Replica: z.int().nonnegative(),
  /** D1 statements and batches run after the answer, which no request waited for (ADR 065). */
  d1Background: z.int().nonnegative(),
})

/** How many payments the development ledger lists, newest first. */
export const PAYMENTS_LEDGER_LIMIT = 100

/**
 * The development payments ledger (GET /dev/payments): per payment that took money, what the shop
 * recorded (taken, refunded, voided) beside what the local sandbox gateway holds for the same
 * transaction, so a developer or a journey sees a refund reach the gateway. Development only.
 */
export const PaymentsLedgerQuerySchema = z.object({
  businessId: BusinessIdSchema,
  /** One order's payments (its number as the shopper sees it). */
  orderNumber: z.string().trim().min(1).max(40).optional(),
})

export const GatewayMoneySchema = z.object({
  captured: z.number().int(),
  refunded: z.number().int(),
  voided: z.number().int(),
})

export type PaymentsLedgerEntry = z.infer<typeof PaymentsLedgerEntrySchema>
export const PaymentsLedgerEntrySchema = z.object({
  paymentId: IdSchema,
  orderNumber: z.string(),
  /** What the order says the shopper finally pays, in pence. */
  orderTotal: z.number().int(),
  gateway: z.string(),
  gatewayOrderId: z.string().nullable(),
  taken: z.number().int(),
  refunded: z.number().int(),
  voided: z.number().int(),
  /** The sandbox gateway's own record of the transaction; null for cash or a real gateway. */
  atGateway: GatewayMoneySchema.nullable(),
})

export type PaymentsLedger = z.infer<typeof PaymentsLedgerSchema>
export const PaymentsLedgerSchema = z.object({ payments: z.array(PaymentsLedgerEntrySchema) })
