import type { ReactNode } from 'react'
import type { MemberOrderSummary } from '../../../schemas/member-orders.ts'
import { archivedReceiptPath } from '../../lib/member-order-paths.ts'
import { routePath } from '../../lib/routes.ts'
import { orderTimeLabel } from '../../lib/order-time.ts'
import { OrderStatusBadge } from './OrderStatusBadge.tsx'
import { useMoney } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useCount, useText } from '../../lib/page-text.ts'

/** The detail page of an order. */
export function orderPath(orderId: string): string {
  return routePath('member-orders-orderId', { orderId })
}

/**
 * One order in a list (the dashboard's latest, the orders page): number, state, when, where,
 * how many items and the total, linking to its page; `actions` add buttons below.
 */
export function OrderCard({
  order,
  headingLevel = 'h2',
  actions,
}: {
  order: MemberOrderSummary
  headingLevel?: 'h2' | 'h3'
  actions?: ReactNode
}) {
  const formatMoney = useMoney()
  const text = useText()
  const count = useCount()
  const Heading = headingLevel
  return (
    <article className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading className="text-lg font-bold">
            <a
              href={order.archived ? archivedReceiptPath(order.orderId) : orderPath(order.orderId)}
              className="underline-offset-4 hover:underline [overflow-wrap:anywhere]"
            >
              {text(MESSAGES.pageOrderNumbered, order.orderId)}
            </a>
          </Heading>
          <p className="mt-0.5 text-sm text-ink/80">
            {orderTimeLabel(order.placedAt)} · {order.store.name}
          </p>
        </div>
        <OrderStatusBadge status={order.status} label={order.statusLabel} />
      </div>
      <p className="mt-3 text-sm text-ink/80">
        {order.fulfilmentMethod === 'delivery'
          ? text(MESSAGES.pageDelivery)
          : text(MESSAGES.pageCollection)}{' '}
        · {count('items', order.itemsCount)} ·{' '}
        <span className="font-semibold text-ink">{formatMoney(order.total)}</span>
      </p>
      {order.archived ? (
        <p className="mt-2 text-sm text-ink/80">{text(MESSAGES.pageArchivedNote)}</p>
      ) : null}
      {actions ? <div className="mt-4 flex flex-wrap gap-3">{actions}</div> : null}
    </article>
  )
}

/** A link styled as a button (tall enough to tap). */
export function ActionLink({
  href,
  children,
  variant = 'secondary',
}: {
  href: string
  children: ReactNode
  variant?: 'primary' | 'secondary'
}) {
  const look =
    variant === 'primary'
      ? 'bg-primary text-on-primary hover:brightness-90'
      : 'border-2 border-primary bg-white text-primary hover:bg-tint'
  return (
    <a
      href={href}
      className={`inline-flex min-h-11 items-center rounded-xl px-4 font-bold ${look}`}
    >
      {children}
    </a>
  )
}
