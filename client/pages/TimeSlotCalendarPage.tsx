import { MESSAGES } from '../../schemas/messages.ts'
import type { TimeSlotDay } from '../../schemas/slots.ts'
import { island } from '../components/Island.tsx'
import { CalendarGrid } from '../components/slots/CalendarGrid.tsx'
import { DayStrip } from '../components/slots/DayStrip.tsx'
import { SlotPageFrame, type SlotPageFrameProps } from '../components/slots/SlotPageFrame.tsx'
import { SlotPicker, type SlotPickerProps } from '../islands/SlotPicker.tsx'
import { dayMonthYear, pickerDay, weekdayLong } from '../lib/slots.ts'
import { useText } from '../lib/page-text.ts'
import { useShopLocale } from '../lib/shop-locale.ts'
import { SLOT_PAGE_KEYS } from '../../schemas/page-messages.ts'

const SlotPickerIsland = island('SlotPicker', SlotPicker, {
  hydrate: 'load',
  // The held slot's words, said once the shopper picks one.
  texts: [
    ...SLOT_PAGE_KEYS.map((key) => MESSAGES[key]),
    MESSAGES.pageYourSlot,
    MESSAGES.pageDelivery,
    MESSAGES.pageCollection,
    MESSAGES.pageToday,
    MESSAGES.pageTomorrow,
  ],
})

export interface TimeSlotCalendarPageProps {
  frame: Omit<SlotPageFrameProps, 'children' | 'title'>
  /** Every day the store takes orders for; the picker gets the selected day only. */
  days: Array<TimeSlotDay>
  selected: string | null
  dayHref: (date: string) => string
  picker: Omit<SlotPickerProps, 'islandId' | 'days' | 'asap' | 'initialDay'>
}

/** Spec §2 stores-storeSlug-time-slots-calendar: a day of the calendar, then one of its slots. */
export function TimeSlotCalendarPage({
  frame,
  days,
  selected,
  dayHref,
  picker,
}: TimeSlotCalendarPageProps) {
  const day = days.find((candidate) => candidate.date === selected) ?? null
  const text = useText()
  const shop = useShopLocale()
  const title =
    picker.method === 'delivery'
      ? text(MESSAGES.pageChooseDeliveryDay)
      : text(MESSAGES.pageChooseCollectionDay)
  return (
    <SlotPageFrame {...frame} title={title}>
      <DayStrip days={days} selected={selected} hrefFor={dayHref} />
      <CalendarGrid days={days} selected={selected} hrefFor={dayHref} />
      {day ? (
        <section aria-labelledby="calendar-day-heading" className="mt-6">
          <h2 id="calendar-day-heading" className="text-xl font-bold">
            {weekdayLong(day.date, shop)} {dayMonthYear(day.date, shop)}
          </h2>
          <SlotPickerIsland {...picker} days={[pickerDay(day)]} asap={null} initialDay={day.date} />
        </section>
      ) : (
        <p className="mt-6 rounded-xl bg-white p-4 ring-1 ring-black/10">
          {text(MESSAGES.slotsNoneToday)}
        </p>
      )}
    </SlotPageFrame>
  )
}
