import type { MemberOrderList } from '../../../schemas/member-orders.ts'
import { shopperStatusLabel, type StoreOrderStatus } from '../../../schemas/order-states.ts'
import { FormAlert, type FormErrors } from '../../components/forms/Form.tsx'
import { MemberShell } from '../../components/member/MemberShell.tsx'
import { ActionLink, OrderCard } from '../../components/member/OrderCard.tsx'
import { archivedReceiptPath } from '../../lib/member-order-paths.ts'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { routePath } from '../../lib/routes.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useCount, useText } from '../../lib/page-text.ts'

/** The filter as the page shows it again (the query string's own values). */
export interface MemberOrdersFilter {
  status?: string
  dateFrom?: string
  dateTo?: string
}

export interface MemberOrdersPageProps {
  chrome: PageChrome
  /** Null when the filter was refused: the errors say why. */
  list: MemberOrderList | null
  filter: MemberOrdersFilter
  statuses: ReadonlyArray<StoreOrderStatus>
  errors: FormErrors
}

const INPUT =
  'mt-1 h-12 w-full rounded-xl border-2 border-black/15 bg-white px-3 focus:border-primary aria-invalid:border-red-700'

function pageHref(filter: MemberOrdersFilter, page: number): string {
  const query: Record<string, string> = {}
  for (const [key, value] of Object.entries(filter)) if (value) query[key] = value
  if (page > 1) query.page = String(page)
  return routePath('member-orders', undefined, query)
}

/** `/member/orders`: the member's orders, newest first, filtered by status and dates, paged. */
export function MemberOrdersPage({
  chrome,
  list,
  filter,
  statuses,
  errors,
}: MemberOrdersPageProps) {
  const filtered = Boolean(filter.status || filter.dateFrom || filter.dateTo)
  const text = useText()
  return (
    <MemberShell chrome={chrome} active="member-orders" title={MESSAGES.pageMyOrders}>
      <form
        method="get"
        action={routePath('member-orders')}
        className="mb-6 grid gap-4 rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
        aria-label={text(MESSAGES.pageFilterOrders)}
      >
        <FormAlert
          id="orders-filter-error"
          message={errors.form ?? errors.status ?? errors.page ?? errors.limit}
        />
        <div>
          <label htmlFor="orders-status" className="block text-sm font-semibold">
            {text(MESSAGES.pageStatus)}
          </label>
          <select
            id="orders-status"
            name="status"
            defaultValue={filter.status ?? ''}
            className={INPUT}
          >
            <option value="">{text(MESSAGES.pageAllOrders)}</option>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {status === 'delivered'
                  ? text(MESSAGES.pageDeliveredOrCollected)
                  : text(shopperStatusLabel(status, 'delivery'))}
              </option>
            ))}
          </select>
        </div>
        <DateField
          name="dateFrom"
          label={MESSAGES.pageFrom}
          value={filter.dateFrom}
          error={errors.dateFrom}
        />
        <DateField
          name="dateTo"
          label={MESSAGES.pageTo}
          value={filter.dateTo}
          error={errors.dateTo}
        />
        <div className="flex gap-3 sm:col-span-2 lg:col-span-1">
          <button
            type="submit"
            className="h-12 rounded-xl bg-primary px-5 font-bold text-on-primary hover:brightness-90"
          >
            {text(MESSAGES.pageShowOrders)}
          </button>
          {filtered ? (
            <a
              href={routePath('member-orders')}
              className="inline-flex h-12 items-center rounded-xl px-3 font-semibold underline underline-offset-4"
            >
              {text(MESSAGES.pageClear)}
            </a>
          ) : null}
        </div>
      </form>
      {list ? <OrderList list={list} filter={filter} filtered={filtered} /> : null}
    </MemberShell>
  )
}

function DateField({
  name,
  label,
  value,
  error,
}: {
  name: string
  label: string
  value: string | undefined
  error: string | undefined
}) {
  const id = `orders-${name}`
  const text = useText()
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {text(label)}
      </label>
      <input
        id={id}
        name={name}
        type="date"
        defaultValue={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={INPUT}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

function OrderList({
  list,
  filter,
  filtered,
}: {
  list: MemberOrderList
  filter: MemberOrdersFilter
  filtered: boolean
}) {
  const text = useText()
  const count = useCount()
  if (list.orders.length === 0) {
    return (
      <p className="rounded-2xl border border-black/10 bg-white p-5 text-ink/80">
        {filtered ? text(MESSAGES.pageNoOrdersMatch) : text(MESSAGES.pageNoOrderYet)}
      </p>
    )
  }
  return (
    <>
      <p className="mb-3 text-sm text-ink/80" role="status">
        {count('orders', list.total)}
        {list.pages > 1 ? text(MESSAGES.pagePageOf, list.page, list.pages) : ''}
      </p>
      <ul aria-label={text(MESSAGES.pageOrders)} className="space-y-3">
        {list.orders.map((order) => (
          <li key={order.orderId}>
            <OrderCard
              order={order}
              actions={
                order.archived ? (
                  <ActionLink href={archivedReceiptPath(order.orderId)}>
                    {text(MESSAGES.pageDownload)}
                  </ActionLink>
                ) : undefined
              }
            />
          </li>
        ))}
      </ul>
      {list.pages > 1 ? (
        <nav
          aria-label={text(MESSAGES.pagePages)}
          className="mt-6 flex items-center justify-between gap-3"
        >
          {list.page > 1 ? (
            <a
              href={pageHref(filter, list.page - 1)}
              rel="prev"
              className="inline-flex min-h-11 items-center rounded-xl border-2 border-primary px-4 font-bold text-primary"
            >
              {text(MESSAGES.pageNewerOrders)}
            </a>
          ) : (
            <span />
          )}
          {list.page < list.pages ? (
            <a
              href={pageHref(filter, list.page + 1)}
              rel="next"
              className="inline-flex min-h-11 items-center rounded-xl border-2 border-primary px-4 font-bold text-primary"
            >
              {text(MESSAGES.pageOlderOrders)}
            </a>
          ) : null}
        </nav>
      ) : null}
    </>
  )
}
