import {
  ORDER_ARCHIVE_MONTHS_MAX,
  ORDER_ARCHIVE_MONTHS_MIN,
  type ArchivedOrder,
} from '../../../../../schemas/order-archive.ts'
import { shopperStatusLabel } from '../../../../../schemas/order-states.ts'
import { orderTimeLabel } from '../../../../../client/lib/order-time.ts'
import { useMoney } from '../../../../../client/lib/shop-locale.ts'
import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'

const INPUT = 'mt-1 block h-11 rounded-xl border-2 border-black/15 px-3'
const BUTTON = 'min-h-11 rounded bg-primary px-4 font-bold text-white'

/**
 * The order archive (issue 40, ADR 050): how many months finished orders stay online before the
 * nightly run moves them to the archive, and an archived order found by its number and restored.
 */
export function OrderArchivePage({
  frame,
  months,
  monthsError,
  number,
  found,
  findError,
  restorePath,
}: {
  frame: OperatorFrame
  months: string
  monthsError: string | null
  /** The order number searched for, as typed. */
  number: string
  found: ArchivedOrder | null
  findError: string | null
  restorePath: string
}) {
  const formatMoney = useMoney()
  return (
    <OperatorLayout
      frame={frame}
      title="Order archive"
      intro="Finished orders older than this move to the archive each night. Members still see them in their order history and can download the receipt."
    >
      <form method="post" className="max-w-2xl space-y-3" aria-label="Keep orders online">
        {monthsError ? (
          <p role="alert" tabIndex={-1} autoFocus className="font-semibold text-red-800">
            {monthsError}
          </p>
        ) : null}
        <label className="block">
          <span className="font-bold">Keep orders online for (months)</span>
          <span id="months-hint" className="block text-sm text-ink/80">
            Whole months, {ORDER_ARCHIVE_MONTHS_MIN} to {ORDER_ARCHIVE_MONTHS_MAX}.
          </span>
          <input
            name="months"
            inputMode="numeric"
            defaultValue={months}
            aria-describedby="months-hint"
            aria-invalid={monthsError ? true : undefined}
            className={`${INPUT} w-32`}
          />
        </label>
        <button type="submit" className={BUTTON}>
          Save
        </button>
      </form>

      <h2 className="mt-10 mb-3 text-xl font-bold">Restore an archived order</h2>
      <form method="get" className="flex max-w-2xl flex-wrap items-end gap-3" role="search">
        <label className="block">
          <span className="font-bold">Order number</span>
          <input name="number" defaultValue={number} className={`${INPUT} w-64`} />
        </label>
        <button type="submit" className={BUTTON}>
          Find
        </button>
      </form>
      {findError ? (
        <p role="alert" className="mt-4 font-semibold text-red-800">
          {findError}
        </p>
      ) : null}
      {found ? (
        <section
          aria-label={`Archived order ${found.orderId}`}
          className="mt-4 max-w-2xl rounded-2xl border border-black/10 bg-white p-4 shadow-sm"
        >
          <h3 className="text-lg font-bold">Order {found.orderId}</h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold">Placed</dt>
            <dd>{orderTimeLabel(found.placedAt)}</dd>
            <dt className="font-semibold">Status</dt>
            <dd>{shopperStatusLabel(found.status, 'delivery')}</dd>
            <dt className="font-semibold">Total</dt>
            <dd>{formatMoney(found.total)}</dd>
            <dt className="font-semibold">Archived</dt>
            <dd>{orderTimeLabel(found.archivedAt)}</dd>
          </dl>
          <form method="post" action={restorePath} className="mt-4">
            <input type="hidden" name="number" value={found.orderId} />
            <button type="submit" className={BUTTON}>
              Restore
            </button>
          </form>
        </section>
      ) : null}
    </OperatorLayout>
  )
}
