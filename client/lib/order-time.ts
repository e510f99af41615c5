import { DEFAULT_TIME_ZONE } from '../../schemas/constants.ts'
import { GB_LOCALE, type ShopLocale } from '../../schemas/locale.ts'
import { formatStoreTime } from './format.ts'
import { dayMonthYear, localDate } from './slots.ts'

/**
 * An instant as the member reads it, in the shop's zone: '25 Nov 2026, 12:05' ('25 nov 2026,
 * 13:05' for a Dutch shop, whose locale's date format and zone it takes).
 */
export function orderTimeLabel(
  iso: string,
  timeZone: string = DEFAULT_TIME_ZONE,
  shop: ShopLocale = GB_LOCALE
): string {
  return `${dayMonthYear(localDate(iso, timeZone), shop)}, ${formatStoreTime(iso, timeZone)}`
}
