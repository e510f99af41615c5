/*
 * The one rule for where the app may send a browser, pure so the worker's redirects
 * (worker/lib/redirect.ts) and the islands that follow a backend's `nextUrl` share it: a path of
 * the page's own origin, never another site.
 */

// The WHATWG URL of every runtime that loads schemas/ (workerd, browsers, Node), which the ES
// library schemas/ is typed with does not declare: only the parts this rule reads.
interface ParsedUrl {
  readonly origin: string
  readonly username: string
  readonly password: string
  readonly pathname: string
  readonly search: string
  readonly hash: string
}
declare const URL: new (url: string, base?: string | ParsedUrl) => ParsedUrl

/**
 * Characters browsers strip before they resolve a Location (tab, newline, leading controls and
 * spaces), DEL, and the backslash they read as '/'. Never in a URL the app builds.
 */
function isStrippedCharacter(character: string): boolean {
  const code = character.charCodeAt(0)
  return code <= 0x20 || code === 0x7f
}

export function hasUnsafeCharacter(value: string): boolean {
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
  let base: ParsedUrl
  let url: ParsedUrl
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
