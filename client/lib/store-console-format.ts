import { TZDate } from '@date-fns/tz'
import type { StoreOrderSlot, StoreOrderSummary } from '../../schemas/store-orders.ts'
import { formatStoreTime } from './format.ts'
import { dayMonth, localDate, weekdayShort } from './slots.ts'

/** The instant a scheduled slot starts (its local date and time in the store's zone), ISO UTC. */
export function slotStartInstant(
  slot: Extract<StoreOrderSlot, { kind: 'scheduled' }>,
  timeZone: string
): string {
  const [year = 0, month = 1, day = 1] = slot.date.split('-').map(Number)
  const [hours = 0, minutes = 0] = slot.startsAt.split(':').map(Number)
  return new Date(
    new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime()
  ).toISOString()
}

/** '12 min', '2 h 5 min', '3 d' since an instant, counted from the server's `at`. */
export function ageLabel(sinceIso: string, atIso: string): string {
  const minutes = Math.max(0, Math.floor((Date.parse(atIso) - Date.parse(sinceIso)) / 60_000))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  return `${Math.floor(hours / 24)} d`
}

/** The slot as the shopper chose it, in the store's local time and the shop's date format: 'Wed 25 Nov 13:00–14:00'. */
export function slotLabel(slot: StoreOrderSlot): string {
  if (slot.kind === 'asap') return 'As soon as possible'
  return `${weekdayShort(slot.date)} ${dayMonth(slot.date)} ${slot.startsAt}–${slot.endsAt}`
}

export const methodLabel = (method: StoreOrderSummary['fulfilmentMethod']): string =>
  method === 'delivery' ? 'Delivery' : 'Collection'

/** An instant in the store's zone and the shop's date format: 'Wed 25 Nov 12:05'. */
export function storeDateTime(iso: string, timeZone: string): string {
  const date = localDate(iso, timeZone)
  return `${weekdayShort(date)} ${dayMonth(date)} ${formatStoreTime(iso, timeZone)}`
}

/** A time the console shows: '12:05' on the day of `atIso` (the store's day), else with its date. */
export function storeTimeFrom(iso: string, timeZone: string, atIso: string): string {
  return localDate(iso, timeZone) === localDate(atIso, timeZone)
    ? formatStoreTime(iso, timeZone)
    : storeDateTime(iso, timeZone)
}
