import { MESSAGES } from '../../schemas/messages.ts'
import { island } from '../components/Island.tsx'
import { CalendarGrid } from '../components/slots/CalendarGrid.tsx'
import { DayStrip } from '../components/slots/DayStrip.tsx'
import { SlotPageFrame, type SlotPageFrameProps } from '../components/slots/SlotPageFrame.tsx'
import { SlotPicker, type SlotPickerProps } from '../islands/SlotPicker.tsx'
import { dayMonthYear, weekdayLong } from '../lib/slots.ts'

const SlotPickerIsland = island('SlotPicker', SlotPicker, {
  hydrate: 'load',
  // The held slot's words, said once the shopper picks one.
  texts: [
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
  days: SlotPickerProps['days']
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
  return (
    <SlotPageFrame {...frame} title={`Choose a ${picker.method} day`}>
      <DayStrip days={days} selected={selected} hrefFor={dayHref} />
      <CalendarGrid days={days} selected={selected} hrefFor={dayHref} />
      {day ? (
        <section aria-labelledby="calendar-day-heading" className="mt-6">
          <h2 id="calendar-day-heading" className="text-xl font-bold">
            {weekdayLong(day.date)} {dayMonthYear(day.date)}
          </h2>
          <SlotPickerIsland {...picker} days={[day]} asap={null} initialDay={day.date} />
        </section>
      ) : (
        <p className="mt-6 rounded-xl bg-white p-4 ring-1 ring-black/10">
          {MESSAGES.slotsNoneToday}
        </p>
      )}
    </SlotPageFrame>
  )
}
