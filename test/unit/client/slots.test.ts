import { describe, expect, it } from 'vitest'
import {
  calendarMonths,
  clockOffsetMs,
  countdownState,
  dayMonth,
  dayMonthYear,
  dayName,
  formatRemaining,
  localDate,
  asapTime,
  remainingMs,
  reservationLabel,
  slotRequiredText,
  slotTimeRange,
  warningMinutes,
  warningText,
  warningToAnnounce,
} from '../../../client/lib/slots.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { SlotReservation, TimeSlotDay } from '../../../schemas/slots.ts'

const MINUTE = 60_000
const SECOND = 1_000

describe('countdown clock', () => {
  it('measures against the server clock whatever the device clock says', () => {
    const serverTime = '2026-11-21T10:00:00.000Z'
    const expiresAt = '2026-11-21T10:15:00.000Z'
    // The device clock is 2 hours slow.
    const deviceAtLoad = Date.parse('2026-11-21T08:00:00.000Z')
    const offset = clockOffsetMs(serverTime, deviceAtLoad)
    expect(offset).toBe(2 * 60 * MINUTE)
    expect(remainingMs(expiresAt, deviceAtLoad, offset)).toBe(15 * MINUTE)
    expect(remainingMs(expiresAt, deviceAtLoad + 10 * MINUTE, offset)).toBe(5 * MINUTE)
    // Without the offset a slow device would think an hour-old hold was fresh.
    expect(remainingMs(expiresAt, deviceAtLoad, 0)).toBeGreaterThan(15 * MINUTE)
  })

  it('never counts below zero', () => {
    const offset = 0
    expect(
      remainingMs('2026-11-21T10:00:00.000Z', Date.parse('2026-11-21T10:05:00.000Z'), offset)
    ).toBe(0)
  })
})

describe('warnings under 5, 4, 3 and 2 minutes', () => {
  it.each([
    [15 * MINUTE, null],
    [5 * MINUTE + SECOND, null],
    [5 * MINUTE, null],
    [5 * MINUTE - 1, 5],
    [4 * MINUTE, 5],
    [4 * MINUTE - 1, 4],
    [3 * MINUTE, 4],
    [3 * MINUTE - 1, 3],
    [2 * MINUTE, 3],
    [2 * MINUTE - 1, 2],
    [SECOND, 2],
    [0, null],
  ])('%d ms left warns %s', (left, expected) => {
    expect(warningMinutes(left)).toBe(expected)
  })

  it('announces each threshold once, and only the latest after a jump', () => {
    const announced = new Set<number>()
    expect(warningToAnnounce(6 * MINUTE, announced)).toBeNull()
    expect(warningToAnnounce(4.5 * MINUTE, announced)).toBe(5)
    announced.add(5)
    expect(warningToAnnounce(4.2 * MINUTE, announced)).toBeNull()
    // A sleeping tab wakes at 2:30 left: the 3-minute warning, not 4 then 3.
    expect(warningToAnnounce(2.5 * MINUTE, announced)).toBe(3)
    announced.add(3)
    expect(warningToAnnounce(1.5 * MINUTE, announced)).toBe(2)
  })

  it('says how long is left and then that the slot expired', () => {
    expect(warningText(5)).toBe('Less than 5 minutes left to hold your slot.')
    expect(countdownState(2 * MINUTE - 1)).toEqual({
      kind: 'running',
      remainingMs: 2 * MINUTE - 1,
      warning: 2,
    })
    expect(countdownState(0)).toEqual({ kind: 'expired' })
    expect(MESSAGES.slotCountdownExpired).toBe('This slot has now expired')
  })

  it('shows m:ss rounded up, so 0:00 appears only at expiry', () => {
    expect(formatRemaining(15 * MINUTE)).toBe('15:00')
    expect(formatRemaining(4 * MINUTE + 59 * SECOND + 1)).toBe('5:00')
    expect(formatRemaining(61 * SECOND)).toBe('1:01')
    expect(formatRemaining(1)).toBe('0:01')
    expect(formatRemaining(0)).toBe('0:00')
  })
})

describe('slot formatting (spec §9)', () => {
  it('writes days as DD MMM and DD MMM YYYY, times as HH:mm and h:mma', () => {
    expect(dayMonth('2026-11-03')).toBe('03 Nov')
    expect(dayMonthYear('2026-12-25')).toBe('25 Dec 2026')
    expect(slotTimeRange({ timeSlotTime: '09:00', endTime: '10:00' })).toBe('09:00–10:00')
    expect(asapTime('2026-07-01T17:45:00.000Z', 'Europe/London')).toBe('18:45')
    expect(asapTime('2026-11-21T17:45:00.000Z', 'Europe/London')).toBe('17:45')
  })

  it('names days relative to the store today', () => {
    expect(dayName('2026-11-21', '2026-11-21')).toBe('Today')
    expect(dayName('2026-11-22', '2026-11-21')).toBe('Tomorrow')
    expect(dayName('2026-11-23', '2026-11-21')).toBe('Mon 23 Nov')
    // Across the clocks going back (25 hours in that day).
    expect(dayName('2026-10-26', '2026-10-25')).toBe('Tomorrow')
  })

  it('takes the store date in its own zone', () => {
    expect(localDate('2026-07-01T23:30:00.000Z', 'Europe/London')).toBe('2026-07-02')
    expect(localDate('2026-12-01T23:30:00.000Z', 'Europe/London')).toBe('2026-12-01')
  })

  it('describes a held reservation', () => {
    const base: SlotReservation = {
      reservationId: 1,
      type: 'future',
      storeId: 1,
      fulfilmentMethod: 'delivery',
      timeSlotDate: '2026-11-22',
      timeSlotTime: '09:00',
      endTime: '10:00',
      startDate: '2026-11-22T09:00:00.000Z',
      endDate: '2026-11-22T10:00:00.000Z',
      status: 'held',
      expiresAt: '2026-11-21T10:15:00.000Z',
    }
    expect(reservationLabel(base, '2026-11-21', 'Europe/London')).toBe(
      'Delivery, Tomorrow, 09:00–10:00'
    )
    expect(
      reservationLabel(
        {
          ...base,
          type: 'asap',
          fulfilmentMethod: 'collection',
          timeSlotDate: '2026-11-21',
          timeSlotTime: null,
          endTime: null,
          startDate: '2026-11-21T10:40:00.000Z',
        },
        '2026-11-21',
        'Europe/London'
      )
    ).toBe('ASAP collection, about 10:40')
  })

  it('fills the spec §5 slot message', () => {
    // The spec's sentence has a slip ("to selected"); shoppers read it corrected.
    expect(slotRequiredText('collection')).toBe('You need to select a collection slot.')
  })
})

describe('calendar months', () => {
  function day(date: string, available: boolean): TimeSlotDay {
    return {
      date,
      closed: false,
      slots: [
        {
          timeSlotDate: date,
          timeSlotTime: '09:00',
          endTime: '10:00',
          startDate: `${date}T09:00:00.000Z`,
          endDate: `${date}T10:00:00.000Z`,
          remaining: available ? 3 : 0,
          available,
        },
      ],
    }
  }

  it('lays the days out in Monday-first weeks, across a month end', () => {
    const months = calendarMonths([
      day('2026-11-29', true),
      day('2026-11-30', false),
      day('2026-12-01', true),
    ])
    expect(months.map((month) => month.key)).toEqual(['2026-11', '2026-12'])
    const november = months[0]!
    // 1 November 2026 is a Sunday: six blanks before it.
    expect(november.weeks[0]!.slice(0, 7).map((cell) => cell?.date ?? null)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      '2026-11-01',
    ])
    expect(november.weeks.every((week) => week.length === 7)).toBe(true)
    const cells = november.weeks.flat()
    expect(cells.find((cell) => cell?.date === '2026-11-29')?.day?.slots[0]?.available).toBe(true)
    expect(cells.find((cell) => cell?.date === '2026-11-02')?.day).toBeNull()
    // 1 December 2026 is a Tuesday.
    expect(months[1]!.weeks[0]![1]?.date).toBe('2026-12-01')
  })
})
