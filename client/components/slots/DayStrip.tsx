import type { TimeSlotDay } from '../../../schemas/slots.ts'
import { dayHasSlots, dayMonth, weekdayShort } from '../../lib/slots.ts'
import { DayName } from './CalendarGrid.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

// A week, as grocers show it: seven days fit a phone's width without scrolling.
const WEEK = 7

/**
 * The calendar on a phone: the week of the chosen day as a row of links (a day without a free
 * slot is shown but not a link), with links to the weeks before and after when the store takes
 * orders that far ahead. Plain links, so it works without JavaScript, like the month grids it
 * stands in for below the `md` width.
 */
export function DayStrip({
  days,
  selected,
  hrefFor,
}: {
  days: ReadonlyArray<TimeSlotDay>
  selected: string | null
  hrefFor: (date: string) => string
}) {
  const text = useText()
  const shop = useShopLocale()
  const index = Math.max(
    0,
    days.findIndex((day) => day.date === selected)
  )
  // Weeks from the first day, but never a short last week: the final days show as a full week.
  const start = Math.max(0, Math.min(index - (index % WEEK), days.length - WEEK))
  const week = days.slice(start, start + WEEK)
  const first = week[0]
  const last = week.at(-1)
  if (!first || !last) return null
  const earlier = days.slice(Math.max(0, start - WEEK), start).find(dayHasSlots)
  const later = days.slice(start + WEEK, start + 2 * WEEK).find(dayHasSlots)
  const link =
    'inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4 hover:no-underline'
  return (
    <nav aria-labelledby="day-strip-heading" className="mt-6 md:hidden">
      <h2 id="day-strip-heading" className="text-sm font-semibold text-ink/80">
        {first.date === last.date
          ? dayMonth(first.date, shop)
          : `${dayMonth(first.date, shop)} – ${dayMonth(last.date, shop)}`}
      </h2>
      <ul className="mt-2 grid grid-cols-7 gap-1">
        {week.map((day) => {
          const open = dayHasSlots(day)
          const active = day.date === selected
          const face = (
            <>
              <span aria-hidden="true" className="text-xs font-normal">
                {weekdayShort(day.date, shop)}
              </span>
              <span>
                <DayName date={day.date} open={open} />
              </span>
            </>
          )
          return (
            <li key={day.date}>
              {open ? (
                <a
                  href={hrefFor(day.date)}
                  aria-current={active ? 'date' : undefined}
                  className={`flex min-h-14 flex-col items-center justify-center rounded-lg font-bold focus-visible:outline-3 focus-visible:outline-offset-2 ${
                    active
                      ? 'bg-primary text-on-primary'
                      : 'bg-white ring-1 ring-black/20 hover:ring-2 hover:ring-primary'
                  }`}
                >
                  {face}
                </a>
              ) : (
                <span className="flex min-h-14 flex-col items-center justify-center rounded-lg text-ink/70">
                  {face}
                </span>
              )}
            </li>
          )
        })}
      </ul>
      {earlier || later ? (
        <p className="mt-2 flex justify-between gap-4 text-sm">
          {earlier ? (
            <a href={hrefFor(earlier.date)} className={link}>
              {text(MESSAGES.pageEarlierDays)}
            </a>
          ) : (
            <span />
          )}
          {later ? (
            <a href={hrefFor(later.date)} className={link}>
              {text(MESSAGES.pageLaterDays)}
            </a>
          ) : null}
        </p>
      ) : null}
    </nav>
  )
}
