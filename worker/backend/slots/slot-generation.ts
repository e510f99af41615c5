import { addMinutes, differenceInCalendarDays } from 'date-fns'
import type { OpeningHours } from '../../../schemas/stores.ts'
import type { CalendarDate } from '../stores/availability.ts'
import { addDays, calendarDate, isoDate, wallClock, windows } from '../stores/availability.ts'

/** What a store's future slots are cut from, for one fulfilment method. */
export interface SlotGenerationInput {
  /** IANA zone the hours, closures and slot labels are in. */
  timeZone: string
  /** The method's opening hours (local times; a close not after the open runs past midnight). */
  hours: ReadonlyArray<OpeningHours>
  /** Whole-day closures, local dates (YYYY-MM-DD). */
  closures: ReadonlyArray<string>
  slotDurationMinutes: number
  /** Slots up to the end of today + this many local days. */
  daysInAdvance: number
  /** A slot is bookable only if it starts at least this long after now. */
  leadMinutes: number
}

/** One generated slot: local labels and the real instants it runs between. */
export interface GeneratedSlot {
  date: string
  time: string
  endTime: string
  start: Date
  end: Date
  /** Starts at or after now + lead minutes. */
  bookable: boolean
}

export interface GeneratedDay {
  date: string
  /** A closure, or no opening for the method: nothing to offer that day. */
  closed: boolean
  slots: Array<GeneratedSlot>
}

/** Local dates (YYYY-MM-DD) the store takes slot orders for: today … today + daysInAdvance. */
export function orderableDates(
  timeZone: string,
  daysInAdvance: number,
  now: Date
): { today: string; lastDay: string } {
  const today = calendarDate(now, timeZone)
  return { today: isoDate(today), lastDay: isoDate(addDays(today, Math.max(0, daysInAdvance))) }
}

function parseDate(date: string): CalendarDate {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
  return { year, month: month - 1, day }
}

/**
 * The store's slots for the local dates from..to (clamped to today … today + daysInAdvance),
 * one entry per date. Slots are cut from each opening window in real minutes from its opening
 * instant and must end by its close, so a slot across a clock change lasts its real length and
 * is labelled with the wall-clock times it really starts and ends (no label at a local time that
 * does not exist). When the clocks go back, a start label already used that day is skipped so
 * every (date, time) names one slot. Slots that have started are left out; those inside the lead
 * time are listed as not bookable. A window past midnight gives slots dated the day they start.
 *
 * @example generateSlots(input, new Date('2026-03-28T12:00:00Z'), '2026-03-29', '2026-03-29')
 */
export function generateSlots(
  input: SlotGenerationInput,
  now: Date,
  from: string,
  to: string
): Array<GeneratedDay> {
  const { today, lastDay } = orderableDates(input.timeZone, input.daysInAdvance, now)
  const first = from < today ? today : from
  const last = to > lastDay ? lastDay : to
  if (first > last) return []
  const firstDate = parseDate(first)
  const dayCount = differenceInCalendarDays(new Date(last), new Date(first))
  const closures = new Set(input.closures)
  const days = new Map<string, GeneratedDay>()
  for (let offset = 0; offset <= dayCount; offset++) {
    const date = addDays(firstDate, offset)
    const iso = isoDate(date)
    const weekday = (new Date(Date.UTC(date.year, date.month, date.day)).getUTCDay() + 6) % 7
    const hasHours = input.hours.some((row) => row.dayOfWeek === weekday)
    days.set(iso, { date: iso, closed: closures.has(iso) || !hasHours, slots: [] })
  }
  const step = input.slotDurationMinutes
  const bookableFrom = addMinutes(now, input.leadMinutes).getTime()
  const seen = new Set<string>()
  // From the day before: a window past midnight may give slots on the first date.
  for (const window of windows(
    input.hours,
    closures,
    input.timeZone,
    addDays(firstDate, -1),
    dayCount + 1
  )) {
    for (
      let start = window.start, end = addMinutes(start, step);
      end.getTime() <= window.end.getTime();
      start = end, end = addMinutes(start, step)
    ) {
      if (start.getTime() <= now.getTime()) continue
      const { date, time } = wallClock(start, input.timeZone)
      const day = days.get(date)
      if (!day || seen.has(`${date} ${time}`)) continue
      seen.add(`${date} ${time}`)
      day.closed = false
      day.slots.push({
        date,
        time,
        endTime: wallClock(end, input.timeZone).time,
        start,
        end,
        bookable: start.getTime() >= bookableFrom,
      })
    }
  }
  const result = [...days.values()]
  for (const day of result) day.slots.sort((a, b) => a.start.getTime() - b.start.getTime())
  return result
}
