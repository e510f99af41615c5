import { MESSAGES } from '../../../../schemas/messages.ts'
import { orderLineTitle, weighedPickNote } from '../../../../schemas/weighing.ts'
import { CLOSING_LABELS, moneySummary } from '../../../../schemas/money-summary.ts'
import { NamedDiscounts } from '../../../../client/components/basket/NamedDiscounts.tsx'
import { VatBreakdownTable } from '../../../../client/components/VatBreakdownTable.tsx'
import { AddedTaxList } from '../../../../client/components/AddedTaxRows.tsx'
import type {
  StoreOrderDetail,
  StoreOrderLine,
  StoreOrderSummary,
} from '../../../../schemas/store-orders.ts'
import {
  FormAlert,
  type FormErrors,
  type FormValues,
} from '../../../../client/components/forms/Form.tsx'
import { GiveCreditForm } from './GiveCreditForm.tsx'
import { OrderFacts, OrderHistory } from './OrderFacts.tsx'
import type { PageChrome } from '../../../../client/lib/page-chrome.ts'
import {
  ConsoleLayout,
  type ConsoleLinks,
  type ConsoleUser,
} from '../../../../client/components/store-console/ConsoleLayout.tsx'
import {
  ageLabel,
  methodLabel,
  slotLabel,
  storeDateTime,
} from '../../../../client/lib/store-console-format.ts'
import { formatStoreTime } from '../../../../client/lib/format.ts'
import {
  LinePickForms,
  OrderActionForms,
  RefundLinesForm,
  type SubstituteResults,
} from './OrderActions.tsx'
import { displayPhone } from '../../../../schemas/phone.ts'
import type { OrderReasonLists } from '../../../../schemas/order-reasons.ts'
import { useMoney } from '../../../../client/lib/shop-locale.ts'
import { useShopLocale } from '../../../../client/lib/shop-locale.ts'

interface Frame {
  chrome: PageChrome
  links: ConsoleLinks
  user: ConsoleUser
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
            <span className="ms-2 rounded-md bg-amber-200 px-2 py-0.5 text-xs font-extrabold text-amber-950">
              Challenge 25
            </span>
          ) : null}
          {line.substitution === 'replacement' ? (
            <span className="ms-2 rounded-md bg-tint px-2 py-0.5 text-xs font-extrabold">
              Replace with: {line.chosenReplacement?.name}
            </span>
          ) : line.allowSubstitutes ? (
            <span className="ms-2 rounded-md bg-tint px-2 py-0.5 text-xs font-semibold">
              Best match
            </span>
          ) : (
            <span className="ms-2 rounded-md bg-red-100 px-2 py-0.5 text-xs font-extrabold text-red-900 ring-1 ring-red-800/30">
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
          <dd className="text-end">{formatMoney(money.originalTotal)}</dd>
          {creditUsed > 0 ? (
            <>
              <dt>Store credit used</dt>
              <dd className="text-end">{formatMoney(creditUsed)}</dd>
            </>
          ) : null}
          <dt>Adjustment</dt>
          <dd className="text-end">
            {money.totalAdjustment < 0 ? '−' : ''}
            {formatMoney(Math.abs(money.totalAdjustment))}
          </dd>
          {summary.closing !== null ? (
            <>
              <dt>{CLOSING_LABELS[summary.closing.kind]}</dt>
              <dd className="text-end">{formatMoney(summary.closing.amount)}</dd>
            </>
          ) : null}
          {summary.refundsAfterDelivery > 0 ? (
            <>
              <dt>Refunds after delivery</dt>
              <dd className="text-end">{formatMoney(summary.refundsAfterDelivery)}</dd>
            </>
          ) : null}
          {summary.creditReturned > 0 ? (
            <>
              <dt>Returned to store credit</dt>
              <dd className="text-end">{formatMoney(summary.creditReturned)}</dd>
            </>
          ) : null}
          <dt className="font-bold">Total</dt>
          <dd className="text-end font-bold">{formatMoney(money.total)}</dd>
          <dt>Given back to the shopper</dt>
          <dd className="text-end">{formatMoney(money.givenBack)}</dd>
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
