import type { Coordinates } from '../../schemas/location.ts'

const EARTH_RADIUS_KM = 6371.0088
const KM_PER_DEGREE_LATITUDE = 111.32

const radians = (degrees: number): number => (degrees * Math.PI) / 180

/** Great-circle distance in kilometres (haversine); accurate to well under 0.5% at shop scale. */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude)
  const dLng = radians(b.longitude - a.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

export { kmToMiles } from '../../schemas/distance.ts'

/** Latitude/longitude bounds of a box that contains every point within radiusKm of the centre. */
export interface BoundingBox {
  minLatitude: number
  maxLatitude: number
  minLongitude: number
  maxLongitude: number
}

/**
 * The box around a point that an index range scan can use before exact distances are computed.
 * Near the poles (or for huge radii) the longitude range is the whole circle.
 */
export function boundingBox(centre: Coordinates, radiusKm: number): BoundingBox {
  const dLat = radiusKm / KM_PER_DEGREE_LATITUDE
  const cosLat = Math.cos(radians(centre.latitude))
  const dLng = cosLat < 1e-6 ? 180 : radiusKm / (KM_PER_DEGREE_LATITUDE * cosLat)
  return {
    minLatitude: Math.max(-90, centre.latitude - dLat),
    maxLatitude: Math.min(90, centre.latitude + dLat),
    minLongitude: dLng >= 180 ? -180 : centre.longitude - dLng,
    maxLongitude: dLng >= 180 ? 180 : centre.longitude + dLng,
  }
}
