import { TZDate } from '@date-fns/tz'
import type { FulfilmentMethod } from '../../../schemas/constants.ts'
import { format } from 'date-fns'
import { wallClock as clockParts } from '../../../schemas/wall-clock.ts'
import type {
  OpeningHours,
  StoreAvailability,
  StoreAvailabilityState,
} from '../../../schemas/stores.ts'

/** What availability is computed from: a store's hours, closures and switches. */
export interface AvailabilityInput {
  /** IANA time zone the opening hours and closures are written in. */
  timeZone: string
  /** Future orders allowed up to this many local days ahead (0 = today only). */
  daysInAdvance: number
  temporarilyClosed: boolean
  deliveryEnabled: boolean
  collectionEnabled: boolean
  openingHours: {
    delivery: ReadonlyArray<OpeningHours>
    collection: ReadonlyArray<OpeningHours>
    store: ReadonlyArray<OpeningHours>
  }
  /** Whole-day closures, local dates (YYYY-MM-DD). */
  closures: ReadonlyArray<string>
  /**
   * A manager's pause (ISO instant): no opening counts before it, so until then the store takes
   * preorders for after it, or is closed; from it on the hours rule again.
   */
  pausedUntil?: string | null | undefined
}

/** An opening window: from its start instant to its end instant. */
export /** What availability needs of a store's details (as stores/repo.ts reads them). */
interface AvailabilityTerms {
  timeZone: string
  daysInAdvance: number
  temporarilyClosed: boolean
  delivery: { enabled: boolean }
  collection: { enabled: boolean }
}

/** The availability input of a store's details and its schedule (hours and closures). */
export function availabilityInput(
  store: AvailabilityTerms,
  schedule: Pick<AvailabilityInput, 'openingHours' | 'closures' | 'pausedUntil'>
): AvailabilityInput {
  return {
    timeZone: store.timeZone,
    daysInAdvance: store.daysInAdvance,
    temporarilyClosed: store.temporarilyClosed,
    deliveryEnabled: store.delivery.enabled,
    collectionEnabled: store.collection.enabled,
    openingHours: schedule.openingHours,
    closures: schedule.closures,
    pausedUntil: schedule.pausedUntil ?? null,
  }
}

/** The end of a pause still running at `now` (ms since the epoch), else null. */
export function pauseEndMs(
  input: Pick<AvailabilityInput, 'pausedUntil'>,
  now: Date
): number | null {
  const end = input.pausedUntil ? Date.parse(input.pausedUntil) : Number.NaN
  return Number.isFinite(end) && end > now.getTime() ? end : null
}

interface Window {
  start: Date
  end: Date
}

/** One fulfilment method's state now, with when its current window closes or the next opens. */
export interface MethodAvailability {
  state: StoreAvailabilityState
  closesAt: Date | null
  opensAt: Date | null
}

const ISO_WITH_OFFSET = "yyyy-MM-dd'T'HH:mm:ssxxx"
const DAY_MS = 86_400_000

/** A local calendar date, as plain numbers; arithmetic on it is calendar-only (no clock). */
export interface CalendarDate {
  year: number
  month: number
  day: number
}

// Time-zone conversions go through Intl and dominate the cost of a search answer: every store
// asks for the same few local times of the same days. They are pure, so each isolate remembers
// them (bounded; cleared when full).
const MEMO_LIMIT = 4096
const instants = new Map<string, number>()
const calendarDates = new Map<string, CalendarDate>()
const isoStrings = new Map<string, string>()
const wallClocks = new Map<string, WallClock>()

function remembered<T>(memo: Map<string, T>, key: string, compute: () => T): T {
  const known = memo.get(key)
  if (known !== undefined) return known
  const value = compute()
  if (memo.size >= MEMO_LIMIT) memo.clear()
  memo.set(key, value)
  return value
}

/** The local calendar date of an instant in a zone. */
export function calendarDate(now: Date, timeZone: string): CalendarDate {
  // Local dates change on whole minutes in every zone in use, so the minute is key enough.
  return remembered(calendarDates, `${timeZone}|${Math.floor(now.getTime() / 60_000)}`, () => {
    const local = new TZDate(now, timeZone)
    return { year: local.getFullYear(), month: local.getMonth(), day: local.getDate() }
  })
}

/** An instant as a zone's clock reads it: its local date (YYYY-MM-DD) and time (HH:mm). */
export interface WallClock {
  date: string
  time: string
}

/**
 * The local date and time of an instant in a zone. A store's slots start at the same instants
 * for every shopper who lists them, so the slot list reads these from the isolate's memo instead
 * of three zone conversions per slot (which were most of its cost). The parts come from the one
 * wall clock the pages use (schemas/wall-clock.ts).
 */
export function wallClock(instant: Date, timeZone: string): WallClock {
  return remembered(wallClocks, `${timeZone}|${instant.getTime()}`, () => {
    const { year, month, day, hour, minute } = clockParts(instant, timeZone)
    return { date: `${year}-${month}-${day}`, time: `${hour}:${minute}` }
  })
}

/** Calendar arithmetic on a local date. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month, date.day) + days * DAY_MS)
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth(), day: moved.getUTCDate() }
}

/** A local date as YYYY-MM-DD. */
export function isoDate(date: CalendarDate): string {
  const month = String(date.month + 1).padStart(2, '0')
  return `${date.year}-${month}-${String(date.day).padStart(2, '0')}`
}

// Opening hours number the days 0 = Monday … 6 = Sunday.
function dayOfWeek(date: CalendarDate): number {
  return (new Date(Date.UTC(date.year, date.month, date.day)).getUTCDay() + 6) % 7
}

function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return hours * 60 + minutes
}

function localInstant(date: CalendarDate, minutes: number, timeZone: string): Date {
  const key = `${timeZone}|${date.year}-${date.month}-${date.day}|${minutes}`
  const epoch = remembered(instants, key, () => {
    const { year, month, day } = addDays(date, Math.floor(minutes / 1440))
    const inDay = minutes % 1440
    return new TZDate(year, month, day, Math.floor(inDay / 60), inDay % 60, timeZone).getTime()
  })
  return new Date(epoch)
}

/**
 * The opening windows of one method from `first` on, for `days` more local days, in start order.
 * A row whose closing time is not after its opening time runs past midnight; the window belongs
 * to the day it opens, so a closure of that day cancels all of it. Lazy: most answers need a
 * day or two, and each window costs two time-zone conversions.
 */
export function* windows(
  hours: ReadonlyArray<OpeningHours>,
  closures: ReadonlySet<string>,
  timeZone: string,
  first: CalendarDate,
  days: number
): Generator<Window> {
  for (let offset = 0; offset <= days; offset++) {
    const date = addDays(first, offset)
    if (closures.has(isoDate(date))) continue
    const weekday = dayOfWeek(date)
    const rows = hours
      .filter((row) => row.dayOfWeek === weekday)
      .map((row) => {
        const opens = minutesOf(row.opensAt)
        const closes = minutesOf(row.closesAt)
        return { opens, closes: closes <= opens ? closes + 1440 : closes }
      })
      .sort((a, b) => a.opens - b.opens)
    for (const { opens, closes } of rows) {
      yield {
        start: localInstant(date, opens, timeZone),
        end: localInstant(date, closes, timeZone),
      }
    }
  }
}

function methodAvailability(
  enabled: boolean,
  hours: ReadonlyArray<OpeningHours>,
  input: AvailabilityInput,
  now: Date,
  closures: ReadonlySet<string>
): MethodAvailability {
  const closed: MethodAvailability = { state: 'closed', closesAt: null, opensAt: null }
  if (!enabled || input.temporarilyClosed) return closed
  const today = calendarDate(now, input.timeZone)
  const daysInAdvance = Math.max(0, input.daysInAdvance)
  const instant = now.getTime()
  // Windows that touch or overlap are one opening; each is judged once it is complete.
  const judge = (run: Window): MethodAvailability | null => {
    if (run.start.getTime() <= instant && instant < run.end.getTime()) {
      return { state: 'open', closesAt: run.end, opensAt: null }
    }
    if (run.start.getTime() > instant)
      return { state: 'preorder', closesAt: null, opensAt: run.start }
    return null
  }
  let run: Window | null = null
  const pauseEnd = pauseEndMs(input, now)
  // From yesterday (a window past midnight may still run) to the last day orders can be placed for.
  for (const whole of windows(
    hours,
    closures,
    input.timeZone,
    addDays(today, -1),
    daysInAdvance + 1
  )) {
    // A pause cuts every window short of its end: the store opens again when it ends.
    if (pauseEnd !== null && whole.end.getTime() <= pauseEnd) continue
    const window =
      pauseEnd !== null && whole.start.getTime() < pauseEnd
        ? { start: new Date(pauseEnd), end: whole.end }
        : whole
    if (run && window.start.getTime() <= run.end.getTime()) {
      if (window.end.getTime() > run.end.getTime()) run.end = window.end
      continue
    }
    const verdict = run ? judge(run) : null
    if (verdict) return verdict
    run = { ...window }
  }
  return (run ? judge(run) : null) ?? closed
}

function toIso(date: Date | null, timeZone: string): string | null {
  if (!date) return null
  return remembered(isoStrings, `${timeZone}|${date.getTime()}`, () =>
    format(new TZDate(date, timeZone), ISO_WITH_OFFSET)
  )
}

/**
 * The hours a method runs on: its own, or the store's when it has none (spec §4). Used by
 * availability and by time-slot generation, so both read the same hours.
 */
export function methodHours(
  input: AvailabilityInput,
  method: FulfilmentMethod
): ReadonlyArray<OpeningHours> {
  const own = input.openingHours[method]
  return own.length > 0 ? own : input.openingHours.store
}

/** One method's availability at an instant: 'open' with closesAt, 'preorder' with opensAt. */
export function methodAvailabilityAt(
  input: AvailabilityInput,
  method: FulfilmentMethod,
  now: Date
): MethodAvailability {
  const enabled = method === 'delivery' ? input.deliveryEnabled : input.collectionEnabled
  return methodAvailability(
    enabled,
    methodHours(input, method),
    input,
    now,
    new Set(input.closures)
  )
}

/**
 * A store's availability at an instant (spec §4): per fulfilment method from its own opening
 * hours (the store's hours when the method has none), in the store's time zone. 'open' while a
 * window runs; 'preorder' when closed now but a window starts before the end of the last day
 * orders can be placed for (today + daysInAdvance, so later today counts); else 'closed'. The
 * store is open when either method is; closesAt is the later close of the open methods, opensAt
 * the earlier opening of the preorder ones. Disabled methods and a temporarily closed store are
 * closed.
 *
 * @example storeAvailability(input, new Date('2026-06-06T23:30:00Z')) // Saturday 00:30 BST
 */
export function storeAvailability(input: AvailabilityInput, now: Date): StoreAvailability {
  const closures = new Set(input.closures)
  const delivery = methodAvailability(
    input.deliveryEnabled,
    methodHours(input, 'delivery'),
    input,
    now,
    closures
  )
  const collection = methodAvailability(
    input.collectionEnabled,
    methodHours(input, 'collection'),
    input,
    now,
    closures
  )
  const methods = [delivery, collection]
  const open = methods.filter((m) => m.state === 'open')
  const preorder = methods.filter((m) => m.state === 'preorder')
  const latest = (dates: Array<Date | null>) =>
    dates.reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null)
  const earliest = (dates: Array<Date | null>) =>
    dates.reduce<Date | null>((a, b) => (b && (!a || b < a) ? b : a), null)
  const state: StoreAvailabilityState =
    open.length > 0 ? 'open' : preorder.length > 0 ? 'preorder' : 'closed'
  return {
    state,
    delivery: delivery.state,
    collection: collection.state,
    closesAt: state === 'open' ? toIso(latest(open.map((m) => m.closesAt)), input.timeZone) : null,
    opensAt:
      state === 'preorder' ? toIso(earliest(preorder.map((m) => m.opensAt)), input.timeZone) : null,
  }
}
