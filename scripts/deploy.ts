// `npm run deploy -- --env <staging|production> [--dry-run]`: the one way to deploy (README,
// "Deploying"). First the preflight: wrangler.toml's environment as wrangler reads it and the
// names of the Worker's secrets, checked against the configuration table
// (worker/lib/deployment-config.ts) and for placeholder ids; any problem stops it before anything
// is built. Then the build for that environment, the Time Travel bookmarks and the remote D1
// migrations of every shard and the directory (ADR 047), the upload, and the smoke checks to run.
// --dry-run: preflight, build and `wrangler deploy --dry-run`; nothing remote changes (the
// preflight still reads the secret names).
import { spawnSync } from 'node:child_process'
import type { ConfigurationProblem } from '../worker/lib/deployment-config.ts'
import { argumentProblems, parseDeployArguments } from './deploy/arguments.ts'
import {
  type Command,
  backendUploadCommand,
  bookmarkCommand,
  buildCommand,
  migrateCommands,
  secretListCommand,
  shown,
  uploadCommand,
} from './deploy/commands.ts'
import { bookmarkFrom } from './deploy/d1-bookmark.ts'
import { preflightProblems, refusalText } from './deploy/preflight.ts'
import { secretListFrom } from './deploy/secret-list.ts'
import { DATABASE_BINDINGS } from './deploy/shard-databases.ts'
import { afterDeployText } from './deploy/smoke-checks.ts'
import { wranglerFailure } from './deploy/wrangler-output.ts'
import { runTool } from './lib/run-tool.ts'
import {
  readBackendWorkerEnvironment,
  readWranglerConfigFile,
  readWranglerEnvironment,
} from './lib/wrangler-config.ts'

class DeployStopped extends Error {}

function refuse(environment: string | null, problems: ReadonlyArray<ConfigurationProblem>): never {
  console.error(refusalText(environment, problems))
  throw new DeployStopped()
}

/** Runs a step in the terminal; a failure stops the deploy where it is. */
function step(command: Command): void {
  console.log(`deploy: ${shown(command)}`)
  const run = runTool(command, 'inherit')
  if (run.status !== 0) {
    console.error(`deploy: stopped, ${shown(command)} failed (exit ${run.status ?? 'signal'})`)
    throw new DeployStopped()
  }
  console.log(`deploy: done in ${run.seconds.toFixed(1)} s`)
}

/** Which commit is going out, for `wrangler versions list` and a rollback to find it by. */
function versionMessage(): string | undefined {
  const git = (args: Array<string>) => spawnSync('git', args, { encoding: 'utf8' })
  const head = git(['rev-parse', '--short=12', 'HEAD'])
  if (head.status !== 0) return undefined
  const dirty = git(['status', '--porcelain']).stdout.trim() !== ''
  return `git ${head.stdout.trim()}${dirty ? ' with uncommitted changes' : ''}`
}

function deploy(argv: ReadonlyArray<string>): void {
  // The environment comes from --env only; wrangler would otherwise read a CLOUDFLARE_ENV left in
  // the shell for the top level. The build gets its own.
  delete process.env.CLOUDFLARE_ENV
  const args = parseDeployArguments(argv)
  const file = readWranglerConfigFile()
  const wrongArguments = argumentProblems(args, file.definedEnvironments)
  if (wrongArguments.length > 0 || args.environment === null) refuse(null, wrongArguments)
  const environment = args.environment
  const config = readWranglerEnvironment(environment)
  const workerName = config.name ?? environment

  console.log(`deploy: preflight of ${workerName} (--env ${environment})`)
  const secrets = secretListFrom(runTool(secretListCommand(environment), 'capture'))
  const problems = preflightProblems({
    environment,
    config,
    topLevel: file.topLevel,
    secrets,
    backend: readBackendWorkerEnvironment(environment),
  })
  if (problems.length > 0) refuse(environment, problems)
  console.log('deploy: preflight passed')

  step(buildCommand(environment))
  if (args.dryRun) {
    step(backendUploadCommand(environment, { dryRun: true }))
    step(uploadCommand(environment, { dryRun: true }))
    console.log(`deploy: dry run of ${workerName} passed; nothing was migrated or uploaded`)
    return
  }
  // Every shard and the directory (ADR 047): each its own bookmark, to restore it alone.
  const bookmarks: Array<{ binding: string; bookmark: string }> = []
  for (const binding of DATABASE_BINDINGS) {
    const command = bookmarkCommand(environment, binding)
    const info = runTool(command, 'capture')
    const bookmark = info.status === 0 ? bookmarkFrom(info.stdout) : null
    if (bookmark === null) {
      console.error(
        `deploy: stopped before the migrations, ${shown(command)} gave no bookmark (${wranglerFailure(`${info.stdout}\n${info.stderr}`)})`
      )
      throw new DeployStopped()
    }
    console.log(`deploy: D1 Time Travel bookmark of ${binding} before the migrations: ${bookmark}`)
    bookmarks.push({ binding, bookmark })
  }
  for (const command of migrateCommands(environment)) step(command)
  const message = versionMessage()
  const upload = { dryRun: false, ...(message === undefined ? {} : { message }) }
  step(backendUploadCommand(environment, upload))
  step(uploadCommand(environment, upload))
  console.log(afterDeployText({ environment, workerName, bookmarks }))
}

try {
  deploy(process.argv.slice(2))
} catch (error) {
  // Wrangler's own errors (an unreadable wrangler.toml) say what is wrong in their message.
  if (!(error instanceof DeployStopped)) console.error(`deploy: ${String(error)}`)
  process.exitCode = 1
}
