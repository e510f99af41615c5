import type { ConfigurationProblem } from '../../worker/lib/deployment-config.ts'
import { idProblem } from './cloudflare-ids.ts'
import type { WranglerEnvironment, WranglerRoute } from './wrangler-environment.ts'

/**
 * The route Cloudflare for SaaS needs (ADR 028): every request that enters the SaaS zone, each
 * brand's custom hostname included, goes to the Worker, which picks the brand by host.
 */
export const SAAS_ROUTE_PATTERN = '*/*'

const patternOf = (route: WranglerRoute): string =>
  typeof route === 'string' ? route : route.pattern

const zoneIdOf = (route: WranglerRoute): string | undefined =>
  typeof route === 'string' || !('zone_id' in route) ? undefined : route.zone_id

/**
 * What keeps this environment's routes from carrying the brands' domains: no route at all (the
 * deploy would serve no domain), a placeholder zone id, and with HOSTNAME_PROVIDER = "cloudflare"
 * no catch-all route (SAAS_ROUTE_PATTERN) on the zone CLOUDFLARE_ZONE_ID, whose custom hostnames
 * the operator console adds.
 */
export function routeProblems(
  environment: string,
  config: WranglerEnvironment
): Array<ConfigurationProblem> {
  const routes = config.routes ?? []
  const zoneVar =
    typeof config.vars.CLOUDFLARE_ZONE_ID === 'string' ? config.vars.CLOUDFLARE_ZONE_ID : ''
  const saasZone = zoneVar.trim()
  const wanted = `routes = [{ pattern = "${SAAS_ROUTE_PATTERN}", zone_id = "${saasZone || '<CLOUDFLARE_ZONE_ID>'}" }]`
  if (routes.length === 0) {
    return [
      {
        name: 'routes',
        problem: `routes: [env.${environment}] has none, so the Worker would answer on no domain; add ${wanted}`,
      },
    ]
  }
  const problems: Array<ConfigurationProblem> = []
  for (const route of routes) {
    const zoneId = zoneIdOf(route)
    const why = zoneId === undefined ? null : idProblem(zoneId, 'hex32')
    if (why !== null) {
      problems.push({
        name: 'routes',
        problem: `route "${patternOf(route)}": zone_id ${why}; put the id of the Cloudflare for SaaS zone (the same as CLOUDFLARE_ZONE_ID)`,
      })
    }
  }
  const cloudflareHostnames = config.vars.HOSTNAME_PROVIDER === 'cloudflare'
  // A zone the variable check already refuses is reported there, not again here.
  if (!cloudflareHostnames || idProblem(saasZone, 'hex32') !== null) return problems
  const saasRoutes = routes.filter((route) => patternOf(route) === SAAS_ROUTE_PATTERN)
  if (saasRoutes.length === 0) {
    problems.push({
      name: 'routes',
      problem: `routes: no "${SAAS_ROUTE_PATTERN}" route, so brand domains (custom hostnames of the zone CLOUDFLARE_ZONE_ID) would not reach this Worker; add ${wanted}`,
    })
  }
  for (const route of saasRoutes) {
    const zoneId = zoneIdOf(route)?.trim()
    if (zoneId !== undefined && idProblem(zoneId, 'hex32') === null && zoneId !== saasZone) {
      problems.push({
        name: 'routes',
        problem: `route "${SAAS_ROUTE_PATTERN}": zone_id "${zoneId}" is not CLOUDFLARE_ZONE_ID "${saasZone}", so brand domains added to that zone would not reach this Worker`,
      })
    }
  }
  return problems
}
