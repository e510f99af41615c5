import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { routePath } from '../../client/lib/routes.ts'
import type { AppEnv } from '../env.ts'
import { setFlash } from './flash.ts'
import { isSignedIn } from './session.ts'

/**
 * A route guard (spec §2): runs before a page loads its data; returns a redirect to stop the page,
 * or nothing to let it render.
 */
export type Guard = (c: Context<AppEnv>) => Response | undefined | Promise<Response | undefined>

/**
 * The shopper's saved location (postcode and coordinates), set by the store search. Until the
 * store search flow lands nothing sets it, so guarded pages send the shopper back.
 */
export const LOCATION_COOKIE = 'sf_location'

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

/** Pages that need a location: without the location cookie, back to the previous page or home. */
export const requiresLocation: Guard = (c) => {
  if (getCookie(c, LOCATION_COOKIE)) return undefined
  return c.redirect(previousPageOrHome(c), 302)
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
