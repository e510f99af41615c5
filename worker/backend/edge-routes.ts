import { EdgeRoutes } from '../lib/edge-routes.ts'
import { backendDomains } from './index.ts'

/**
 * What every backend route needs of the edge, from the `edge` each declares in createDomain
 * (route-registry.ts): built once at module load, read by the /api proxy and the pages' backend
 * client, which the composition root (worker/app.ts) hands it to (they may not import the
 * backend, ADR 013).
 */
export const BACKEND_EDGE_ROUTES: EdgeRoutes = new EdgeRoutes(
  backendDomains.flatMap((domain) =>
    domain.routes.map((route) => ({
      method: route.method.toUpperCase(),
      path: route.path,
      needs: route.edge,
    }))
  )
)
