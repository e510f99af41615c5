import { afterEach, describe, expect, it } from 'vitest'
import { eventTime, now, nowMs, pinClock } from '../../../worker/lib/clock.ts'

const TEST = { APP_ENV: 'test' }
const PRODUCTION = { APP_ENV: 'production', CLOCK_NOW: '2030-01-01T00:00:00.000Z' }

afterEach(() => pinClock(TEST, null))

describe('the app clock', () => {
  it('reads the system clock until pinned, then the pinned instant moving on', () => {
    expect(Math.abs(nowMs(TEST) - Date.now())).toBeLessThan(1_000)
    pinClock(TEST, new Date('2027-03-28T00:59:59.000Z'))
    const read = now(TEST).getTime()
    expect(read - Date.parse('2027-03-28T00:59:59.000Z')).toBeGreaterThanOrEqual(0)
    expect(read - Date.parse('2027-03-28T00:59:59.000Z')).toBeLessThan(1_000)
  })

  it('times a cron event by the pinned clock', () => {
    pinClock(TEST, new Date('2026-12-31T23:50:00.000Z'))
    const later = eventTime(TEST, Date.now() + 60_000).getTime()
    expect(later - Date.parse('2026-12-31T23:51:00.000Z')).toBeLessThan(1_000)
  })

  it('is always the system clock in production: CLOCK_NOW and pins do not apply', () => {
    expect(() => pinClock(PRODUCTION, new Date('2030-01-01T00:00:00.000Z'))).toThrow()
    pinClock(TEST, new Date('2030-01-01T00:00:00.000Z'))
    expect(Math.abs(nowMs(PRODUCTION) - Date.now())).toBeLessThan(1_000)
    expect(eventTime(PRODUCTION, 1234).getTime()).toBe(1234)
  })
})
