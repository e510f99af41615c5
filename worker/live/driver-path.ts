/*
 * The local driver simulator's road (pure: no I/O, no clock). A demo delivery drives from the
 * store to the address along a few waypoints, the way streets bend, at a town driving speed;
 * positionAt() says where the car is after so many seconds, fixesEvery() the positions a phone
 * would send on the way.
 */

import { distanceKm } from '../../schemas/distance.ts'

export interface LatLng {
  lat: number
  lng: number
}

/** About 30 km/h: town driving with junctions, in metres per second. */
export const SIMULATED_SPEED_MPS = 8.3

/** A phone's watchPosition sends about this often while en route, in seconds. */
export const SIMULATED_FIX_INTERVAL_SECONDS = 3

/** Great-circle distance in metres, by the shop's one distance formula. */
export function distanceMetres(a: LatLng, b: LatLng): number {
  return (
    distanceKm({ latitude: a.lat, longitude: a.lng }, { latitude: b.lat, longitude: b.lng }) * 1000
  )
}

const between = (a: LatLng, b: LatLng, t: number): LatLng => ({
  lat: a.lat + (b.lat - a.lat) * t,
  lng: a.lng + (b.lng - a.lng) * t,
})

/**
 * The road: store, two bends, address. Streets are not straight lines: the car first heads mostly
 * north or south, then mostly east or west, then on to the door. Same ends, same road.
 */
export function deliveryRoute(store: LatLng, address: LatLng): Array<LatLng> {
  const dLat = address.lat - store.lat
  const dLng = address.lng - store.lng
  return [
    store,
    { lat: store.lat + dLat * 0.4, lng: store.lng + dLng * 0.1 },
    { lat: store.lat + dLat * 0.8, lng: store.lng + dLng * 0.7 },
    address,
  ]
}

/** The road's length in metres. */
export function routeLength(route: ReadonlyArray<LatLng>): number {
  let total = 0
  for (let i = 1; i < route.length; i += 1) {
    const from = route[i - 1]
    const to = route[i]
    if (from && to) total += distanceMetres(from, to)
  }
  return total
}

export interface SimulatedFix extends LatLng {
  /** Whether the car is at the address. */
  arrived: boolean
}

/** Where the car is `seconds` after leaving the store at `speed` metres per second. */
export function positionAt(
  route: ReadonlyArray<LatLng>,
  seconds: number,
  speed: number = SIMULATED_SPEED_MPS
): SimulatedFix {
  const start = route[0]
  const end = route[route.length - 1]
  if (!start || !end) throw new Error('a route has at least one point')
  let left = Math.max(0, seconds) * speed
  for (let i = 1; i < route.length; i += 1) {
    const from = route[i - 1]
    const to = route[i]
    if (!from || !to) continue
    const leg = distanceMetres(from, to)
    if (left < leg) return { ...between(from, to, left / leg), arrived: false }
    left -= leg
  }
  return { ...end, arrived: true }
}

/** The fixes a phone sends on the road, every `interval` seconds, the last one at the door. */
export function fixesEvery(
  route: ReadonlyArray<LatLng>,
  interval: number = SIMULATED_FIX_INTERVAL_SECONDS,
  speed: number = SIMULATED_SPEED_MPS
): Array<SimulatedFix> {
  const fixes: Array<SimulatedFix> = []
  for (let seconds = 0; ; seconds += interval) {
    const fix = positionAt(route, seconds, speed)
    fixes.push(fix)
    if (fix.arrived) return fixes
  }
}
