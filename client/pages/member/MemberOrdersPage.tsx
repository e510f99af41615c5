import type { MemberOrderList } from '../../../schemas/member-orders.ts'
import { shopperStatusLabel, type StoreOrderStatus } from '../../../schemas/order-states.ts'
import { FormAlert, type FormErrors } from '../../components/forms/Form.tsx'
import { MemberShell } from '../../components/member/MemberShell.tsx'
import { ActionLink, OrderCard } from '../../components/member/OrderCard.tsx'
import { archivedReceiptPath } from '../../lib/member-order-paths.ts'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { routePath } from '../../lib/routes.ts'

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
  return (
    <MemberShell chrome={chrome} active="member-orders" title="My orders">
      <form
        method="get"
        action={routePath('member-orders')}
        className="mb-6 grid gap-4 rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
        aria-label="Filter orders"
      >
        <FormAlert
          id="orders-filter-error"
          message={errors.form ?? errors.status ?? errors.page ?? errors.limit}
        />
        <div>
          <label htmlFor="orders-status" className="block text-sm font-semibold">
            Status
          </label>
          <select
            id="orders-status"
            name="status"
            defaultValue={filter.status ?? ''}
            className={INPUT}
          >
            <option value="">All orders</option>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {status === 'delivered'
                  ? 'Delivered or collected'
                  : shopperStatusLabel(status, 'delivery')}
              </option>
            ))}
          </select>
        </div>
        <DateField name="dateFrom" label="From" value={filter.dateFrom} error={errors.dateFrom} />
        <DateField name="dateTo" label="To" value={filter.dateTo} error={errors.dateTo} />
        <div className="flex gap-3 sm:col-span-2 lg:col-span-1">
          <button
            type="submit"
            className="h-12 rounded-xl bg-primary px-5 font-bold text-on-primary hover:brightness-90"
          >
            Show orders
          </button>
          {filtered ? (
            <a
              href={routePath('member-orders')}
              className="inline-flex h-12 items-center rounded-xl px-3 font-semibold underline underline-offset-4"
            >
              Clear
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
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
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
  if (list.orders.length === 0) {
    return (
      <p className="rounded-2xl border border-black/10 bg-white p-5 text-ink/80">
        {filtered ? 'No orders match these filters.' : 'You have not placed an order yet.'}
      </p>
    )
  }
  return (
    <>
      <p className="mb-3 text-sm text-ink/80" role="status">
        {list.total === 1 ? '1 order' : `${list.total} orders`}
        {list.pages > 1 ? `, page ${list.page} of ${list.pages}` : ''}
      </p>
      <ul aria-label="Orders" className="space-y-3">
        {list.orders.map((order) => (
          <li key={order.orderId}>
            <OrderCard
              order={order}
              actions={
                order.archived ? (
                  <ActionLink href={archivedReceiptPath(order.orderId)}>Download</ActionLink>
                ) : undefined
              }
            />
          </li>
        ))}
      </ul>
      {list.pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
          {list.page > 1 ? (
            <a
              href={pageHref(filter, list.page - 1)}
              rel="prev"
              className="inline-flex min-h-11 items-center rounded-xl border-2 border-primary px-4 font-bold text-primary"
            >
              Newer orders
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
              Older orders
            </a>
          ) : null}
        </nav>
      ) : null}
    </>
  )
}
