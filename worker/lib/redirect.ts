import type { Context } from 'hono'
import type { RedirectStatusCode } from 'hono/utils/http-status'
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../../schemas/constants.ts'

/*
 * Where the app may send a browser. Every redirect goes through redirectTo() (ESLint forbids
 * c.redirect() anywhere else), and every target through safePath(): a path of the request's own
 * origin, or home. Referers, `?redirect=`, `?returnTo=`, form fields, deep-link paths and the
 * payment gateways' return addresses are all input; none of them may name another site.
 */

const HOME = '/'

/**
 * Characters browsers strip before they resolve a Location (tab, newline, leading controls and
 * spaces), DEL, and the backslash they read as '/'. Never in a URL the app builds.
 */
function isStrippedCharacter(character: string): boolean {
  const code = character.charCodeAt(0)
  return code <= 0x20 || code === 0x7f
}

function hasUnsafeCharacter(value: string): boolean {
  return [...value].some((character) => character === '\\' || isStrippedCharacter(character))
}

function withoutStrippedCharacters(value: string): string {
  return [...value].filter((character) => !isStrippedCharacter(character)).join('')
}

// A path-only target: one '/' and then anything but a second '/' or '\'.
const ROOTED_PATH = /^\/(?![/\\])/
// An absolute http(s) URL: only accepted when it can be compared with the request's origin.
const ABSOLUTE_HTTP_URL = /^https?:\/\/[^/\\]/i
// Decoding rounds before a path that is still encoded is refused as pathological.
const MAX_DECODE_ROUNDS = 4
// The origin path-only targets are resolved against when no request URL is given.
const PATH_ONLY_BASE = 'http://storefront.invalid/'

/** Decodes %XX escapes byte by byte; never throws on a lone '%' (search terms may hold one). */
function percentDecode(value: string): string {
  return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16))
  )
}

/**
 * Whether a pathname stays one leading '/' however many times a proxy, framework or browser
 * decodes it: `/%2F%2Fevil`, `/%5Cevil`, `/%09/evil` and `/%252F%252Fevil` would each become
 * `//evil` (another host) somewhere along the way.
 */
function staysRooted(pathname: string): boolean {
  let current = pathname
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round += 1) {
    if (!ROOTED_PATH.test(withoutStrippedCharacters(current))) return false
    const decoded = percentDecode(current)
    if (decoded === current) return true
    current = decoded
  }
  return false
}

/**
 * The one rule for a redirect target: a path of the request's own origin, as
 * `pathname + search + hash`, or null. Accepts a rooted path (`/stores/x?y=1`), and, when
 * `requestUrl` is given, an absolute http(s) URL of exactly that origin without userinfo (a
 * Referer, a gateway's return address). Refuses `//host`, `/\host`, backslashes, control
 * characters and spaces, percent-encoded variants of those, other schemes, hosts and ports.
 *
 * @example safePath(c.req.header('referer'), c.req.url) // '/basket' or null
 */
export function safePath(target: string | null | undefined, requestUrl?: string): string | null {
  if (!target || hasUnsafeCharacter(target)) return null
  const absolute = requestUrl !== undefined && ABSOLUTE_HTTP_URL.test(target)
  if (!absolute && !ROOTED_PATH.test(target)) return null
  let base: URL
  let url: URL
  try {
    base = new URL(requestUrl ?? PATH_ONLY_BASE)
    url = new URL(target, base)
  } catch {
    return null
  }
  if (url.origin !== base.origin || url.username !== '' || url.password !== '') return null
  if (!staysRooted(url.pathname)) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** The pathname of a path safePath() accepted (its query and hash dropped). */
export function pathnameOf(path: string): string {
  return new URL(path, PATH_ONLY_BASE).pathname
}

export interface RedirectOptions {
  /**
   * 'public' only for a redirect that depends on nothing but the URL and the host (a canonical
   * 301): never on cookies, the session or a Referer. Everything else is private, no-store.
   */
  cache?: 'public' | 'private'
}

/**
 * The app's only way to redirect: the target must pass safePath() against the request (else
 * home), and the answer says how it may be cached (private, no-store unless asked otherwise).
 *
 * @example return redirectTo(c, routePath('basket'), 303)
 */
export function redirectTo(
  c: Context,
  target: string,
  status: RedirectStatusCode = 302,
  options: RedirectOptions = {}
): Response {
  c.header(
    'Cache-Control',
    options.cache === 'public' ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL
  )
  return c.redirect(safePath(target, c.req.url) ?? HOME, status)
}

/**
 * An operator's outside link (a banner pointing to a campaign site or an app store): content the
 * business published, not request input, so it may leave the shop. Only `https:` URLs with a
 * host and no userinfo, credentials or control characters; null otherwise.
 */
export function operatorLink(value: string | null | undefined): string | null {
  if (!value || hasUnsafeCharacter(value)) return null
  try {
    const url = new URL(value)
    if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) return null
    return url.href
  } catch {
    return null
  }
}

/**
 * Follows an operator's link: a path or URL of this site through redirectTo(), an outside
 * `https:` link (see operatorLink) as it is, anything else to `fallback`. Never cached.
 */
export function redirectToOperatorLink(
  c: Context,
  link: string | null,
  fallback: string,
  status: RedirectStatusCode = 302
): Response {
  const inside = safePath(link, c.req.url)
  const outside = inside ? null : operatorLink(link)
  if (!outside) return redirectTo(c, inside ?? fallback, status)
  c.header('Cache-Control', PRIVATE_CACHE_CONTROL)
  return c.redirect(outside, status)
}
