import { DEFAULT_COUNTRY_CODE } from '../../../schemas/constants.ts'
import type {
  AutocompleteSuggestion,
  Coordinates,
  LocatedAddress,
  PlaceDetails,
  PostcodeLocation,
} from '../../../schemas/location.ts'
import { outcodeOf } from '../../../schemas/postcode.ts'
import { boundingBox, distanceKm, flatDistanceSql } from '../geo.ts'
import { addressSearchOf } from './address-search.ts'
import { placeByArea } from './country-areas.ts'
import type { Geocoder } from './geocoder.ts'

/** How far a point may be from a postcode's centre and still be "at" that postcode. */
export const NEAREST_POSTCODE_RADIUS_KM = 2
/** How far from a detected position an address is still offered (spec §3 Device-location result). */
export const NEARBY_ADDRESS_RADIUS_KM = 1
export const NEARBY_ADDRESS_LIMIT = 10
const NEARBY_ADDRESS_RADII_KM = [0.25, NEARBY_ADDRESS_RADIUS_KM] as const
export const AUTOCOMPLETE_LIMIT = 8
const AUTOCOMPLETE_CANDIDATES = 500
// Rows of the box taken, closest first by a flat-earth estimate, before exact distances decide.
const BOX_CANDIDATES = 25

interface PointRow {
  postcode: string
  latitude: number
  longitude: number
  precision: PostcodeLocation['precision']
}

interface AddressRow {
  place_id: string
  description: string
  address_line1: string
  address_line2: string | null
  town: string
  county: string | null
  postcode: string
  country_code: string
  latitude: number
  longitude: number
}

const ADDRESS_COLUMNS = `a.place_id, a.description, a.address_line1, a.address_line2, a.town,
  a.county, a.postcode, a.country_code, a.latitude, a.longitude`

function locatedAddress(row: AddressRow): LocatedAddress {
  return {
    placeId: row.place_id,
    formattedAddress: row.description,
    address: {
      addressLine1: row.address_line1,
      addressLine2: row.address_line2,
      town: row.town,
      county: row.county,
      postcode: row.postcode,
      country: row.country_code,
    },
    latitude: row.latitude,
    longitude: row.longitude,
  }
}

// The box's centre as boxParams binds it: ?1 latitude, ?2 longitude, ?3 the cosine of latitude.
const BOX_CENTRE = { latitude: '?1', longitude: '?2', cosLatitude: '?3' }

function boxParams(coords: Coordinates, radiusKm: number): Array<number> {
  const box = boundingBox(coords, radiusKm)
  return [
    coords.latitude,
    coords.longitude,
    Math.cos((coords.latitude * Math.PI) / 180),
    box.minLatitude,
    box.maxLatitude,
    box.minLongitude,
    box.maxLongitude,
  ]
}

/**
 * The local default geocoder: answers from the D1 tables loaded from the shipped UK outcode
 * centroids, central Manchester postcodes and demo addresses. Each call is one query. Irish and
 * Dutch postcodes are placed from the demo towns' area table (country-areas.ts) without one.
 */
export class D1Geocoder implements Geocoder {
  constructor(private readonly db: D1Database) {}

  async postcodeToCoordinates(postcode: string, country: string): Promise<PostcodeLocation | null> {
    // Countries without UK outcodes are placed by their own areas (ADR 052).
    if (country.toUpperCase() !== DEFAULT_COUNTRY_CODE) return placeByArea(postcode, country)
    // A postcode we have no point for still has a district: its centroid is close enough to
    // find the nearest stores.
    const row = await this.db
      .prepare(
        `select postcode, latitude, longitude, 'postcode' as precision, 0 as preference
           from geo_postcodes where postcode = ?1
         union all
         select ?1, latitude, longitude, 'outcode', 1 from geo_outcodes where outcode = ?2
         order by preference limit 1`
      )
      .bind(postcode, outcodeOf(postcode) ?? '')
      .first<PointRow>()
    if (!row) return null
    const { latitude, longitude, precision } = row
    return { postcode: row.postcode, latitude, longitude, precision }
  }

  async coordinatesToPostcode(coords: Coordinates): Promise<PostcodeLocation | null> {
    const { results } = await this.db
      .prepare(
        `select postcode, latitude, longitude from geo_postcodes
         where latitude between ?4 and ?5 and longitude between ?6 and ?7
         order by ${flatDistanceSql({ latitude: 'latitude', longitude: 'longitude' }, BOX_CENTRE)}, postcode
         limit ${BOX_CANDIDATES}`
      )
      .bind(...boxParams(coords, NEAREST_POSTCODE_RADIUS_KM))
      .all<Omit<PointRow, 'precision'>>()
    let nearest: { row: Omit<PointRow, 'precision'>; km: number } | null = null
    for (const row of results) {
      const km = distanceKm(coords, row)
      if (km <= NEAREST_POSTCODE_RADIUS_KM && (!nearest || km < nearest.km)) nearest = { row, km }
    }
    if (!nearest) return null
    const { postcode, latitude, longitude } = nearest.row
    return { postcode, latitude, longitude, precision: 'postcode' }
  }

  async addressesByPostcode(postcode: string, country: string): Promise<Array<LocatedAddress>> {
    const { results } = await this.db
      .prepare(
        `select ${ADDRESS_COLUMNS} from geo_addresses a
         where a.postcode = ?1 and a.country_code = ?2
         order by cast(a.address_line1 as integer), a.address_line1`
      )
      .bind(postcode, country.toUpperCase())
      .all<AddressRow>()
    return results.map(locatedAddress)
  }

  async addressesByCoordinates(coords: Coordinates): Promise<Array<LocatedAddress>> {
    // A small box first: in a city it already holds the nearest addresses, and sorting a
    // kilometre's worth of them is what costs.
    for (const radiusKm of NEARBY_ADDRESS_RADII_KM) {
      const { results } = await this.db
        .prepare(
          `select ${ADDRESS_COLUMNS} from geo_addresses a
           where a.latitude between ?4 and ?5 and a.longitude between ?6 and ?7
           order by ${flatDistanceSql({ latitude: 'a.latitude', longitude: 'a.longitude' }, BOX_CENTRE)},
             cast(a.address_line1 as integer), a.address_line1
           limit ${NEARBY_ADDRESS_LIMIT * 2}`
        )
        .bind(...boxParams(coords, radiusKm))
        .all<AddressRow>()
      const nearest = results
        .map((row) => ({ row, km: distanceKm(coords, row) }))
        .filter(({ km }) => km <= radiusKm)
        .sort((a, b) => a.km - b.km)
        .slice(0, NEARBY_ADDRESS_LIMIT)
      if (nearest.length === NEARBY_ADDRESS_LIMIT || radiusKm === NEARBY_ADDRESS_RADIUS_KM) {
        return nearest.map(({ row }) => locatedAddress(row))
      }
    }
    return []
  }

  async autocomplete(term: string, country: string): Promise<Array<AutocompleteSuggestion>> {
    const search = addressSearchOf(term)
    if (!search) return []
    // A short term ('m', 'manch') matches nearly every address, and scoring them all costs
    // hundreds of milliseconds at 100,000 addresses; ranking the first AUTOCOMPLETE_CANDIDATES
    // matches keeps each keystroke bounded. Ranked: the typed postcode's own addresses, then the
    // typed house number exactly, then bm25 with the street above the town and postcode words.
    const { results } = await this.db
      .prepare(
        `select ${ADDRESS_COLUMNS} from (
           select place_id, postcode_key, street, bm25(geo_addresses_fts, 0, 10, 2, 4, 4) as score
           from geo_addresses_fts where geo_addresses_fts match ?1
           limit ${AUTOCOMPLETE_CANDIDATES}
         ) f
         join geo_addresses a on a.place_id = f.place_id
         where a.country_code = ?2
         order by (?3 is not null and substr(f.postcode_key, 1, length(?3)) = ?3) desc,
           (?4 is not null and cast(f.street as integer) = ?4) desc, f.score, a.description
         limit ${AUTOCOMPLETE_LIMIT}`
      )
      .bind(search.match, country.toUpperCase(), search.postcodePrefix, search.houseNumber)
      .all<AddressRow>()
    return results.map((row) => ({
      description: row.description,
      placeId: row.place_id,
      postcode: row.postcode,
      latitude: row.latitude,
      longitude: row.longitude,
    }))
  }

  async placeDetails(placeId: string): Promise<PlaceDetails | null> {
    const row = await this.db
      .prepare(`select ${ADDRESS_COLUMNS} from geo_addresses a where a.place_id = ?1`)
      .bind(placeId)
      .first<AddressRow>()
    if (!row) return null
    const { formattedAddress, address, latitude, longitude } = locatedAddress(row)
    return { placeId, formattedAddress, address, latitude, longitude }
  }
}
