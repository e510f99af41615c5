import { DEFAULT_TIME_ZONE } from '../../../schemas/constants.ts'
import type { StoreOrderStatus } from '../../../schemas/order-states.ts'
import { formatStoreTime } from '../../lib/format.ts'
import { dayMonthYear, localDate } from '../../lib/slots.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'

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

/** The badge's colours: progress in the brand's tint, delivered green, endings grey or red. */
export function statusTone(status: StoreOrderStatus): 'progress' | 'done' | 'ended' | 'problem' {
  switch (status) {
    case 'delivered':
      return 'done'
    case 'store_rejected':
    case 'declined':
    case 'unable_to_deliver':
      return 'problem'
    case 'cancelled':
    case 'refunded':
      return 'ended'
    default:
      return 'progress'
  }
}

/** '3 items', '1 item'. */
export function itemsLabel(count: number): string {
  return count === 1 ? '1 item' : `${count} items`
}
