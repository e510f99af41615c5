import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { decodeBase64Url, encodeBase64Url } from 'hono/utils/encode'
import { type GeolocationState, GeolocationStateSchema } from '../../schemas/location.ts'
import { tokenCookieOptions } from '../lib/cookies.ts'

/**
 * The shopper's saved location (spec §3 Geolocation state), set by the store search flow and read
 * by the pages that need a location (spec §2 guards) and the store page.
 */
export const LOCATION_COOKIE = 'sf_location'

const LOCATION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

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
  return decodeLocation(getCookie(c, LOCATION_COOKIE))
}

/** Saves the shopper's location for 30 days: httpOnly, SameSite=Lax, Secure except local http. */
export function writeLocation(c: Context, state: GeolocationState): void {
  setCookie(
    c,
    LOCATION_COOKIE,
    encodeLocation(GeolocationStateSchema.parse(state)),
    tokenCookieOptions(c.req.url, LOCATION_MAX_AGE_SECONDS)
  )
}
