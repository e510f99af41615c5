import type { StoreOrderBoard, StoreOrderSummary } from '../../../schemas/store-orders.ts'
import { ageLabel, methodLabel, slotLabel, storeTimeFrom } from '../../lib/store-console-format.ts'
import { formatStoreTime } from '../../lib/format.ts'
import { useMoney } from '../../lib/shop-locale.ts'

/** The board's columns, in the order an order moves through them; finished orders last. */
const GROUPS: ReadonlyArray<{ title: string; statuses: ReadonlyArray<string> }> = [
  { title: 'New', statuses: ['sent_to_store'] },
  { title: 'Picking', statuses: ['store_accepted_picking'] },
  { title: 'Picked', statuses: ['picked'] },
  { title: 'Out for delivery', statuses: ['en_route'] },
  {
    title: 'Finished today',
    statuses: ['delivered', 'store_rejected', 'refunded', 'cancelled', 'unable_to_deliver'],
  },
]

function OrderCard({
  order,
  at,
  href,
  finished,
}: {
  order: StoreOrderSummary
  at: string
  href: string
  /** The finished column mixes end states: say which. */
  finished: boolean
}) {
  const formatMoney = useMoney()
  // Past its accept-by time (or already alerted by the cron): the manager must see it at once.
  const overdue =
    order.acceptOverdue ||
    (order.status === 'sent_to_store' &&
      order.acceptBy !== null &&
      Date.parse(order.acceptBy) <= Date.parse(at))
  return (
    <li>
      <a
        href={href}
        className={`block rounded-xl border-2 bg-white p-3 shadow-sm hover:border-primary ${overdue ? 'border-red-700' : 'border-black/10'}`}
      >
        <span className="flex flex-wrap items-baseline justify-between gap-x-2">
          <span className="font-extrabold whitespace-nowrap">{order.orderNumber}</span>
          <span className="text-sm font-semibold">{formatMoney(order.total)}</span>
        </span>
        <span className="mt-1 block text-sm">{methodLabel(order.fulfilmentMethod)}</span>
        <span className="block text-sm">{slotLabel(order.slot)}</span>
        <span className="mt-1 block text-sm text-ink/80">
          {order.itemsCount} {order.itemsCount === 1 ? 'item' : 'items'} · placed{' '}
          {ageLabel(order.placedAt, at)} ago
        </span>
        {order.estimatedReadyAt && !finished ? (
          <span className="block text-sm font-semibold">
            Ready by {storeTimeFrom(order.estimatedReadyAt, order.timeZone, at)}
          </span>
        ) : null}
        {finished ? (
          <span className="mt-1 block text-sm font-semibold">{order.statusLabel}</span>
        ) : null}
        {order.acceptBy && order.status === 'sent_to_store' ? (
          <span
            className={`mt-1 block text-sm font-bold ${overdue ? 'text-red-700' : 'text-ink/80'}`}
          >
            {overdue
              ? 'Waiting too long'
              : `Accept by ${formatStoreTime(order.acceptBy, order.timeZone)}`}
          </span>
        ) : null}
      </a>
    </li>
  )
}

/**
 * A store's orders by state, newest first in each, with slot, method, items, total and age since
 * placed. Server-rendered; the board island renders the same list again after each live event.
 */
export function BoardList({
  board,
  orderHref,
}: {
  board: StoreOrderBoard
  /** The order page's path, `{orderId}` replaced. */
  orderHref: string
}) {
  const newestFirst = [...board.orders].sort((a, b) => b.placedAt.localeCompare(a.placedAt))
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-5">
      {GROUPS.map((group) => {
        const orders = newestFirst.filter((order) => group.statuses.includes(order.status))
        const id = `board-${group.title.toLowerCase().replace(/\s+/g, '-')}`
        return (
          <section key={group.title} aria-labelledby={id} className="rounded-2xl bg-tint p-3">
            <h2 id={id} className="mb-2 font-extrabold">
              {group.title} <span className="font-semibold text-ink/70">({orders.length})</span>
            </h2>
            {orders.length ? (
              <ul className="space-y-2">
                {orders.map((order) => (
                  <OrderCard
                    key={order.orderId}
                    order={order}
                    at={board.at}
                    href={orderHref.replace('{orderId}', String(order.orderId))}
                    finished={group.statuses.length > 1}
                  />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-ink/70">No orders</p>
            )}
          </section>
        )
      })}
    </div>
  )
}
