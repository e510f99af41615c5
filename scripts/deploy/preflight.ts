import {
  SECRET_IS_SET,
  SETTINGS,
  configurationProblems,
  type ConfigurationProblem,
  type ConfigurationSource,
} from '../../worker/lib/deployment-config.ts'
import { missingBindingProblems } from './missing-bindings.ts'
import { type BackendWorkerEnvironment, placedBackendProblems } from './placed-backend.ts'
import { resourceIdProblems } from './resource-ids.ts'
import { routeProblems } from './routes.ts'
import { environmentDatabaseProblems, shardDatabaseProblems } from './shard-databases.ts'
import type { SecretList } from './secret-list.ts'
import { bindingsOf, type WranglerEnvironment } from './wrangler-environment.ts'

export interface PreflightInput {
  /** The wrangler environment being deployed (already known to be staging or production). */
  environment: string
  /** Its resolved configuration, as `unstable_readConfig({ env })` gives it. */
  config: WranglerEnvironment
  /** The top level of wrangler.toml, whose bindings every environment must repeat. */
  topLevel: WranglerEnvironment
  /** What `wrangler secret list --env <environment>` told. */
  secrets: SecretList
  /** wrangler.backend.toml's same environment: the backend Worker BACKEND must name (ADR 046). */
  backend?: BackendWorkerEnvironment
}

/**
 * The Worker's env as the configuration table sees it after this deploy: the environment's vars,
 * each listed secret as SECRET_IS_SET (wrangler names secrets, never shows them) and each binding
 * as true.
 */
export function configurationSource(
  config: WranglerEnvironment,
  secretNames: ReadonlyArray<string>
): ConfigurationSource {
  const source: Record<string, unknown> = { ...config.vars }
  for (const { name } of bindingsOf(config)) source[name] = true
  for (const name of secretNames) source[name] = SECRET_IS_SET
  return source
}

const SECRET_NAMES = new Set(
  SETTINGS.filter(({ kind }) => kind === 'secret').map(({ name }) => name)
)

/**
 * Every reason not to deploy this environment, each naming its setting, binding or resource: an
 * APP_ENV that is not the environment's own, missing bindings, placeholder or missing resource ids,
 * shards or a directory missing or named twice (shard-databases.ts),
 * routes that would not carry the brands' domains, and every problem of the configuration table
 * (worker/lib/deployment-config.ts) the Worker would otherwise answer 503 for. Pure: the caller
 * reads wrangler.toml and lists the secrets.
 */
export function preflightProblems(input: PreflightInput): Array<ConfigurationProblem> {
  const { environment, config, topLevel, secrets } = input
  const problems: Array<ConfigurationProblem> = []
  const appEnv = typeof config.vars.APP_ENV === 'string' ? config.vars.APP_ENV.trim() : ''
  if (appEnv !== environment) {
    problems.push({
      name: 'APP_ENV',
      problem: `APP_ENV is "${appEnv}" in [env.${environment}.vars]; it must be "${environment}", which is what the Worker checks its configuration against`,
    })
  }
  problems.push(...missingBindingProblems(environment, topLevel, config))
  problems.push(...resourceIdProblems(environment, config))
  problems.push(...routeProblems(environment, config))
  problems.push(
    ...(input.backend?.d1_databases
      ? environmentDatabaseProblems(environment, config.d1_databases, input.backend.d1_databases)
      : shardDatabaseProblems(environment, 'wrangler.toml', config.d1_databases))
  )
  if (input.backend) problems.push(...placedBackendProblems(environment, config, input.backend))
  // Checked as the deployed Worker will be: its APP_ENV is the environment's whatever the file
  // says, so a development APP_ENV cannot switch the table off.
  const asDeployed = (secretNames: ReadonlyArray<string>) =>
    configurationProblems({ ...configurationSource(config, secretNames), APP_ENV: environment })
  if (secrets.listed) {
    problems.push(...asDeployed(secrets.names))
    return problems
  }
  const table = asDeployed([])
  problems.push(...table.filter(({ name }) => !SECRET_NAMES.has(name)))
  const unchecked = table.filter(({ name }) => SECRET_NAMES.has(name)).map(({ name }) => name)
  problems.push({
    name: 'secrets',
    problem: `secrets: \`npx wrangler secret list --env ${environment}\` failed (${secrets.reason}), so ${unchecked.length > 0 ? `${unchecked.join(', ')} could not be checked` : 'no secret could be checked'}; log in with \`npx wrangler login\` (or set CLOUDFLARE_API_TOKEN) and put each secret with \`npx wrangler secret put <NAME> --env ${environment}\``,
  })
  return problems
}

/** What the deploy prints when it refuses: one problem a line, then what to do. */
export function refusalText(
  environment: string | null,
  problems: ReadonlyArray<ConfigurationProblem>
): string {
  const target = environment === null ? '' : ` --env ${environment}`
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
  return [
    `deploy: refusing to deploy${target}: ${count}. Nothing was built or deployed.`,
    ...problems.map(({ problem }) => `  - ${problem}`),
    environment === null
      ? ''
      : `Secrets go in with \`npx wrangler secret put <NAME> --env ${environment}\`; ids and variables in wrangler.toml [env.${environment}] (README, "Deploying").`,
  ]
    .filter((line) => line !== '')
    .join('\n')
}
