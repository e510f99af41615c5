import { effectKindLabel, type FailedEffect } from '../../../schemas/operator-effects.ts'
import { storeDateTime } from '../store-console/format.ts'
import { type OperatorFrame, OperatorLayout } from './OperatorLayout.tsx'

/**
 * The effects the queue gave up on (ADR 037), each with what it was for, how often it was tried
 * and the last thing that went wrong, and a button that tries it again.
 */
export function FailedTasksPage({
  frame,
  effects,
  timeZone,
  refusal,
  retryAction,
}: {
  frame: OperatorFrame
  /** Where a retry posts (the worker's path). */
  retryAction: string
  effects: ReadonlyArray<FailedEffect>
  timeZone: string
  /** Why a retry was refused, shown above the list. */
  refusal: string | null
}) {
  const cell = 'px-3 py-2 align-top'
  return (
    <OperatorLayout
      frame={frame}
      title="Failed tasks"
      intro="Emails, notices and refunds that still failed after every retry (about a day of them). Fix the cause — a provider's key, an outage — then try them again: each still happens at most once."
    >
      {refusal ? (
        <p role="alert" tabIndex={-1} autoFocus className="mb-4 font-semibold text-red-800">
          {refusal}
        </p>
      ) : null}
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
    </OperatorLayout>
  )
}
