import { differenceInMinutes } from 'date-fns'
import { describe, expect, it } from 'vitest'
import type { OpeningHours } from '../../../schemas/stores.ts'
import {
  generateSlots,
  type GeneratedDay,
  type SlotGenerationInput,
} from '../../../worker/backend/slots/slot-generation.ts'

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6]

function daily(opensAt: string, closesAt: string, days = EVERY_DAY): Array<OpeningHours> {
  return days.map((dayOfWeek) => ({ dayOfWeek, opensAt, closesAt }))
}

function input(overrides: Partial<SlotGenerationInput> = {}): SlotGenerationInput {
  return {
    timeZone: 'Europe/London',
    hours: daily('09:00', '17:00'),
    closures: [],
    slotDurationMinutes: 60,
    daysInAdvance: 7,
    leadMinutes: 0,
    ...overrides,
  }
}

function day(days: Array<GeneratedDay>, date: string): GeneratedDay {
  const found = days.find((d) => d.date === date)
  if (!found) throw new Error(`no day ${date}`)
  return found
}

const times = (d: GeneratedDay) => d.slots.map((s) => s.time)
const realLengths = (d: GeneratedDay) => d.slots.map((s) => differenceInMinutes(s.end, s.start))
const at = (iso: string) => new Date(iso)

describe('generateSlots across clock changes', () => {
  it('London spring forward: no slot at 01:xx, the slot across the change lasts 60 real minutes', () => {
    // Sunday 29 March 2026: 01:00 GMT becomes 02:00 BST.
    const days = generateSlots(
      input({ hours: daily('00:00', '04:00') }),
      at('2026-03-28T12:00:00Z'),
      '2026-03-29',
      '2026-03-29'
    )
    const sunday = day(days, '2026-03-29')
    expect(times(sunday)).toEqual(['00:00', '02:00', '03:00'])
    expect(sunday.slots.map((s) => s.endTime)).toEqual(['02:00', '03:00', '04:00'])
    expect(realLengths(sunday)).toEqual([60, 60, 60])
    expect(sunday.slots[1]?.start.toISOString()).toBe('2026-03-29T01:00:00.000Z')
  })

  it('London fall back: the repeated hour gives one 01:00 slot, every slot 60 real minutes', () => {
    // Sunday 25 October 2026: 02:00 BST becomes 01:00 GMT.
    const days = generateSlots(
      input({ hours: daily('00:00', '04:00') }),
      at('2026-10-24T12:00:00Z'),
      '2026-10-25',
      '2026-10-25'
    )
    const sunday = day(days, '2026-10-25')
    expect(times(sunday)).toEqual(['00:00', '01:00', '02:00', '03:00'])
    expect(new Set(times(sunday)).size).toBe(sunday.slots.length)
    expect(realLengths(sunday)).toEqual([60, 60, 60, 60])
    expect(sunday.slots[0]?.start.toISOString()).toBe('2026-10-24T23:00:00.000Z')
    expect(sunday.slots.at(-1)?.end.toISOString()).toBe('2026-10-25T04:00:00.000Z')
  })

  it('New York spring forward skips 02:00 and fall back repeats no label', () => {
    const zone = { timeZone: 'America/New_York', hours: daily('00:00', '05:00') }
    const spring = day(
      generateSlots(input(zone), at('2026-03-07T17:00:00Z'), '2026-03-08', '2026-03-08'),
      '2026-03-08'
    )
    expect(times(spring)).toEqual(['00:00', '01:00', '03:00', '04:00'])
    expect(realLengths(spring)).toEqual([60, 60, 60, 60])
    const fall = day(
      generateSlots(input(zone), at('2026-10-31T17:00:00Z'), '2026-11-01', '2026-11-01'),
      '2026-11-01'
    )
    expect(times(fall)).toEqual(['00:00', '01:00', '02:00', '03:00', '04:00'])
    // 00:00 EDT is 04:00Z; the close, 05:00 EST, is 10:00Z.
    expect(fall.slots[0]?.start.toISOString()).toBe('2026-11-01T04:00:00.000Z')
    expect(fall.slots.at(-1)?.end.toISOString()).toBe('2026-11-01T10:00:00.000Z')
  })

  it('Sydney: clocks back in April (one 02:00), forward in October (no 02:00)', () => {
    const zone = { timeZone: 'Australia/Sydney', hours: daily('00:00', '05:00') }
    // Sunday 5 April 2026: 03:00 AEDT becomes 02:00 AEST.
    const april = day(
      generateSlots(input(zone), at('2026-04-04T00:00:00Z'), '2026-04-05', '2026-04-05'),
      '2026-04-05'
    )
    expect(times(april)).toEqual(['00:00', '01:00', '02:00', '03:00', '04:00'])
    expect(realLengths(april).every((m) => m === 60)).toBe(true)
    // Sunday 4 October 2026: 02:00 AEST becomes 03:00 AEDT.
    const october = day(
      generateSlots(input(zone), at('2026-10-03T00:00:00Z'), '2026-10-04', '2026-10-04'),
      '2026-10-04'
    )
    expect(times(october)).toEqual(['00:00', '01:00', '03:00', '04:00'])
    expect(october.slots[2]?.start.toISOString()).toBe('2026-10-03T16:00:00.000Z')
  })
})

describe('generateSlots', () => {
  it('cuts a window past midnight into slots dated the day they start', () => {
    // Friday 12 June 2026 18:00 – 02:00, two-hour slots; asked from Saturday only.
    const hours = daily('18:00', '02:00', [4])
    const now = at('2026-06-12T08:00:00Z')
    const both = generateSlots(
      input({ hours, slotDurationMinutes: 120 }),
      now,
      '2026-06-12',
      '2026-06-13'
    )
    expect(times(day(both, '2026-06-12'))).toEqual(['18:00', '20:00', '22:00'])
    const saturday = day(both, '2026-06-13')
    expect(times(saturday)).toEqual(['00:00'])
    expect(saturday.slots[0]?.endTime).toBe('02:00')
    expect(saturday.closed).toBe(false)
    const saturdayOnly = generateSlots(
      input({ hours, slotDurationMinutes: 120 }),
      now,
      '2026-06-13',
      '2026-06-13'
    )
    expect(times(day(saturdayOnly, '2026-06-13'))).toEqual(['00:00'])
  })

  it('leaves out started slots and marks those inside the lead time not bookable', () => {
    // Wednesday 10 June 2026, 10:00 BST, lead 45 minutes, 30-minute slots.
    const today = day(
      generateSlots(
        input({ slotDurationMinutes: 30, leadMinutes: 45 }),
        at('2026-06-10T09:00:00Z'),
        '2026-06-10',
        '2026-06-10'
      ),
      '2026-06-10'
    )
    expect(today.slots[0]?.time).toBe('10:30')
    expect(today.slots.slice(0, 3).map((s) => [s.time, s.bookable])).toEqual([
      ['10:30', false],
      ['11:00', true],
      ['11:30', true],
    ])
  })

  it('ends every slot by closing', () => {
    const days = generateSlots(
      input({ hours: daily('09:00', '11:30') }),
      at('2026-06-09T12:00:00Z'),
      '2026-06-10',
      '2026-06-10'
    )
    expect(times(day(days, '2026-06-10'))).toEqual(['09:00', '10:00'])
  })

  it('gives a closure or a day without hours no slots and marks it closed', () => {
    const days = generateSlots(
      input({ hours: daily('09:00', '17:00', [0, 1, 2, 3, 4, 5]), closures: ['2026-06-11'] }),
      at('2026-06-09T12:00:00Z'),
      '2026-06-10',
      '2026-06-14'
    )
    expect(days.map((d) => [d.date, d.closed, d.slots.length])).toEqual([
      ['2026-06-10', false, 8],
      ['2026-06-11', true, 0],
      ['2026-06-12', false, 8],
      ['2026-06-13', false, 8],
      ['2026-06-14', true, 0],
    ])
  })

  it('offers today only with days in advance 0, and today + 7 with 7', () => {
    const now = at('2026-06-10T06:00:00Z')
    const none = generateSlots(input({ daysInAdvance: 0 }), now, '2026-06-10', '2026-06-30')
    expect(none.map((d) => d.date)).toEqual(['2026-06-10'])
    const week = generateSlots(input({ daysInAdvance: 7 }), now, '2026-06-10', '2026-06-30')
    expect(week.map((d) => d.date)).toEqual([
      '2026-06-10',
      '2026-06-11',
      '2026-06-12',
      '2026-06-13',
      '2026-06-14',
      '2026-06-15',
      '2026-06-16',
      '2026-06-17',
    ])
    expect(generateSlots(input({ daysInAdvance: 0 }), now, '2026-06-11', '2026-06-12')).toEqual([])
  })

  it('uses the store zone for today: 23:30 UTC is already tomorrow in Sydney', () => {
    const days = generateSlots(
      input({ timeZone: 'Australia/Sydney', daysInAdvance: 0 }),
      at('2026-06-09T23:30:00Z'),
      '2026-06-09',
      '2026-06-10'
    )
    expect(days.map((d) => d.date)).toEqual(['2026-06-10'])
    expect(day(days, '2026-06-10').slots[0]?.time).toBe('10:00')
  })
})
