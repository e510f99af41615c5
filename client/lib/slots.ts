import { tz } from '@date-fns/tz'
import { format } from 'date-fns'
import { DATE_FORMATS, SLOT_COUNTDOWN_WARNING_MINUTES } from '../../schemas/constants.ts'
import { formatMessage, MESSAGES } from '../../schemas/messages.ts'
import type { SlotReservation, TimeSlot, TimeSlotDay } from '../../schemas/slots.ts'
import { formatStoreTime } from './format.ts'
import { formatDate, GB_LOCALE, type ShopLocale } from '../../schemas/locale.ts'
import { wallClock } from '../../schemas/wall-clock.ts'
import { fillMessage } from '../../schemas/message-format.ts'

/**
 * Pure slot logic shared by the slot pages and islands: the reservation countdown (measured
 * against the server's clock, so a wrong device clock does not matter), its warnings, and how
 * slots, days and months are written (spec §9 date formats).
 */

const MINUTE_MS = 60_000

// The slot page's query names: its handler reads them (worker/pages/catalogue/time-slots.tsx),
// checkout's slot guard and the basket's links send them.

/** `?change=1`: change mode without a basket or checkout Referer (e.g. the countdown's link). */
export const CHANGE_QUERY = 'change'
/** `?expired=1`: a guard sent the shopper here because the basket's slot lapsed. */
export const EXPIRED_QUERY = 'expired'
/** `?location=change`: the delivery pages ask where to deliver again. */
export const LOCATION_QUERY = 'location'

/** The render's page text (client/lib/page-text.ts); English as written by default. */
type Say = (english: string, ...values: Array<string | number>) => string

/**
 * How far the server clock is ahead of this device: server time minus the device time at which
 * the server time was received. Adding it to `Date.now()` gives the server's now.
 */
export function clockOffsetMs(serverTime: string, deviceNowMs: number): number {
  return Date.parse(serverTime) - deviceNowMs
}

/** Milliseconds left on a hold (never below 0), by the server's clock. */
export function remainingMs(expiresAt: string, deviceNowMs: number, offsetMs: number): number {
  return Math.max(0, Date.parse(expiresAt) - (deviceNowMs + offsetMs))
}

/**
 * The warning a countdown shows (spec §4): the smallest of 5, 4, 3 and 2 minutes that the time
 * left is under, or null with 5 minutes or more left and once the hold has run out. Exactly 5:00
 * left is not yet 'under 5'.
 */
export function warningMinutes(remaining: number): number | null {
  if (remaining <= 0) return null
  let warning: number | null = null
  for (const minutes of SLOT_COUNTDOWN_WARNING_MINUTES) {
    if (remaining < minutes * MINUTE_MS)
      warning = warning === null ? minutes : Math.min(warning, minutes)
  }
  return warning
}

/** Where a countdown stands: running (with its warning, if any) or expired. */
export type CountdownState =
  { kind: 'running'; remainingMs: number; warning: number | null } | { kind: 'expired' }

export function countdownState(remaining: number): CountdownState {
  if (remaining <= 0) return { kind: 'expired' }
  return { kind: 'running', remainingMs: remaining, warning: warningMinutes(remaining) }
}

/**
 * The warning to announce now, once per threshold: null when the current warning was already
 * announced (or there is none). A countdown that jumps past several thresholds (a sleeping tab)
 * announces only the latest.
 */
export function warningToAnnounce(
  remaining: number,
  announced: ReadonlySet<number>
): number | null {
  const warning = warningMinutes(remaining)
  return warning !== null && !announced.has(warning) ? warning : null
}

/** The text of a countdown warning: 'Less than 5 minutes left to hold your slot.' */
export function warningText(minutes: number): string {
  return formatMessage('slotCountdownWarning', minutes)
}

/** Time left as m:ss, rounded up to the second so 0:00 shows only at expiry. */
export function formatRemaining(remaining: number): string {
  const seconds = Math.max(0, Math.ceil(remaining / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** The text for a page that loads with a lapsed hold, or for a countdown that reached 0. */
export function expiredText(when: 'on-load' | 'countdown'): string {
  return when === 'on-load' ? MESSAGES.slotExpired : MESSAGES.slotCountdownExpired
}

/** Spec §5: 'You need to selected a delivery slot'. */
export function slotRequiredText(method: 'delivery' | 'collection'): string {
  return formatMessage('slotRequiredShown', method)
}

// --- Formatting (spec §9: YYYY-MM-DD, HH:mm, DD MMM, DD MMM YYYY, h:mma) -----------------------

// A local calendar date read at noon UTC: its weekday and month never shift with the zone.
function calendarDate(date: string): Date {
  return new Date(`${date}T12:00:00.000Z`)
}

const UTC = tz('UTC')

/**
 * A local calendar date in a brand's language through the shared formatter (schemas/locale.ts);
 * null for the UK's, which keeps the spec's §9 patterns (date-fns: 'Sep', where Intl writes
 * 'Sept'). The date is read at noon UTC, so the zone never moves its day.
 */
function abroadDate(
  date: string,
  shop: ShopLocale,
  options: Intl.DateTimeFormatOptions
): string | null {
  if (shop.locale === GB_LOCALE.locale) return null
  return formatDate(calendarDate(date), { ...shop, timeZone: 'UTC' }, options)
}

/** A local date as DD MMM: '2026-11-23' → '23 Nov' ('23 nov' in nl-NL). */
export function dayMonth(date: string, shop: ShopLocale = GB_LOCALE): string {
  return (
    abroadDate(date, shop, { day: 'numeric', month: 'short' }) ??
    format(calendarDate(date), DATE_FORMATS.dayMonth, { in: UTC })
  )
}

/** A local date as DD MMM YYYY: '2026-11-23' → '23 Nov 2026' ('23 nov 2026' in nl-NL). */
export function dayMonthYear(date: string, shop: ShopLocale = GB_LOCALE): string {
  return (
    abroadDate(date, shop, { day: 'numeric', month: 'short', year: 'numeric' }) ??
    format(calendarDate(date), DATE_FORMATS.dayMonthYear, { in: UTC })
  )
}

/** A month of a local date and its year: '2026-12-01' → 'December 2026' ('december 2026'). */
export function monthYear(date: string, shop: ShopLocale = GB_LOCALE): string {
  return (
    abroadDate(date, shop, { month: 'long', year: 'numeric' }) ??
    format(calendarDate(date), 'MMMM yyyy', { in: UTC })
  )
}

/** The short weekday of a local date: 'Mon' ('ma' in nl-NL). */
export function weekdayShort(date: string, shop: ShopLocale = GB_LOCALE): string {
  return (
    abroadDate(date, shop, { weekday: 'short' }) ?? format(calendarDate(date), 'EEE', { in: UTC })
  )
}

/** The full weekday of a local date: 'Monday' ('maandag' in nl-NL). */
export function weekdayLong(date: string, shop: ShopLocale = GB_LOCALE): string {
  return (
    abroadDate(date, shop, { weekday: 'long' }) ?? format(calendarDate(date), 'EEEE', { in: UTC })
  )
}

/** A slot's local times, HH:mm–HH:mm: '09:00–10:00'. */
export function slotTimeRange(slot: Pick<TimeSlot, 'timeSlotTime' | 'endTime'>): string {
  return `${slot.timeSlotTime}–${slot.endTime}`
}

/**
 * A day's name relative to the store's today: 'Today', 'Tomorrow', else 'Mon 23 Nov', in the
 * brand's words (`say`, the render's page text) and date format.
 */
export function dayName(
  date: string,
  today: string,
  shop: ShopLocale = GB_LOCALE,
  say: Say = fillMessage
): string {
  const days = Math.round((Date.parse(date) - Date.parse(today)) / (24 * 60 * MINUTE_MS))
  if (days === 0) return say(MESSAGES.pageToday)
  if (days === 1) return say(MESSAGES.pageTomorrow)
  return `${weekdayShort(date, shop)} ${dayMonth(date, shop)}`
}

/** The store's local date (YYYY-MM-DD) at an instant. */
export function localDate(instant: string, timeZone: string): string {
  const clock = wallClock(instant, timeZone)
  return `${clock.year}-${clock.month}-${clock.day}`
}

/** An ASAP estimate in the store's zone, HH:mm: '18:45'. */
export function asapTime(estimatedAt: string, timeZone: string): string {
  return formatStoreTime(estimatedAt, timeZone)
}

/*
 * What the slot picker island is sent (ADR 068): only what it shows and posts, since every slot of
 * every day travels in the page's JSON. A slot's start and end instants, a reservation's store and
 * end instant, are read by nothing in the browser.
 */

/** A slot as the picker shows and reserves it: its local times, what is left, whether it is open. */
export type PickerSlot = Pick<
  TimeSlot,
  'timeSlotDate' | 'timeSlotTime' | 'endTime' | 'remaining' | 'available'
>

/** A day as the picker shows it. */
export interface PickerDay {
  date: string
  closed: boolean
  slots: Array<PickerSlot>
}

/** A hold as the picker and its countdown show it. */
export type PickerReservation = Omit<SlotReservation, 'storeId' | 'endDate'>

/** A day of the slot list with only what the picker uses. */
export function pickerDay(day: TimeSlotDay): PickerDay {
  return {
    date: day.date,
    closed: day.closed,
    slots: day.slots.map((slot) => ({
      timeSlotDate: slot.timeSlotDate,
      timeSlotTime: slot.timeSlotTime,
      endTime: slot.endTime,
      remaining: slot.remaining,
      available: slot.available,
    })),
  }
}

/** A reservation with only what the picker and its countdown use. */
export function pickerReservation(reservation: SlotReservation): PickerReservation {
  return {
    reservationId: reservation.reservationId,
    type: reservation.type,
    fulfilmentMethod: reservation.fulfilmentMethod,
    timeSlotDate: reservation.timeSlotDate,
    timeSlotTime: reservation.timeSlotTime,
    endTime: reservation.endTime,
    startDate: reservation.startDate,
    status: reservation.status,
    expiresAt: reservation.expiresAt,
  }
}

/** What a held reservation says: 'ASAP delivery, about 18:45' or 'Delivery, Mon 23 Nov, 09:00–10:00'. */
export function reservationLabel(
  reservation: PickerReservation,
  today: string,
  timeZone: string,
  shop: ShopLocale = GB_LOCALE,
  say: Say = fillMessage
): string {
  const method = reservation.fulfilmentMethod === 'delivery' ? 'delivery' : 'collection'
  if (reservation.type === 'asap' || reservation.timeSlotTime === null) {
    const about = asapTime(reservation.startDate, timeZone)
    return method === 'delivery'
      ? say(MESSAGES.pageAsapDeliveryAbout, about)
      : say(MESSAGES.pageAsapCollectionAbout, about)
  }
  const range = slotTimeRange({
    timeSlotTime: reservation.timeSlotTime,
    endTime: reservation.endTime ?? reservation.timeSlotTime,
  })
  const capital = say(method === 'delivery' ? MESSAGES.pageDelivery : MESSAGES.pageCollection)
  return `${capital}, ${dayName(reservation.timeSlotDate, today, shop, say)}, ${range}`
}

/** Whether a day has at least one slot a shopper can choose. */
export function dayHasSlots(day: PickerDay): boolean {
  return !day.closed && day.slots.some((slot) => slot.available)
}

// --- Calendar ------------------------------------------------------------------------------------

/** A cell of a month grid: a day of the month (with its slot day, if it takes orders) or padding. */
export type CalendarCell = { date: string; day: TimeSlotDay | null } | null

export interface CalendarMonth {
  /** 'YYYY-MM'. */
  key: string
  /** The first day of the month, for its DD MMM YYYY heading. */
  firstDate: string
  /** Weeks of seven cells, Monday first. */
  weeks: Array<Array<CalendarCell>>
}

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/**
 * Month grids (Monday-first weeks) covering the slot days in order; the days of a month outside
 * the list are shown but not selectable (day null).
 */
export function calendarMonths(days: ReadonlyArray<TimeSlotDay>): Array<CalendarMonth> {
  const byDate = new Map(days.map((day) => [day.date, day]))
  const keys = [...new Set(days.map((day) => day.date.slice(0, 7)))].sort()
  return keys.map((key) => {
    const [year, month] = key.split('-').map(Number) as [number, number]
    const length = new Date(Date.UTC(year, month, 0)).getUTCDate()
    // getUTCDay: 0 = Sunday; Monday-first padding.
    const lead = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7
    const cells: Array<CalendarCell> = Array.from({ length: lead }, () => null)
    for (let day = 1; day <= length; day += 1) {
      const date = isoDate(year, month, day)
      cells.push({ date, day: byDate.get(date) ?? null })
    }
    while (cells.length % 7 !== 0) cells.push(null)
    const weeks: Array<Array<CalendarCell>> = []
    for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7))
    return { key, firstDate: isoDate(year, month, 1), weeks }
  })
}

/** Delivery or collection (spec §4). */
export type { FulfilmentMethod } from '../../schemas/constants.ts'
