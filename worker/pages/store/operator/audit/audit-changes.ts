/** One field an audited change touched, as the audit log shows it. */
export interface AuditChange {
  field: string
  before: string
  after: string
}

const shown = (value: unknown): string => {
  if (value === undefined) return '—'
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * The fields that differ between an audited thing before and after a change, in the order the
 * after (then the before) lists them; nested values compare and show as JSON. A creation lists
 * every field of after, a deletion every field of before. Values that are not objects are one
 * field, `value`.
 *
 * @example auditChanges({ name: 'A', fee: 1 }, { name: 'B', fee: 1 }) // [{ field: 'name', before: 'A', after: 'B' }]
 */
export function auditChanges(before: unknown, after: unknown): Array<AuditChange> {
  const from = isRecord(before) ? before : before == null ? {} : { value: before }
  const to = isRecord(after) ? after : after == null ? {} : { value: after }
  const fields = [...new Set([...Object.keys(to), ...Object.keys(from)])]
  return fields
    .filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({ field, before: shown(from[field]), after: shown(to[field]) }))
}
