import type { ConfigurationProblem } from '../../worker/lib/deployment-config.ts'

export interface DeployArguments {
  /** The wrangler environment named by --env, or null when none was. */
  environment: string | null
  /** --dry-run: build and check the upload; nothing remote changes. */
  dryRun: boolean
  /** Arguments that are not options of the deploy, and --env given twice. */
  refused: Array<string>
}

export const USAGE = 'npm run deploy -- --env <staging|production> [--dry-run]'

/** Reads `--env <name>`, `--env=<name>`, `-e <name>` and `--dry-run`; keeps anything else. */
export function parseDeployArguments(argv: ReadonlyArray<string>): DeployArguments {
  const parsed: DeployArguments = { environment: null, dryRun: false, refused: [] }
  const setEnvironment = (name: string | undefined) => {
    if (name === undefined || name === '' || name.startsWith('-')) {
      parsed.refused.push('--env without a name')
    } else if (parsed.environment !== null && parsed.environment !== name) {
      parsed.refused.push(`--env given twice ("${parsed.environment}" and "${name}")`)
    } else {
      parsed.environment = name
    }
  }
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? ''
    if (argument === '--dry-run') parsed.dryRun = true
    else if (argument.startsWith('--env=')) setEnvironment(argument.slice('--env='.length))
    else if (argument === '--env' || argument === '-e') {
      const name = argv[index + 1]
      setEnvironment(name)
      if (name !== undefined && !name.startsWith('-')) index++
    } else parsed.refused.push(`"${argument}" is not an option`)
  }
  return parsed
}

/**
 * Why these arguments cannot deploy: an unknown option, no --env, development (it runs the local
 * stand-ins and is never deployed), or an environment wrangler.toml does not define.
 */
export function argumentProblems(
  args: DeployArguments,
  definedEnvironments: ReadonlyArray<string>
): Array<ConfigurationProblem> {
  const choices = definedEnvironments.map((name) => `--env ${name}`).join(' or ')
  const problems: Array<ConfigurationProblem> = args.refused.map((refused) => ({
    name: 'arguments',
    problem: `${refused} (${USAGE})`,
  }))
  const environment = args.environment
  if (environment === null) {
    problems.push({ name: '--env', problem: `--env is missing: deploy ${choices}` })
  } else if (environment === 'development' || environment === 'test') {
    problems.push({
      name: '--env',
      problem: `--env ${environment}: ${environment} is not deployable, it runs the local stand-ins (npm run dev); deploy ${choices}`,
    })
  } else if (!definedEnvironments.includes(environment)) {
    problems.push({
      name: '--env',
      problem: `--env ${environment}: wrangler.toml has no [env.${environment}]; deploy ${choices}`,
    })
  }
  return problems
}
