import { zoneOffsetMs } from '../../member-orders/view.ts'

/**
 * Local dates of UTC instants inside SQL (ADR 040). SQLite knows no time zones, but a zone's
 * offset is constant between its clock changes, and a period of at most a year has only a few:
 * the period's instants are cut where the offset changes, and a CASE picks each row's offset as
 * a date() modifier. Rows then group by local day in SQL, whatever the zone (half hours too).
 */

const DAY_MS = 86_400_000
const MINUTE_MS = 60_000

/** From `fromIso` on (until the next one), the zone is `minutes` ahead of UTC. */
export interface OffsetSpan {
  fromIso: string
  minutes: number
}

function offsetMinutes(instant: number, timeZone: string): number {
  return Math.round(zoneOffsetMs(instant, timeZone) / MINUTE_MS)
}

/** The zone's offsets between two instants: the first span starts at `fromMs`. */
export function offsetSpans(fromMs: number, toMs: number, timeZone: string): Array<OffsetSpan> {
  const spans: Array<OffsetSpan> = [
    { fromIso: new Date(fromMs).toISOString(), minutes: offsetMinutes(fromMs, timeZone) },
  ]
  let before = fromMs
  while (before < toMs) {
    const after = Math.min(before + DAY_MS, toMs)
    const current = spans.at(-1)?.minutes ?? 0
    if (offsetMinutes(after, timeZone) !== current) {
      // The change is inside this day: narrow it down to the minute.
      let low = before
      let high = after
      while (high - low > MINUTE_MS) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS
        if (offsetMinutes(middle, timeZone) === current) low = middle
        else high = middle
      }
      spans.push({ fromIso: new Date(high).toISOString(), minutes: offsetMinutes(high, timeZone) })
    }
    before = after
  }
  return spans
}

/**
 * `date(<column>, <offset>)` as SQL with `?` parameters: the column's local date.
 *
 * @example const day = localDaySql('o.placed_at', spans) // day.sql, day.params
 */
export function localDaySql(
  column: string,
  spans: ReadonlyArray<OffsetSpan>
): { sql: string; params: Array<string> } {
  const params: Array<string> = []
  const cases: Array<string> = []
  for (const span of [...spans].reverse().slice(0, -1)) {
    cases.push(`when ${column} >= ? then ?`)
    params.push(span.fromIso, modifier(span.minutes))
  }
  params.push(modifier(spans[0]?.minutes ?? 0))
  const offset = cases.length === 0 ? '?' : `case ${cases.join(' ')} else ? end`
  return { sql: `date(${column}, ${offset})`, params }
}

function modifier(minutes: number): string {
  return `${minutes >= 0 ? '+' : ''}${minutes} minutes`
}

/** The UTC instant a local date starts (its first minute; midnight skipped → the next one). */
export function localDayStartMs(date: string, timeZone: string): number {
  const asUtc = Date.parse(`${date}T00:00:00.000Z`)
  // The offset a few hours before midnight and at it can differ only on a change day; the later
  // guess that still lands on the date is its first instant.
  const guesses = [
    asUtc - zoneOffsetMs(asUtc, timeZone),
    asUtc - zoneOffsetMs(asUtc - 6 * 3600_000, timeZone),
  ]
  return Math.min(...guesses.filter((guess) => localDateOf(guess, timeZone) === date).concat(asUtc))
}

/** The local date (YYYY-MM-DD) of an instant. */
export function localDateOf(instant: number, timeZone: string): string {
  return new Date(instant + zoneOffsetMs(instant, timeZone)).toISOString().slice(0, 10)
}

/** A local date moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** The Monday of a local date's week (weeks run Monday to Sunday, as UK trading weeks). */
export function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00.000Z`).getUTCDay() + 6) % 7
  return addDays(date, -weekday)
}
