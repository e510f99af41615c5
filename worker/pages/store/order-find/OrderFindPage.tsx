import { ORDER_FIND_QUERY, type StaffOrderFound } from '../../../../schemas/store-order-find.ts'
import { orderTimeLabel } from '../../../../client/lib/order-time.ts'
import type { PageChrome } from '../../../../client/lib/page-chrome.ts'
import { useMoney } from '../../../../client/lib/shop-locale.ts'
import { SubmitButton, TextField } from '../../../../client/components/forms/Form.tsx'
import {
  type ConsoleLinks,
  ConsoleLayout,
  type ConsoleUser,
} from '../../../../client/components/store-console/ConsoleLayout.tsx'

/**
 * The console's order search (ADR 050): an order by its number. Online, a link to it; archived,
 * that it is, when it was placed and for how much, and for operators where to restore it.
 * A plain GET form: no script needed.
 */
export function OrderFindPage({
  chrome,
  user,
  links,
  number,
  found,
  notFound,
  paths,
}: {
  chrome: PageChrome
  user: ConsoleUser
  links: ConsoleLinks
  number: string
  found: StaffOrderFound | null
  /** The answer for a number no order of the caller's stores has. */
  notFound: string | null
  paths: { search: string; order: string | null; restore: string | null }
}) {
  const formatMoney = useMoney()
  return (
    <ConsoleLayout chrome={chrome} user={user} links={links}>
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Find an order</h1>
      <form method="get" action={paths.search} className="mt-4 max-w-sm" role="search">
        <TextField
          name={ORDER_FIND_QUERY}
          label="Order number"
          errors={{}}
          values={{ [ORDER_FIND_QUERY]: number }}
          maxLength={40}
          idPrefix="order-find"
          autoComplete="off"
        />
        <SubmitButton>Find</SubmitButton>
      </form>
      <section aria-live="polite" className="mt-6">
        {notFound ? (
          <p role="status" className="font-semibold">
            {notFound}
          </p>
        ) : null}
        {found?.kind === 'online' && paths.order ? (
          <p>
            <a
              href={paths.order}
              className="font-semibold text-primary underline underline-offset-4"
            >
              {`Open order ${number}`}
            </a>
          </p>
        ) : null}
        {found?.kind === 'archived' ? (
          <div className="rounded-xl border border-black/10 p-4" data-testid="archived-order">
            <h2 className="text-lg font-bold">{`Order ${found.order.orderId} is archived`}</h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-semibold">Placed</dt>
              <dd>{orderTimeLabel(found.order.placedAt)}</dd>
              <dt className="font-semibold">Total</dt>
              <dd>{formatMoney(found.order.total)}</dd>
              <dt className="font-semibold">Archived</dt>
              <dd>{orderTimeLabel(found.order.archivedAt)}</dd>
            </dl>
            {paths.restore ? (
              <p className="mt-3">
                <a
                  href={paths.restore}
                  className="font-semibold text-primary underline underline-offset-4"
                >
                  Restore it in the order archive
                </a>
              </p>
            ) : (
              <p className="mt-3 text-sm text-ink/80">An operator can restore it.</p>
            )}
          </div>
        ) : null}
      </section>
    </ConsoleLayout>
  )
}
