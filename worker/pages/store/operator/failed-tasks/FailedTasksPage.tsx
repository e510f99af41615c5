import type { ReactNode } from 'react'
import { effectKindLabel, type FailedEffect } from '../../../../../schemas/operator-effects.ts'
import type { UnsettledRefund } from '../../../../../schemas/operator-refunds.ts'
import { storeDateTime } from '../../../../../client/lib/store-console-format.ts'
import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'
import { useMoney } from '../../../../../client/lib/shop-locale.ts'

const CELL = 'px-3 py-2 align-top'

/** A list as a table that scrolls sideways on a phone: its columns, then a column for the action. */
function ListTable({
  caption,
  headers,
  children,
}: {
  caption: string
  headers: ReadonlyArray<string>
  children: ReactNode
}) {
  return (
    <div className="overflow-x-auto rounded-xl border-2 border-black/10 bg-white">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-black/5">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className={CELL}>
                {header}
              </th>
            ))}
            <th scope="col" className={CELL}>
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-black/10">{children}</tbody>
      </table>
    </div>
  )
}

/** One row's retry: posts the row's id under `field`, named for what it retries. */
function RetryForm({
  action,
  field,
  id,
  label,
  children,
}: {
  action: string
  field: string
  id: number
  label: string
  children: ReactNode
}) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name={field} value={id} />
      <button
        type="submit"
        className="inline-flex min-h-11 items-center rounded-xl bg-primary px-4 font-bold text-on-primary hover:brightness-90"
        aria-label={label}
      >
        {children}
      </button>
    </form>
  )
}

/**
 * The effects the queue gave up on (ADR 037), each with what it was for, how often it was tried
 * and the last thing that went wrong, and a button that tries it again; then the refunds a
 * gateway refused or has not confirmed (issue 37), with its last answer and, while the answer is
 * still awaited, a button that asks it now.
 */
export function FailedTasksPage({
  frame,
  effects,
  refunds,
  timeZone,
  refusal,
  retryAction,
  refundRetryAction,
}: {
  frame: OperatorFrame
  /** Where a retry posts (the worker's path). */
  retryAction: string
  /** Where a refund's retry posts. */
  refundRetryAction: string
  effects: ReadonlyArray<FailedEffect>
  refunds: ReadonlyArray<UnsettledRefund>
  timeZone: string
  /** Why a retry was refused, shown above the list. */
  refusal: string | null
}) {
  return (
    <OperatorLayout
      frame={frame}
      title="Failed tasks"
      intro="Emails, notices and refunds that still failed after every retry (about two hours of them). Fix the cause — a provider's key, an outage — then try them again: each still happens at most once."
    >
      {refusal ? (
        <p role="alert" tabIndex={-1} autoFocus className="mb-4 font-semibold text-red-800">
          {refusal}
        </p>
      ) : null}
      <h2 className="mb-2 text-lg font-bold">Tasks</h2>
      {effects.length === 0 ? (
        <p>Nothing has failed: every task was completed.</p>
      ) : (
        <ListTable
          caption="Failed tasks, newest first"
          headers={['Task', 'For', 'First tried', 'Attempts', 'Last error']}
        >
          {effects.map((effect) => {
            const label = effectKindLabel(effect.kind)
            return (
              <tr key={effect.id}>
                <th scope="row" className={`${CELL} font-semibold`}>
                  {label}
                </th>
                <td className={CELL}>{effect.about}</td>
                <td className={CELL}>
                  <time dateTime={effect.createdAt}>
                    {storeDateTime(effect.createdAt, timeZone)}
                  </time>
                </td>
                <td className={CELL}>{effect.attempts}</td>
                <td className={`${CELL} max-w-md break-words`}>{effect.lastError ?? '—'}</td>
                <td className={CELL}>
                  <RetryForm
                    action={retryAction}
                    field="effectId"
                    id={effect.id}
                    label={`Try again: ${label}${effect.about === '—' ? '' : ` for ${effect.about}`}`}
                  >
                    Try again
                  </RetryForm>
                </td>
              </tr>
            )
          })}
        </ListTable>
      )}
      <RefundsNotSettled refunds={refunds} timeZone={timeZone} retryAction={refundRetryAction} />
    </OperatorLayout>
  )
}

const REFUND_STATUS_LABELS: Readonly<Record<UnsettledRefund['status'], string>> = {
  pending: 'No answer yet',
  unknown: 'Not confirmed',
  refused: 'Refused',
}

/**
 * Refunds a gateway refused or has not confirmed. A refusal is the gateway's last word (the money
 * stays with the shopper's payment; a new refund is made from the order); an unconfirmed one is
 * asked about every few minutes by the cron, and the button asks now.
 */
function RefundsNotSettled({
  refunds,
  timeZone,
  retryAction,
}: {
  refunds: ReadonlyArray<UnsettledRefund>
  timeZone: string
  retryAction: string
}) {
  const formatMoney = useMoney()
  return (
    <section aria-labelledby="refunds-not-settled" className="mt-8">
      <h2 id="refunds-not-settled" className="mb-2 text-lg font-bold">
        Refunds not settled
      </h2>
      {refunds.length === 0 ? (
        <p>Every refund was confirmed by its gateway.</p>
      ) : (
        <ListTable
          caption="Refunds not settled, newest first"
          headers={['Order', 'Amount', 'State', 'Asked', "Gateway's last answer"]}
        >
          {refunds.map((refund) => (
            <tr key={refund.id}>
              <th scope="row" className={`${CELL} font-semibold`}>
                <span className="whitespace-nowrap">{refund.orderNumber}</span>
                <span className="block font-normal whitespace-nowrap">
                  <time dateTime={refund.createdAt}>
                    {storeDateTime(refund.createdAt, timeZone)}
                  </time>
                </span>
              </th>
              <td className={CELL}>{formatMoney(refund.amount)}</td>
              <td className={CELL}>{REFUND_STATUS_LABELS[refund.status]}</td>
              <td className={CELL}>{refund.looks}</td>
              <td className={`${CELL} max-w-md min-w-48 break-words`}>
                {refund.gateway}: {refund.lastAnswer ?? 'no answer'}
              </td>
              <td className={CELL}>
                {refund.retryable ? (
                  <RetryForm
                    action={retryAction}
                    field="refundId"
                    id={refund.id}
                    label={`Ask the gateway again: refund for order ${refund.orderNumber}`}
                  >
                    Ask again
                  </RetryForm>
                ) : null}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </section>
  )
}
