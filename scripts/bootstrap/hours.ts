// A store's weekly opening hours as one line of text ('mon-sat 08:00-20:00; sun 10:00-16:00'), the
// way a person types them on a command line, checked by the operator console's own rules
// (schemas/operator-stores.ts). Days are 0 = Monday … 6 = Sunday, as store_opening_hours has them.
import {
  type HoursRange,
  HoursRangeSchema,
  StoreHoursRequestSchema,
} from '../../schemas/operator-stores.ts'
import { WEEKDAY_NAMES, WEEKDAY_SHORT_NAMES } from '../../schemas/weekdays.ts'

/** The days a store is open for a method, each with its ranges; a day left out is closed. */
export type WeekHours = Array<{ dayOfWeek: number; ranges: Array<HoursRange> }>

/** Used when --hours is not given: printed with the plan, so nobody is surprised by it. */
export const DEFAULT_HOURS = 'mon-sat 08:00-20:00; sun 10:00-16:00'

const DAY_LABELS = WEEKDAY_SHORT_NAMES
const FULL_NAMES = WEEKDAY_NAMES
const DAY_NAMES = DAY_LABELS.map((label) => label.toLowerCase())

// 'mon', 'Monday' and 'MON' are all Monday; anything else is not a day.
function dayIndex(word: string): number {
  const lower = word.toLowerCase()
  return DAY_NAMES.findIndex(
    (name, index) => lower === name || lower === FULL_NAMES[index]?.toLowerCase()
  )
}

// 'daily', 'mon', 'mon-fri', 'sat,sun', 'mon-wed,fri'.
function daysOf(spec: string): Array<number> | string {
  if (/^(daily|every-?day)$/i.test(spec)) return [0, 1, 2, 3, 4, 5, 6]
  const days: Array<number> = []
  for (const part of spec.split(',')) {
    const [from = '', to, ...rest] = part.split('-')
    const first = dayIndex(from)
    const last = to === undefined ? first : dayIndex(to)
    if (first < 0 || last < 0 || rest.length > 0 || last < first) {
      return `"${part}" is not a day or a run of days (like mon, mon-fri or sat,sun)`
    }
    for (let day = first; day <= last; day++) days.push(day)
  }
  return days
}

/**
 * The week's hours from text: groups separated by ';', each a day or run of days and one or
 * more ranges ('mon-fri 07:00-12:00 13:00-22:00'). A range that closes at or before it opens runs
 * past midnight, as in the console. Answers the console's messages for bad times and overlaps.
 *
 * @example parseWeekHours('mon-sat 08:00-20:00; sun 10:00-16:00')
 */
export function parseWeekHours(
  text: string
): { ok: true; days: WeekHours } | { ok: false; message: string } {
  const byDay = new Map<number, Array<HoursRange>>()
  const groups = text
    .split(';')
    .map((group) => group.trim())
    .filter((group) => group !== '')
  if (groups.length === 0) return { ok: false, message: 'give at least one day and its hours' }
  for (const group of groups) {
    const [spec = '', ...times] = group.split(/\s+/)
    const days = daysOf(spec)
    if (typeof days === 'string') return { ok: false, message: days }
    if (times.length === 0)
      return { ok: false, message: `"${group}" has no hours (like 08:00-20:00)` }
    const ranges: Array<HoursRange> = []
    for (const time of times) {
      const [opensAt, closesAt, ...rest] = time.split('-')
      const range = HoursRangeSchema.safeParse({ opensAt, closesAt })
      if (!range.success || rest.length > 0) {
        const why = range.success ? '' : `: ${range.error.issues[0]?.message ?? ''}`
        return { ok: false, message: `"${time}" is not a range like 08:00-20:00${why}` }
      }
      ranges.push(range.data)
    }
    for (const day of days) {
      if (byDay.has(day)) return { ok: false, message: `${FULL_NAMES[day]} is given twice` }
      byDay.set(day, ranges)
    }
  }
  const days: WeekHours = [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([dayOfWeek, ranges]) => ({ dayOfWeek, ranges }))
  // The console's own check of a week: each day's ranges apart, at most six of them.
  const checked = StoreHoursRequestSchema.safeParse({
    businessId: 1,
    storeId: 1,
    method: 'store',
    days,
  })
  if (!checked.success) {
    const issue = checked.error.issues[0]
    const day = typeof issue?.path[1] === 'number' ? days[issue.path[1]]?.dayOfWeek : undefined
    const where = day === undefined ? '' : `${FULL_NAMES[day]}: `
    return { ok: false, message: `${where}${issue?.message ?? 'not a week of opening hours'}` }
  }
  return { ok: true, days }
}

/** The week as people read it: 'Mon–Sat 08:00–20:00, Sun 10:00–16:00'; closed days left out. */
export function formatWeekHours(days: WeekHours): string {
  const text = (day: WeekHours[number]) =>
    day.ranges.map((range) => `${range.opensAt}–${range.closesAt}`).join(' ')
  const runs: Array<{ first: number; last: number; hours: string }> = []
  for (const day of days) {
    const hours = text(day)
    const previous = runs.at(-1)
    if (previous && previous.last === day.dayOfWeek - 1 && previous.hours === hours) {
      previous.last = day.dayOfWeek
    } else {
      runs.push({ first: day.dayOfWeek, last: day.dayOfWeek, hours })
    }
  }
  if (runs.length === 0) return 'closed every day'
  return runs
    .map(({ first, last, hours }) => {
      const label = first === last ? DAY_LABELS[first] : `${DAY_LABELS[first]}–${DAY_LABELS[last]}`
      return `${label} ${hours}`
    })
    .join(', ')
}
