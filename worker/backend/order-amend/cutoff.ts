import { TZDate } from '@date-fns/tz'
import type { OrderStatusName } from '../../../schemas/order-states.ts'

/*
 * Until when a shopper may change their order (ADR 048), pure. The business chooses the rule
 * (businesses.amend_cutoff): until picking starts, or also until N hours before the slot starts.
 * The hours are counted on the store's wall clock, not in elapsed time: "24 hours before a 10:00
 * slot" is 10:00 the day before as the shopper and the store read it, also on the night the
 * clocks change (then 23 or 25 real hours).
 */

export type AmendCutoffRule =
  { kind: 'picking_starts' } | { kind: 'hours_before_slot'; hours: number }

/** What the cut-off reads of an order. */
export interface AmendableOrder {
  status: OrderStatusName
  pickingStartedAt: string | null
  /** The slot's local date (YYYY-MM-DD) and start (HH:MM), null for as soon as possible. */
  slotDate: string | null
  slotStartsAt: string | null
  /** The store's IANA time zone. */
  timeZone: string
}

/** Statuses an order can still be changed in: the store has not started picking it. */
const BEFORE_PICKING: ReadonlyArray<OrderStatusName> = ['sent_to_store', 'store_accepted_picking']

const HOUR_MS = 3_600_000

/**
 * The instant the hours rule closes the order, or null when the rule sets none (picking starts,
 * or an as-soon-as-possible order, which only picking closes). The local wall-clock time N hours
 * before the slot's start; a time the clocks skip (01:30 on the spring night) is read as the
 * instant the clocks jumped to, a time that happens twice (the autumn night) as its first time.
 */
export function slotCutoffInstant(rule: AmendCutoffRule, order: AmendableOrder): Date | null {
  if (rule.kind !== 'hours_before_slot' || order.slotDate === null || order.slotStartsAt === null) {
    return null
  }
  const [year = 0, month = 1, day = 1] = order.slotDate.split('-').map(Number)
  const [hour = 0, minute = 0] = order.slotStartsAt.split(':').map(Number)
  // Wall-clock arithmetic on the local fields, as if on a clock that never changes.
  const wall = new Date(Date.UTC(year, month - 1, day, hour, minute) - rule.hours * HOUR_MS)
  return new Date(
    new TZDate(
      wall.getUTCFullYear(),
      wall.getUTCMonth(),
      wall.getUTCDate(),
      wall.getUTCHours(),
      wall.getUTCMinutes(),
      order.timeZone
    ).getTime()
  )
}

/** Whether the order may still be changed at `now`. */
export function amendOpen(rule: AmendCutoffRule, order: AmendableOrder, now: Date): boolean {
  if (!BEFORE_PICKING.includes(order.status) || order.pickingStartedAt !== null) return false
  const cutoff = slotCutoffInstant(rule, order)
  return cutoff === null || now.getTime() < cutoff.getTime()
}

/** The rule of a businesses row (migration 0098). */
export function amendCutoffRule(row: { amend_cutoff: string; amend_cutoff_hours: number }) {
  const rule: AmendCutoffRule =
    row.amend_cutoff === 'hours_before_slot'
      ? { kind: 'hours_before_slot', hours: row.amend_cutoff_hours }
      : { kind: 'picking_starts' }
  return rule
}
