import { describe, expect, it } from 'vitest'
import {
  distanceEtaText,
  distanceText,
  etaText,
  isStale,
  lastSeenText,
  positionAgeSeconds,
  timelineSteps,
  whenText,
  withPosition,
} from '../../../client/components/tracking/tracking-view.ts'
import { trackingSnapshot } from './snapshot.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { pageTextsOf } from '../../../worker/pages/shared/page-texts.ts'

const LONDON = 'Europe/London'

const DUTCH: ShopLocale = {
  ...GB_LOCALE,
  locale: 'nl-NL',
  currency: 'EUR',
  countryCode: 'NL',
  timeZone: 'Europe/Amsterdam',
}
const IRISH: ShopLocale = { ...GB_LOCALE, locale: 'en-IE', currency: 'EUR', countryCode: 'IE' }
const dutch = pageTextsOf(DUTCH)

describe('distance and arrival text', () => {
  it('speaks miles, as UK drivers do', () => {
    expect(distanceText(0.05)).toBe('less than 0.1 miles')
    expect(distanceText(0.7)).toBe('0.4 miles')
    expect(distanceText(1.609344)).toBe('1 mile')
    expect(distanceText(25)).toBe('16 miles')
  })

  it('rounds the arrival to whole minutes, never below one, and hours past an hour', () => {
    expect(etaText(0)).toBe('1 minute')
    expect(etaText(6.4)).toBe('6 minutes')
    expect(etaText(60)).toBe('1 hr')
    expect(etaText(65)).toBe('1 hr 5 min')
  })

  it('says distance and arrival together, distance alone, or nothing without a distance', () => {
    expect(distanceEtaText({ distanceKm: 1.2, etaMinutes: 6 })).toBe(
      'Your driver is 0.7 miles away, arriving in about 6 minutes.'
    )
    expect(distanceEtaText({ distanceKm: 1.2, etaMinutes: null })).toBe(
      'Your driver is 0.7 miles away.'
    )
    expect(distanceEtaText({ distanceKm: null, etaMinutes: null })).toBeNull()
  })
})

describe('distance and arrival abroad', () => {
  it('speaks kilometres where the country does, in its language and number format', () => {
    expect(distanceText(0.63, DUTCH, dutch.say)).toBe('0,6 km')
    expect(distanceText(0.05, DUTCH, dutch.say)).toBe('minder dan 0,1 km')
    expect(distanceText(12.6, DUTCH, dutch.say)).toBe('13 km')
    expect(distanceText(0.63, IRISH)).toBe('0.6 km')
  })

  it('counts the minutes by the language’s plural and says hours in its words', () => {
    expect(etaText(0, dutch.say, dutch.count)).toBe('1 minuut')
    expect(etaText(6.4, dutch.say, dutch.count)).toBe('6 minuten')
    expect(etaText(60, dutch.say, dutch.count)).toBe('1 uur')
    expect(etaText(65, dutch.say, dutch.count)).toBe('1 uur 5 min')
  })

  it('says distance and arrival in one Dutch sentence, and how long ago the driver was seen', () => {
    expect(
      distanceEtaText({ distanceKm: 0.63, etaMinutes: 6 }, DUTCH, dutch.say, dutch.count)
    ).toBe('Je bezorger is 0,6 km hiervandaan en komt over ongeveer 6 minuten.')
    expect(distanceEtaText({ distanceKm: 0.63, etaMinutes: null }, DUTCH, dutch.say)).toBe(
      'Je bezorger is 0,6 km hiervandaan.'
    )
    expect(lastSeenText(150, dutch.say, dutch.count)).toBe('2 min geleden voor het laatst gezien.')
  })

  it('names the slot and the estimate in Dutch, the time in the shop’s zone', () => {
    expect(whenText(trackingSnapshot('picked'), 'Europe/Amsterdam', DUTCH, dutch.say)).toBe(
      'Bezorging, 25 nov 2026, 12:00–13:00'
    )
    const asap = trackingSnapshot('picked', {
      fulfilmentMethod: 'collection',
      slot: { kind: 'asap' },
      estimatedReadyAt: '2026-11-25T12:40:00.000Z',
    })
    expect(whenText(asap, 'Europe/Amsterdam', DUTCH, dutch.say)).toBe(
      'Ophalen, zo snel mogelijk (klaar rond 13:40)'
    )
  })
})

describe('stale positions', () => {
  const at = '2026-11-25T12:00:00.000Z'
  const serverNow = Date.parse(at)

  it('ages a position on the server clock, whatever the device clock says', () => {
    // The device is five minutes slow: the offset puts it right.
    const deviceNow = serverNow - 300_000 + 45_000
    expect(positionAgeSeconds(at, deviceNow, 300_000)).toBe(45)
    expect(positionAgeSeconds(at, serverNow - 5_000, 0)).toBe(0)
  })

  it('is stale after a minute, not at it', () => {
    expect(isStale(60)).toBe(false)
    expect(isStale(61)).toBe(true)
  })

  it('says how long ago it was seen, in minutes', () => {
    expect(lastSeenText(61)).toBe('Last seen 1 min ago.')
    expect(lastSeenText(150)).toBe('Last seen 2 min ago.')
    expect(lastSeenText(3900)).toBe('Last seen 1 hr 5 min ago.')
  })
})

describe('timeline', () => {
  it('marks reached steps done, the latest current and the rest upcoming, with their times', () => {
    const steps = timelineSteps(trackingSnapshot('picked'), LONDON)
    expect(steps.map((step) => [step.label, step.state, step.at])).toEqual([
      ['Sent to Store', 'done', '12:00'],
      ['Store Accepted / Picking', 'done', '12:05'],
      ['Picked', 'current', '12:10'],
      ['Driver en Route', 'upcoming', null],
      ['Delivered', 'upcoming', null],
    ])
  })

  it('shows a delivered order complete, with nothing current', () => {
    const steps = timelineSteps(trackingSnapshot('delivered'), LONDON)
    expect(steps.every((step) => step.state === 'done')).toBe(true)
  })

  it('shows an order that ended early with what it reached and nothing current', () => {
    const snapshot = { ...trackingSnapshot('store_accepted_picking'), status: 'cancelled' as const }
    expect(timelineSteps(snapshot, LONDON).map((step) => step.state)).toEqual([
      'done',
      'done',
      'upcoming',
      'upcoming',
      'upcoming',
    ])
  })
})

describe('when', () => {
  it('names the booked slot', () => {
    expect(whenText(trackingSnapshot('picked'), LONDON)).toBe('Delivery, 25 Nov 2026, 12:00–13:00')
  })

  it('says as soon as possible, with the store’s estimate when it gave one', () => {
    const asap = trackingSnapshot('picked', {
      fulfilmentMethod: 'collection',
      slot: { kind: 'asap' },
      estimatedReadyAt: '2026-11-25T12:40:00.000Z',
    })
    expect(whenText(asap, LONDON)).toBe('Collection, as soon as possible (ready about 12:40)')
    expect(whenText({ ...asap, estimatedReadyAt: null }, LONDON)).toBe(
      'Collection, as soon as possible'
    )
  })
})

it('folds a live position into the snapshot', () => {
  const moved = withPosition(trackingSnapshot('en_route'), {
    lat: 53.482,
    lng: -2.241,
    at: '2026-11-25T12:21:00.000Z',
    distanceKm: 0.4,
    etaMinutes: 2,
  })
  expect(moved.driver).toEqual({ lat: 53.482, lng: -2.241, at: '2026-11-25T12:21:00.000Z' })
  expect([moved.distanceKm, moved.etaMinutes]).toEqual([0.4, 2])
})
