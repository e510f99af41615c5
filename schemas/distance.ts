// Distances, shared by the backend (search answers carry miles) and the pages (labels). On its own,
// without zod, so any page or island can show a distance cheaply.

import type { Coordinates } from './location.ts'

export const KM_PER_MILE = 1.609344

export function kmToMiles(km: number): number {
  return km / KM_PER_MILE
}

/**
 * The one distance unit a country's shoppers read (one unit per country). Road signs in
 * the United Kingdom and the United States are in miles; everywhere else kilometres.
 */
const MILES_COUNTRIES: ReadonlySet<string> = new Set(['GB', 'UK', 'US'])

export type DistanceUnit = 'miles' | 'km'

export function distanceUnitFor(countryCode: string): DistanceUnit {
  return MILES_COUNTRIES.has(countryCode.toUpperCase()) ? 'miles' : 'km'
}

const EARTH_RADIUS_KM = 6371.0088

const radians = (degrees: number): number => (degrees * Math.PI) / 180

/**
 * Great-circle distance in kilometres (haversine); accurate to well under 0.5% at shop scale.
 * The one formula for store search, delivery zones, drivers' routes and the simulator's road.
 */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude)
  const dLng = radians(b.longitude - a.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}
