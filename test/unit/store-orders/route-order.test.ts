import { describe, expect, it } from 'vitest'
import { stopLabel } from '../../../client/lib/driver-stops.ts'
import {
  type RouteStopInput,
  type RouteWindow,
  routeOrder,
} from '../../../worker/backend/deliveries/route-order.ts'

/*
 * The driver's round. The examples sit on the equator, where one degree of longitude is
 * 2π × 6371.0088 km / 360 = 111.195 km, so every distance can be checked by hand: 0.01° is
 * 1.112 km.
 */

const STORE = { latitude: 0, longitude: 0 }
const KM_PER_HUNDREDTH = 1.11195

const slot = (startsAt: string, endsAt: string): RouteWindow => ({
  kind: 'scheduled',
  date: '2026-11-25',
  startsAt,
  endsAt,
})
const TEN = slot('10:00', '11:00')
const ELEVEN = slot('11:00', '12:00')

let nextId = 1
function stop(
  longitude: number | null,
  window: RouteWindow = TEN,
  placedAt = '2026-11-25T08:00:00.000Z'
): RouteStopInput {
  return {
    orderId: nextId++,
    window,
    placedAt,
    location: longitude === null ? null : { latitude: 0, longitude },
  }
}

const order = (route: ReturnType<typeof routeOrder>) => route.map((r) => r.stop.orderId)
const km = (route: ReturnType<typeof routeOrder>) =>
  route.map((r) => (r.distanceKm === null ? null : Math.round(r.distanceKm * 100) / 100))

describe('routeOrder', () => {
  it('inside a window, the nearest stop from where the driver is (hand-checked)', () => {
    // A at +0.03°, B at +0.01°, C at +0.02°, D at −0.015°. From the store B (1.11 km) beats
    // D (1.67); from B, C (1.11) beats D (2.78); from C, A (1.11) beats D (3.89); then D (5.00).
    const [a, b, c, d] = [stop(0.03), stop(0.01), stop(0.02), stop(-0.015)]
    const route = routeOrder(STORE, [a!, b!, c!, d!])
    expect(order(route)).toEqual([b!.orderId, c!.orderId, a!.orderId, d!.orderId])
    expect(route.map((r) => r.number)).toEqual([1, 2, 3, 4])
    expect(km(route)).toEqual([1.11, 1.11, 1.11, 5])
    expect(route[3]?.distanceKm).toBeCloseTo(4.5 * KM_PER_HUNDREDTH, 3)
  })

  it('a later slot waits for the earlier one, however near', () => {
    const near = stop(0.001, ELEVEN)
    const far = stop(0.05, TEN)
    const route = routeOrder(STORE, [near, far])
    expect(order(route)).toEqual([far.orderId, near.orderId])
    // The later window starts from the last stop of the earlier one, not from the store.
    expect(route[1]?.distanceKm).toBeCloseTo(4.9 * KM_PER_HUNDREDTH, 3)
  })

  it('as soon as possible comes before every slot', () => {
    const slotted = stop(0.01, TEN, '2026-11-25T07:00:00.000Z')
    const asap = stop(0.04, { kind: 'asap' }, '2026-11-25T09:00:00.000Z')
    expect(order(routeOrder(STORE, [slotted, asap]))).toEqual([asap.orderId, slotted.orderId])
  })

  it('windows with the same start: the one that ends first goes first', () => {
    const long = stop(0.01, slot('10:00', '12:00'))
    const short = stop(0.05, slot('10:00', '11:00'))
    expect(order(routeOrder(STORE, [long, short]))).toEqual([short.orderId, long.orderId])
  })

  it('a tie goes to the stop earlier in slot order: placed first, then the lower id', () => {
    const east = stop(0.01, TEN, '2026-11-25T08:05:00.000Z')
    const west = stop(-0.01, TEN, '2026-11-25T08:00:00.000Z')
    expect(order(routeOrder(STORE, [east, west]))).toEqual([west.orderId, east.orderId])
    const first = stop(0.02)
    const second = stop(-0.02)
    expect(order(routeOrder(STORE, [second, first]))).toEqual([first.orderId, second.orderId])
  })

  it('a stop without coordinates keeps slot order at the end of its window', () => {
    const unknownEarly = stop(null, TEN, '2026-11-25T07:00:00.000Z')
    const unknownLate = stop(null, TEN, '2026-11-25T07:30:00.000Z')
    const located = stop(0.02, TEN, '2026-11-25T08:00:00.000Z')
    const next = stop(0.03, ELEVEN)
    const route = routeOrder(STORE, [next, unknownLate, located, unknownEarly])
    expect(order(route)).toEqual([
      located.orderId,
      unknownEarly.orderId,
      unknownLate.orderId,
      next.orderId,
    ])
    // No distance to or from a place that is not known.
    expect(km(route)).toEqual([2.22, null, null, null])
  })

  it('after a stop without coordinates the next is chosen from the last place known', () => {
    const located = stop(0.02, TEN)
    const unknown = stop(null, TEN)
    const nearLast = stop(0.021, ELEVEN)
    const nearStore = stop(0.001, ELEVEN)
    const route = routeOrder(STORE, [located, unknown, nearStore, nearLast])
    expect(order(route)).toEqual([
      located.orderId,
      unknown.orderId,
      nearLast.orderId,
      nearStore.orderId,
    ])
    expect(km(route)).toEqual([2.22, null, null, 2.22])
  })

  it('no stops, no route', () => {
    expect(routeOrder(STORE, [])).toEqual([])
  })
})

describe('stopLabel', () => {
  it("numbers the stop and gives the distance in the store's country's unit", () => {
    expect(stopLabel({ stop: 2, distanceKm: 2.1 }, 'GB')).toBe('Stop 2 · 1.3 miles')
    expect(stopLabel({ stop: 1, distanceKm: 1.609344 }, 'GB')).toBe('Stop 1 · 1 mile')
    expect(stopLabel({ stop: 3, distanceKm: 2.1 }, 'IE')).toBe('Stop 3 · 2.1 km')
    expect(stopLabel({ stop: 4, distanceKm: null }, 'GB')).toBe('Stop 4')
  })
})
