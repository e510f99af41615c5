import { env } from 'cloudflare:test'
import { OPERATOR_VALUES, PRODUCTION_SECRETS } from '../production-values.ts'

/*
 * The production configuration as a test can run it: the vars of wrangler.toml's
 * [env.production] (read by wrangler's own config reader in test/vitest.config.ts), the values an
 * operator fills in before a deploy, and strong secrets. The bindings (D1, KV, R2, Durable
 * Objects) are the pool's local ones. ADR 036.
 */

/** The production vars as committed in wrangler.toml (before an operator fills them in). */
export function committedProductionVars(): Readonly<Record<string, string>> {
  return env.PRODUCTION_VARS
}

/** The pool's env with production's configuration, filled in as an operator would; `overrides` last. */
export function productionEnv(overrides: Readonly<Record<string, unknown>> = {}): Env {
  return {
    ...env,
    ...env.PRODUCTION_VARS,
    ...OPERATOR_VALUES,
    ...PRODUCTION_SECRETS,
    ...overrides,
  } as Env
}
