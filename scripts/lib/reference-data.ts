// The reference rows every database needs whatever business it serves: the countries addresses
// may name, the UK outcode centroids (data/uk-outcodes.csv) and the GB postcode rule. The demo
// loader (scripts/demo-data/) and the bootstrap command (scripts/bootstrap/) load the same rows
// from here. No Node APIs: the demo data's core runs in the Workers pool.
import { DEFAULT_POSTCODE_RULE } from '../../schemas/postcode.ts'

/** Countries for addresses, all billing countries too, in the order the forms list them. */
export const COUNTRIES: ReadonlyArray<readonly [code: string, name: string]> = [
  ['GB', 'United Kingdom'],
  ['IE', 'Ireland'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
  ['PT', 'Portugal'],
  ['PL', 'Poland'],
  ['SE', 'Sweden'],
  ['DK', 'Denmark'],
  ['NO', 'Norway'],
  ['CH', 'Switzerland'],
  ['AT', 'Austria'],
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['AU', 'Australia'],
  ['NZ', 'New Zealand'],
  ['IN', 'India'],
]

/** `countries` rows (migration 0001). */
export function countryRows(): Array<{
  code: string
  name: string
  is_billing: number
  position: number
}> {
  return COUNTRIES.map(([code, name], position) => ({ code, name, is_billing: 1, position }))
}

/**
 * The GB `postcode_rules` columns but the business: the rule the shop applies when a business has
 * none of its own (schemas/postcode.ts), stored so the operator console shows and edits it.
 */
export function postcodeRuleValues(): {
  country_code: string
  pattern: string
  normalisation: string
  example: string | null
} {
  return {
    country_code: DEFAULT_POSTCODE_RULE.countryCode,
    pattern: DEFAULT_POSTCODE_RULE.pattern,
    normalisation: DEFAULT_POSTCODE_RULE.normalisation,
    example: DEFAULT_POSTCODE_RULE.example,
  }
}

/** A business's GB `postcode_rules` row ({@link postcodeRuleValues}). */
export function postcodeRuleRow(businessId: number): {
  business_id: number
  country_code: string
  pattern: string
  normalisation: string
  example: string | null
} {
  return { business_id: businessId, ...postcodeRuleValues() }
}

/** One outcode's centroid and post town, as `geo_outcodes` (migration 0002) holds it. */
export interface OutcodeRow {
  outcode: string
  latitude: number
  longitude: number
  town: string
}

/** `geo_outcodes` rows from data/uk-outcodes.csv, parsed (scripts/lib/csv.ts). */
export function outcodeRows(records: ReadonlyArray<Record<string, string>>): Array<OutcodeRow> {
  return records.map((row) => ({
    outcode: row.outcode ?? '',
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    town: row.town ?? '',
  }))
}

/**
 * The attribution the outcode data's licences ask for (data/README.md), said wherever it is
 * loaded into a database that serves shoppers.
 */
export const OUTCODE_ATTRIBUTION = [
  'Contains OS data © Crown copyright and database right 2025; Contains Royal Mail data © Royal ' +
    'Mail copyright and database right 2025; Source: Office for National Statistics licensed ' +
    'under the Open Government Licence v.3.0.',
  'Postal code data © GeoNames (geonames.org), CC BY 4.0 (Northern Ireland outcode coordinates).',
  'Post town names compiled from Wikipedia, List of postcode districts in the United Kingdom, ' +
    'Wikipedia contributors, CC BY-SA.',
] as const
