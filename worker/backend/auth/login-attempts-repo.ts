// Data access of failed password checks (migration 0022). Times are ISO 8601 UTC strings from the
// app clock; an account is (business, identifier hash), whether or not a member has that email.

/** What a password check may do now, worked out by login-attempts.ts from the constants. */
export interface AttemptRule {
  /** Failures at or before this instant no longer count. */
  windowStart: string
  /** No attempt while the window holds this many failures. */
  maxFailures: number
  /**
   * With at least `failures` in the window, the latest failure must be at or before `latestBy`;
   * the first step that applies wins, so they are sorted by `failures`, descending.
   */
  waits: ReadonlyArray<{ failures: number; latestBy: string }>
}

/**
 * Records an attempt as a failure before the password is checked, when the rule allows one now:
 * one conditional insert, so concurrent guesses are counted one after another and none slips past
 * the wait. False when the account is locked (nothing written). A check that then succeeds
 * forgets the account's failures ({@link forgetFailuresStatement}).
 */
export async function recordAttemptIfAllowed(
  db: D1Database,
  businessId: number,
  identifierHash: string,
  now: string,
  rule: AttemptRule
): Promise<boolean> {
  const params: Array<string | number> = [
    businessId,
    identifierHash,
    now,
    rule.windowStart,
    rule.maxFailures,
  ]
  const steps = rule.waits.map(({ failures, latestBy }) => {
    params.push(failures, latestBy)
    return `when recent.failures >= ?${params.length - 1} then recent.latest <= ?${params.length}`
  })
  const waited = steps.length ? `case ${steps.join(' ')} else 1 end` : '1'
  const row = await db
    .prepare(
      `insert into login_failures (business_id, identifier_hash, failed_at)
       select ?1, ?2, ?3
       from (select count(*) as failures, max(failed_at) as latest from login_failures
             where business_id = ?1 and identifier_hash = ?2 and failed_at > ?4) as recent
       where recent.failures < ?5 and (recent.latest is null or ${waited})
       returning id`
    )
    .bind(...params)
    .first<{ id: number }>()
  return row !== null
}

/** The failures of an account within the window: how many, the latest and the oldest. */
export interface FailureHistory {
  failures: number
  latest: string | null
  oldest: string | null
}

export async function failureHistory(
  db: D1Database,
  businessId: number,
  identifierHash: string,
  windowStart: string
): Promise<FailureHistory> {
  const row = await db
    .prepare(
      `select count(*) as failures, max(failed_at) as latest, min(failed_at) as oldest
       from login_failures
       where business_id = ?1 and identifier_hash = ?2 and failed_at > ?3`
    )
    .bind(businessId, identifierHash, windowStart)
    .first<FailureHistory>()
  return row ?? { failures: 0, latest: null, oldest: null }
}

/** Forgets every failure of an account (a password that worked, a password reset). */
export function forgetFailuresStatement(
  db: D1Database,
  businessId: number,
  identifierHash: string
): D1PreparedStatement {
  return db
    .prepare('delete from login_failures where business_id = ?1 and identifier_hash = ?2')
    .bind(businessId, identifierHash)
}

/** Deletes failures that no longer count (at or before `windowStart`); answers how many. */
export async function deleteFailuresBefore(db: D1Database, windowStart: string): Promise<number> {
  const result = await db
    .prepare('delete from login_failures where failed_at <= ?1')
    .bind(windowStart)
    .run()
  return result.meta.changes
}
