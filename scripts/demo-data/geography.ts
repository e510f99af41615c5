import { outcodeRows } from '../lib/reference-data.ts'
import { addRow, type SqlValue } from './dataset.ts'
import type { Random } from './prng.ts'
import type { Tables } from './tables.ts'

export const STREET_NAMES = [
  'Mill Street',
  'Canal Street',
  'Station Road',
  'Church Lane',
  'Victoria Road',
  'Park Road',
  'Chapel Street',
  'Market Street',
  'Albert Road',
  'Queen Street',
  'Water Street',
  'York Street',
] as const

export function addGeography(
  t: Tables,
  outcodes: Array<Record<string, string>>,
  postcodes: Array<Record<string, string>>,
  random: Random
): void {
  for (const row of outcodeRows(outcodes)) addRow(t.geo_outcodes, { ...row })
  for (const row of postcodes) {
    addRow(t.geo_postcodes, {
      postcode: row.postcode ?? '',
      outcode: row.outcode ?? '',
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
    })
  }
  // Demo addresses for autocomplete: a few houses on every tenth central Manchester postcode.
  postcodes.forEach((row, index) => {
    if (index % 10 !== 0) return
    const street = random.pick(STREET_NAMES)
    const houses = random.int(1, 3)
    for (let h = 0; h < houses; h++) {
      const number = random.int(1, 180)
      const postcode = row.postcode ?? ''
      const line1 = `${number} ${street}`
      const description = `${line1}, Manchester, ${postcode}`
      addRow(t.geo_addresses, {
        place_id: `demo-${postcode.replace(' ', '').toLowerCase()}-${number}`,
        description,
        search_key: description.toLowerCase().replace(/[^a-z0-9 ]/g, ''),
        address_line1: line1,
        address_line2: null,
        town: 'Manchester',
        county: 'Greater Manchester',
        postcode,
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
      })
    }
  })
  // The same place id can come up twice; keep the first.
  const seen = new Set<SqlValue>()
  t.geo_addresses.rows = t.geo_addresses.rows.filter(
    (r) => !seen.has(r[0] ?? null) && seen.add(r[0] ?? null)
  )
}
