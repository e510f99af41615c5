import { describe, expect, it } from 'vitest'
import {
  ageLabel,
  slotLabel,
  storeDateTime,
} from '../../../client/components/store-console/format.ts'

describe('the store console slot label', () => {
  it('says the day as the shop does, with the local times', () => {
    expect(
      slotLabel({ kind: 'scheduled', date: '2026-11-25', startsAt: '13:00', endsAt: '14:00' })
    ).toBe('Wed 25 Nov 13:00–14:00')
  })

  it('names 29 February and the last day of the year', () => {
    expect(
      slotLabel({ kind: 'scheduled', date: '2028-02-29', startsAt: '09:00', endsAt: '10:00' })
    ).toBe('Tue 29 Feb 09:00–10:00')
    expect(
      slotLabel({ kind: 'scheduled', date: '2026-12-31', startsAt: '22:00', endsAt: '23:00' })
    ).toBe('Thu 31 Dec 22:00–23:00')
  })

  it('keeps ASAP in words', () => {
    expect(slotLabel({ kind: 'asap' })).toBe('As soon as possible')
  })
})

describe('the store console age label', () => {
  it('counts minutes, hours and days from the server time, never negative', () => {
    const at = '2026-03-29T02:10:00.000Z'
    expect(ageLabel('2026-03-29T02:00:00.000Z', at)).toBe('10 min')
    expect(ageLabel('2026-03-29T00:05:00.000Z', at)).toBe('2 h 5 min')
    expect(ageLabel('2026-03-28T02:10:00.000Z', at)).toBe('1 d')
    expect(ageLabel('2026-03-29T02:20:00.000Z', at)).toBe('0 min')
  })
})

describe("the store console's times", () => {
  it("shows an instant in the store's zone across the UK clock changes and the year's end", () => {
    expect(storeDateTime('2026-11-25T12:05:00.000Z', 'Europe/London')).toBe('Wed 25 Nov 12:05')
    // Clocks go forward at 01:00 UTC on 29 March 2026, back at 01:00 UTC on 25 October 2026.
    expect(storeDateTime('2026-03-29T00:30:00.000Z', 'Europe/London')).toBe('Sun 29 Mar 00:30')
    expect(storeDateTime('2026-03-29T01:30:00.000Z', 'Europe/London')).toBe('Sun 29 Mar 02:30')
    expect(storeDateTime('2026-10-25T00:30:00.000Z', 'Europe/London')).toBe('Sun 25 Oct 01:30')
    expect(storeDateTime('2026-10-25T01:30:00.000Z', 'Europe/London')).toBe('Sun 25 Oct 01:30')
    expect(storeDateTime('2026-12-31T23:30:00.000Z', 'Europe/Dublin')).toBe('Thu 31 Dec 23:30')
    expect(storeDateTime('2028-02-29T23:30:00.000Z', 'Europe/London')).toBe('Tue 29 Feb 23:30')
  })
})
