import { tz } from '@date-fns/tz'
import { format } from 'date-fns'
import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatStoreTime } from '../../../client/lib/format.ts'
import { localDate } from '../../../client/lib/slots.ts'
import { wallClock } from '../../../schemas/wall-clock.ts'

/*
 * Issue 43: islands write times and days through Intl in the shop's zone on the instant's number,
 * not through a zoned Date subclass a fake clock drops; the UK's are byte for byte what date-fns
 * wrote.
 */

afterEach(() => {
  vi.useRealTimers()
})

const instants = fc
  .integer({ min: Date.parse('2020-01-01T00:00:00Z'), max: Date.parse('2035-12-31T23:59:00Z') })
  .map((ms) => new Date(ms - (ms % 60_000)).toISOString())

describe('the wall clock in a zone', () => {
  it('writes London times and days exactly as date-fns did, clock changes included', () => {
    fc.assert(
      fc.property(instants, (iso) => {
        const london = tz('Europe/London')
        expect(formatStoreTime(iso, 'Europe/London')).toBe(format(iso, 'HH:mm', { in: london }))
        expect(formatStoreTime(iso)).toBe(format(iso, 'HH:mm', { in: london }))
        expect(localDate(iso, 'Europe/London')).toBe(format(iso, 'yyyy-MM-dd', { in: london }))
      }),
      { numRuns: 1000 }
    )
    expect(formatStoreTime('2027-03-28T00:59:00Z', 'Europe/London')).toBe('00:59')
    expect(formatStoreTime('2027-03-28T01:00:00Z', 'Europe/London')).toBe('02:00')
  })

  it('writes Utrecht’s time and day in Amsterdam’s zone, around a month end', () => {
    expect(formatStoreTime('2026-11-30T23:05:00Z', 'Europe/Amsterdam')).toBe('00:05')
    expect(localDate('2026-11-30T23:05:00Z', 'Europe/Amsterdam')).toBe('2026-12-01')
    expect(formatStoreTime('2027-06-30T22:00:00Z', 'Europe/Amsterdam')).toBe('00:00')
    expect(wallClock('2027-03-28T01:00:00Z', 'Europe/Amsterdam')).toEqual({
      year: '2027',
      month: '03',
      day: '28',
      hour: '03',
      minute: '00',
    })
  })

  it('stays in the shop’s zone under a fake clock that replaces Date (as Playwright’s does)', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-30T16:30:00Z'), toFake: ['Date'] })
    const now = new Date().toISOString()
    expect(formatStoreTime(now, 'Europe/Amsterdam')).toBe('17:30')
    expect(formatStoreTime(now, 'Europe/London')).toBe('16:30')
    expect(localDate(now, 'Europe/Amsterdam')).toBe('2026-11-30')
  })
})
