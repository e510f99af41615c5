import type { EdgeRoutes } from '../lib/edge-routes.ts'
import { proxyCall, proxyMiddleware } from './call.ts'

/**
 * Sets brandId from the request's host on a call that is per brand: a path its route declares
 * brand-scoped, and every basket call (baskets and orders belong to a brand, ADR 012). businessId
 * is set on every call (backend-path.ts).
 *
 * @example proxy.use(brandScope(BACKEND_EDGE_ROUTES))
 */
export function brandScope(edge: EdgeRoutes) {
  return proxyMiddleware(async (c, next) => {
    const call = proxyCall(c)
    if (edge.isBrandScoped(call.path)) call.tenant.brandId = c.var.brand.id
    await next()
  })
}
