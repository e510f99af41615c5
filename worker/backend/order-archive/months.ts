/**
 * The instant `months` calendar months before `now` (UTC), the day clamped to the month's last:
 * 31 March less one month is 28 (or 29) February, not 3 March as SQLite's '-1 months' answers.
 * An order placed before it is old enough to archive (ADR 050).
 */
export function monthsBefore(now: Date, months: number): Date {
  const year = now.getUTCFullYear()
  const month = now.getUTCMonth() - months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(now.getUTCDate(), lastDay),
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
      now.getUTCMilliseconds()
    )
  )
}
