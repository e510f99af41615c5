import { z } from 'zod'
import { IdSchema } from './common.ts'
import { StoreOrdersScopeSchema } from './store-orders.ts'

/**
 * POST /staff/deliveries/route: the signed-in driver's deliveries still to do at one store
 * (picked or en route, assigned to them), in the order to drive them (ADR 017 "The driver's
 * route"): window by window, nearest first inside a window.
 */
export const DriverRouteRequestSchema = StoreOrdersScopeSchema
export type DriverRouteRequest = z.output<typeof DriverRouteRequestSchema>

export const DriverRouteStopSchema = z.object({
  orderId: IdSchema,
  /** 1 for the first stop. */
  stop: z.int().positive(),
  /** From the previous stop (the store for the first); null when either was never located. */
  distanceKm: z.number().nonnegative().nullable(),
})
export type DriverRouteStop = z.infer<typeof DriverRouteStopSchema>

export const DriverRouteSchema = z.object({
  storeId: IdSchema,
  /** The store's country: the one distance unit its people read (schemas/distance.ts). */
  countryCode: z.string().length(2),
  stops: z.array(DriverRouteStopSchema),
})
export type DriverRoute = z.infer<typeof DriverRouteSchema>
