// The wall clock of a time zone, apart from the money and number formats in locale.ts: every page
// loads locale.ts in the header basket's chunk, and only the islands that show times need this.

// One formatter per zone: the wall clock's parts, always in Latin digits and a 24-hour day.
const clockFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * The wall clock in `timeZone` at an instant, as two-digit parts ('2026', '03', '09', '07', '05').
 * Intl on the instant's number, not a date library's zoned Date subclass: a fake clock (Playwright's
 * replaces `Date` and drops subclasses) would otherwise show UTC, so islands read the same anywhere.
 */
export function wallClock(
  at: Date | string | number,
  timeZone: string
): { year: string; month: string; day: string; hour: string; minute: string } {
  let format = clockFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    clockFormats.set(timeZone, format)
  }
  const instant =
    typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime()
  const parts = format.formatToParts(instant)
  const of = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((found) => found.type === type)?.value ?? ''
  return {
    year: of('year').padStart(4, '0'),
    month: of('month'),
    day: of('day'),
    hour: of('hour'),
    minute: of('minute'),
  }
}
