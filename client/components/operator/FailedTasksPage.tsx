import { formatMoney } from '../../../schemas/money.ts'
import { effectKindLabel, type FailedEffect } from '../../../schemas/operator-effects.ts'
import type { UnsettledRefund } from '../../../schemas/operator-refunds.ts'
import { storeDateTime } from '../store-console/format.ts'
import { type OperatorFrame, OperatorLayout } from './OperatorLayout.tsx'

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
  const cell = 'px-3 py-2 align-top'
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
        <div className="overflow-x-auto rounded-xl border-2 border-black/10 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Failed tasks, newest first</caption>
            <thead className="bg-black/5">
              <tr>
                <th scope="col" className={cell}>
                  Task
                </th>
                <th scope="col" className={cell}>
                  Order
                </th>
                <th scope="col" className={cell}>
                  First tried
                </th>
                <th scope="col" className={cell}>
                  Attempts
                </th>
                <th scope="col" className={cell}>
                  Last error
                </th>
                <th scope="col" className={cell}>
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-black/10">
              {effects.map((effect) => {
                const label = effectKindLabel(effect.kind)
                return (
                  <tr key={effect.id}>
                    <th scope="row" className={`${cell} font-semibold`}>
                      {label}
                    </th>
                    <td className={cell}>{effect.orderNumber ?? '—'}</td>
                    <td className={cell}>
                      <time dateTime={effect.createdAt}>
                        {storeDateTime(effect.createdAt, timeZone)}
                      </time>
                    </td>
                    <td className={cell}>{effect.attempts}</td>
                    <td className={`${cell} max-w-md break-words`}>{effect.lastError ?? '—'}</td>
                    <td className={cell}>
                      <form method="post" action={retryAction}>
                        <input type="hidden" name="effectId" value={effect.id} />
                        <button
                          type="submit"
                          className="inline-flex min-h-11 items-center rounded-xl bg-primary px-4 font-bold text-on-primary hover:brightness-90"
                          aria-label={`Try again: ${label}${effect.orderNumber ? ` for order ${effect.orderNumber}` : ''}`}
                        >
                          Try again
                        </button>
                      </form>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
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
  const cell = 'px-3 py-2 align-top'
  return (
    <section aria-labelledby="refunds-not-settled" className="mt-8">
      <h2 id="refunds-not-settled" className="mb-2 text-lg font-bold">
        Refunds not settled
      </h2>
      {refunds.length === 0 ? (
        <p>Every refund was confirmed by its gateway.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border-2 border-black/10 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Refunds not settled, newest first</caption>
            <thead className="bg-black/5">
              <tr>
                <th scope="col" className={cell}>
                  Order
                </th>
                <th scope="col" className={cell}>
                  Amount
                </th>
                <th scope="col" className={cell}>
                  State
                </th>
                <th scope="col" className={cell}>
                  Asked
                </th>
                <th scope="col" className={cell}>
                  Gateway's last answer
                </th>
                <th scope="col" className={cell}>
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-black/10">
              {refunds.map((refund) => (
                <tr key={refund.id}>
                  <th scope="row" className={`${cell} font-semibold`}>
                    <span className="whitespace-nowrap">{refund.orderNumber}</span>
                    <span className="block font-normal whitespace-nowrap">
                      <time dateTime={refund.createdAt}>
                        {storeDateTime(refund.createdAt, timeZone)}
                      </time>
                    </span>
                  </th>
                  <td className={cell}>{formatMoney(refund.amount)}</td>
                  <td className={cell}>{REFUND_STATUS_LABELS[refund.status]}</td>
                  <td className={cell}>{refund.looks}</td>
                  <td className={`${cell} max-w-md min-w-48 break-words`}>
                    {refund.gateway}: {refund.lastAnswer ?? 'no answer'}
                  </td>
                  <td className={cell}>
                    {refund.retryable ? (
                      <form method="post" action={retryAction}>
                        <input type="hidden" name="refundId" value={refund.id} />
                        <button
                          type="submit"
                          className="inline-flex min-h-11 items-center rounded-xl bg-primary px-4 font-bold text-on-primary hover:brightness-90"
                          aria-label={`Ask the gateway again: refund for order ${refund.orderNumber}`}
                        >
                          Ask again
                        </button>
                      </form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
