import type { Context } from 'hono'
import { decodeBase64Url, encodeBase64Url } from 'hono/utils/encode'
import type { FulfilmentLocation } from '../../../schemas/basket.ts'
import { LONGEST_POSTCODE } from '../../../schemas/constants.ts'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import { type GeolocationState, GeolocationStateSchema } from '../../../schemas/location.ts'
import { readCookie, writeCookie } from './cookies.ts'

/*
 * The shopper's saved location (spec §3 Geolocation state), set by the store search flow and read
 * by the pages that need a location (spec §2 guards), the store page and the proxy.
 */

/** The cookie value for a location: unpadded base64url of its JSON, safe as a cookie value. */
export function encodeLocation(state: GeolocationState): string {
  return encodeBase64Url(new TextEncoder().encode(JSON.stringify(state)).buffer).replace(/=+$/, '')
}

/** The location a cookie value holds, or null for anything that is not one (never throws). */
export function decodeLocation(value: string | undefined): GeolocationState | null {
  if (!value) return null
  try {
    const json: unknown = JSON.parse(new TextDecoder().decode(decodeBase64Url(value)))
    const parsed = GeolocationStateSchema.safeParse(json)
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The request's saved location; a missing or tampered cookie is no location. */
export function readLocation(c: Context): GeolocationState | null {
  return decodeLocation(readCookie(c, COOKIE_NAMES.location))
}

/**
 * Where the basket delivers to unless a call names a place: the saved location (its postcode only
 * when it fits the field), or null without a located search.
 */
export function savedFulfilmentLocation(c: Context): FulfilmentLocation | null {
  const location = readLocation(c)
  if (!location || location.latitude === null || location.longitude === null) return null
  return {
    ...(location.postcode.length <= LONGEST_POSTCODE ? { postcode: location.postcode } : {}),
    latitude: location.latitude,
    longitude: location.longitude,
  }
}

/** Saves the shopper's location for 30 days: httpOnly, SameSite=Lax, Secure except local http. */
export function writeLocation(c: Context, state: GeolocationState): void {
  writeCookie(c, COOKIE_NAMES.location, encodeLocation(GeolocationStateSchema.parse(state)))
}
