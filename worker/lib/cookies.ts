import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { CookieOptions } from 'hono/utils/cookie'

/**
 * The storefront's cookie names. Tokens live only in httpOnly cookies; the proxy turns the access
 * token into an Authorization header so browser code never sees it.
 */
export const COOKIE_NAMES = {
  /** The shopper's short-lived access token (JWT). */
  access: 'sf_access',
  /** The rotating refresh token. */
  refresh: 'sf_refresh',
  /** The session's kind, 'guest' or 'member' (httpOnly, no secret): pages tell members apart. */
  sessionKind: 'sf_session',
  /** The basket token of a guest or member basket. */
  basket: 'sf_basket',
  /** Readable by the header basket island: item count, total and store slug (no secret). */
  basketSummary: 'sf_basket_summary',
} as const

export type CookieName = (typeof COOKIE_NAMES)[keyof typeof COOKIE_NAMES]

/**
 * Options for a token cookie: httpOnly, SameSite=Lax, whole site. Secure except on plain-http
 * local hosts, where browsers would drop a Secure cookie set over http.
 */
export function tokenCookieOptions(requestUrl: string, maxAgeSeconds: number): CookieOptions {
  const url = new URL(requestUrl)
  const local =
    url.protocol === 'http:' &&
    /^(([a-z0-9-]+\.)*localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname)
  return { httpOnly: true, secure: !local, sameSite: 'Lax', path: '/', maxAge: maxAgeSeconds }
}

/** The shopper's access token from its cookie, if any. */
export function readAccessToken(c: Context): string | undefined {
  const token = getCookie(c, COOKIE_NAMES.access)
  return token ? token : undefined
}
