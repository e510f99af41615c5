import type { Coordinates } from '../../schemas/location.ts'

const KM_PER_DEGREE_LATITUDE = 111.32

const radians = (degrees: number): number => (degrees * Math.PI) / 180

export { distanceKm, kmToMiles } from '../../schemas/distance.ts'

/**
 * Squared flat-earth distance in degrees of latitude, as SQL over the given columns and
 * placeholders: orders a small box's rows like the real distance does, cheaply, inside SQLite.
 * `cosLatitude` is the cosine of the centre's latitude (a placeholder, bound by the caller).
 */
export function flatDistanceSql(
  row: { latitude: string; longitude: string },
  centre: {
    latitude: string
    longitude: string
    cosLatitude: string
  }
): string {
  const dLat = `(${row.latitude} - ${centre.latitude})`
  const dLng = `(${row.longitude} - ${centre.longitude})`
  return `(${dLat} * ${dLat} + ${dLng} * ${dLng} * ${centre.cosLatitude} * ${centre.cosLatitude})`
}

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
