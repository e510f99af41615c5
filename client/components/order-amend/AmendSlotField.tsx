import type { MemberOrderDetail } from '../../../schemas/member-orders.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { TimeSlotList } from '../../../schemas/slots.ts'
import {
  AMEND_SLOT_FIELD,
  AMEND_SLOT_WAS_FIELD,
  amendSlotValue,
} from '../../lib/member-order-paths.ts'
import { dayName, localDate, slotTimeRange } from '../../lib/slots.ts'
import { useText } from '../../lib/page-text.ts'

/**
 * The order's slot on the amend page (issue 42, ADR 054): the checkout's slot list of the order's
 * store and method, the bookable slots grouped by day, the order's own slot chosen. A plain
 * select: it works without JavaScript, and sending the slot the order has changes nothing.
 */
export function AmendSlotField({
  order,
  slots,
}: {
  order: MemberOrderDetail
  slots: TimeSlotList
}) {
  const text = useText()
  const today = localDate(slots.serverTime, slots.timeZone)
  const current = order.slot ? amendSlotValue(order.slot.date, order.slot.startsAt) : ''
  const days = slots.days
    .map((day) => ({
      ...day,
      slots: day.slots.filter(
        (slot) => slot.available || amendSlotValue(slot.timeSlotDate, slot.timeSlotTime) === current
      ),
    }))
    .filter((day) => day.slots.length > 0)
  const listed = days.some((day) =>
    day.slots.some((slot) => amendSlotValue(slot.timeSlotDate, slot.timeSlotTime) === current)
  )
  return (
    <div className="mt-6">
      <h2 className="mb-2 text-lg font-bold">{text(MESSAGES.amendSlotTitle)}</h2>
      <input type="hidden" name={AMEND_SLOT_WAS_FIELD} value={current} />
      <label htmlFor="amend-slot" className="block text-sm font-semibold">
        {text(MESSAGES.amendSlotLabel)}
      </label>
      <select
        id="amend-slot"
        name={AMEND_SLOT_FIELD}
        defaultValue={current}
        className="mt-1 h-12 w-full max-w-md rounded-lg border border-ink/30 bg-white px-3 text-lg"
      >
        {listed ? null : (
          // The order's own slot is no longer offered (or it is as soon as possible): keep it.
          <option value={current}>
            {order.slot
              ? `${dayName(order.slot.date, today)}, ${order.slot.startsAt}${order.slot.endsAt ? `–${order.slot.endsAt}` : ''}`
              : text(MESSAGES.pageAsSoonAsPossible)}
          </option>
        )}
        {days.map((day) => (
          <optgroup key={day.date} label={dayName(day.date, today)}>
            {day.slots.map((slot) => {
              const value = amendSlotValue(slot.timeSlotDate, slot.timeSlotTime)
              return (
                <option key={value} value={value}>
                  {`${dayName(day.date, today)}, ${slotTimeRange(slot)}`}
                </option>
              )
            })}
          </optgroup>
        ))}
      </select>
    </div>
  )
}
