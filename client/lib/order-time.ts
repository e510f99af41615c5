import { DEFAULT_TIME_ZONE } from '../../schemas/constants.ts'
import { formatStoreTime } from './format.ts'
import { dayMonthYear, localDate } from './slots.ts'

/** An instant as the member reads it, in the shop's zone: '25 Nov 2026, 12:05'. */
export function orderTimeLabel(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return `${dayMonthYear(localDate(iso, timeZone))}, ${formatStoreTime(iso, timeZone)}`
}
