import type { Context } from 'hono'
import {
  DriverPage,
  type DriverStop,
} from '../../../client/components/store-console/ConsolePages.tsx'
import { StoreOrderBoardSchema, type StoreOrderSummary } from '../../../schemas/store-orders.ts'
import type { AppEnv } from '../../env.ts'
import { readStaffAccessToken } from '../../lib/cookies/staff-session.ts'
import { consoleFrame } from './frame.ts'
import { FROM_DRIVER, orderDetail } from './order.tsx'
import { STORE_API_PREFIX, STORE_PATHS } from '../../lib/store-console-paths.ts'
import { renderConsole } from './render.tsx'
import { staffOrSignIn } from './session.ts'

/** A delivery's place in the round: no route planner, so by slot (as soon as possible first). */
function routeKey(order: StoreOrderSummary): string {
  return order.slot.kind === 'asap'
    ? `0 ${order.placedAt}`
    : `1 ${order.slot.date} ${order.slot.startsAt}`
}

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
 * or en route), in route order, each with its address, maps and call links and its actions.
 */
export async function driverPage(c: Context<AppEnv>): Promise<Response> {
  const signedIn = await staffOrSignIn(c)
  if ('redirect' in signedIn) return signedIn.redirect
  const { staff } = signedIn
  const token = readStaffAccessToken(c)
  const storeIds = [
    ...new Set(staff.stores.filter((s) => s.role === 'driver').map((s) => s.storeId)),
  ]
  const boards = await Promise.all(
    storeIds.map((storeId) =>
      c.var.backend.post('/staff/orders/board', {
        body: { businessId: c.var.brand.businessId, storeId },
        token,
        schema: StoreOrderBoardSchema,
      })
    )
  )
  const mine = boards
    .flatMap((board) => board.orders.map((order) => ({ storeId: board.storeId, order })))
    .filter(
      ({ order }) =>
        order.fulfilmentMethod === 'delivery' &&
        order.driver?.staffId === staff.staffId &&
        (order.status === 'picked' || order.status === 'en_route')
    )
    .sort((a, b) => routeKey(a.order).localeCompare(routeKey(b.order)))
  const stops: Array<DriverStop> = await Promise.all(
    mine.map(async ({ storeId, order }) => {
      const detail = await orderDetail(c, storeId, order.orderId)
      return {
        storeId,
        order: detail,
        action: `${STORE_PATHS.order(storeId, order.orderId)}?from=${FROM_DRIVER}`,
        ...mapsLinks(detail),
      }
    })
  )
  return renderConsole(c, 'My deliveries', (chrome) => (
    <DriverPage
      frame={consoleFrame(chrome, staff)}
      stops={stops}
      idempotencyKey={crypto.randomUUID()}
      locationApi={`${STORE_API_PREFIX}/staff/deliveries/location`}
    />
  ))
}
