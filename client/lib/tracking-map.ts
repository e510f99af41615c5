/**
 * What the tracking page's map and the worker's local base map share: the base map's address,
 * its bounding-box query and the attribution of the data it is drawn from.
 */

/** GET, `?bbox=west,south,east,north`: GeoJSON of the postcode points and outcode labels inside. */
export const TRACKING_BASE_MAP_PATH = '/track-map/base.json'
export const BASE_MAP_BBOX_PARAM = 'bbox'

/** The widest box the base map answers (degrees), so one request stays a few hundred points. */
export const BASE_MAP_MAX_SPAN_DEGREES = 0.2

/** The map's own attribution control, short enough for a phone; the page prints it in full. */
export const BASE_MAP_SHORT_ATTRIBUTION = 'Postcode points: OS, Royal Mail, ONS (OGL v3.0)'

/** data/README.md: the ONS postcode centroids are OGL v3.0 with this attribution. */
export const BASE_MAP_ATTRIBUTION =
  'Contains OS data © Crown copyright and database right 2025; Contains Royal Mail data © Royal Mail copyright and database right 2025; Source: Office for National Statistics licensed under the Open Government Licence v.3.0'

/** The map's tiles as the page hands them to the island: a provider's XYZ template, or none. */
export interface MapTiles {
  /** `https://…/{z}/{x}/{y}.png`; null draws the local base map instead. */
  url: string | null
  /** The provider's attribution (HTML-free text) shown in the map's attribution control. */
  attribution: string
}

export interface Bbox {
  west: number
  south: number
  east: number
  north: number
}

/** The box around some points, with a margin (degrees) so markers are not on the edge. */
export function bboxAround(
  points: ReadonlyArray<{ lat: number; lng: number }>,
  margin = 0.01
): Bbox | null {
  if (points.length === 0) return null
  const lats = points.map((p) => p.lat)
  const lngs = points.map((p) => p.lng)
  return {
    west: Math.min(...lngs) - margin,
    south: Math.min(...lats) - margin,
    east: Math.max(...lngs) + margin,
    north: Math.max(...lats) + margin,
  }
}

/** The base map's URL for a box, clipped to the widest span it answers around the box's centre. */
export function baseMapUrl(box: Bbox): string {
  const half = BASE_MAP_MAX_SPAN_DEGREES / 2
  const midLng = (box.west + box.east) / 2
  const midLat = (box.south + box.north) / 2
  const clip = (from: number, to: number, mid: number) =>
    to - from > BASE_MAP_MAX_SPAN_DEGREES ? [mid - half, mid + half] : [from, to]
  const [west, east] = clip(box.west, box.east, midLng)
  const [south, north] = clip(box.south, box.north, midLat)
  const parts = [west, south, east, north].map((n) => (n ?? 0).toFixed(4))
  return `${TRACKING_BASE_MAP_PATH}?${BASE_MAP_BBOX_PARAM}=${parts.join(',')}`
}
