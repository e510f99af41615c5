import { distanceKm } from '../geo.ts'

/*
 * The arrival estimate the tracking page shows (ADR 019). Pure. We have no road network, so the
 * estimate is the great-circle distance stretched to a road distance, at an average urban speed,
 * plus the time at the door. It is an estimate the shopper reads as "about N minutes", so its
 * constants are chosen to be honest for a town centre rather than exact anywhere.
 */

/**
 * Roads are longer than the straight line: a detour (circuity) factor of about 1.3 is the usual
 * figure for British towns in route-distance studies.
 */
export const ROAD_DETOUR_FACTOR = 1.3

/**
 * 25 km/h (about 15.5 mph): the DfT's average weekday speeds on urban local 'A' roads sit around
 * 15–20 mph with traffic and junctions, and a delivery van stops more than the average car.
 */
export const URBAN_SPEED_KMH = 25

/** Finding the door, parking and walking up: the same few minutes whatever the distance. */
export const STOP_ALLOWANCE_MINUTES = 3

export interface Point {
  lat: number
  lng: number
}

/** Great-circle km between two points, to 0.1 km (what the page shows). */
export function trackingDistanceKm(from: Point, to: Point): number {
  const km = distanceKm(
    { latitude: from.lat, longitude: from.lng },
    { latitude: to.lat, longitude: to.lng }
  )
  return Math.round(km * 10) / 10
}

/** Whole minutes to the door from `distanceKm` away (at least the stop allowance). */
export function etaMinutes(distanceKmAway: number): number {
  const driving = ((Math.max(0, distanceKmAway) * ROAD_DETOUR_FACTOR) / URBAN_SPEED_KMH) * 60
  return Math.ceil(driving) + STOP_ALLOWANCE_MINUTES
}

/** Distance and ETA from `from` (the driver, else the store) to the door; nulls without a door. */
export function distanceAndEta(
  from: Point | null,
  to: Point | null
): { distanceKm: number | null; etaMinutes: number | null } {
  if (!from || !to) return { distanceKm: null, etaMinutes: null }
  const km = trackingDistanceKm(from, to)
  return { distanceKm: km, etaMinutes: etaMinutes(km) }
}
