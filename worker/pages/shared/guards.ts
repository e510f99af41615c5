import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import type { AppEnv } from '../../env.ts'
import { pathnameOf, redirectTo, safePath } from '../../lib/redirect.ts'
import { SOCIAL_SIGN_IN_PATH } from '../../../schemas/constants.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { lastOrderedStoreSlug, readLastOrder } from '../../lib/cookies/last-order.ts'
import { isSignedIn } from './session.ts'

/**
 * A route guard (spec §2): runs before a page loads its data; returns a redirect to stop the page,
 * or nothing to let it render.
 */
export type Guard = (c: Context<AppEnv>) => Response | undefined | Promise<Response | undefined>

/** A page: answers its route once the guards let it. */
export type PageHandler = (c: Context<AppEnv>) => Promise<Response>

/** `/?changeStore=1`: the store page's "Change store" link; home stops restoring the last store. */
export const CHANGE_STORE_QUERY = 'changeStore'

/** The Referer as a path of this site (safePath), or null. */
export function refererPath(c: Context<AppEnv>): string | null {
  return safePath(c.req.header('referer'), c.req.url)
}

/** A same-origin path to send the shopper back to: the Referer when it is ours, else home. */
export function previousPageOrHome(c: Context<AppEnv>): string {
  const from = refererPath(c)
  // Never back to the page itself, which would loop.
  if (from && pathnameOf(from) !== new URL(c.req.url).pathname) return from
  return routePath('index')
}

/** The query parameter naming where to go after signing in: `/login?redirect=/checkout/details`. */
export const REDIRECT_QUERY = 'redirect'

// Pages a shopper is never sent back to after signing in: the sign-in pages themselves.
const AUTH_PATHS = [
  routePath('login'),
  routePath('register'),
  routePath('forgotten-password'),
  '/member/reset-token',
  '/logout',
  SOCIAL_SIGN_IN_PATH,
]

/**
 * A path of this site to return to after signing in, or null: a safePath (never '//host', a
 * scheme or an encoded variant) that is not a sign-in page (returning there would loop).
 * `requestUrl` lets an absolute URL of the request's origin count (a Referer).
 */
export function safeReturnPath(
  value: string | undefined | null,
  requestUrl?: string
): string | null {
  const path = safePath(value, requestUrl)
  if (!path) return null
  const pathname = pathnameOf(path)
  if (AUTH_PATHS.some((auth) => pathname === auth || pathname.startsWith(`${auth}/`))) {
    return null
  }
  return path
}

/**
 * Where the login page was opened from: its `?redirect=` path, else the Referer when it is ours.
 * Carried through the form so the shopper returns there (spec §2).
 */
export function loginOrigin(c: Context<AppEnv>): string | null {
  return (
    safeReturnPath(c.req.query(REDIRECT_QUERY)) ??
    safeReturnPath(c.req.header('referer'), c.req.url)
  )
}

// Checkout's own sign-in steps go back to checkout's entry, which picks the active step.
const CHECKOUT_SIGN_IN_STEPS: ReadonlySet<string> = new Set([
  routePath('checkout-login'),
  routePath('checkout-create'),
])

/**
 * Spec §2: the login redirect target depends on the origin page. A checkout step goes back to
 * checkout; otherwise, when the basket's coupon needs re-applying now that the shopper is a
 * member, the basket; otherwise the page they came from, or home.
 */
export function loginRedirectTarget(origin: string | null, couponNeedsReapply: boolean): string {
  const from = safeReturnPath(origin)
  const pathname = from ? pathnameOf(from) : null
  if (
    from &&
    pathname &&
    (pathname === routePath('checkout') || pathname.startsWith('/checkout/'))
  ) {
    if (CHECKOUT_SIGN_IN_STEPS.has(pathname)) return routePath('checkout')
    if (pathname !== routePath('checkout-success')) return from
  }
  if (couponNeedsReapply) return routePath('basket')
  return from ?? routePath('index')
}

/** Member-only pages: a signed-out shopper goes home and is told to log in (spec §6). */
export const memberOnly: Guard = (c) => {
  if (isSignedIn(c)) return undefined
  setFlash(c, 'loginRequired')
  return redirectTo(c, routePath('index'), 302)
}

/** Login and register are unavailable to a signed-in shopper: back where they came from, or home. */
export const guestOnly: Guard = (c) => {
  if (!isSignedIn(c)) return undefined
  setFlash(c, 'alreadySignedIn')
  return redirectTo(c, previousPageOrHome(c), 302)
}

// Query parameters an outside link may carry to home without it being a search: campaign tags
// and a marketing link's pending action (spec §4 Deep link).
const ARRIVAL_QUERY = /^(utm_|dl_|gclid$|fbclid$)/

/**
 * Whether this request is the shopper arriving at home (typed, a bookmark, a link from another
 * site) rather than going there from a page of ours ('Find a store', the logo) or coming back
 * from a store search (its postcode or error in the query).
 */
export function arrivesAtHome(c: Context<AppEnv>): boolean {
  const query = new URL(c.req.url).searchParams
  if ([...query.keys()].some((key) => !ARRIVAL_QUERY.test(key))) return false
  if (c.req.header('sec-fetch-site') === 'same-origin') return false
  return refererPath(c) === null
}

/**
 * Home with a last-ordered-store record (restoreLastOrderedStore, hasLastOrder,
 * lastOrderStoreSlug all set) goes to that store's page (spec §2) when the shopper arrives there
 * (issue 35 item 14): a search, 'Find a store' or any link of ours shows home, and so does
 * "Change store".
 */
export const restoreLastOrderedStore: Guard = (c) => {
  if (c.req.query(CHANGE_STORE_QUERY) !== undefined) return undefined
  if (!arrivesAtHome(c)) return undefined
  const slug = lastOrderedStoreSlug(readLastOrder(c))
  if (!slug) return undefined
  setFlash(c, 'lastStoreRestored')
  return redirectTo(c, routePath('stores-storeSlug', { storeSlug: slug }), 302)
}

/** Runs guards in order; the first redirect wins. */
export async function runGuards(
  c: Context<AppEnv>,
  guards: ReadonlyArray<Guard>
): Promise<Response | undefined> {
  for (const guard of guards) {
    const redirect = await guard(c)
    if (redirect) return redirect
  }
  return undefined
}
