import { describe, expect, it } from 'vitest'
import { monthsBefore } from '../../../worker/backend/order-archive/months.ts'

describe('monthsBefore', () => {
  it('counts calendar months, keeping the time of day', () => {
    expect(monthsBefore(new Date('2028-11-25T12:00:00.000Z'), 24).toISOString()).toBe(
      '2026-11-25T12:00:00.000Z'
    )
    expect(monthsBefore(new Date('2027-01-15T08:30:00.000Z'), 6).toISOString()).toBe(
      '2026-07-15T08:30:00.000Z'
    )
  })

  it('clamps a month end to the shorter month’s last day, leap years included', () => {
    expect(monthsBefore(new Date('2027-03-31T10:00:00.000Z'), 1).toISOString()).toBe(
      '2027-02-28T10:00:00.000Z'
    )
    expect(monthsBefore(new Date('2028-08-31T10:00:00.000Z'), 6).toISOString()).toBe(
      '2028-02-29T10:00:00.000Z'
    )
    expect(monthsBefore(new Date('2027-05-31T23:59:59.999Z'), 6).toISOString()).toBe(
      '2026-11-30T23:59:59.999Z'
    )
  })
})
