import { describe, expect, it } from 'vitest'
import {
  localToUtc,
  utcToLocal,
  windowOf,
} from '../../../worker/backend/operator/promotions/schedule.ts'

const LONDON = 'Europe/London'

describe('promotion dates in the business time zone', () => {
  it('turns wall-clock times into the instants the shop compares', () => {
    expect(localToUtc('2026-11-30T23:59', LONDON)).toEqual({ iso: '2026-11-30T23:59:00.000Z' })
    expect(localToUtc('2027-07-01T00:30', LONDON)).toEqual({ iso: '2027-06-30T23:30:00.000Z' })
    expect(localToUtc('2027-12-31T23:59', LONDON)).toEqual({ iso: '2027-12-31T23:59:00.000Z' })
  })

  it('refuses a minute the clocks skip, and takes the first of a repeated one', () => {
    expect(localToUtc('2027-03-28T01:30', LONDON)).toEqual({
      error: 'This time does not exist in Europe/London: the clocks go forward then.',
    })
    expect(localToUtc('2027-03-28T02:00', LONDON)).toEqual({ iso: '2027-03-28T01:00:00.000Z' })
    expect(localToUtc('2027-10-31T01:30', LONDON)).toEqual({ iso: '2027-10-31T00:30:00.000Z' })
    expect(localToUtc('2027-10-31T02:00', LONDON)).toEqual({ iso: '2027-10-31T02:00:00.000Z' })
  })

  it('refuses what is not a time', () => {
    for (const typed of ['2027-02-29T10:00', '2027-13-01T10:00', 'tomorrow', '2027-01-01 10:00']) {
      expect(localToUtc(typed, LONDON), typed).toHaveProperty('error')
    }
  })

  it('shows stored instants on the wall clock again', () => {
    expect(utcToLocal('2027-06-30T23:30:00.000Z', LONDON)).toBe('2027-07-01T00:30')
    expect(utcToLocal('2027-10-31T01:30:00.000Z', LONDON)).toBe('2027-10-31T01:30')
  })

  it('wants the end after the start', () => {
    expect(windowOf({ startsAt: '2027-01-02T00:00', endsAt: '2027-01-01T00:00' }, LONDON)).toEqual({
      errors: [{ field: 'endsAt', message: 'The end must be after the start.' }],
    })
    expect(windowOf({ startsAt: null, endsAt: null }, LONDON)).toEqual({
      window: { startsAt: null, endsAt: null },
    })
  })
})
