// `npm run db:migrate:local` / `db:migrate:remote [-- --env production]`: applies the migrations
// to every D1 database of the configuration (ADR 047): migrations/ to each business shard (DB,
// SHARD_2, …) and migrations-directory/ to the directory, as wrangler.toml's migrations_dir says,
// then lists every shard in the directory (scripts/lib/database-migrations.ts, the deploy's steps
// too). Locally the databases are those under the state directory `npm run dev` uses.
import { resolve } from 'node:path'
import { unstable_readConfig } from 'wrangler'
import { migrationSteps } from './lib/database-migrations.ts'
import { type D1Target, PROJECT_ROOT, runWrangler, stateDirectory } from './lib/wrangler.ts'

/** Every D1 binding of the configuration (of `env`, else the top level), the directory last. */
export function databaseBindings(env?: string): Array<string> {
  const config = unstable_readConfig({
    config: resolve(PROJECT_ROOT, 'wrangler.toml'),
    ...(env ? { env } : {}),
  })
  const databases = config.d1_databases as ReadonlyArray<{ binding: string }>
  const bindings = databases.map((database) => database.binding)
  return [
    ...bindings.filter((b) => b !== 'DIRECTORY'),
    ...bindings.filter((b) => b === 'DIRECTORY'),
  ]
}

/** Applies each database's pending migrations; answers the bindings migrated. */
export function migrateDatabases(target: D1Target): Array<string> {
  const bindings = databaseBindings(target.env)
  for (const args of migrationSteps(target, bindings)) runWrangler(args)
  return bindings
}

function main(): void {
  const args = process.argv.slice(2)
  const envAt = args.indexOf('--env')
  const env = envAt >= 0 ? args[envAt + 1] : undefined
  const remote = args.includes('--remote')
  if (remote === args.includes('--local')) {
    throw new Error('Say where: --local (the state directory of npm run dev) or --remote')
  }
  const target: D1Target = remote
    ? { remote: true, ...(env ? { env } : {}) }
    : { remote: false, persistTo: stateDirectory(), ...(env ? { env } : {}) }
  const migrated = migrateDatabases(target)
  console.log(`Migrations applied to ${migrated.join(', ')} (${remote ? 'remote' : 'local'})`)
}

if (import.meta.url === `file://${process.argv[1]}`) main()
