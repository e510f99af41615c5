import { MESSAGES } from '../../../schemas/messages.ts'
import {
  dayHasSlots,
  dayMonth,
  dayName,
  type PickerDay,
  type PickerSlot,
  slotTimeRange,
} from '../../lib/slots.ts'
import { useText } from '../../lib/page-text.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

/** The key a slot's button is pending or held under. */
export function slotKey(slot: PickerSlot): string {
  return `${slot.timeSlotDate} ${slot.timeSlotTime}`
}

/**
 * One day's slots as buttons: each shows its time, its delivery price, what is left, and whether
 * it is held.
 */
export function DaySlots({
  day,
  price,
  today,
  showHeading,
  heldKey,
  pending,
  onChoose,
}: {
  day: PickerDay
  /** The slot's price as the basket will charge it ('£3.50', 'Free'). */
  price: string
  today: string
  /** Off on the calendar page, whose own heading names the day. */
  showHeading: boolean
  heldKey: string | null
  pending: string | null
  onChoose: (slot: PickerSlot) => void
}) {
  const shop = useShopLocale()
  const text = useText()
  const heading = dayName(day.date, today, shop, text)
  if (!dayHasSlots(day)) {
    return (
      <div className="mt-3 rounded-xl bg-white p-4 ring-1 ring-black/10">
        {showHeading ? <h3 className="font-bold">{heading}</h3> : null}
        <p className={showHeading ? 'mt-1' : undefined}>
          {day.date === today ? text(MESSAGES.slotsNoneToday) : text(MESSAGES.slotsNoneOnDay)}
        </p>
      </div>
    )
  }
  return (
    <div className="mt-3">
      {showHeading ? (
        <h3 className="mb-2 font-bold">
          {heading}
          {heading === text(MESSAGES.pageToday) || heading === text(MESSAGES.pageTomorrow)
            ? `, ${dayMonth(day.date, shop)}`
            : ''}
        </h3>
      ) : null}
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        {day.slots.map((slot) => {
          const key = slotKey(slot)
          const held = key === heldKey
          return (
            <li key={key}>
              <button
                type="button"
                disabled={!slot.available || pending !== null}
                aria-pressed={held}
                onClick={() => onChoose(slot)}
                className={`flex min-h-14 w-full flex-col items-center justify-center rounded-xl px-2 py-1 focus-visible:outline-3 focus-visible:outline-offset-2 ${
                  held
                    ? 'bg-primary text-on-primary'
                    : slot.available
                      ? 'bg-white ring-1 ring-black/20 hover:ring-2 hover:ring-primary'
                      : 'bg-black/5 text-ink/70 line-through'
                } disabled:cursor-not-allowed`}
              >
                <span className="font-semibold tabular-nums">{slotTimeRange(slot)}</span>
                {slot.available ? (
                  <span data-slot-price="" className="text-sm font-bold tabular-nums">
                    {price}
                  </span>
                ) : null}
                <span className="text-xs">
                  {pending === key
                    ? text(MESSAGES.pageReserving)
                    : held
                      ? text(MESSAGES.pageReserved)
                      : slot.available
                        ? text(MESSAGES.pageSlotsLeft, slot.remaining)
                        : slot.remaining === 0
                          ? text(MESSAGES.pageFull)
                          : text(MESSAGES.pageUnavailable)}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
