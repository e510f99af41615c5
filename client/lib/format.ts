import { tz } from '@date-fns/tz'
import { differenceInCalendarDays, format } from 'date-fns'
import { DATE_FORMATS, DEFAULT_TIME_ZONE } from '../../schemas/constants.ts'
import type { StoreAvailability } from '../../schemas/stores.ts'
import { distanceUnitFor, kmToMiles } from '../../schemas/distance.ts'
import { formatMoney } from '../../schemas/money.ts'
import { formatDate, formatNumber, GB_LOCALE, type ShopLocale } from '../../schemas/locale.ts'
import { wallClock } from '../../schemas/wall-clock.ts'
import { type CountNoun, englishCount } from '../../schemas/count-nouns.ts'
import { fillMessage } from '../../schemas/message-format.ts'
import { MESSAGES } from '../../schemas/messages.ts'

/*
 * Each label is said by `say` (a page's text(): the brand's language) and counted by `count` (its
 * useCount()); both default to English, word for word what UK pages always showed.
 */
type Say = (english: string, ...values: Array<string | number>) => string
type Count = (noun: CountNoun, count: number) => string

/** Spec §9: a minimum delivery spend shows as 'Min £10.00', none as 'No min order'. */
export function minimumSpendLabel(
  pence: number,
  shop: ShopLocale = GB_LOCALE,
  say: Say = fillMessage
): string {
  return pence > 0
    ? say(MESSAGES.pageMinSpend, formatMoney(pence, shop))
    : say(MESSAGES.pageNoMinOrder)
}

/** Spec §9: 'Order up to N days in advance'; null when the store takes orders for today only. */
export function daysInAdvanceLabel(
  days: number,
  say: Say = fillMessage,
  count: Count = englishCount
): string | null {
  if (days <= 0) return null
  return say(MESSAGES.pageOrderUpToInAdvance, count('days', days))
}

/** A delivery or collection fee: 'Free delivery' or '£2.50 delivery'. */
export function feeLabel(
  pence: number,
  what: 'delivery' | 'collection',
  shop: ShopLocale = GB_LOCALE,
  say: Say = fillMessage
): string {
  if (pence <= 0) {
    return say(what === 'delivery' ? MESSAGES.pageFreeDelivery : MESSAGES.pageFreeCollection)
  }
  const fee = formatMoney(pence, shop)
  return say(what === 'delivery' ? MESSAGES.pageFeeDelivery : MESSAGES.pageFeeCollection, fee)
}

/** A store's free-delivery threshold (totals.ts: the subtotal at or over it pays no delivery fee). */
export function freeDeliveryLabel(
  threshold: number | null,
  shop: ShopLocale = GB_LOCALE,
  say: Say = fillMessage
): string | null {
  return threshold === null
    ? null
    : say(MESSAGES.pageFreeDeliveryOnOrders, formatMoney(threshold, shop))
}

/**
 * The service fee every basket with items pays (totals.ts), shown wherever a store's other fees
 * are so it never first appears in the basket (DMCC Act 2024: no drip pricing). Null when none.
 */
export function serviceFeeLabel(
  pence: number,
  shop: ShopLocale = GB_LOCALE,
  say: Say = fillMessage
): string | null {
  return pence > 0 ? say(MESSAGES.pageServiceFeeEveryOrder, formatMoney(pence, shop)) : null
}

/**
 * A distance in the country's one unit (schemas/distance.ts): '0.4 miles', '1 mile', '12 miles' in
 * GB; '0.7 km', '12 km' elsewhere ('0,7 km' in Dutch). Every distance a page shows goes through
 * here. Miles are English words: only English-speaking countries count in them.
 */
export function distanceLabel(
  km: number,
  countryCode: string,
  shop: ShopLocale = GB_LOCALE,
  say: Say = fillMessage,
  /** The words for a distance under 0.1: 'Under %s' on its own, 'less than %s' in a sentence. */
  under: string = MESSAGES.pageDistanceUnder
): string {
  const unit = distanceUnitFor(countryCode)
  const amount = unit === 'miles' ? kmToMiles(km) : km
  const number = (value: number) => formatNumber(value, shop, { useGrouping: false })
  const inUnit = (value: number) =>
    unit === 'km'
      ? say(MESSAGES.pageKilometres, number(value))
      : `${value} ${value === 1 ? 'mile' : 'miles'}`
  if (amount < 0.1) return say(under, inUnit(0.1))
  return inUnit(amount < 10 ? Math.round(amount * 10) / 10 : Math.round(amount))
}

/**
 * A time in the store's zone, HH:mm: '07:00', '22:30'. Spec §9 lists both HH:mm and h:mma; the
 * storefront keeps one time format everywhere (basket, payment, slots, success), and slots are HH:mm.
 */
export function formatStoreTime(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const clock = wallClock(iso, timeZone)
  return `${clock.hour}:${clock.minute}`
}

// 'today', 'tomorrow', a weekday within the week, else a date ('03 Dec'), all in the store's zone;
// the day and month named by Intl in another language ('zaterdag', '3 dec'), the UK's as always.
function dayWord(iso: string, now: Date, timeZone: string, shop: ShopLocale, say: Say): string {
  const zone = tz(timeZone)
  const days = differenceInCalendarDays(iso, now, { in: zone })
  if (days <= 0) return say(MESSAGES.pageTodayLower)
  if (days === 1) return say(MESSAGES.pageTomorrowLower)
  const abroad = shop.locale !== GB_LOCALE.locale
  if (days < 7) {
    return abroad
      ? formatDate(iso, { ...shop, timeZone }, { weekday: 'long' })
      : format(iso, 'EEEE', { in: zone })
  }
  return abroad
    ? formatDate(iso, { ...shop, timeZone }, { day: 'numeric', month: 'short' })
    : format(iso, DATE_FORMATS.dayMonth, { in: zone })
}

/**
 * What a store's availability (spec §4: open, closed, preorder) says to a shopper, with times in
 * the store's own time zone: 'Open until 22:00', 'Pre-order — opens 07:00 tomorrow', 'Closed'.
 */
export function availabilityLabel(
  availability: StoreAvailability,
  timeZone: string = DEFAULT_TIME_ZONE,
  now: Date = new Date(),
  shop: ShopLocale = GB_LOCALE,
  say: Say = fillMessage
): string {
  if (availability.state === 'open') {
    return availability.closesAt
      ? say(MESSAGES.pageOpenUntil, formatStoreTime(availability.closesAt, timeZone))
      : say(MESSAGES.pageOpenNow)
  }
  const opens = availability.opensAt
    ? say(
        MESSAGES.pageOpensAt,
        formatStoreTime(availability.opensAt, timeZone),
        dayWord(availability.opensAt, now, timeZone, shop, say)
      )
    : null
  if (availability.state === 'preorder') {
    return opens ? say(MESSAGES.pagePreOrderOpens, opens) : say(MESSAGES.pagePreOrder)
  }
  return opens ? say(MESSAGES.pageClosedOpens, opens) : say(MESSAGES.pageClosed)
}
