import type { Context } from 'hono'
import type { DriverRoute, DriverRouteRequest } from '../../../schemas/driver-route.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import type { BackendEnv } from '../env.ts'
import { requireStaff } from '../staff/guard.ts'
import { driverDeliveries, findStorePlace, type RouteDeliveryRow } from './repo.ts'
import { type RouteStopInput, type RouteWindow, routeOrder } from './route-order.ts'

/** The slot as the route reads it: as the board shows it (a future order without one: asap). */
function windowOf(row: RouteDeliveryRow): RouteWindow {
  if (row.fulfilment_timing === 'asap' || !row.slot_date || !row.slot_starts_at) {
    return { kind: 'asap' }
  }
  return {
    kind: 'scheduled',
    date: row.slot_date,
    startsAt: row.slot_starts_at,
    endsAt: row.slot_ends_at ?? row.slot_starts_at,
  }
}

function stopOf(row: RouteDeliveryRow): RouteStopInput {
  const { delivery_latitude: latitude, delivery_longitude: longitude } = row
  return {
    orderId: row.id,
    window: windowOf(row),
    placedAt: row.placed_at,
    location: latitude !== null && longitude !== null ? { latitude, longitude } : null,
  }
}

/**
 * The signed-in driver's round at one store (POST /staff/deliveries/route): only a driver of the
 * store (others 403), only their own deliveries, in route order (route-order.ts).
 */
export async function driverRoute(
  c: Context<BackendEnv>,
  body: DriverRouteRequest
): Promise<DriverRoute> {
  const { businessId, storeId } = body
  const caller = await requireStaff(c, { businessId, roles: ['driver'], storeId })
  const store = await findStorePlace(c.env.DB, businessId, storeId)
  if (!store) throw new AppError('not_found', MESSAGES.orderNotFound)
  const rows = await driverDeliveries(c.env.DB, {
    businessId,
    storeId,
    driverId: caller.staffId,
  })
  const route = routeOrder(store, rows.map(stopOf))
  return {
    storeId,
    countryCode: store.country_code,
    stops: route.map(({ stop, number, distanceKm }) => ({
      orderId: stop.orderId,
      stop: number,
      distanceKm,
    })),
  }
}
