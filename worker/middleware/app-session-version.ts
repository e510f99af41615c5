import type { Context, MiddlewareHandler } from 'hono'
import { APP_SESSION_VERSION, PRIVATE_CACHE_CONTROL } from '../../schemas/constants.ts'
import { COOKIE_NAMES, type CookieName } from '../../schemas/cookies.ts'
import type { AppEnv } from '../env.ts'
import {
  clearCookie,
  readCookie,
  replaceRequestCookies,
  requestCookieNames,
  writeCookie,
} from '../lib/cookies/cookies.ts'

/** Every storefront cookie starts with this; another site's cookies on the host are not ours. */
const STOREFRONT_COOKIE_PREFIX = 'sf_'

/**
 * State the browser keeps for the pages (spec §4 Sessions "local persisted state"). Tokens and
 * the basket token are NOT here: they name server state that is still valid.
 */
const PERSISTED_STATE_COOKIES: Array<CookieName> = [
  COOKIE_NAMES.location,
  COOKIE_NAMES.deepLink,
  COOKIE_NAMES.basketSummary,
  COOKIE_NAMES.slotReferrer,
  COOKIE_NAMES.flash,
]

// Spec §4: the last-order record is kept while an order id is being checked out or a 3-D Secure
// check is in progress (the checkout's payment start sets these markers).
const LAST_ORDER_KEEPERS = [COOKIE_NAMES.checkoutOrder, COOKIE_NAMES.threeDSecurePending]

function holdsStorefrontState(c: Context): boolean {
  return requestCookieNames(c).some(
    (name) => name.startsWith(STOREFRONT_COOKIE_PREFIX) && name !== COOKIE_NAMES.appVersion
  )
}

/** Deletes the persisted-state cookies the request holds, for the browser and for this request. */
function clearPersistedState(c: Context): void {
  const held = new Set(requestCookieNames(c))
  const keepLastOrder = LAST_ORDER_KEEPERS.some((name) => held.has(name))
  const names = [...PERSISTED_STATE_COOKIES, ...(keepLastOrder ? [] : [COOKIE_NAMES.lastOrder])]
  const cleared: Record<string, null> = {}
  for (const name of names) {
    if (!held.has(name)) continue
    clearCookie(c, name)
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
  const stamp = () => writeCookie(c, COOKIE_NAMES.appVersion, APP_SESSION_VERSION)
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
    if (readCookie(c, COOKIE_NAMES.appVersion) === APP_SESSION_VERSION) return next()
    const cleared = !c.req.path.startsWith('/api/') && holdsStorefrontState(c)
    if (cleared) clearPersistedState(c)
    await next()
    if (cleared || setsStorefrontCookie(c.res)) stampVersion(c)
    // The clearing cookies belong to this browser: never a shared cache.
    if (cleared) c.res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
  }
}
