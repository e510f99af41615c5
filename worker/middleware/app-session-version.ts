import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { APP_SESSION_VERSION, PRIVATE_CACHE_CONTROL } from '../../schemas/constants.ts'
import type { AppEnv } from '../env.ts'
import { replaceRequestCookies } from '../lib/auth-cookies.ts'
import { COOKIE_NAMES, tokenCookieOptions } from '../lib/cookies.ts'
import { DEEP_LINK_COOKIE } from '../pages/deep-link.ts'
import { FLASH_COOKIE } from '../pages/flash.ts'
import { LAST_ORDER_COOKIE } from '../pages/last-order-cookie.ts'
import { LOCATION_COOKIE } from '../pages/location-cookie.ts'
import { SLOT_REFERRER_COOKIE } from '../pages/time-slots.tsx'

/** The version cookie outlives every other storefront cookie (the longest, last order, is 90 days). */
const APP_VERSION_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/** Every storefront cookie starts with this; another site's cookies on the host are not ours. */
const STOREFRONT_COOKIE_PREFIX = 'sf_'

/**
 * State the browser keeps for the pages (spec §4 Sessions "local persisted state"). Tokens and
 * the basket token are NOT here: they name server state that is still valid.
 */
const PERSISTED_STATE_COOKIES = [
  LOCATION_COOKIE,
  DEEP_LINK_COOKIE,
  COOKIE_NAMES.basketSummary,
  SLOT_REFERRER_COOKIE,
  FLASH_COOKIE,
]

// Spec §4: the last-order record is kept while an order id is being checked out or a 3-D Secure
// check is in progress (issue 7 sets these markers).
const LAST_ORDER_KEEPERS = [COOKIE_NAMES.checkoutOrder, COOKIE_NAMES.threeDSecurePending]

function requestCookieNames(c: Context): Array<string> {
  return Object.keys(getCookie(c))
}

function holdsStorefrontState(c: Context): boolean {
  return requestCookieNames(c).some(
    (name) => name.startsWith(STOREFRONT_COOKIE_PREFIX) && name !== COOKIE_NAMES.appVersion
  )
}

/** Deletes the persisted-state cookies the request holds, for the browser and for this request. */
function clearPersistedState(c: Context): void {
  const held = new Set(requestCookieNames(c))
  const keepLastOrder = LAST_ORDER_KEEPERS.some((name) => held.has(name))
  const names = [...PERSISTED_STATE_COOKIES, ...(keepLastOrder ? [] : [LAST_ORDER_COOKIE])]
  const { secure } = tokenCookieOptions(c.req.url, 0)
  const cleared: Record<string, null> = {}
  for (const name of names) {
    if (!held.has(name)) continue
    deleteCookie(c, name, { path: '/', secure })
    cleared[name] = null
  }
  replaceRequestCookies(c, cleared)
}

function setsStorefrontCookie(res: Response): boolean {
  return res.headers
    .getSetCookie()
    .some(
      (line) =>
        line.startsWith(STOREFRONT_COOKIE_PREFIX) && !line.startsWith(`${COOKIE_NAMES.appVersion}=`)
    )
}

function stampVersion(c: Context): void {
  const stamp = () =>
    setCookie(
      c,
      COOKIE_NAMES.appVersion,
      APP_SESSION_VERSION,
      tokenCookieOptions(c.req.url, APP_VERSION_MAX_AGE_SECONDS)
    )
  try {
    stamp()
  } catch {
    // An answer with immutable headers (e.g. passed through from a fetch): copy it, then stamp.
    c.res = new Response(c.res.body, c.res)
    stamp()
  }
}

/**
 * Spec §4 Sessions: when the browser's `sf_app_version` differs from APP_SESSION_VERSION (or is
 * missing while other storefront cookies exist), a page request clears the persisted state before
 * the page runs: location, deep link, basket summary, slot referrer, flash, and the last-order
 * record unless a checkout or 3-D Secure marker cookie says an order is under way. Then the current
 * version is set. Any answer that starts storefront state (API calls included) gets the version
 * too, so that state is never mistaken for an old one. Answers that set no cookie are untouched,
 * so public pages stay cacheable.
 */
export function appSessionVersion(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (getCookie(c, COOKIE_NAMES.appVersion) === APP_SESSION_VERSION) return next()
    const cleared = !c.req.path.startsWith('/api/') && holdsStorefrontState(c)
    if (cleared) clearPersistedState(c)
    await next()
    if (cleared || setsStorefrontCookie(c.res)) stampVersion(c)
    // The clearing cookies belong to this browser: never a shared cache.
    if (cleared) c.res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
  }
}
