import type { ConfigurationProblem } from '../../worker/lib/deployment-config.ts'
import { type BackgroundWorkConfig, backgroundWorkProblems } from './background-work.ts'
import type { WranglerEnvironment } from './wrangler-environment.ts'

/*
 * The placed backend (ADR 046): staging and production reach the backend Worker only through the
 * storefront's BACKEND service binding. Without it (or bound to another Worker) pages would run
 * the backend in-process far from the database, or call a Worker that is not this backend;
 * without Smart Placement the backend would run beside the shopper, not the data. The backend
 * Worker reads the same vars, so a difference between the two files is refused too, and it runs
 * the cron and the effects queue's consumers (background-work.ts).
 */

/** The parts of wrangler.backend.toml's environment this check reads. */
export interface BackendWorkerEnvironment extends BackgroundWorkConfig {
  name?: string | undefined
  placement?: { mode?: string | undefined } | undefined
  vars: Readonly<Record<string, unknown>>
  /** Its D1 databases: the same shards and directory as the storefront's (ADR 047). */
  d1_databases?: WranglerEnvironment['d1_databases'] | undefined
}

/** The backend Worker's name in an environment, as wrangler.backend.toml deploys it. */
export function backendWorkerName(environment: string): string {
  return `storefront-backend-${environment}`
}

/** Every reason this environment's storefront and backend Workers do not fit together. */
export function placedBackendProblems(
  environment: string,
  storefront: WranglerEnvironment,
  backend: BackendWorkerEnvironment
): Array<ConfigurationProblem> {
  const problems: Array<ConfigurationProblem> = []
  const expected = backendWorkerName(environment)
  const binding = (storefront.services ?? []).find(({ binding }) => binding === 'BACKEND')
  if (!binding) {
    problems.push({
      name: 'BACKEND',
      problem: `BACKEND (service binding) is missing in [[env.${environment}.services]] of wrangler.toml; it must name "${expected}", the backend Worker placed near the database (ADR 046)`,
    })
  } else if (binding.service !== expected) {
    problems.push({
      name: 'BACKEND',
      problem: `BACKEND names the Worker "${binding.service ?? ''}" in [[env.${environment}.services]]; it must be "${expected}", the backend Worker of this environment`,
    })
  }
  if (backend.name !== expected) {
    problems.push({
      name: 'BACKEND',
      problem: `wrangler.backend.toml [env.${environment}] deploys "${backend.name ?? ''}", not "${expected}", the Worker BACKEND names`,
    })
  }
  if (backend.placement?.mode !== 'smart') {
    problems.push({
      name: 'BACKEND',
      problem: `wrangler.backend.toml [env.${environment}.placement] mode is not "smart": the backend would run near the shopper, not near its database`,
    })
  }
  const names = new Set([...Object.keys(storefront.vars), ...Object.keys(backend.vars)])
  const differing = [...names].filter((name) => storefront.vars[name] !== backend.vars[name])
  if (differing.length > 0) {
    problems.push({
      name: 'BACKEND',
      problem: `wrangler.backend.toml [env.${environment}.vars] differs from wrangler.toml's in ${differing.sort().join(', ')}; both Workers read the same settings`,
    })
  }
  problems.push(...backgroundWorkProblems(environment, storefront, backend))
  return problems
}
