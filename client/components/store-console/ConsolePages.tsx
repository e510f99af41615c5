import { MESSAGES } from '../../../schemas/messages.ts'
import { orderLineTitle, weighedPickNote } from '../../../schemas/weighing.ts'
import { CLOSING_LABELS, moneySummary } from '../../../schemas/money-summary.ts'
import { NamedDiscounts } from '../basket/NamedDiscounts.tsx'
import { VatBreakdownTable } from '../VatBreakdownTable.tsx'
import { AddedTaxList } from '../AddedTaxRows.tsx'
import type {
  StoreOrderBoard,
  StoreOrderDetail,
  StoreOrderLine,
  StoreOrderSummary,
} from '../../../schemas/store-orders.ts'
import { StoreBoard } from '../../islands/StoreBoard.tsx'
import { DriverLocation } from '../../islands/DriverLocation.tsx'
import { FormAlert, type FormErrors, type FormValues } from '../forms/Form.tsx'
import { GiveCreditForm } from './GiveCreditForm.tsx'
import { DoorHandBack } from '../order-changes/DoorHandBack.tsx'
import { OrderFacts, OrderHistory } from './OrderFacts.tsx'
import { island } from '../Island.tsx'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { ConsoleLayout, type ConsoleLinks, type ConsoleUser } from './ConsoleLayout.tsx'
import { ageLabel, methodLabel, slotLabel, storeDateTime } from './format.ts'
import { formatStoreTime } from '../../lib/format.ts'
import { paidWithLabel } from '../../lib/order-display.ts'
import { dayMonth, weekdayLong } from '../../lib/slots.ts'
import {
  LinePickForms,
  OrderActionForms,
  RefundLinesForm,
  type SubstituteResults,
} from './OrderActions.tsx'
import { displayPhone } from '../../../schemas/phone.ts'
import type { OrderReasonLists } from '../../../schemas/order-reasons.ts'
import { useMoney } from '../../lib/shop-locale.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

const StoreBoardIsland = island('StoreBoard', StoreBoard, { hydrate: 'load' })
const DriverLocationIsland = island('DriverLocation', DriverLocation, { hydrate: 'load' })

interface Frame {
  chrome: PageChrome
  links: ConsoleLinks
  user: ConsoleUser
}

/** /store: the stores the signed-in member of staff may act for, and the driver's page. */
export function StoresPage({
  frame,
  stores,
  driverHref,
  operatorHref,
  emptyMessage,
}: {
  frame: Frame
  stores: ReadonlyArray<{ name: string; roles: string; href: string }>
  driverHref: string | null
  /** The operator console, for operators only. */
  operatorHref: string | null
  emptyMessage: string
}) {
  return (
    <ConsoleLayout {...frame}>
      {operatorHref ? (
        <p className="mb-6 rounded-xl bg-tint p-4">
          <a href={operatorHref} className="font-bold text-primary underline underline-offset-4">
            Operator console
          </a>
          <span className="block text-sm text-ink/80">
            Brands, stores, catalogue, promotions and content.
          </span>
        </p>
      ) : null}
      <h1 className="text-2xl font-extrabold tracking-tight">Your stores</h1>
      {stores.length ? (
        <ul className="mt-4 space-y-2">
          {stores.map((store) => (
            <li key={store.href}>
              <a
                href={store.href}
                className="flex min-h-14 items-center justify-between rounded-xl border-2 border-black/10 bg-white px-4 font-bold hover:border-primary"
              >
                {store.name}
                <span className="text-sm font-normal text-ink/80">{store.roles}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4">{emptyMessage}</p>
      )}
      {driverHref ? (
        <p className="mt-6">
          <a href={driverHref} className="font-bold text-primary underline underline-offset-4">
            My deliveries
          </a>
        </p>
      ) : null}
    </ConsoleLayout>
  )
}

/** /store/<storeId>/board: the live order board (desktop first). */
export function BoardPage({
  frame,
  storeName,
  board,
  orderHref,
  boardApi,
  livePath,
  controlsHref = null,
}: {
  frame: Frame
  storeName: string
  board: StoreOrderBoard
  orderHref: string
  boardApi: string
  livePath: string
  /** The store's controls (pause new orders), for its manager and operators only. */
  controlsHref?: string | null
}) {
  return (
    <ConsoleLayout {...frame} wide>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-extrabold tracking-tight">Orders · {storeName}</h1>
        {controlsHref ? (
          <a
            href={controlsHref}
            className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
          >
            Store controls
          </a>
        ) : null}
      </div>
      <StoreBoardIsland
        board={board}
        orderHref={orderHref}
        boardApi={boardApi}
        livePath={livePath}
      />
    </ConsoleLayout>
  )
}

function LineRow({
  line,
  picking,
  order,
  action,
  idempotencyKey,
  substitutes,
}: {
  line: StoreOrderLine
  picking: boolean
  order: StoreOrderDetail
  action: string
  idempotencyKey: string
  substitutes: SubstituteResults | null
}) {
  const shop = useShopLocale()
  const formatMoney = useMoney()
  const markLabel: Record<string, string> = {
    picked: weighedPickNote(line, shop) ?? 'Picked',
    short: `Short: ${line.pickedQuantity ?? 0} found`,
    out_of_stock: 'Out of stock',
    substituted: `Substituted: ${line.substitute?.name ?? ''} × ${line.substitute?.quantity ?? 0}`,
  }
  return (
    <li className="rounded-xl border border-black/10 bg-white p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold">
          {orderLineTitle(line)}
          {line.challenge25 ? (
            <span className="ml-2 rounded-md bg-amber-200 px-2 py-0.5 text-xs font-extrabold text-amber-950">
              Challenge 25
            </span>
          ) : null}
          {line.substitution === 'replacement' ? (
            <span className="ml-2 rounded-md bg-tint px-2 py-0.5 text-xs font-extrabold">
              Replace with: {line.chosenReplacement?.name}
            </span>
          ) : line.allowSubstitutes ? (
            <span className="ml-2 rounded-md bg-tint px-2 py-0.5 text-xs font-semibold">
              Best match
            </span>
          ) : (
            <span className="ml-2 rounded-md bg-red-100 px-2 py-0.5 text-xs font-extrabold text-red-900 ring-1 ring-red-800/30">
              No substitutes
            </span>
          )}
        </span>
        <span className="text-sm">
          {/* A weighed line costs its estimate until it is weighed. */}
          {line.weighed && line.weighed.pickedGrams === null ? 'est. ' : null}
          {formatMoney(line.chargedPrice)}
        </span>
      </div>
      {line.selections.length ? (
        <p className="text-sm text-ink/80">{line.selections.join(', ')}</p>
      ) : null}
      {line.mark ? (
        <p
          className={`text-sm font-semibold ${line.weighed?.capped ? 'text-red-900' : ''}`}
          role={line.weighed?.capped ? 'alert' : undefined}
        >
          {markLabel[line.mark]}
        </p>
      ) : null}
      {line.refundedQuantity ? (
        <p className="text-sm font-semibold">Refunded: {line.refundedQuantity}</p>
      ) : null}
      {picking ? (
        <LinePickForms
          order={order}
          line={line}
          action={action}
          idempotencyKey={idempotencyKey}
          substitutes={substitutes?.lineId === line.lineId ? substitutes : null}
        />
      ) : null}
    </li>
  )
}

function Summary({ order }: { order: StoreOrderSummary & Pick<StoreOrderDetail, 'money'> }) {
  const formatMoney = useMoney()
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
      <dt className="font-semibold">Status</dt>
      <dd>{order.statusLabel}</dd>
      <dt className="font-semibold">Method</dt>
      <dd>{methodLabel(order.fulfilmentMethod)}</dd>
      <dt className="font-semibold">Slot</dt>
      <dd>{slotLabel(order.slot)}</dd>
      <dt className="font-semibold">Total</dt>
      <dd>{formatMoney(order.money.total)}</dd>
      {order.acceptBy ? (
        <>
          <dt className="font-semibold">Accept by</dt>
          <dd>{formatStoreTime(order.acceptBy, order.timeZone)}</dd>
        </>
      ) : null}
      {order.estimatedReadyAt ? (
        <>
          <dt className="font-semibold">Ready by</dt>
          <dd>{storeDateTime(order.estimatedReadyAt, order.timeZone)}</dd>
        </>
      ) : null}
    </dl>
  )
}

/** /store/<storeId>/orders/<orderId>: the picking list, the actions allowed now, the history. */
export function OrderPage({
  frame,
  order,
  at,
  action,
  idempotencyKey,
  error,
  boardHref,
  substitutes,
  credit = null,
  reasons,
}: {
  frame: Frame
  order: StoreOrderDetail
  at: string
  action: string
  idempotencyKey: string
  error: string | undefined
  boardHref: string
  /** A line's substitute search, when the page was opened with one. */
  substitutes: SubstituteResults | null
  /** A manager's "Give store credit" form with its refusals; null for other roles. */
  credit?: { errors: FormErrors; values: FormValues } | null
  /** The business's reject and cancel reasons (the defaults when absent). */
  reasons?: OrderReasonLists
}) {
  const formatMoney = useMoney()
  // The store credit the order used (ADR 020).
  const creditUsed = order.money.creditApplied
  const picking = order.allowedActions.includes('mark_line')
  const { money } = order
  const summary = moneySummary({ status: order.status, ...money })
  return (
    <ConsoleLayout {...frame}>
      <p>
        <a href={boardHref} className="font-semibold text-primary underline underline-offset-4">
          ← Back to the board
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-extrabold tracking-tight">Order {order.orderNumber}</h1>
      <p className="mt-1">
        <a
          href={`${action}/delivery-note`}
          className="text-sm font-semibold text-primary underline underline-offset-4"
        >
          Delivery note (allergens, to print)
        </a>
      </p>
      <p className="text-sm text-ink/80">
        Placed {ageLabel(order.placedAt, at)} ago · {order.customer.firstName}{' '}
        {order.customer.lastName}
        {order.customer.phone ? (
          <>
            {' · '}
            <a
              href={`tel:${order.customer.phone}`}
              className="font-semibold text-primary underline"
            >
              {displayPhone(order.customer.phone)}
            </a>
          </>
        ) : null}
      </p>
      <div className="mt-4">
        <FormAlert id="order-error" message={error} />
        <Summary order={order} />
        {order.closingReason ? <p className="mt-2 text-sm">Reason: {order.closingReason}</p> : null}
        {order.instructions ? (
          <p className="mt-2 text-sm">Instructions: {order.instructions}</p>
        ) : null}
        <OrderFacts order={order} />
      </div>
      <section aria-labelledby="actions" className="mt-6">
        <h2 id="actions" className="sr-only">
          Actions
        </h2>
        <OrderActionForms
          order={order}
          action={action}
          idempotencyKey={idempotencyKey}
          {...(reasons ? { reasons } : {})}
        />
        {order.allowedActions.includes('refund_lines') ? (
          <div className="mt-4">
            <RefundLinesForm order={order} action={action} idempotencyKey={idempotencyKey} />
          </div>
        ) : null}
        {credit && order.customer.member ? (
          <div className="mt-4">
            <GiveCreditForm action={action} idempotencyKey={idempotencyKey} {...credit} />
          </div>
        ) : null}
        {credit && !order.customer.member ? (
          <p className="mt-4 text-sm">{MESSAGES.creditGuestOrder}</p>
        ) : null}
      </section>
      <section aria-labelledby="picking" className="mt-6">
        <h2 id="picking" className="text-xl font-extrabold">
          Picking list
        </h2>
        {order.departments.map((department) => (
          <div key={department.department} className="mt-3">
            <h3 className="font-bold">{department.department}</h3>
            <ul className="mt-1 space-y-2">
              {department.lines.map((line) => (
                <LineRow
                  key={line.lineId}
                  line={line}
                  picking={picking}
                  order={order}
                  action={action}
                  idempotencyKey={idempotencyKey}
                  substitutes={substitutes}
                />
              ))}
            </ul>
          </div>
        ))}
      </section>
      <section aria-labelledby="money" className="mt-6">
        <h2 id="money" className="text-xl font-extrabold">
          Money
        </h2>
        <NamedDiscounts discounts={order.discounts} headingLevel={3} className="mt-2 sm:max-w-sm" />
        <dl className="mt-2 grid grid-cols-2 gap-y-1 text-sm sm:max-w-sm">
          <dt>Original total</dt>
          <dd className="text-right">{formatMoney(money.originalTotal)}</dd>
          {creditUsed > 0 ? (
            <>
              <dt>Store credit used</dt>
              <dd className="text-right">{formatMoney(creditUsed)}</dd>
            </>
          ) : null}
          <dt>Adjustment</dt>
          <dd className="text-right">
            {money.totalAdjustment < 0 ? '−' : ''}
            {formatMoney(Math.abs(money.totalAdjustment))}
          </dd>
          {summary.closing !== null ? (
            <>
              <dt>{CLOSING_LABELS[summary.closing.kind]}</dt>
              <dd className="text-right">{formatMoney(summary.closing.amount)}</dd>
            </>
          ) : null}
          {summary.refundsAfterDelivery > 0 ? (
            <>
              <dt>Refunds after delivery</dt>
              <dd className="text-right">{formatMoney(summary.refundsAfterDelivery)}</dd>
            </>
          ) : null}
          {summary.creditReturned > 0 ? (
            <>
              <dt>Returned to store credit</dt>
              <dd className="text-right">{formatMoney(summary.creditReturned)}</dd>
            </>
          ) : null}
          <dt className="font-bold">Total</dt>
          <dd className="text-right font-bold">{formatMoney(money.total)}</dd>
          <dt>Given back to the shopper</dt>
          <dd className="text-right">{formatMoney(money.givenBack)}</dd>
        </dl>
        {order.vat && order.vat.rows.length > 0 ? (
          <div className="mt-4 sm:max-w-sm">
            <VatBreakdownTable vat={order.vat} />
          </div>
        ) : null}
        <AddedTaxList tax={order.addedTax} />
      </section>
      <OrderHistory order={order} />
    </ConsoleLayout>
  )
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
