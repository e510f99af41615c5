import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { CookieOptions } from 'hono/utils/cookie'
import { COOKIE_NAMES, type CookieName } from '../../../schemas/cookies.ts'

/*
 * The one place that sets and deletes the storefront's cookies: each cookie has one options
 * function, and its delete is that function's options with Max-Age=0, so a delete always matches
 * its set (a browser only drops a cookie whose path and domain match). ESLint keeps hono/cookie's
 * setCookie and deleteCookie inside worker/lib/cookies/.
 */

function isLocalHttp(url: URL): boolean {
  return (
    url.protocol === 'http:' &&
    /^(([a-z0-9-]+\.)*localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname)
  )
}

/**
 * A cookie holding a credential (access, refresh or basket token, a pending sign-in, a checkout
 * marker): httpOnly, SameSite=Lax, whole site. Secure except on plain-http local hosts, where
 * browsers would drop a Secure cookie set over http.
 */
export function tokenCookieOptions(requestUrl: string, maxAgeSeconds: number): CookieOptions {
  const secure = !isLocalHttp(new URL(requestUrl))
  return { httpOnly: true, secure, sameSite: 'Lax', path: '/', maxAge: maxAgeSeconds }
}

/**
 * State the browser keeps for the pages (location, deep link, last order, slot referrer, app
 * version): no secret, but only the worker reads it, so the same flags as a token cookie.
 */
export function stateCookieOptions(requestUrl: string, maxAgeSeconds: number): CookieOptions {
  return tokenCookieOptions(requestUrl, maxAgeSeconds)
}

/** A cookie browser code reads (the header's basket summary: a count, a total, a store slug). */
export function readableCookieOptions(requestUrl: string, maxAgeSeconds: number): CookieOptions {
  return { ...tokenCookieOptions(requestUrl, maxAgeSeconds), httpOnly: false }
}

/** A one-minute flash message for the next page: httpOnly, Secure only over https. */
export function flashCookieOptions(requestUrl: string, maxAgeSeconds: number): CookieOptions {
  const secure = new URL(requestUrl).protocol === 'https:'
  return { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: maxAgeSeconds }
}

/** Where the store console lives (ADR 018): its cookies are sent to it and nowhere else. */
export const STORE_CONSOLE_PATH = '/store'

/**
 * A store console cookie (ADR 018): httpOnly, SameSite=Strict (no cross-site request ever carries
 * a staff session, a link from an email included), Path=/store. Secure like a token cookie.
 */
export function staffCookieOptions(requestUrl: string, maxAgeSeconds: number): CookieOptions {
  return {
    ...tokenCookieOptions(requestUrl, maxAgeSeconds),
    sameSite: 'Strict',
    path: STORE_CONSOLE_PATH,
  }
}

type OptionsFor = (requestUrl: string, maxAgeSeconds: number) => CookieOptions

/** A basket outlives a browsing session: shoppers come back to it within a month. */
const BASKET_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

/**
 * Each cookie's options and lifetime. A lifetime of null comes with each value (a token's
 * expiry, a pending code's): its writer passes it.
 */
const COOKIES: Record<CookieName, { options: OptionsFor; maxAgeSeconds: number | null }> = {
  [COOKIE_NAMES.access]: { options: tokenCookieOptions, maxAgeSeconds: null },
  [COOKIE_NAMES.refresh]: { options: tokenCookieOptions, maxAgeSeconds: null },
  [COOKIE_NAMES.sessionKind]: { options: tokenCookieOptions, maxAgeSeconds: null },
  [COOKIE_NAMES.basket]: { options: tokenCookieOptions, maxAgeSeconds: BASKET_MAX_AGE_SECONDS },
  [COOKIE_NAMES.memberBasket]: {
    options: tokenCookieOptions,
    maxAgeSeconds: BASKET_MAX_AGE_SECONDS,
  },
  [COOKIE_NAMES.basketSummary]: {
    options: readableCookieOptions,
    maxAgeSeconds: BASKET_MAX_AGE_SECONDS,
  },
  [COOKIE_NAMES.restorableStrategyOtp]: { options: tokenCookieOptions, maxAgeSeconds: null },
  // Lax is enough: a provider's cross-site form_post is bounced to a same-origin post (ADR 026).
  [COOKIE_NAMES.socialSignIn]: { options: tokenCookieOptions, maxAgeSeconds: 10 * 60 },
  [COOKIE_NAMES.socialLink]: { options: tokenCookieOptions, maxAgeSeconds: 10 * 60 },
  // Outlives every state cookie (the longest, last order, is 90 days).
  [COOKIE_NAMES.appVersion]: { options: stateCookieOptions, maxAgeSeconds: 365 * 24 * 60 * 60 },
  // Not state the app version clears: it names the browser, not what it was doing.
  [COOKIE_NAMES.device]: { options: stateCookieOptions, maxAgeSeconds: 365 * 24 * 60 * 60 },
  // Replicas catch up within seconds: an hour outlives any lag, and an old bookmark is harmless.
  [COOKIE_NAMES.d1Bookmark]: { options: stateCookieOptions, maxAgeSeconds: 60 * 60 },
  [COOKIE_NAMES.checkoutOrder]: { options: tokenCookieOptions, maxAgeSeconds: 60 * 60 },
  [COOKIE_NAMES.threeDSecurePending]: { options: tokenCookieOptions, maxAgeSeconds: 60 * 60 },
  [COOKIE_NAMES.location]: { options: stateCookieOptions, maxAgeSeconds: 30 * 24 * 60 * 60 },
  [COOKIE_NAMES.deepLink]: { options: stateCookieOptions, maxAgeSeconds: 60 * 60 },
  [COOKIE_NAMES.lastOrder]: { options: stateCookieOptions, maxAgeSeconds: 90 * 24 * 60 * 60 },
  [COOKIE_NAMES.slotReferrer]: { options: stateCookieOptions, maxAgeSeconds: 30 * 60 },
  [COOKIE_NAMES.flash]: { options: flashCookieOptions, maxAgeSeconds: 60 },
  [COOKIE_NAMES.staffAccess]: { options: staffCookieOptions, maxAgeSeconds: null },
  [COOKIE_NAMES.staffRefresh]: { options: staffCookieOptions, maxAgeSeconds: null },
  [COOKIE_NAMES.staffChallenge]: { options: staffCookieOptions, maxAgeSeconds: null },
}

/** The options a cookie is set with (for a delete: its set's options, Max-Age aside). */
export function cookieOptions(c: Context, name: CookieName, maxAgeSeconds?: number): CookieOptions {
  const { options, maxAgeSeconds: lifetime } = COOKIES[name]
  const maxAge = maxAgeSeconds ?? lifetime
  if (maxAge === null) throw new Error(`cookie ${name} needs its lifetime`)
  return options(c.req.url, maxAge)
}

/** Sets a storefront cookie with its own options (and lifetime, unless it comes with the value). */
export function writeCookie(
  c: Context,
  name: CookieName,
  value: string,
  maxAgeSeconds?: number
): void {
  setCookie(c, name, value, cookieOptions(c, name, maxAgeSeconds))
}

/** Deletes a storefront cookie with the flags it was set with. */
export function clearCookie(c: Context, name: CookieName): void {
  deleteCookie(c, name, cookieOptions(c, name, 0))
}

/** A storefront cookie of the request, as sent. */
export function readCookie(c: Context, name: CookieName): string | undefined {
  return getCookie(c, name)
}

/** The names of every cookie the request carries (ours and any other site's on the host). */
export function requestCookieNames(c: Context): Array<string> {
  return Object.keys(getCookie(c))
}

/**
 * Replaces cookies of the incoming request (null removes one) so everything after this point in
 * the same request — guards, pages, readAccessToken — sees the session as it is now, e.g. right
 * after a refresh, instead of the stale cookies the browser sent.
 */
export function replaceRequestCookies(c: Context, updates: Record<string, string | null>): void {
  const jar = new Map<string, string>()
  for (const pair of (c.req.raw.headers.get('cookie') ?? '').split(';')) {
    const trimmed = pair.trim()
    if (!trimmed) continue
    const name = trimmed.split('=')[0] ?? ''
    jar.set(name, trimmed)
  }
  for (const [name, value] of Object.entries(updates)) {
    if (value === null) jar.delete(name)
    else jar.set(name, `${name}=${value}`)
  }
  const headers = new Headers(c.req.raw.headers)
  if (jar.size === 0) headers.delete('cookie')
  else headers.set('cookie', [...jar.values()].join('; '))
  c.req.raw = new Request(c.req.raw, { headers })
}
