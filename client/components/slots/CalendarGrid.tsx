import { tz } from '@date-fns/tz'
import { format } from 'date-fns'
import type { TimeSlotDay } from '../../../schemas/slots.ts'
import { WEEKDAY_NAMES, WEEKDAY_SHORT_NAMES } from '../../../schemas/weekdays.ts'
import { calendarMonths, dayHasSlots } from '../../lib/slots.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

const WEEKDAYS = WEEKDAY_SHORT_NAMES.map((short, day) => [short, WEEKDAY_NAMES[day] ?? short])

function monthName(firstDate: string): string {
  return format(new Date(`${firstDate}T12:00:00.000Z`), 'MMMM yyyy', { in: tz('UTC') })
}

/**
 * A day's number as the grid shows it, named in full for assistive technology: the visible
 * number starts the name ('1 December 2026'), so speech users can say what they see (WCAG 2.5.3
 * label in name); an aria-label would replace the text with one that need not contain it.
 */
export function DayName({ date, open }: { date: string; open: boolean }) {
  const noon = new Date(`${date}T12:00:00.000Z`)
  const text = useText()
  return (
    <>
      {Number(date.slice(8))}
      <span className="sr-only">
        {format(noon, ' MMMM yyyy', { in: tz('UTC') })}
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
  return (
    <div className="mt-6 hidden gap-6 md:grid md:grid-cols-2">
      {calendarMonths(days).map((month) => (
        <table key={month.key} className="w-full table-fixed border-separate border-spacing-1">
          <caption className="pb-2 text-start text-lg font-bold">
            {monthName(month.firstDate)}
          </caption>
          <thead>
            <tr>
              {WEEKDAYS.map(([short, long]) => (
                <th key={short} scope="col" className="text-xs font-semibold text-ink/75">
                  <abbr title={long} className="no-underline">
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
