import { z } from 'zod'
import { InsightStaffRowSchema, InsightSumsSchema } from '../../../../schemas/operator-insight.ts'
import type { DayFigures, InsightTarget } from './day-figures.ts'

/**
 * The insight's daily rollup (migration 0083, ADR 040): one row per closed local day per scope,
 * holding exactly what the live queries answered for it.
 */

const StaffDaysSchema = z.array(InsightStaffRowSchema.omit({ name: true }))

/** The business is stored as scope_id 0 (a brand's or store's id is never 0). */
function storedScopeId(target: InsightTarget): number {
  return target.scopeId ?? 0
}

/** The rolled-up days of a scope from `from` to `to` cut in its current zone. */
export async function readRolledDays(
  db: D1Database,
  target: InsightTarget,
  from: string,
  to: string
): Promise<Map<string, DayFigures>> {
  const { results } = await db
    .prepare(
      `select day, sums_json, staff_json from insight_rollup_days
       where business_id = ?1 and scope = ?2 and scope_id = ?3 and day >= ?4 and day <= ?5
         and time_zone = ?6`
    )
    .bind(target.businessId, target.scope, storedScopeId(target), from, to, target.timeZone)
    .all<{ day: string; sums_json: string; staff_json: string }>()
  return new Map(
    results.map((row) => [
      row.day,
      {
        sums: InsightSumsSchema.parse(JSON.parse(row.sums_json)),
        staff: StaffDaysSchema.parse(JSON.parse(row.staff_json)),
      },
    ])
  )
}

/**
 * Writes days' figures, whatever was there (idempotent); a computation older than the stored
 * one changes nothing, so a slow run never undoes a later run's recomputation.
 */
export function writeRolledDays(
  db: D1Database,
  target: InsightTarget,
  days: Map<string, DayFigures>,
  computedAt: string
): Array<D1PreparedStatement> {
  return [...days].map(([day, figures]) =>
    db
      .prepare(
        `insert into insight_rollup_days (business_id, scope, scope_id, day, time_zone, sums_json,
           staff_json, computed_at)
         values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         on conflict (business_id, scope, scope_id, day) do update set
           time_zone = excluded.time_zone, sums_json = excluded.sums_json,
           staff_json = excluded.staff_json, computed_at = excluded.computed_at
         where excluded.computed_at >= insight_rollup_days.computed_at`
      )
      .bind(
        target.businessId,
        target.scope,
        storedScopeId(target),
        day,
        target.timeZone,
        JSON.stringify(figures.sums),
        JSON.stringify(figures.staff),
        computedAt
      )
  )
}

/** Every scope the insight can be asked for, with the zone its days are cut in. */
export async function rollupTargets(db: D1Database): Promise<Array<InsightTarget>> {
  const { results } = await db
    .prepare(
      `select id as business_id, 'business' as scope, null as scope_id, time_zone from businesses
       union all
       select r.business_id, 'brand', r.id, b.time_zone from brands r
         join businesses b on b.id = r.business_id
       union all
       select business_id, 'store', id, time_zone from stores`
    )
    .all<{
      business_id: number
      scope: InsightTarget['scope']
      scope_id: number | null
      time_zone: string
    }>()
  return results.map((row) => ({
    businessId: row.business_id,
    scope: row.scope,
    scopeId: row.scope_id,
    timeZone: row.time_zone,
  }))
}

export function targetKey(target: Pick<InsightTarget, 'businessId' | 'scope' | 'scopeId'>) {
  return `${target.businessId}:${target.scope}:${target.scopeId ?? 0}`
}

/** How many days each scope has rolled up from `from` on, in which zone, and its last one. */
export async function rolledCoverage(
  db: D1Database,
  from: string
): Promise<Map<string, { timeZone: string; days: number; last: string }>> {
  const { results } = await db
    .prepare(
      `select business_id, scope, scope_id, time_zone, count(*) as days, max(day) as last
       from insight_rollup_days where day >= ?1
       group by business_id, scope, scope_id, time_zone`
    )
    .bind(from)
    .all<{
      business_id: number
      scope: InsightTarget['scope']
      scope_id: number
      time_zone: string
      days: number
      last: string
    }>()
  const coverage = new Map<string, { timeZone: string; days: number; last: string }>()
  for (const row of results) {
    const key = targetKey({
      businessId: row.business_id,
      scope: row.scope,
      scopeId: row.scope_id === 0 ? null : row.scope_id,
    })
    // Rows of a zone the scope no longer has are stale; keep the larger set to compare.
    const known = coverage.get(key)
    if (!known || known.days < row.days) {
      coverage.set(key, { timeZone: row.time_zone, days: row.days, last: row.last })
    }
  }
  return coverage
}

/** The days a scope has rolled up from `from` on, in its zone. */
export async function rolledDates(
  db: D1Database,
  target: InsightTarget,
  from: string
): Promise<Set<string>> {
  const { results } = await db
    .prepare(
      `select day from insight_rollup_days
       where business_id = ?1 and scope = ?2 and scope_id = ?3 and day >= ?4 and time_zone = ?5`
    )
    .bind(target.businessId, target.scope, storedScopeId(target), from, target.timeZone)
    .all<{ day: string }>()
  return new Set(results.map((row) => row.day))
}

/** An hour (UTC) in which orders of a business's brand and store were placed. */
export interface TouchedHour {
  businessId: number
  brandId: number | null
  storeId: number
  /** YYYY-MM-DDTHH, UTC. */
  hour: string
}

/**
 * The placing hours of orders something happened to since `since`: a history row (a refund, a
 * status change, a delivery), a pick mark, or an update of the order row.
 */
export async function touchedOrderHours(
  db: D1Database,
  since: string
): Promise<Array<TouchedHour>> {
  const { results } = await db
    .prepare(
      `select o.business_id, o.brand_id, o.store_id, substr(o.placed_at, 1, 13) as hour
       from orders o
       where o.placed_at is not null and o.id in (
         select order_id from order_history where at >= ?1
         union select order_id from order_line_picks where marked_at >= ?1
         union select id from orders where updated_at >= ?1)
       group by o.business_id, o.brand_id, o.store_id, hour`
    )
    .bind(since)
    .all<{ business_id: number; brand_id: number | null; store_id: number; hour: string }>()
  return results.map((row) => ({
    businessId: row.business_id,
    brandId: row.brand_id,
    storeId: row.store_id,
    hour: row.hour,
  }))
}

export async function changesSeenTo(db: D1Database): Promise<string | null> {
  const row = await db
    .prepare('select changes_seen_to from insight_rollup_runs where id = 1')
    .first<{ changes_seen_to: string }>()
  return row?.changes_seen_to ?? null
}

/** Moves the mark forward only: a slower run that started earlier never moves it back. */
export function markChangesSeen(db: D1Database, to: string): D1PreparedStatement {
  return db
    .prepare(
      `insert into insight_rollup_runs (id, changes_seen_to) values (1, ?1)
       on conflict (id) do update set changes_seen_to = excluded.changes_seen_to
       where excluded.changes_seen_to > insight_rollup_runs.changes_seen_to`
    )
    .bind(to)
}
