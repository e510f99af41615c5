import { appEnvironmentOf, configurationProblems } from './deployment-config.ts'

/** The log line's fields when this Worker's configuration must not serve (ADR 036). */
export interface ConfigurationRefusal {
  level: 'error'
  event: 'configuration refused'
  appEnv: string
  /** One sentence per problem, each naming its variable, secret or binding. */
  problems: Array<string>
}

// An env object is fixed for an isolate's life; checking it once keeps the table off the hot path.
const checked = new WeakMap<object, ConfigurationRefusal | null>()

/**
 * Why this Worker's env must not serve, or null when it may: the fetch handler, the cron and the
 * queue consumers all ask here first.
 */
export function configurationRefusal(env: Env): ConfigurationRefusal | null {
  const known = checked.get(env)
  if (known !== undefined) return known
  // Env is an interface without an index signature; the table reads it by name.
  const source = env as unknown as Readonly<Record<string, unknown>>
  const problems = configurationProblems(source)
  const refusal: ConfigurationRefusal | null = problems.length
    ? {
        level: 'error',
        event: 'configuration refused',
        appEnv: appEnvironmentOf(source),
        problems: problems.map(({ problem }) => problem),
      }
    : null
  checked.set(env, refusal)
  return refusal
}
