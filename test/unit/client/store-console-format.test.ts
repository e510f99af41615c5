import { describe, expect, it } from 'vitest'
import {
  ageLabel,
  slotLabel,
  slotStartInstant,
  storeDateTime,
  storeTimeFrom,
} from '../../../client/lib/store-console-format.ts'

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

describe('the instant a slot starts', () => {
  it("is the slot's local time in the store's zone, across the UK clock changes", () => {
    const london = (date: string, startsAt: string) =>
      slotStartInstant({ kind: 'scheduled', date, startsAt, endsAt: startsAt }, 'Europe/London')
    expect(london('2026-11-30', '11:00')).toBe('2026-11-30T11:00:00.000Z')
    // British Summer Time: an hour ahead of UTC, from the last Sunday of March.
    expect(london('2027-03-28', '11:00')).toBe('2027-03-28T10:00:00.000Z')
    expect(london('2027-03-27', '11:00')).toBe('2027-03-27T11:00:00.000Z')
    expect(london('2027-10-31', '09:00')).toBe('2027-10-31T09:00:00.000Z')
    expect(london('2028-02-29', '08:00')).toBe('2028-02-29T08:00:00.000Z')
    expect(london('2026-12-31', '23:00')).toBe('2026-12-31T23:00:00.000Z')
  })
})

describe('a time the console shows', () => {
  it("is the time alone on the store's day, with its date on any other", () => {
    const at = '2026-11-30T00:08:00.000Z'
    expect(storeTimeFrom('2026-11-30T00:38:00.000Z', 'Europe/London', at)).toBe('00:38')
    expect(storeTimeFrom('2026-12-01T11:00:00.000Z', 'Europe/London', at)).toBe('Tue 01 Dec 11:00')
  })
})
