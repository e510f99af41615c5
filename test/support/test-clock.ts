/**
 * The instant every test runs at, instead of the machine's date: a fixed Wednesday midday in
 * November 2026 (shops open, no clock change near), or `TEST_NOW` (an ISO 8601 instant) when a
 * run is pinned elsewhere; `npm run test:dates` runs the date-sensitive tests at a month end,
 * New Year's Eve, 29 February, both UK clock changes and a Sunday night (scripts/test-dates.ts).
 * Shared by the Workers pool (test/setup/pin-clock.ts) and Playwright (test/e2e/fixtures.ts).
 */
export const DEFAULT_TEST_NOW = '2026-11-25T12:00:00.000Z'

/** The instants `npm run test:dates` runs the date-sensitive tests at, with why each matters. */
export const DATE_SWEEP: ReadonlyArray<{ name: string; now: string }> = [
  // The calendar's days cross into December; the week's slots span two months.
  { name: 'month end', now: '2026-11-30T16:00:00.000Z' },
  // 23:50 in London (GMT): today ends in ten minutes, tomorrow is another year.
  { name: 'new year eve 23:50', now: '2026-12-31T23:50:00.000Z' },
  // A leap day: the week ahead runs 29 February → 1 March.
  { name: '29 February', now: '2028-02-29T10:00:00.000Z' },
  // Clocks go forward at 01:00 GMT: 01:00–02:00 local does not exist; the day has 23 hours.
  { name: 'clocks go forward', now: '2027-03-28T00:30:00.000Z' },
  // Clocks go back at 02:00 BST: 01:00–02:00 local happens twice; the day has 25 hours.
  { name: 'clocks go back', now: '2027-10-31T00:30:00.000Z' },
  // Sunday 23:15 in London: every demo store is closed until the morning.
  { name: 'Sunday late evening', now: '2026-11-29T23:15:00.000Z' },
]

/**
 * The options of a Workers-pool test or `describe` whose outcome depends on the instant it runs
 * at: today's slots and the calendar, holds that lapse, stores open or closed by their hours, deals
 * and coupons in date, the crons' sweeps, the server time. The date sweep runs these again at each
 * DATE_SWEEP instant: the "dates: …" projects of test/vitest.config.ts take every file that
 * imports it and run only its tagged tests. A test that pins an instant of its own
 * (`vi.setSystemTime`, `nextWednesdayNoon`) or never reads the clock gains nothing there.
 * Usage: `it('lists today's slots', DATED, async () => …)`, `describe('the calendar', DATED, …)`.
 */
export const DATED = { tags: 'dates' } as const

/** The pinned instant for this run. */
export function testNow(value: string | undefined): string {
  const chosen = value?.trim() || DEFAULT_TEST_NOW
  if (Number.isNaN(Date.parse(chosen))) throw new Error(`TEST_NOW is not an instant: ${chosen}`)
  return new Date(chosen).toISOString()
}

const DAY_MS = 86_400_000

/**
 * The first Wednesday 12:00 UTC after an instant: every demo and fixture store is open then, in
 * winter and summer alike. For tests about something other than opening hours that need open
 * stores whatever instant the run is pinned to; it only moves forward, so nothing issued earlier
 * in the test looks as if it came from the future.
 */
export function nextWednesdayNoon(fromMs: number): Date {
  const from = new Date(fromMs)
  const noon = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), 12)
  const daysAhead = (3 - from.getUTCDay() + 7) % 7
  let candidate = noon + daysAhead * DAY_MS
  if (candidate <= fromMs) candidate += 7 * DAY_MS
  return new Date(candidate)
}
