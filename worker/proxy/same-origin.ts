import type { MiddlewareHandler } from 'hono'
import { MESSAGES } from '../../schemas/messages.ts'
import { AppError } from '../lib/errors.ts'

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Refuses a state-changing call (POST/PUT/PATCH/DELETE) that a browser says came from another
 * site: Sec-Fetch-Site other than same-origin, or an Origin other than this request's. A call
 * with neither header is not from a browser page, so it cannot be a cross-site request forgery.
 */
export function sameOriginForStateChanges(): MiddlewareHandler {
  return async (c, next) => {
    if (STATE_CHANGING_METHODS.has(c.req.method)) {
      const site = c.req.header('sec-fetch-site')
      const origin = c.req.header('origin')
      const crossSite = site !== undefined && site !== 'same-origin'
      const crossOrigin = origin !== undefined && origin !== new URL(c.req.url).origin
      if (crossSite || crossOrigin) {
        throw new AppError('forbidden', MESSAGES.crossOriginRefused, {
          details: { ...(origin ? { origin } : {}), ...(site ? { secFetchSite: site } : {}) },
        })
      }
    }
    await next()
  }
}
