import { join } from 'node:path'
import { unstable_readConfig } from 'wrangler'
import type { BackendWorkerEnvironment } from '../deploy/placed-backend.ts'
import { type WranglerEnvironment, wranglerEnvironmentOf } from '../deploy/wrangler-environment.ts'
import { PROJECT_ROOT } from './wrangler.ts'

/** wrangler.toml as wrangler itself reads it: the top level and the environments it defines. */
export interface WranglerConfigFile {
  topLevel: WranglerEnvironment
  definedEnvironments: ReadonlyArray<string>
}

const CONFIG_PATH = join(PROJECT_ROOT, 'wrangler.toml')
const BACKEND_CONFIG_PATH = join(PROJECT_ROOT, 'wrangler.backend.toml')

/**
 * The top level of wrangler.toml (development) and the names of its [env.*] tables. Wrangler reads
 * CLOUDFLARE_ENV when no environment is named, so a caller that wants the top level unsets it.
 */
export function readWranglerConfigFile(): WranglerConfigFile {
  const config = unstable_readConfig({ config: CONFIG_PATH }, { hideWarnings: true })
  return {
    topLevel: wranglerEnvironmentOf(config),
    definedEnvironments: config.definedEnvironments ?? [],
  }
}

/**
 * One environment of wrangler.toml resolved by wrangler's own reader, so the preflight sees what
 * `wrangler deploy --env` would; wrangler's warnings about it are printed. Throws wrangler's own
 * error for an environment the file does not define.
 */
export function readWranglerEnvironment(environment: string): WranglerEnvironment {
  return wranglerEnvironmentOf(unstable_readConfig({ config: CONFIG_PATH, env: environment }))
}

/** One environment of wrangler.backend.toml (the backend Worker, ADR 046) as wrangler reads it. */
export function readBackendWorkerEnvironment(environment: string): BackendWorkerEnvironment {
  const config = unstable_readConfig(
    { config: BACKEND_CONFIG_PATH, env: environment },
    { hideWarnings: true }
  )
  return {
    name: config.name,
    placement: config.placement,
    vars: config.vars,
    d1_databases: config.d1_databases,
    triggers: config.triggers,
    queues: config.queues,
  }
}
