// The operator audit trail (migration 0040, ADR 027): written only as a statement inside the
// change's own batch, read by the audit log.

import type { OperatorAuditEntry } from '../../schemas/operator.ts'

/** One change an operator made, as {@link auditStatement} records it. */
export interface AuditRecord {
  businessId: number
  staffId: number
  /** `<entity>.<verb>`, e.g. 'store.update' (schemas/operator.ts AUDIT_ACTION_PATTERN). */
  action: string
  entity: string
  entityId: number | null
  /** The thing before the change (null for a creation); stored as JSON. */
  before: unknown
  /** The thing after the change (null for a deletion); stored as JSON. */
  after: unknown
  /** A line for people, e.g. 'Opening hours of Ancoats changed'. */
  summary: string
  /** ISO 8601 from the app clock. */
  at: string
}

const json = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value)

/**
 * The statement that records a change: put it in the same `db.batch()` as the change, so both
 * land or neither does.
 *
 * @example await db.batch([updateStoreStatement(db, …), auditStatement(db, { action: 'store.update', … })])
 */
export function auditStatement(db: D1Database, record: AuditRecord): D1PreparedStatement {
  return db
    .prepare(
      `insert into operator_audit
         (business_id, staff_id, action, entity, entity_id, before_json, after_json, summary, at)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`
    )
    .bind(
      record.businessId,
      record.staffId,
      record.action,
      record.entity,
      record.entityId,
      json(record.before),
      json(record.after),
      record.summary,
      record.at
    )
}

interface AuditRow {
  id: number
  action: string
  entity: string
  entity_id: number | null
  summary: string
  staff_id: number | null
  staff_name: string | null
  staff_email: string | null
  before_json: string | null
  after_json: string | null
  at: string
}

const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text))

/** The business's entries, newest first: all, or one kind of thing, or one thing; paged by id. */
export async function listAudit(
  db: D1Database,
  query: {
    businessId: number
    entity?: string | undefined
    entityId?: number | undefined
    before?: number | undefined
    limit: number
  }
): Promise<Array<OperatorAuditEntry>> {
  const { results } = await db
    .prepare(
      `select a.id, a.action, a.entity, a.entity_id, a.summary, a.staff_id, s.name as staff_name,
              s.email as staff_email, a.before_json, a.after_json, a.at
         from operator_audit a left join staff_accounts s on s.id = a.staff_id
        where a.business_id = ?1
          and (?2 is null or a.entity = ?2)
          and (?3 is null or a.entity_id = ?3)
          and (?4 is null or a.id < ?4)
        order by a.id desc
        limit ?5`
    )
    .bind(
      query.businessId,
      query.entity ?? null,
      query.entityId ?? null,
      query.before ?? null,
      query.limit
    )
    .all<AuditRow>()
  return results.map((row) => ({
    id: row.id,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    summary: row.summary,
    staff:
      row.staff_id === null
        ? null
        : { staffId: row.staff_id, name: row.staff_name ?? '', email: row.staff_email ?? '' },
    before: parsed(row.before_json),
    after: parsed(row.after_json),
    at: row.at,
  }))
}
