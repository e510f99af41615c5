import { EdgeRoutes } from '../lib/edge-routes.ts'
import { backendDomains } from './index.ts'
import type { Domain } from './route-registry.ts'

/**
 * What every backend route needs of the edge, from the `edge` each declares in createDomain
 * (route-registry.ts): built once at module load, read by the /api proxy and the pages' backend
 * client, which the composition root (worker/app.ts) hands it to (they may not import the
 * backend, ADR 013).
 */
export const BACKEND_EDGE_ROUTES: EdgeRoutes = edgeRoutesOf(backendDomains)

/**
 * The edge list of some domains' routes. Refused at load, besides what EdgeRoutes refuses: an edge
 * multipart limit on a route that reads no multipart body, or above the route's own limit (the
 * proxy would let through a body the route then refuses).
 */
export function edgeRoutesOf(domains: ReadonlyArray<Pick<Domain, 'routes'>>): EdgeRoutes {
  return new EdgeRoutes(
    domains.flatMap((domain) =>
      domain.routes.map((route) => {
        const method = route.method.toUpperCase()
        const edgeLimit = route.edge.multipartMaxBytes
        const ownLimit = route.spec.multipart?.maxBytes
        if (edgeLimit !== undefined && (ownLimit === undefined || edgeLimit > ownLimit)) {
          throw new Error(
            `The edge's multipart limit of ${method} ${route.path} is above the route's own`
          )
        }
        return { method, path: route.path, needs: route.edge }
      })
    )
  )
}
