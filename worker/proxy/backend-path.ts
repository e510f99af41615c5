import { MESSAGES } from '../../schemas/messages.ts'
import type { EdgeRoutes } from '../lib/edge-routes.ts'
import { AppError } from '../lib/errors.ts'
import { proxyMiddleware } from './call.ts'

/** Where the proxy is mounted; the backend path is what follows it. */
export const API_PREFIX = '/api'

const STAFF_CALL = /^\/+staff(\/|$)/i

/**
 * Begins the call: its backend path (what follows /api) and what that path's route declares of
 * the edge. Staff calls go through the console's own proxy (/store/api, ADR 018), where only the
 * staff cookie is a bearer; here a shopper's cookie would be sent in its place, so they are not
 * found.
 *
 * @example proxy.use(backendPath(BACKEND_EDGE_ROUTES))
 */
export function backendPath(edge: EdgeRoutes) {
  return proxyMiddleware(async (c, next) => {
    const { pathname } = new URL(c.req.url)
    const path = pathname.startsWith(API_PREFIX)
      ? pathname.slice(API_PREFIX.length) || '/'
      : pathname
    if (STAFF_CALL.test(path)) throw new AppError('not_found', MESSAGES.pageNotFound)
    c.set('call', {
      path,
      needs: edge.of(path),
      tenant: { businessId: c.var.brand.businessId },
      query: new URLSearchParams(),
      json: null,
      form: null,
    })
    await next()
  })
}
