import type { Context } from 'hono'
import { DriverPage, type DriverStop } from './DriverPage.tsx'
import { stopLabel } from '../../../../client/lib/driver-stops.ts'
import { DriverRouteSchema } from '../../../../schemas/driver-route.ts'
import type { AppEnv } from '../../../env.ts'
import { readStaffAccessToken } from '../../../lib/cookies/staff-session.ts'
import { localDate } from '../../../../client/lib/slots.ts'
import { now } from '../../../lib/clock.ts'
import { consoleFrame } from '../frame.ts'
import { FROM_DRIVER, orderDetail } from './handlers.tsx'
import { STORE_API_PREFIX, STORE_PATHS } from '../../../lib/store-console-paths.ts'
import { renderConsole } from '../render.tsx'
import { staffOrSignIn } from '../session.ts'
import { handBackNotice } from './hand-back-form.ts'

/** An address as a maps search: Google Maps' universal link opens the phone's maps app. */
function mapsLinks(order: Awaited<ReturnType<typeof orderDetail>>) {
  const address = order.deliveryAddress
  const text = address
    ? [address.addressLine1, address.addressLine2, address.town, address.postcode]
        .filter(Boolean)
        .join(', ')
    : ''
  const query = encodeURIComponent(text)
  return {
    mapsHref: `https://www.google.com/maps/search/?api=1&query=${query}`,
    geoHref: `geo:0,0?q=${query}`,
  }
}

/**
 * GET /store/driver: the deliveries assigned to the signed-in driver that are still to do (picked
 * or en route), in route order with each stop's number and distance from the previous one, its
 * address, maps and call links and its actions.
 */
export async function driverPage(c: Context<AppEnv>): Promise<Response> {
  const signedIn = await staffOrSignIn(c)
  if ('redirect' in signedIn) return signedIn.redirect
  const { staff } = signedIn
  const token = readStaffAccessToken(c)
  const storeIds = [
    ...new Set(staff.stores.filter((s) => s.role === 'driver').map((s) => s.storeId)),
  ]
  // Each store's round in route order (the backend's route-order.ts), one store after another.
  const routes = await Promise.all(
    storeIds.map((storeId) =>
      c.var.backend.post('/staff/deliveries/route', {
        body: { businessId: c.var.brand.businessId, storeId },
        token,
        schema: DriverRouteSchema,
      })
    )
  )
  // One instant for the page: each stop's day is read in its own store's zone.
  const renderedAt = now(c.env).toISOString()
  const stops: Array<DriverStop> = await Promise.all(
    routes.flatMap(({ storeId, countryCode, stops: route }) =>
      route.map(async (stop) => {
        const detail = await orderDetail(c, storeId, stop.orderId)
        const today = localDate(renderedAt, detail.timeZone)
        return {
          storeId,
          order: detail,
          routeLabel: stopLabel(stop, countryCode),
          day:
            detail.slot.kind === 'asap' || detail.slot.date <= today ? 'today' : detail.slot.date,
          action: `${STORE_PATHS.order(storeId, stop.orderId)}?from=${FROM_DRIVER}`,
          handBack: STORE_PATHS.handBack(storeId, stop.orderId),
          ...mapsLinks(detail),
        }
      })
    )
  )
  return renderConsole(c, 'My deliveries', (chrome) => (
    <DriverPage
      frame={consoleFrame(chrome, staff)}
      stops={stops}
      idempotencyKey={crypto.randomUUID()}
      locationApi={`${STORE_API_PREFIX}/staff/deliveries/location`}
      notice={handBackNotice(c)}
    />
  ))
}
