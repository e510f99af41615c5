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
  /**
   * A member's basket token put aside when their session ended (httpOnly): the basket answers to
   * that member only, so the guest who follows starts a new one, and signing in again finds it.
   */
  memberBasket: 'sf_member_basket',
  /** Readable by the header basket island: item count, total and store slug (no secret). */
  basketSummary: 'sf_basket_summary',
  /**
   * A one-time-password sign-in waiting for its code (httpOnly, 10 minutes): the cookie form of
   * spec §7's client key `restorable.strategy.otp` (prefix 'restorable.strategy.' + strategy).
   */
  restorableStrategyOtp: 'sf_restorable_strategy_otp',
  /** The app session version the browser's stored state was written under (spec §4 Sessions). */
  appVersion: 'sf_app_version',
  /**
   * Issue 7 sets these while checkout needs the last-order record (spec §4 Sessions): an order
   * id being checked out, and a 3-D Secure check in progress. Either keeps the record when the
   * app session version changes.
   */
  checkoutOrder: 'sf_checkout_order',
  threeDSecurePending: 'sf_3ds_pending',
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
