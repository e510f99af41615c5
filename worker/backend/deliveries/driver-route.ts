import type { Context } from 'hono'
import type { DriverRoute, DriverRouteRequest } from '../../../schemas/driver-route.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import type { BackendEnv } from '../env.ts'
import { requireStaff } from '../staff/guard.ts'
import { driverDeliveries, findStorePlace, type RouteDeliveryRow } from './repo.ts'
import { slotOf } from '../orders/view.ts'
import { type RouteStopInput, routeOrder } from './route-order.ts'

function stopOf(row: RouteDeliveryRow): RouteStopInput {
  const { delivery_latitude: latitude, delivery_longitude: longitude } = row
  return {
    orderId: row.id,
    window: slotOf(row),
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
