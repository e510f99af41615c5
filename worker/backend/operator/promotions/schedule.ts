import { formatMessage, MESSAGES } from '../../../../schemas/messages.ts'
import { zoneOffsetMs } from '../../member-orders/view.ts'

/**
 * Promotions' dates (ADR 027): operators type wall-clock times of the business's time zone
 * ('2027-03-28T09:00'); the shop compares starts_at/ends_at as ISO 8601 UTC strings with the
 * app clock's `toISOString()` (catalogue/repo.ts dealLive, bannerLive; basket/coupons.ts), so
 * they are stored in exactly that form.
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** The wall-clock minute of `instant` in `timeZone`, as a datetime-local value. */
export function utcToLocal(iso: string, timeZone: string): string {
  const instant = Date.parse(iso)
  return new Date(instant + zoneOffsetMs(instant, timeZone)).toISOString().slice(0, 16)
}

/**
 * The stored instant of a wall-clock time, or the message saying why it has none: not a time, or
 * a minute the clocks skip (01:30 on the UK's last Sunday of March). A minute that happens twice
 * (the October change) is its first, summer-time, instant.
 */
export function localToUtc(local: string, timeZone: string): { iso: string } | { error: string } {
  const match = LOCAL.exec(local)
  if (!match) return { error: MESSAGES.promoDateTimeInvalid }
  const [, year, month, day, hour, minute] = match.map(Number) as [number, ...Array<number>]
  const asUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 0, hour ?? 0, minute ?? 0)
  if (new Date(asUtc).toISOString().slice(0, 16) !== local) {
    return { error: MESSAGES.promoDateTimeInvalid }
  }
  // The earlier of the two offsets around the guess, so a repeated minute is its first instant.
  const candidates = [
    asUtc - zoneOffsetMs(asUtc - 3 * 3600_000, timeZone),
    asUtc - zoneOffsetMs(asUtc + 3 * 3600_000, timeZone),
  ]
    .filter((instant) => utcToLocal(new Date(instant).toISOString(), timeZone) === local)
    .sort((a, b) => a - b)
  const found = candidates[0]
  if (found === undefined) return { error: formatMessage('promoDateTimeMissing', timeZone) }
  return { iso: new Date(found).toISOString() }
}

/** A promotion's window as stored, from the wall-clock times typed (each null = open). */
export interface StoredWindow {
  startsAt: string | null
  endsAt: string | null
}

/**
 * The stored window of typed times, or the field errors saying what is wrong with them (a
 * time that is not one, a skipped minute, an end not after the start).
 */
export function windowOf(
  typed: { startsAt: string | null; endsAt: string | null },
  timeZone: string
): { window: StoredWindow } | { errors: Array<{ field: string; message: string }> } {
  const errors: Array<{ field: string; message: string }> = []
  const convert = (field: 'startsAt' | 'endsAt'): string | null => {
    const local = typed[field]
    if (local === null) return null
    const converted = localToUtc(local, timeZone)
    if ('error' in converted) {
      errors.push({ field, message: converted.error })
      return null
    }
    return converted.iso
  }
  const window = { startsAt: convert('startsAt'), endsAt: convert('endsAt') }
  if (window.startsAt !== null && window.endsAt !== null && window.endsAt <= window.startsAt) {
    errors.push({ field: 'endsAt', message: MESSAGES.promoEndsBeforeStart })
  }
  return errors.length > 0 ? { errors } : { window }
}

/** A stored instant as the wall-clock time the forms show, or null. */
export function localOf(iso: string | null, timeZone: string): string | null {
  return iso === null ? null : utcToLocal(iso, timeZone)
}
