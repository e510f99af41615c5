import type { SlotReservation } from '../../../schemas/slots.ts'
import { SlotCountdown } from '../../islands/SlotCountdown.tsx'
import { formatStoreTime } from '../../lib/format.ts'
import { routePath } from '../../lib/routes.ts'
import { dayMonth, localDate, slotTimeRange, weekdayShort } from '../../lib/slots.ts'
import { useText, type PageTexts } from '../../lib/page-text.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { fillMessage } from '../../../schemas/message-format.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

/**
 * A slot as the basket and payment pages show it, in the store's zone and the same words as the
 * slot page and the success page: 'ASAP (about 18:45)' or 'Sat 21 Nov, 14:00–15:00'.
 */
export function slotLabel(
  slot: SlotReservation,
  timeZone: string,
  shop: ShopLocale = GB_LOCALE,
  say: PageTexts['say'] = fillMessage
): string {
  if (slot.type === 'asap') {
    return say(MESSAGES.pageAsapAbout, formatStoreTime(slot.startDate, timeZone))
  }
  const date = localDate(slot.startDate, timeZone)
  const range = slotTimeRange({
    timeSlotTime: formatStoreTime(slot.startDate, timeZone),
    endTime: formatStoreTime(slot.endDate, timeZone),
  })
  return `${weekdayShort(date, shop)} ${dayMonth(date, shop)}, ${range}`
}

/** The basket's time slot with a link to change it (the time-slot page in change mode). */
export function SlotSummary({
  slot,
  store,
  method,
  serverTime,
}: {
  slot: SlotReservation | null
  store: { slug: string; timeZone: string }
  method: 'delivery' | 'collection'
  serverTime: string
}) {
  const href = routePath('stores-storeSlug-time-slots', { storeSlug: store.slug }, { change: '1' })
  const text = useText()
  const shop = useShopLocale()
  const live = slot !== null && (slot.status === 'held' || slot.status === 'confirmed')
  return (
    <section aria-labelledby="slot-title" className="flex flex-col gap-2">
      <h2 id="slot-title" className="font-bold">
        {method === 'delivery'
          ? text(MESSAGES.pageDeliveryTime)
          : text(MESSAGES.pageCollectionTime)}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          {live ? slotLabel(slot, store.timeZone, shop, text) : text(MESSAGES.pageNoSlotYet)}
        </p>
        <a
          href={href}
          className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ring-1 ring-black/20 hover:bg-tint"
        >
          {live ? text(MESSAGES.pageChangeTimeSlot) : text(MESSAGES.pageChooseATimeSlot)}
        </a>
      </div>
      {slot !== null && slot.status === 'held' ? (
        <SlotCountdown reservation={slot} serverTime={serverTime} storeSlug={store.slug} />
      ) : null}
    </section>
  )
}
