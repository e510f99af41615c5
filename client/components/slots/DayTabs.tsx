import { dayHasSlots, dayMonth, dayName, type PickerDay } from '../../lib/slots.ts'
import { useText } from '../../lib/page-text.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'

/** The days to choose from, as a row of toggle buttons (a day without slots is dimmed). */
export function DayTabs({
  days,
  day,
  today,
  onChoose,
}: {
  days: Array<PickerDay>
  day: string | null
  today: string
  onChoose: (date: string) => void
}) {
  const text = useText()
  const shop = useShopLocale()
  return (
    <div
      role="group"
      aria-label={text(MESSAGES.pageDay)}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2"
    >
      {days.map((candidate) => {
        const active = candidate.date === day
        const open = dayHasSlots(candidate)
        return (
          <button
            key={candidate.date}
            type="button"
            aria-pressed={active}
            onClick={() => onChoose(candidate.date)}
            className={`flex min-h-14 min-w-24 shrink-0 flex-col items-center justify-center rounded-xl px-3 py-1 text-sm focus-visible:outline-3 focus-visible:outline-offset-2 ${
              active ? 'bg-primary text-on-primary' : 'bg-white ring-1 ring-black/15'
            } ${open ? '' : 'opacity-70'}`}
          >
            <span className="font-bold">
              {dayName(candidate.date, today, shop, text).split(' ')[0]}
            </span>
            <span>{dayMonth(candidate.date, shop)}</span>
          </button>
        )
      })}
    </div>
  )
}
