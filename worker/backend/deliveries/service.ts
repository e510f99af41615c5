import type { Context } from 'hono'
import {
  type DriverLocationRecorded,
  type DriverLocationUpdate,
  LOCATION_MAX_AGE_SECONDS,
  LOCATION_MAX_CLOCK_SKEW_SECONDS,
  LOCATION_MIN_INTERVAL_SECONDS,
} from '../../../schemas/live.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { ORDER_STATUS_LABELS, type OrderStatusName } from '../../../schemas/order-states.ts'
import { clockState, now as clockNow } from '../../lib/clock.ts'
import { AppError } from '../../lib/errors.ts'
import type { BackendEnv } from '../env.ts'
import { requireStaff } from '../staff/guard.ts'
import { publishDriverPosition } from '../tracking/service.ts'
import {
  type DeliveryRow,
  findDriverPositionTime,
  findStoreDelivery,
  storeDriverPosition,
} from './repo.ts'

const notYours = () => new AppError('not_found', MESSAGES.orderNotFound)

/** The refusal of a position for an order that is not (or no longer) on the road. */
function notEnRoute(status: string): AppError {
  return new AppError(
    'conflict',
    formatMessage('orderActionWrongState', ORDER_STATUS_LABELS[status as OrderStatusName])
  )
}

/** Whose and where the delivery is: 404 unless it is the caller's, 409 unless it is en route. */
function checkDelivery(row: DeliveryRow | null, driverId: number): DeliveryRow {
  if (!row || row.fulfilment_method !== 'delivery' || row.driver_id !== driverId) throw notYours()
  if (row.status !== 'en_route') throw notEnRoute(row.status)
  return row
}

/** A fix the phone took too long ago, or in the future by its own clock: nothing is stored. */
function checkFixTime(at: string, now: Date): void {
  const ageMs = now.getTime() - Date.parse(at)
  if (ageMs > LOCATION_MAX_AGE_SECONDS * 1000 || -ageMs > LOCATION_MAX_CLOCK_SKEW_SECONDS * 1000) {
    throw new AppError('validation_error', MESSAGES.validationError, {
      fields: [{ field: 'at', message: MESSAGES.validationError }],
    })
  }
}

/**
 * The assigned driver's phone reports where it is (POST /staff/deliveries/location). Only a
 * driver of the order's store, only for the delivery assigned to them (another's: 404, nothing
 * revealed), only while it is Driver en Route (409 with the status it is in). At most one
 * position per order per LOCATION_MIN_INTERVAL_SECONDS is stored; a fix inside the interval is
 * answered `recorded: false` rather than an error, since a phone sending every second is doing
 * nothing wrong. The stored time is the app clock's (ADR 011), never the phone's.
 */
export async function recordDriverLocation(
  c: Context<BackendEnv>,
  body: DriverLocationUpdate,
  now: Date = clockNow(c.env)
): Promise<DriverLocationRecorded> {
  const { businessId, storeId, orderId } = body
  const caller = await requireStaff(c, { businessId, roles: ['driver'], storeId })
  checkDelivery(await findStoreDelivery(c.env.DB, businessId, storeId, orderId), caller.staffId)
  // A clock pinned to another date (development and test only, ADR 011) and a phone's real clock
  // disagree by design, so the fix's age is judged only against an unpinned clock (always so in
  // production).
  if (!clockState(c.env).pinned) checkFixTime(body.at, now)
  const at = now.toISOString()
  const stored = await storeDriverPosition(c.env.DB, {
    orderId,
    driverId: caller.staffId,
    latitude: body.lat,
    longitude: body.lng,
    at,
    notAfter: new Date(now.getTime() - LOCATION_MIN_INTERVAL_SECONDS * 1000).toISOString(),
  })
  if (stored) {
    // The shopper's tracking page moves its marker live (ADR 019); never fails the driver's call.
    await publishDriverPosition(
      { ...c.env, ...c.var.adapters },
      { businessId, orderId, lat: body.lat, lng: body.lng, at }
    )
    return { orderId, recorded: true, updatedAt: at }
  }
  // Not stored: the order moved on (delivered, reassigned) since the read, or it is the throttle.
  checkDelivery(await findStoreDelivery(c.env.DB, businessId, storeId, orderId), caller.staffId)
  const last = await findDriverPositionTime(c.env.DB, orderId)
  return { orderId, recorded: false, updatedAt: last ?? at }
}
