import type { ConfigurationProblem } from '../../worker/lib/deployment-config.ts'
import { bindingsOf, type WranglerEnvironment } from './wrangler-environment.ts'

/**
 * Bindings the top level of wrangler.toml (development) has and this environment lacks. Wrangler
 * does not inherit bindings into an environment and only warns, so a forgotten table would deploy
 * a Worker without its database, cache or limiter.
 */
export function missingBindingProblems(
  environment: string,
  topLevel: WranglerEnvironment,
  config: WranglerEnvironment
): Array<ConfigurationProblem> {
  const present = new Set(bindingsOf(config).map(({ kind, name }) => `${kind}:${name}`))
  return bindingsOf(topLevel)
    .filter(({ kind, name }) => !present.has(`${kind}:${name}`))
    .map(({ kind, name }) => ({
      name,
      problem: `${name} (${kind}) is bound at the top level of wrangler.toml but not in [env.${environment}]; bindings are not inherited, so the Worker would run without it`,
    }))
}
