import type { TimeSlotDay } from '../../../schemas/slots.ts'
import { weekdayNamesIn } from '../../../schemas/weekdays.ts'
import { calendarMonths, dayHasSlots, monthYear } from '../../lib/slots.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

/**
 * A day's number as the grid shows it, named in full for assistive technology: the visible
 * number starts the name ('1 December 2026'), so speech users can say what they see (WCAG 2.5.3
 * label in name); an aria-label would replace the text with one that need not contain it.
 */
export function DayName({ date, open }: { date: string; open: boolean }) {
  const text = useText()
  const shop = useShopLocale()
  return (
    <>
      {Number(date.slice(8))}
      <span className="sr-only">
        {` ${monthYear(date, shop)}`}
        {open ? '' : `, ${text(MESSAGES.pageNoSlots)}`}
      </span>
    </>
  )
}

/**
 * Month grids of the days the store takes orders for (spec §2 time-slot calendar). Days with a
 * free slot are links to that day's slots (plain links: the calendar works without JavaScript).
 * Wide screens only: on a phone a month of greyed days stood before the first slot, so phones get
 * the week strip (DayStrip).
 */
export function CalendarGrid({
  days,
  selected,
  hrefFor,
}: {
  days: ReadonlyArray<TimeSlotDay>
  selected: string | null
  hrefFor: (date: string) => string
}) {
  // The month and the days named in the brand's language (Intl), the UK's as they always were.
  const shop = useShopLocale()
  const long = weekdayNamesIn(shop.locale, 'long')
  const weekdays = weekdayNamesIn(shop.locale, 'short').map((short, day) => [
    short,
    long[day] ?? short,
  ])
  return (
    <div className="mt-6 hidden gap-6 md:grid md:grid-cols-2">
      {calendarMonths(days).map((month) => (
        <table key={month.key} className="w-full table-fixed border-separate border-spacing-1">
          <caption className="pb-2 text-start text-lg font-bold">
            {monthYear(month.firstDate, shop)}
          </caption>
          <thead>
            <tr>
              {weekdays.map(([short, name]) => (
                <th key={short} scope="col" className="text-xs font-semibold text-ink/75">
                  <abbr title={name} className="no-underline">
                    {short}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {month.weeks.map((week, index) => (
              <tr key={index}>
                {week.map((cell, column) => {
                  if (!cell) return <td key={column} />
                  const open = cell.day !== null && dayHasSlots(cell.day)
                  if (!open) {
                    return (
                      <td key={cell.date} className="text-center">
                        <span className="flex min-h-11 items-center justify-center rounded-lg text-ink/70">
                          <DayName date={cell.date} open={false} />
                        </span>
                      </td>
                    )
                  }
                  const active = cell.date === selected
                  return (
                    <td key={cell.date} className="text-center">
                      <a
                        href={hrefFor(cell.date)}
                        aria-current={active ? 'date' : undefined}
                        className={`flex min-h-11 items-center justify-center rounded-lg font-bold focus-visible:outline-3 focus-visible:outline-offset-2 ${
                          active
                            ? 'bg-primary text-on-primary'
                            : 'bg-white ring-1 ring-black/20 hover:ring-2 hover:ring-primary'
                        }`}
                      >
                        <DayName date={cell.date} open />
                      </a>
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  )
}
