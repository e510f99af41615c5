import { describe, expect, it } from 'vitest'
import {
  amendOpen,
  slotCutoffInstant,
  type AmendableOrder,
} from '../../../worker/backend/order-amend/cutoff.ts'

/* The amend cut-off on the store's wall clock (ADR 048), including the hours the clocks skip. */

const order = (slotDate: string | null, slotStartsAt: string | null): AmendableOrder => ({
  status: 'sent_to_store',
  pickingStartedAt: null,
  slotDate,
  slotStartsAt,
  timeZone: 'Europe/London',
})

const hours = (n: number) => ({ kind: 'hours_before_slot', hours: n }) as const

describe('amend cut-off', () => {
  it('counts hours on the wall clock across both UK clock changes', () => {
    expect(slotCutoffInstant(hours(24), order('2027-03-28', '10:00'))?.toISOString()).toBe(
      '2027-03-27T10:00:00.000Z'
    )
    expect(slotCutoffInstant(hours(24), order('2027-10-31', '10:00'))?.toISOString()).toBe(
      '2027-10-30T09:00:00.000Z'
    )
  })

  it('reads a time the spring night skips as the instant the clocks jumped to', () => {
    // 09:30 on 28 March less 8 hours is 01:30, which never happens in London that night.
    expect(slotCutoffInstant(hours(8), order('2027-03-28', '09:30'))?.toISOString()).toBe(
      '2027-03-28T01:30:00.000Z'
    )
  })

  it('closes when picking starts whatever the hours, and an ASAP order only then', () => {
    const now = new Date('2026-11-25T12:00:00.000Z')
    expect(amendOpen(hours(2), order(null, null), now)).toBe(true)
    expect(slotCutoffInstant(hours(2), order(null, null))).toBeNull()
    expect(
      amendOpen({ kind: 'picking_starts' }, { ...order(null, null), pickingStartedAt: 'x' }, now)
    ).toBe(false)
    expect(amendOpen(hours(2), { ...order('2026-11-26', '10:00'), status: 'picked' }, now)).toBe(
      false
    )
  })
})
