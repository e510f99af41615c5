import { formatMoney } from '../../../../schemas/money.ts'
import { ORDER_STATUS_LABELS } from '../../../../schemas/order-states.ts'
import type { StoreOrderDetail, StoreOrderHistoryRow } from '../../../../schemas/store-orders.ts'
import { paidWithLabel } from '../../../../client/lib/order-display.ts'
import { storeDateTime } from '../../../../client/lib/store-console-format.ts'
import { GB_LOCALE, type ShopLocale } from '../../../../schemas/locale.ts'
import { useShopLocale } from '../../../../client/lib/shop-locale.ts'

/*
 * What a store needs to know about an order at a glance (issue 35 "The look"): where it goes,
 * how it was paid, what the shopper allowed for substitutes and which shop it was placed on; and
 * its history in words, with the money each step moved.
 */

/** The shop, where it goes, how it was paid and what the shopper allowed for substitutes. */
export function OrderFacts({ order }: { order: StoreOrderDetail }) {
  const { money } = order
  const address = order.deliveryAddress
  const paid = money.paymentMethod
    ? paidWithLabel(
        { method: money.paymentMethod, cardBrand: money.cardBrand, cardLast4: money.cardLast4 },
        order.fulfilmentMethod,
        { total: money.originalTotal, creditApplied: money.creditApplied }
      )
    : null
  const lines = order.departments.flatMap((department) => department.lines)
  const noSubstitutes = lines.filter((line) => !line.allowSubstitutes).length
  return (
    <section aria-labelledby="order-facts" className="mt-4">
      <h2 id="order-facts" className="sr-only">
        Order details
      </h2>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {order.brandName ? (
          <>
            <dt className="font-bold">Placed on</dt>
            <dd>{order.brandName}</dd>
          </>
        ) : null}
        <dt className="font-bold">{address ? 'Deliver to' : 'Collection'}</dt>
        <dd>
          {address ? (
            <address className="not-italic">
              {[address.addressLine1, address.addressLine2, address.town, address.postcode]
                .filter(Boolean)
                .join(', ')}
            </address>
          ) : (
            'The shopper collects from the store'
          )}
        </dd>
        <dt className="font-bold">Payment</dt>
        <dd>{paid ?? 'Not recorded'}</dd>
        <dt className="font-bold">Substitutes</dt>
        <dd>
          {noSubstitutes === 0
            ? 'Allowed on every line'
            : noSubstitutes === lines.length
              ? 'The shopper allowed no substitutes'
              : `Not allowed on ${noSubstitutes} of ${lines.length} lines (marked below)`}
        </dd>
      </dl>
    </section>
  )
}

interface Step {
  /** What happened, as the store says it. */
  title: string
  /** What it means for the shopper and the money. */
  meaning: string
  /** How the step's amount reads ('given back', 'as store credit'); absent: it moves none. */
  moved?: string
}

// Each action of the history in words; an action not listed reads as "Updated".
const STEPS: Partial<Record<string, Step>> = {
  accept: { title: 'Accepted', meaning: 'The store took the order; the shopper is told so.' },
  reject: {
    title: 'Rejected',
    meaning: 'The store turned the order down and the payment was released.',
    moved: 'given back',
  },
  auto_reject: {
    title: 'Rejected automatically',
    meaning: 'Nobody accepted it in time, so it was turned down and the payment released.',
    moved: 'given back',
  },
  mark_line: {
    title: 'Marked a line',
    meaning: 'A line was picked, found short, out of stock or substituted.',
  },
  finish_picking: {
    title: 'Picking done',
    meaning: 'Every line is marked; the total was settled for what was found.',
  },
  ready_for_collection: {
    title: 'Ready for collection',
    meaning: 'The shopper was told to come and collect.',
  },
  collected: { title: 'Collected', meaning: 'The shopper took the order away.' },
  assign_driver: { title: 'Assigned a driver', meaning: 'A driver will take the order.' },
  start_route: { title: 'Out for delivery', meaning: 'The driver left the store with it.' },
  deliver: { title: 'Delivered', meaning: 'The shopper has the order.' },
  unable_to_deliver: {
    title: 'Could not deliver',
    meaning: 'The driver could not hand the order over.',
  },
  cancel: {
    title: 'Cancelled',
    meaning: 'The order will not be completed and the payment was given back.',
    moved: 'given back',
  },
  refund_order: {
    title: 'Refunded the order',
    meaning: 'Everything still charged was given back.',
    moved: 'given back',
  },
  refund_lines: {
    title: 'Refunded lines',
    meaning: 'Some lines were given back after delivery.',
    moved: 'given back',
  },
  goodwill: {
    title: 'Gave goodwill credit',
    meaning: 'A gesture of goodwill, on top of what the shopper paid.',
    moved: 'as store credit',
  },
  shopper_amend: {
    title: 'Changed by the shopper',
    meaning: 'The shopper changed the order before picking; it was priced again.',
    moved: 'given back',
  },
  reject_substitute: {
    title: 'Substitute sent back',
    meaning: 'A substitute was refused at review or at the door and its price given back.',
    moved: 'given back',
  },
  refund_as_credit: {
    title: 'Refunded as store credit',
    meaning: 'Given back to the member as store credit instead of to the payment.',
    moved: 'as store credit',
  },
}

/** One step of the history: when, who, what in words, the money it moved and the new status. */
export function historyStep(
  row: StoreOrderHistoryRow,
  shop: ShopLocale = GB_LOCALE
): {
  headline: string
  meaning: string
} {
  const step = STEPS[row.action] ?? { title: 'Updated', meaning: 'The order was changed.' }
  const amount =
    row.amount !== null && row.amount > 0
      ? ` · ${formatMoney(row.amount, shop)} ${step.moved ?? 'moved'}`
      : ''
  const status = row.from !== row.to ? ` → ${ORDER_STATUS_LABELS[row.to]}` : ''
  const reason = row.reason ? ` (${row.reason})` : ''
  return { headline: `${step.title}${amount}${status}${reason}`, meaning: step.meaning }
}

export function OrderHistory({ order }: { order: StoreOrderDetail }) {
  const shop = useShopLocale()
  return (
    <section aria-labelledby="history" className="mt-6">
      <h2 id="history" className="text-xl font-extrabold">
        History
      </h2>
      {order.history.length ? (
        <ol className="mt-2 space-y-2 text-sm">
          {order.history.map((row, index) => {
            const { headline, meaning } = historyStep(row, shop)
            return (
              <li key={index}>
                <p>
                  <time dateTime={row.at}>{storeDateTime(row.at, order.timeZone)}</time> ·{' '}
                  {row.actor?.name ?? (row.role === 'shopper' ? 'Shopper' : 'System')} ·{' '}
                  <span className="font-semibold">{headline}</span>
                </p>
                <p className="text-ink/80">{meaning}</p>
              </li>
            )
          })}
        </ol>
      ) : (
        <p className="mt-2 text-sm">Nothing has been done to this order yet.</p>
      )}
    </section>
  )
}
