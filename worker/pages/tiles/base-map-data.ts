import { BASE_MAP_MAX_SPAN_DEGREES, type Bbox } from '../../../client/lib/tracking-map.ts'

/**
 * The local base map (no tile provider, no internet): the central Manchester postcode centroids as
 * small dots, which trace the streets they sit on, and the outcode centroids with their labels,
 * both from data/ (OGL v3.0, see data/README.md). Pure: the CSV text comes in, GeoJSON goes out.
 */

export interface PostcodePoint {
  lat: number
  lng: number
}
export interface OutcodePoint extends PostcodePoint {
  outcode: string
  town: string
}

export interface BaseMapData {
  postcodes: ReadonlyArray<PostcodePoint>
  outcodes: ReadonlyArray<OutcodePoint>
}

type PointGeometry = { type: 'Point'; coordinates: [number, number] }
export type BaseMapFeature =
  | { type: 'Feature'; geometry: PointGeometry; properties: { kind: 'postcode' } }
  | {
      type: 'Feature'
      geometry: PointGeometry
      properties: { kind: 'outcode'; label: string; town: string }
    }
export interface BaseMapCollection {
  type: 'FeatureCollection'
  features: Array<BaseMapFeature>
}

/** Great Britain and Northern Ireland, loosely: a box outside it is refused. */
const UK = { west: -8.7, south: 49.8, east: 1.9, north: 60.9 }

/** At most this many dots in one answer: enough to show the streets, light for a phone. */
export const MAX_POSTCODE_POINTS = 2000

function rows(csv: string): Array<Array<string>> {
  // The files are plain CSV without quoted commas in the columns read here (data/README.md).
  return csv
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(','))
}

function coordinate(text: string | undefined): number | null {
  const value = Number(text)
  return text !== undefined && text !== '' && Number.isFinite(value) ? value : null
}

/** `postcode,outcode,latitude,longitude` rows → points. */
export function parsePostcodePoints(csv: string): Array<PostcodePoint> {
  return rows(csv).flatMap(([, , lat, lng]) => {
    const latitude = coordinate(lat)
    const longitude = coordinate(lng)
    return latitude === null || longitude === null ? [] : [{ lat: latitude, lng: longitude }]
  })
}

/** `outcode,latitude,longitude,town` rows → labelled points (a town with a comma keeps it). */
export function parseOutcodePoints(csv: string): Array<OutcodePoint> {
  return rows(csv).flatMap(([outcode, lat, lng, ...town]) => {
    const latitude = coordinate(lat)
    const longitude = coordinate(lng)
    if (!outcode || latitude === null || longitude === null) return []
    return [
      {
        outcode,
        lat: latitude,
        lng: longitude,
        town: town.join(',').replace(/^"|"$/g, ''),
      },
    ]
  })
}

/**
 * `west,south,east,north` in degrees → a box, or null when it is not four numbers in order,
 * outside the UK or wider than BASE_MAP_MAX_SPAN_DEGREES (a little slack for rounding).
 */
export function parseBbox(text: string | undefined): Bbox | null {
  const parts = (text ?? '').split(',').map((part) => coordinate(part.trim()))
  if (parts.length !== 4 || parts.some((part) => part === null)) return null
  const [west, south, east, north] = parts as [number, number, number, number]
  if (west >= east || south >= north) return null
  if (west < UK.west || east > UK.east || south < UK.south || north > UK.north) return null
  const widest = BASE_MAP_MAX_SPAN_DEGREES + 0.001
  if (east - west > widest || north - south > widest) return null
  return { west, south, east, north }
}

function inside(box: Bbox, point: PostcodePoint): boolean {
  return (
    point.lng >= box.west &&
    point.lng <= box.east &&
    point.lat >= box.south &&
    point.lat <= box.north
  )
}

function geometry(point: PostcodePoint): PointGeometry {
  return { type: 'Point', coordinates: [point.lng, point.lat] }
}

/** The base map inside a box: outcode labels first (drawn on top), then up to the dots' cap. */
export function baseMapFeatures(data: BaseMapData, box: Bbox): BaseMapCollection {
  const outcodes = data.outcodes.filter((point) => inside(box, point))
  const postcodes = data.postcodes.filter((point) => inside(box, point))
  // Thinned evenly rather than cut off, so a crowded box still shows every street a little.
  const step = Math.max(1, Math.ceil(postcodes.length / MAX_POSTCODE_POINTS))
  const dots = postcodes.filter((_, index) => index % step === 0)
  return {
    type: 'FeatureCollection',
    features: [
      ...dots.map((point): BaseMapFeature => ({
        type: 'Feature',
        geometry: geometry(point),
        properties: { kind: 'postcode' },
      })),
      ...outcodes.map((point): BaseMapFeature => ({
        type: 'Feature',
        geometry: geometry(point),
        properties: { kind: 'outcode', label: point.outcode, town: point.town },
      })),
    ],
  }
}
