import { tz } from '@date-fns/tz'
import { differenceInCalendarDays, format } from 'date-fns'
import { DATE_FORMATS, DEFAULT_TIME_ZONE } from '../../schemas/constants.ts'
import type { StoreAvailability } from '../../schemas/stores.ts'
import { distanceUnitFor, kmToMiles } from '../../schemas/distance.ts'
import { formatMoney } from '../../schemas/money.ts'
import { GB_LOCALE, type ShopLocale } from '../../schemas/locale.ts'

/** Spec §9: a minimum delivery spend shows as 'Min £10.00', none as 'No min order'. */
export function minimumSpendLabel(pence: number, shop: ShopLocale = GB_LOCALE): string {
  return pence > 0 ? `Min ${formatMoney(pence, shop)}` : 'No min order'
}

/** Spec §9: 'Order up to N days in advance'; null when the store takes orders for today only. */
export function daysInAdvanceLabel(days: number): string | null {
  if (days <= 0) return null
  return `Order up to ${days} ${days === 1 ? 'day' : 'days'} in advance`
}

/** A delivery or collection fee: 'Free delivery' or '£2.50 delivery'. */
export function feeLabel(
  pence: number,
  what: 'delivery' | 'collection',
  shop: ShopLocale = GB_LOCALE
): string {
  return pence > 0 ? `${formatMoney(pence, shop)} ${what}` : `Free ${what}`
}

/** A store's free-delivery threshold (totals.ts: the subtotal at or over it pays no delivery fee). */
export function freeDeliveryLabel(
  threshold: number | null,
  shop: ShopLocale = GB_LOCALE
): string | null {
  return threshold === null
    ? null
    : `Free delivery on orders of ${formatMoney(threshold, shop)} or more`
}

/**
 * The service fee every basket with items pays (totals.ts), shown wherever a store's other fees
 * are so it never first appears in the basket (DMCC Act 2024: no drip pricing). Null when none.
 */
export function serviceFeeLabel(pence: number, shop: ShopLocale = GB_LOCALE): string | null {
  return pence > 0 ? `${formatMoney(pence, shop)} service fee on every order` : null
}

/**
 * A distance in the country's one unit (schemas/distance.ts): '0.4 miles', '1 mile', '12 miles' in
 * GB; '0.7 km', '12 km' elsewhere. Every distance a page shows goes through here.
 */
export function distanceLabel(km: number, countryCode: string): string {
  const unit = distanceUnitFor(countryCode)
  const amount = unit === 'miles' ? kmToMiles(km) : km
  if (amount < 0.1) return `Under 0.1 ${unit}`
  const rounded = amount < 10 ? Math.round(amount * 10) / 10 : Math.round(amount)
  if (unit === 'km') return `${rounded} km`
  return `${rounded} ${rounded === 1 ? 'mile' : 'miles'}`
}

/**
 * A time in the store's zone, HH:mm: '07:00', '22:30'. Spec §9 lists both HH:mm and h:mma; the
 * storefront keeps one time format everywhere (basket, payment, slots, success), and slots are HH:mm.
 */
export function formatStoreTime(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return format(iso, DATE_FORMATS.time, { in: tz(timeZone) })
}

// 'today', 'tomorrow', a weekday within the week, else a date ('03 Dec'), all in the store's zone.
function dayWord(iso: string, now: Date, timeZone: string): string {
  const zone = tz(timeZone)
  const days = differenceInCalendarDays(iso, now, { in: zone })
  if (days <= 0) return 'today'
  if (days === 1) return 'tomorrow'
  if (days < 7) return format(iso, 'EEEE', { in: zone })
  return format(iso, DATE_FORMATS.dayMonth, { in: zone })
}

/**
 * What a store's availability (spec §4: open, closed, preorder) says to a shopper, with times in
 * the store's own time zone: 'Open until 22:00', 'Pre-order — opens 07:00 tomorrow', 'Closed'.
 */
export function availabilityLabel(
  availability: StoreAvailability,
  timeZone: string = DEFAULT_TIME_ZONE,
  now: Date = new Date()
): string {
  if (availability.state === 'open') {
    return availability.closesAt
      ? `Open until ${formatStoreTime(availability.closesAt, timeZone)}`
      : 'Open now'
  }
  const opens = availability.opensAt
    ? `opens ${formatStoreTime(availability.opensAt, timeZone)} ${dayWord(availability.opensAt, now, timeZone)}`
    : null
  if (availability.state === 'preorder') return opens ? `Pre-order — ${opens}` : 'Pre-order'
  return opens ? `Closed — ${opens}` : 'Closed'
}
