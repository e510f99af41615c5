import type { Context } from 'hono'
import { routePath } from '../../client/lib/routes.ts'
import type { AppEnv } from '../env.ts'
import { setFlash } from './flash.ts'
import { lastOrderedStoreSlug, readLastOrder } from './last-order-cookie.ts'
import { readLocation } from './location-cookie.ts'
import { isSignedIn } from './session.ts'

/**
 * A route guard (spec §2): runs before a page loads its data; returns a redirect to stop the page,
 * or nothing to let it render.
 */
export type Guard = (c: Context<AppEnv>) => Response | undefined | Promise<Response | undefined>

/** `/?changeStore=1`: the store page's "Change store" link; home stops restoring the last store. */
export const CHANGE_STORE_QUERY = 'changeStore'

/** A same-origin path to send the shopper back to: the Referer when it is ours, else home. */
export function previousPageOrHome(c: Context<AppEnv>): string {
  const referer = c.req.header('referer')
  const here = new URL(c.req.url)
  if (referer) {
    try {
      const from = new URL(referer)
      if (from.origin === here.origin && from.pathname !== here.pathname) {
        return `${from.pathname}${from.search}`
      }
    } catch {
      // A malformed Referer is ignored.
    }
  }
  return routePath('index')
}

/** Member-only pages: a signed-out shopper goes home and is told to log in (spec §6). */
export const memberOnly: Guard = (c) => {
  if (isSignedIn(c)) return undefined
  setFlash(c, 'loginRequired')
  return c.redirect(routePath('index'), 302)
}

/** Login and register are unavailable to a signed-in shopper: back where they came from, or home. */
export const guestOnly: Guard = (c) => {
  if (!isSignedIn(c)) return undefined
  return c.redirect(previousPageOrHome(c), 302)
}

/** Pages that need a location: without a valid location cookie, back to the previous page or home. */
export const requiresLocation: Guard = (c) => {
  if (readLocation(c)) return undefined
  return c.redirect(previousPageOrHome(c), 302)
}

/**
 * Home with a last-ordered-store record (restoreLastOrderedStore, hasLastOrder,
 * lastOrderStoreSlug all set) goes to that store's page (spec §2), unless the shopper asked to
 * change store.
 */
export const restoreLastOrderedStore: Guard = (c) => {
  if (c.req.query(CHANGE_STORE_QUERY) !== undefined) return undefined
  const slug = lastOrderedStoreSlug(readLastOrder(c))
  if (!slug) return undefined
  return c.redirect(routePath('stores-storeSlug', { storeSlug: slug }), 302)
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
