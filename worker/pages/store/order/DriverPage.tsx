import type { StoreOrderDetail } from '../../../../schemas/store-orders.ts'
import { FormAlert } from '../../../../client/components/forms/Form.tsx'
import { DoorHandBack } from '../../../../client/components/order-changes/DoorHandBack.tsx'
import type { PageChrome } from '../../../../client/lib/page-chrome.ts'
import {
  ConsoleLayout,
  type ConsoleLinks,
  type ConsoleUser,
} from '../../../../client/components/store-console/ConsoleLayout.tsx'
import { slotLabel } from '../../../../client/lib/store-console-format.ts'
import { paidWithLabel } from '../../../../client/lib/order-display.ts'
import { dayMonth, weekdayLong } from '../../../../client/lib/slots.ts'
import { OrderActionForms } from './OrderActions.tsx'
import { useMoney } from '../../../../client/lib/shop-locale.ts'

import { DriverLocationIsland } from '../../../../client/components/store-console/console-islands.tsx'

interface Frame {
  chrome: PageChrome
  links: ConsoleLinks
  user: ConsoleUser
}

export interface DriverStop {
  storeId: number
  order: StoreOrderDetail
  /** Its place in the round: 'Stop 2 · 1.3 miles' (stopLabel). */
  routeLabel: string
  /** The stop's day at its store: as soon as possible or a slot today, else the slot's date. */
  day: 'today' | string
  action: string
  /** Where the driver records a substitute handed back at the door (issue 42). */
  handBack: string
  mapsHref: string
  geoHref: string
}

/** What the driver takes at the door: the cash to collect, or nothing because it is paid. */
function DoorPayment({ order }: { order: StoreOrderDetail }) {
  const formatMoney = useMoney()
  const method = order.money.paymentMethod
  if (method === 'paymentCash' && order.money.total > 0) {
    return (
      <p className="mt-2 rounded-md bg-amber-100 px-2 py-1 font-extrabold text-amber-950 ring-1 ring-amber-700/30">
        Collect {formatMoney(order.money.total)} in cash
      </p>
    )
  }
  const paid = method
    ? paidWithLabel({ method, cardBrand: null, cardLast4: null }, 'delivery', order.money)
    : null
  return (
    <p className="mt-2 text-sm font-semibold">Paid{paid ? ` · ${paid}` : ''}: nothing to take</p>
  )
}

function DriverStopCard({ stop, idempotencyKey }: { stop: DriverStop; idempotencyKey: string }) {
  const { order, routeLabel, action, mapsHref, geoHref } = stop
  const address = order.deliveryAddress
  return (
    <li className="rounded-2xl border-2 border-black/10 bg-white p-4">
      <p className="text-sm font-bold text-primary">{routeLabel}</p>
      <p className="font-extrabold">
        {order.orderNumber} · {slotLabel(order.slot)}
      </p>
      <p className="text-sm">{order.statusLabel}</p>
      {address ? (
        <p className="mt-1">
          {[address.addressLine1, address.addressLine2, address.town, address.postcode]
            .filter(Boolean)
            .join(', ')}
        </p>
      ) : null}
      {order.instructions ? (
        <p className="mt-2 rounded-md bg-tint px-2 py-1 text-sm">
          <span className="font-bold">Instructions: </span>
          {order.instructions}
        </p>
      ) : null}
      <DoorPayment order={order} />
      <p className="mt-2 flex flex-wrap gap-3">
        <a href={mapsHref} className="font-bold text-primary underline">
          Open in maps
        </a>
        <a href={geoHref} className="font-bold text-primary underline">
          Maps app
        </a>
        {order.customer.phone ? (
          <a href={`tel:${order.customer.phone}`} className="font-bold text-primary underline">
            Call {order.customer.firstName}
          </a>
        ) : null}
      </p>
      {order.departments.some((d) => d.lines.some((line) => line.challenge25)) ? (
        <p className="mt-2 rounded-md bg-amber-200 px-2 py-1 text-sm font-extrabold text-amber-950">
          Challenge 25: check ID at the door
        </p>
      ) : null}
      <DoorHandBack order={order} action={stop.handBack} />
      <div className="mt-3">
        <OrderActionForms order={order} action={action} idempotencyKey={idempotencyKey} />
      </div>
    </li>
  )
}

/**
 * /store/driver: the driver's deliveries in route order (phone first): today's, then any later
 * day's already picked, under its own date, so "today" means today.
 */
export function DriverPage({
  frame,
  stops,
  idempotencyKey,
  locationApi,
  notice = null,
}: {
  frame: Frame
  stops: ReadonlyArray<DriverStop>
  idempotencyKey: string
  locationApi: string
  /** After a hand back at the door: what happened. */
  notice?: { ok: boolean; message: string } | null
}) {
  const enRoute = stops.find((stop) => stop.order.status === 'en_route')
  const today = stops.filter((stop) => stop.day === 'today')
  const laterDays = [...new Set(stops.map((stop) => stop.day).filter((day) => day !== 'today'))]
  return (
    <ConsoleLayout {...frame}>
      <h1 className="text-2xl font-extrabold tracking-tight">My deliveries</h1>
      {notice?.ok ? (
        <p role="status" className="mt-3 rounded-xl bg-green-50 p-3 font-semibold text-green-900">
          {notice.message}
        </p>
      ) : null}
      {notice && !notice.ok ? <FormAlert id="hand-back-alert" message={notice.message} /> : null}
      {enRoute ? (
        <DriverLocationIsland
          storeId={enRoute.storeId}
          orderId={enRoute.order.orderId}
          locationApi={locationApi}
        />
      ) : null}
      <h2 className="mt-4 text-lg font-bold">Today</h2>
      {today.length === 0 ? (
        <p className="mt-2">No deliveries are assigned to you today.</p>
      ) : (
        <ol className="mt-2 space-y-3">
          {today.map((stop) => (
            <DriverStopCard key={stop.order.orderId} stop={stop} idempotencyKey={idempotencyKey} />
          ))}
        </ol>
      )}
      {laterDays.map((day) => (
        <section key={day} aria-labelledby={`driver-day-${day}`}>
          <h2 id={`driver-day-${day}`} className="mt-6 text-lg font-bold">
            {weekdayLong(day)} {dayMonth(day)}
          </h2>
          <ol className="mt-2 space-y-3">
            {stops
              .filter((stop) => stop.day === day)
              .map((stop) => (
                <DriverStopCard
                  key={stop.order.orderId}
                  stop={stop}
                  idempotencyKey={idempotencyKey}
                />
              ))}
          </ol>
        </section>
      ))}
    </ConsoleLayout>
  )
}
