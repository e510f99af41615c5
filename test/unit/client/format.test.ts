import { describe, expect, it } from 'vitest'
import {
  availabilityLabel,
  daysInAdvanceLabel,
  distanceLabel,
  feeLabel,
  formatStoreTime,
  minimumSpendLabel,
} from '../../../client/lib/format.ts'
import { formatMoney } from '../../../schemas/money.ts'
import type { StoreAvailability } from '../../../schemas/stores.ts'

function availability(partial: Partial<StoreAvailability>): StoreAvailability {
  return {
    state: 'open',
    delivery: 'open',
    collection: 'open',
    closesAt: null,
    opensAt: null,
    ...partial,
  }
}

describe('money and order labels', () => {
  it('formats pence as pounds, always with the pence', () => {
    expect(formatMoney(500)).toBe('£5.00')
    expect(formatMoney(1250)).toBe('£12.50')
    expect(formatMoney(99)).toBe('£0.99')
  })

  it("shows a minimum spend as 'Min £10.00' and none as 'No min order' (spec §9)", () => {
    expect(minimumSpendLabel(1000)).toBe('Min £10.00')
    expect(minimumSpendLabel(750)).toBe('Min £7.50')
    expect(minimumSpendLabel(0)).toBe('No min order')
  })

  it("says 'Order up to N days in advance' only when future orders are taken (spec §9)", () => {
    expect(daysInAdvanceLabel(7)).toBe('Order up to 7 days in advance')
    expect(daysInAdvanceLabel(1)).toBe('Order up to 1 day in advance')
    expect(daysInAdvanceLabel(0)).toBeNull()
  })

  it('names a free fee as free', () => {
    expect(feeLabel(0, 'delivery')).toBe('Free delivery')
    expect(feeLabel(299, 'delivery')).toBe('£2.99 delivery')
    expect(feeLabel(100, 'collection')).toBe('£1.00 collection')
  })
})

describe('distanceLabel', () => {
  const miles = (n: number) => n * 1.609344
  it('shows GB distances in miles: a tenth of a mile nearby, whole miles further away', () => {
    expect(distanceLabel(miles(0.04), 'GB')).toBe('Under 0.1 miles')
    expect(distanceLabel(miles(0.44), 'GB')).toBe('0.4 miles')
    expect(distanceLabel(miles(1.02), 'GB')).toBe('1 mile')
    expect(distanceLabel(miles(3.25), 'GB')).toBe('3.3 miles')
    expect(distanceLabel(miles(12.6), 'GB')).toBe('13 miles')
  })

  it('uses one unit per country: kilometres outside the miles countries', () => {
    expect(distanceLabel(3, 'GB')).toBe('1.9 miles')
    expect(distanceLabel(3, 'IE')).toBe('3 km')
    expect(distanceLabel(12.6, 'FR')).toBe('13 km')
    expect(distanceLabel(0.05, 'IE')).toBe('Under 0.1 km')
  })
})

describe('store times', () => {
  it("formats times in the spec's h:mma format in the store's time zone", () => {
    expect(formatStoreTime('2026-11-21T07:00:00+00:00')).toBe('07:00')
    // British Summer Time: 21:30 UTC is 22:30 in London.
    expect(formatStoreTime('2026-07-01T21:30:00Z')).toBe('22:30')
    expect(formatStoreTime('2026-07-01T21:30:00Z', 'Europe/Paris')).toBe('23:30')
  })

  it('says until when an open store is open', () => {
    expect(availabilityLabel(availability({ closesAt: '2026-11-21T22:00:00+00:00' }))).toBe(
      'Open until 22:00'
    )
    expect(availabilityLabel(availability({}))).toBe('Open now')
  })

  it('says when a pre-order store opens, relative to the day in the store', () => {
    const preorder = availability({ state: 'preorder', opensAt: '2026-11-22T07:00:00+00:00' })
    expect(availabilityLabel(preorder, 'Europe/London', new Date('2026-11-21T23:30:00Z'))).toBe(
      'Pre-order — opens 07:00 tomorrow'
    )
    expect(availabilityLabel(preorder, 'Europe/London', new Date('2026-11-22T00:30:00Z'))).toBe(
      'Pre-order — opens 07:00 today'
    )
    expect(availabilityLabel(preorder, 'Europe/London', new Date('2026-11-19T12:00:00Z'))).toBe(
      'Pre-order — opens 07:00 Sunday'
    )
  })

  it("counts days in the store's zone, not the server's", () => {
    // 23:30 UTC on 1 July is already 00:30 on 2 July in London.
    const preorder = availability({ state: 'preorder', opensAt: '2026-07-02T06:00:00Z' })
    expect(availabilityLabel(preorder, 'Europe/London', new Date('2026-07-01T23:30:00Z'))).toBe(
      'Pre-order — opens 07:00 today'
    )
  })

  it('labels a closed store, with its next opening when known', () => {
    expect(availabilityLabel(availability({ state: 'closed' }))).toBe('Closed')
    expect(
      availabilityLabel(
        availability({ state: 'closed', opensAt: '2026-12-03T08:00:00Z' }),
        'Europe/London',
        new Date('2026-11-21T12:00:00Z')
      )
    ).toBe('Closed — opens 08:00 03 Dec')
  })
})
