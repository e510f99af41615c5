import { describe, expect, it } from 'vitest'
import type { OpeningHours } from '../../../schemas/stores.ts'
import {
  storeAvailability,
  type AvailabilityInput,
} from '../../../worker/backend/stores/availability.ts'

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6]

function daily(opensAt: string, closesAt: string, days = EVERY_DAY): Array<OpeningHours> {
  return days.map((dayOfWeek) => ({ dayOfWeek, opensAt, closesAt }))
}

function store(overrides: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    timeZone: 'Europe/London',
    daysInAdvance: 0,
    temporarilyClosed: false,
    deliveryEnabled: true,
    collectionEnabled: true,
    openingHours: {
      delivery: daily('09:00', '21:00'),
      collection: daily('08:00', '20:00'),
      store: daily('07:00', '22:00'),
    },
    closures: [],
    ...overrides,
  }
}

const at = (iso: string) => new Date(iso)

describe('storeAvailability', () => {
  it('is open while a method is open, closing at the later close of the open methods', () => {
    // Wednesday 3 June 2026, 12:00 BST.
    expect(storeAvailability(store(), at('2026-06-03T11:00:00Z'))).toEqual({
      state: 'open',
      delivery: 'open',
      collection: 'open',
      closesAt: '2026-06-03T21:00:00+01:00',
      opensAt: null,
    })
  })

  it('is open for collection only before delivery starts', () => {
    // 08:30 BST: collection from 08:00, delivery from 09:00 later today.
    expect(storeAvailability(store(), at('2026-06-03T07:30:00Z'))).toEqual({
      state: 'open',
      delivery: 'preorder',
      collection: 'open',
      closesAt: '2026-06-03T20:00:00+01:00',
      opensAt: null,
    })
  })

  it('takes preorders when it opens later today, even with no days in advance', () => {
    // 06:00 BST.
    expect(storeAvailability(store(), at('2026-06-03T05:00:00Z'))).toEqual({
      state: 'preorder',
      delivery: 'preorder',
      collection: 'preorder',
      closesAt: null,
      opensAt: '2026-06-03T08:00:00+01:00',
    })
  })

  it('is closed after hours with no days in advance, preorder with one', () => {
    const late = at('2026-06-03T21:30:00Z') // 22:30 BST
    expect(storeAvailability(store(), late)).toEqual({
      state: 'closed',
      delivery: 'closed',
      collection: 'closed',
      closesAt: null,
      opensAt: null,
    })
    expect(storeAvailability(store({ daysInAdvance: 1 }), late)).toMatchObject({
      state: 'preorder',
      opensAt: '2026-06-04T08:00:00+01:00',
    })
  })

  it('uses local time in winter (GMT) and summer (BST)', () => {
    // 08:30 UTC is 08:30 in January (collection open, delivery not yet) but 09:30 in July.
    expect(storeAvailability(store(), at('2026-01-14T08:30:00Z'))).toMatchObject({
      delivery: 'preorder',
      collection: 'open',
      closesAt: '2026-01-14T20:00:00+00:00',
    })
    expect(storeAvailability(store(), at('2026-07-15T08:30:00Z'))).toMatchObject({
      delivery: 'open',
      closesAt: '2026-07-15T21:00:00+01:00',
    })
  })

  it('follows the clocks going forward and back', () => {
    // Sunday 29 March 2026: clocks go forward at 01:00 GMT. 08:30 UTC is 09:30 BST.
    expect(storeAvailability(store(), at('2026-03-29T08:30:00Z'))).toMatchObject({
      delivery: 'open',
      closesAt: '2026-03-29T21:00:00+01:00',
    })
    // The day before, 08:30 UTC is 08:30 GMT: delivery opens at 09:00 GMT.
    expect(storeAvailability(store(), at('2026-03-28T08:30:00Z'))).toMatchObject({
      delivery: 'preorder',
      collection: 'open',
    })
    // Sunday 25 October 2026: clocks go back. 08:30 UTC is 08:30 GMT, delivery at 09:00 GMT.
    const autumn = storeAvailability(
      store({ collectionEnabled: false }),
      at('2026-10-25T08:30:00Z')
    )
    expect(autumn).toMatchObject({ state: 'preorder', opensAt: '2026-10-25T09:00:00+00:00' })
  })

  it('keeps a Saturday 22:00–02:00 opening open on Sunday at 01:00', () => {
    const lateNight = store({
      openingHours: {
        delivery: [],
        collection: [],
        store: [{ dayOfWeek: 5, opensAt: '22:00', closesAt: '02:00' }],
      },
    })
    // Sunday 7 June 2026, 01:00 BST.
    expect(storeAvailability(lateNight, at('2026-06-07T00:00:00Z'))).toEqual({
      state: 'open',
      delivery: 'open',
      collection: 'open',
      closesAt: '2026-06-07T02:00:00+01:00',
      opensAt: null,
    })
    // Sunday 02:30: over, and nothing else this week.
    expect(storeAvailability(lateNight, at('2026-06-07T01:30:00Z')).state).toBe('closed')
  })

  it('runs a past-midnight opening across the clocks going forward', () => {
    const lateNight = store({
      openingHours: {
        delivery: [],
        collection: [],
        store: [{ dayOfWeek: 5, opensAt: '22:00', closesAt: '02:00' }],
      },
    })
    // Sunday 29 March 2026 00:30 GMT. The clocks jump from 01:00 GMT to 02:00 BST, so the
    // opening ends at 02:00 BST, one real hour after midnight's 01:00 GMT.
    expect(storeAvailability(lateNight, at('2026-03-29T00:30:00Z'))).toMatchObject({
      state: 'open',
      closesAt: '2026-03-29T02:00:00+01:00',
    })
    expect(storeAvailability(lateNight, at('2026-03-29T01:30:00Z')).state).toBe('closed')
  })

  it('reads the local date, not the UTC date, around midnight', () => {
    const sundayOnly = store({
      openingHours: { delivery: [], collection: [], store: daily('10:00', '16:00', [6]) },
    })
    // 23:30 UTC on Saturday 6 June is 00:30 BST on Sunday: Sunday's hours are later today.
    expect(storeAvailability(sundayOnly, at('2026-06-06T23:30:00Z'))).toMatchObject({
      state: 'preorder',
      opensAt: '2026-06-07T10:00:00+01:00',
    })
  })

  it('is closed on a closure date and takes preorders for the next open day', () => {
    const christmas = at('2026-12-25T12:00:00Z')
    expect(storeAvailability(store({ closures: ['2026-12-25'] }), christmas).state).toBe('closed')
    expect(
      storeAvailability(store({ closures: ['2026-12-25'], daysInAdvance: 2 }), christmas)
    ).toMatchObject({ state: 'preorder', opensAt: '2026-12-26T08:00:00+00:00' })
  })

  it('cancels a past-midnight opening whose opening day is closed', () => {
    const lateNight = store({
      closures: ['2026-06-06'],
      openingHours: {
        delivery: [],
        collection: [],
        store: [{ dayOfWeek: 5, opensAt: '22:00', closesAt: '02:00' }],
      },
    })
    expect(storeAvailability(lateNight, at('2026-06-07T00:00:00Z')).state).toBe('closed')
  })

  it('is closed whatever the hours when staff closed it', () => {
    expect(
      storeAvailability(
        store({ temporarilyClosed: true, daysInAdvance: 7 }),
        at('2026-06-03T11:00:00Z')
      )
    ).toEqual({
      state: 'closed',
      delivery: 'closed',
      collection: 'closed',
      closesAt: null,
      opensAt: null,
    })
  })

  it('reports a disabled method closed while the other is open', () => {
    expect(
      storeAvailability(store({ deliveryEnabled: false }), at('2026-06-03T11:00:00Z'))
    ).toMatchObject({ state: 'open', delivery: 'closed', collection: 'open' })
  })

  it("uses the store's hours for a method without its own", () => {
    const storeHoursOnly = store({
      openingHours: {
        delivery: [],
        collection: daily('10:00', '12:00'),
        store: daily('07:00', '22:00'),
      },
    })
    // 07:30 BST: delivery follows the store's 07:00–22:00, collection its own 10:00.
    expect(storeAvailability(storeHoursOnly, at('2026-06-03T06:30:00Z'))).toMatchObject({
      state: 'open',
      delivery: 'open',
      collection: 'preorder',
      closesAt: '2026-06-03T22:00:00+01:00',
    })
  })

  it('joins openings that touch into one', () => {
    const split = store({
      collectionEnabled: false,
      openingHours: {
        delivery: [
          { dayOfWeek: 2, opensAt: '09:00', closesAt: '12:00' },
          { dayOfWeek: 2, opensAt: '12:00', closesAt: '17:00' },
        ],
        collection: [],
        store: [],
      },
    })
    expect(storeAvailability(split, at('2026-06-03T10:00:00Z')).closesAt).toBe(
      '2026-06-03T17:00:00+01:00'
    )
  })

  it('does not offer preorders beyond the days in advance', () => {
    const mondays = store({
      daysInAdvance: 3,
      openingHours: { delivery: [], collection: [], store: daily('09:00', '17:00', [0]) },
    })
    // Wednesday: next Monday is 5 days away.
    expect(storeAvailability(mondays, at('2026-06-03T11:00:00Z')).state).toBe('closed')
    // Friday: Monday is 3 days away.
    expect(storeAvailability(mondays, at('2026-06-05T11:00:00Z'))).toMatchObject({
      state: 'preorder',
      opensAt: '2026-06-08T09:00:00+01:00',
    })
  })

  it("computes in the store's own time zone", () => {
    const newYork = store({ timeZone: 'America/New_York' })
    // 12:00 UTC is 08:00 in New York (EDT): collection opens, delivery later.
    expect(storeAvailability(newYork, at('2026-06-03T12:00:00Z'))).toMatchObject({
      delivery: 'preorder',
      collection: 'open',
      closesAt: '2026-06-03T20:00:00-04:00',
    })
  })
})
