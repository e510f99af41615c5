import type { PostcodeLocation } from '../../../schemas/location.ts'

/**
 * Where the postcodes of the countries without UK outcodes are, by their own areas (ADR 052):
 * an Eircode's routing key ('D02' of 'D02 X285', 'D6W' of 'D6W 1234') and a Dutch postcode's
 * four digits ('3511' of '3511 AB'). Null for a postcode of another shape or country.
 */
export function postcodeAreaOf(postcode: string, country: string): string | null {
  const typed = postcode.trim().toUpperCase()
  switch (country.toUpperCase()) {
    case 'IE':
      return /^([AC-FHKNPRTV-Y][0-9]{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/.exec(typed)?.[1] ?? null
    case 'NL':
      return /^([1-9][0-9]{3}) ?[A-Z]{2}$/.exec(typed)?.[1] ?? null
    default:
      return null
  }
}

type AreaTable = Readonly<Record<string, readonly [latitude: number, longitude: number]>>

/*
 * The local default's data: approximate centres of the demo towns' areas and of one far town
 * each (for the "outside the zone" case), hand-entered from OpenStreetMap's map of each district
 * (© OpenStreetMap contributors, ODbL) and rounded to three decimals, so good to about half a
 * kilometre: enough to rank stores and test a delivery radius, not to find a door. A production
 * brand abroad needs a provider (GEOCODER_PROVIDER) for its country, as the UK has Ideal Postcodes.
 */
const AREAS: Readonly<Record<string, AreaTable>> = {
  // Dublin postal districts by Eircode routing key; Cork city (T12) and Galway city (H91).
  IE: {
    D01: [53.352, -6.259],
    D02: [53.338, -6.254],
    D03: [53.363, -6.222],
    D04: [53.326, -6.227],
    D06: [53.321, -6.263],
    D6W: [53.31, -6.29],
    D07: [53.357, -6.284],
    D08: [53.339, -6.292],
    D09: [53.373, -6.251],
    T12: [51.897, -8.47],
    H91: [53.272, -9.051],
  },
  // Utrecht's four-digit postcode areas around the centre; Amsterdam's centre (1012).
  NL: {
    '3511': [52.092, 5.114],
    '3512': [52.089, 5.122],
    '3513': [52.096, 5.123],
    '3514': [52.099, 5.129],
    '3521': [52.081, 5.106],
    '3522': [52.078, 5.114],
    '3523': [52.075, 5.13],
    '3531': [52.092, 5.1],
    '3581': [52.088, 5.135],
    '3572': [52.095, 5.131],
    '3582': [52.091, 5.145],
    '1012': [52.373, 4.893],
  },
}

/** The countries this local table places postcodes in. */
export const AREA_COUNTRIES: ReadonlyArray<string> = Object.keys(AREAS)

/**
 * The local default geocoder of IE and NL (ADR 052): a postcode's point is its area's centre
 * (precision 'outcode', like a UK postcode placed by its district). Null for an area the table
 * does not hold or a country it does not cover.
 *
 * @example placeByArea('D02 X285', 'IE') // { postcode: 'D02 X285', latitude: 53.338, … }
 */
export function placeByArea(postcode: string, country: string): PostcodeLocation | null {
  const area = postcodeAreaOf(postcode, country)
  const point = area === null ? undefined : AREAS[country.toUpperCase()]?.[area]
  if (!point) return null
  const [latitude, longitude] = point
  return { postcode, latitude, longitude, precision: 'outcode' }
}
