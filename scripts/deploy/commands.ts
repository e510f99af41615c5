import { migrationSteps } from '../lib/database-migrations.ts'
import type { ToolCommand } from '../lib/run-tool.ts'
import { DATABASE_BINDINGS } from './shard-databases.ts'

/** A step of the deploy: a project tool, its arguments and the variables set for it alone. */
export type Command = ToolCommand

/** The first shard (wrangler.toml [[d1_databases]]), where the brands' hosts are listed. */
export const D1_BINDING = 'DB'

/**
 * Builds the client and the Worker for one wrangler environment: the Cloudflare Vite plugin picks
 * it from CLOUDFLARE_ENV, writes the flattened config beside the built Worker
 * (dist/storefront/wrangler.json) and points .wrangler/deploy/config.json at it.
 */
export function buildCommand(environment: string): Command {
  return { tool: 'vite', args: ['build'], env: { CLOUDFLARE_ENV: environment } }
}

/** Names the environment's secrets, never their values. */
export function secretListCommand(environment: string): Command {
  return {
    tool: 'wrangler',
    args: ['secret', 'list', '--env', environment, '--format', 'json'],
    env: {},
  }
}

/** A remote database's current Time Travel bookmark, to restore if a migration goes wrong. */
export function bookmarkCommand(environment: string, binding = D1_BINDING): Command {
  return {
    tool: 'wrangler',
    args: ['d1', 'time-travel', 'info', binding, '--env', environment, '--json'],
    env: {},
  }
}

/**
 * Migrates every shard and the directory of the environment (ADR 047), each asking first in a
 * terminal, then lists the shards in the directory: what `npm run db:migrate:remote -- --env`
 * runs (scripts/lib/database-migrations.ts), for the databases of the one list the preflight
 * checked the environment binds.
 */
export function migrateCommands(environment: string): Array<Command> {
  return migrationSteps({ remote: true, env: environment }, DATABASE_BINDINGS).map((args) => ({
    tool: 'wrangler',
    args,
    env: {},
  }))
}

/**
 * Uploads the build (or, dry, only checks it). Wrangler finds the built config through
 * .wrangler/deploy/config.json; --env makes it refuse a build made for another environment.
 */
export function uploadCommand(
  environment: string,
  options: { dryRun: boolean; message?: string }
): Command {
  return {
    tool: 'wrangler',
    args: [
      'deploy',
      '--env',
      environment,
      ...(options.dryRun ? ['--dry-run'] : []),
      ...(options.message === undefined ? [] : ['--message', options.message]),
    ],
    env: {},
  }
}

/**
 * Uploads (or, dry, checks) the backend Worker (wrangler.backend.toml, ADR 046), which wrangler
 * bundles from its source. It goes first: the storefront's BACKEND binding names it.
 */
export function backendUploadCommand(
  environment: string,
  options: { dryRun: boolean; message?: string }
): Command {
  const upload = uploadCommand(environment, options)
  return {
    ...upload,
    args: [
      upload.args[0] ?? 'deploy',
      '--config',
      'wrangler.backend.toml',
      ...upload.args.slice(1),
    ],
  }
}

const quoted = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word}'`)

/** The command as a person would type it, to print before it runs. */
export function shown(command: Command): string {
  const variables = Object.entries(command.env).map(([name, value]) => `${name}=${quoted(value)}`)
  return [...variables, 'npx', command.tool, ...command.args.map(quoted)].join(' ')
}
