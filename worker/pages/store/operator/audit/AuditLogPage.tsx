import type { OperatorAuditEntry } from '../../../../../schemas/operator.ts'
import { storeDateTime } from '../../../../../client/lib/store-console-format.ts'
import { auditChanges } from './audit-changes.ts'
import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'

/** /store/operator/audit: every change, newest first, with what it changed. */
export function AuditLogPage({
  frame,
  entries,
  timeZone,
  olderHref,
  filter,
}: {
  frame: OperatorFrame
  entries: ReadonlyArray<OperatorAuditEntry>
  /** The business's time zone: times show as its operators read a clock. */
  timeZone: string
  /** The next (older) page, or null on the last. */
  olderHref: string | null
  /** What the log is narrowed to ("store 12"), or null for everything. */
  filter: string | null
}) {
  return (
    <OperatorLayout
      frame={frame}
      title="Audit log"
      intro={
        filter
          ? `Changes to ${filter}, newest first.`
          : 'Every change an operator made, newest first: who, what, and the values before and after.'
      }
    >
      {entries.length === 0 ? (
        <p>No changes have been recorded yet.</p>
      ) : (
        <ol aria-label="Changes" className="space-y-3">
          {entries.map((entry) => {
            const changes = auditChanges(entry.before, entry.after)
            return (
              <li key={entry.id} className="rounded-xl border-2 border-black/10 bg-white p-4">
                <p className="font-bold">{entry.summary}</p>
                <p className="mt-1 text-sm text-ink/80">
                  <time dateTime={entry.at}>{storeDateTime(entry.at, timeZone)}</time>
                  {' · '}
                  {entry.staff ? `${entry.staff.name} (${entry.staff.email})` : 'A removed account'}
                  {' · '}
                  <code>{entry.action}</code>
                </p>
                {changes.length > 0 ? (
                  <details className="mt-2">
                    <summary className="min-h-11 cursor-pointer py-2 font-semibold text-primary">
                      {changes.length === 1
                        ? '1 field changed'
                        : `${changes.length} fields changed`}
                    </summary>
                    <div className="overflow-x-auto">
                      <table className="w-full text-start text-sm">
                        <thead>
                          <tr>
                            <th scope="col" className="py-1 pe-3">
                              Field
                            </th>
                            <th scope="col" className="py-1 pe-3">
                              Before
                            </th>
                            <th scope="col" className="py-1">
                              After
                            </th>
                          </tr>
                        </thead>
                        <tbody>
                          {changes.map((change) => (
                            <tr key={change.field} className="border-t border-black/10 align-top">
                              <th scope="row" className="py-1 pe-3 font-semibold">
                                {change.field}
                              </th>
                              <td className="py-1 pe-3 [overflow-wrap:anywhere]">
                                {change.before}
                              </td>
                              <td className="py-1 [overflow-wrap:anywhere]">{change.after}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  </details>
                ) : null}
              </li>
            )
          })}
        </ol>
      )}
      {olderHref ? (
        <p className="mt-6">
          <a href={olderHref} className="font-bold text-primary underline underline-offset-4">
            Older changes
          </a>
        </p>
      ) : null}
    </OperatorLayout>
  )
}
