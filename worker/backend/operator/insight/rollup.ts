import { INSIGHT_MAX_DAYS } from '../../../../schemas/operator-insight.ts'
import { datesBetween, type InsightTarget, liveDays } from './day-figures.ts'
import { addDays, localDateOf } from './local-days.ts'
import {
  changesSeenTo,
  markChangesSeen,
  rolledCoverage,
  rolledDates,
  rollupTargets,
  targetKey,
  type TouchedHour,
  touchedOrderHours,
  writeRolledDays,
} from './rollup-repo.ts'

/**
 * The cron's half of the insight's daily rollup (ADR 040). Each run, for every scope (the
 * business, each brand, each store, in its own zone):
 * - recomputes the closed days something happened to since the last run looked: the placing day
 *   of an order with a new history row (a refund, a delivery), pick mark or update, and every
 *   closed day since then (goodwill, refunds and marketing events count on their own day);
 * - fills the closed days of the last year not rolled up yet (a new day, a new store, the first
 *   run), the newest first.
 * Writes are upserts of what the live queries answer, so a run repeated or overlapping another
 * changes nothing; work beyond one run's share waits for the next minute.
 */

const DAY_RANGE = 31
const RANGES_A_RUN = 8
// Changes stamped just before the last run but written after it are looked at again.
const OVERLAP_MS = 5 * 60_000
const HOUR_MS = 3_600_000

interface DayRange {
  target: InsightTarget
  from: string
  to: string
}

export interface RollupRun {
  daysWritten: number
  rangesLeft: number
}

/** Cuts dates into runs of consecutive days of at most DAY_RANGE, the newest first. */
function rangesOf(target: InsightTarget, dates: Iterable<string>): Array<DayRange> {
  const sorted = [...new Set(dates)].sort().reverse()
  const ranges: Array<DayRange> = []
  for (const date of sorted) {
    const last = ranges.at(-1)
    if (
      last &&
      addDays(last.from, -1) === date &&
      datesBetween(date, last.to).length <= DAY_RANGE
    ) {
      last.from = date
    } else {
      ranges.push({ target, from: date, to: date })
    }
  }
  return ranges
}

function touches(target: InsightTarget, hour: TouchedHour): boolean {
  if (hour.businessId !== target.businessId) return false
  if (target.scope === 'brand') return hour.brandId === target.scopeId
  if (target.scope === 'store') return hour.storeId === target.scopeId
  return true
}

/** The closed local days in a zone that a UTC hour overlaps. */
function daysOfHour(hour: string, timeZone: string): Array<string> {
  const start = Date.parse(`${hour}:00:00.000Z`)
  return [localDateOf(start, timeZone), localDateOf(start + HOUR_MS - 1, timeZone)]
}

export interface RollupLimits {
  /** How far back closed days are rolled up (a year and a leap day: the longest period). */
  horizonDays: number
  /** Ranges of up to DAY_RANGE days one run computes. */
  rangesPerRun: number
}

export async function rollUpInsight(
  db: D1Database,
  now: Date,
  { horizonDays, rangesPerRun }: RollupLimits = {
    horizonDays: INSIGHT_MAX_DAYS,
    rangesPerRun: RANGES_A_RUN,
  }
): Promise<RollupRun> {
  const nowIso = now.toISOString()
  const horizon = addDays(nowIso.slice(0, 10), -horizonDays)
  const [targets, seenTo, coverage] = await Promise.all([
    rollupTargets(db),
    changesSeenTo(db),
    rolledCoverage(db, horizon),
  ])
  const since = seenTo === null ? null : Date.parse(seenTo) - OVERLAP_MS
  const touched = since === null ? [] : await touchedOrderHours(db, new Date(since).toISOString())
  const late: Array<DayRange> = []
  const gaps: Array<DayRange> = []
  for (const target of targets) {
    const yesterday = addDays(localDateOf(now.getTime(), target.timeZone), -1)
    const closed = (day: string) => day >= horizon && day <= yesterday
    const changed = new Set<string>()
    if (since !== null) {
      const first = localDateOf(since, target.timeZone)
      for (const day of datesBetween(first < horizon ? horizon : first, yesterday)) {
        changed.add(day)
      }
    }
    for (const hour of touched) {
      if (!touches(target, hour)) continue
      for (const day of daysOfHour(hour.hour, target.timeZone)) if (closed(day)) changed.add(day)
    }
    late.push(...rangesOf(target, changed))
    const missing = await missingDays(db, target, coverage, horizon, yesterday)
    gaps.push(
      ...rangesOf(
        target,
        missing.filter((day) => !changed.has(day))
      )
    )
  }
  // The most recent days first, whichever scope: they are the ones the dashboard opens on.
  const work = [...late, ...gaps.sort((a, b) => b.to.localeCompare(a.to))]
  let daysWritten = 0
  for (const range of work.slice(0, rangesPerRun)) {
    const days = await liveDays(db, range.target, range.from, range.to)
    await db.batch(writeRolledDays(db, range.target, days, nowIso))
    daysWritten += days.size
  }
  // Late changes not yet rolled up are looked for again by the next run.
  if (late.length <= rangesPerRun) await markChangesSeen(db, nowIso).run()
  return { daysWritten, rangesLeft: Math.max(0, work.length - rangesPerRun) }
}

/** The closed days of the last year a scope has not rolled up in its zone. */
async function missingDays(
  db: D1Database,
  target: InsightTarget,
  coverage: Awaited<ReturnType<typeof rolledCoverage>>,
  horizon: string,
  yesterday: string
): Promise<Array<string>> {
  if (yesterday < horizon) return []
  const known = coverage.get(targetKey(target))
  if (!known || known.timeZone !== target.timeZone) return datesBetween(horizon, yesterday)
  // Every day up to the last rolled up is there (the usual case): only the days after it lack.
  if (known.days === datesBetween(horizon, known.last).length) {
    return known.last >= yesterday ? [] : datesBetween(addDays(known.last, 1), yesterday)
  }
  const rolled = await rolledDates(db, target, horizon)
  return datesBetween(horizon, yesterday).filter((day) => !rolled.has(day))
}
