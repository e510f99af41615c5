// Distances, shared by the backend (search answers carry miles) and the pages (labels). On its own,
// without zod, so any page or island can show a distance cheaply.

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
