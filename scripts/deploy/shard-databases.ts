import type { ConfigurationProblem } from '../../worker/lib/deployment-config.ts'
import type { WranglerEnvironment } from './wrangler-environment.ts'

/*
 * The D1 databases of every deployed environment (ADR 047), named once: the business shards, DB
 * first, then the directory that says which business lives on which. A Worker without one of them
 * would serve a business from the wrong database, or none; wrangler only warns when an
 * environment lacks a binding the top level has. The deploy's preflight, the production build
 * check and the migrations read this list.
 */

/** The business shards, by binding name (worker/backend/shard.ts SHARD_NAME). */
export const SHARD_BINDINGS: ReadonlyArray<string> = ['DB', 'SHARD_2']

/** The directory of shards. */
export const DIRECTORY_BINDING = 'DIRECTORY'

/** Every database an environment binds, in the order they are migrated: shards, then directory. */
export const DATABASE_BINDINGS: ReadonlyArray<string> = [...SHARD_BINDINGS, DIRECTORY_BINDING]

/** The migrations each database takes (wrangler.toml migrations_dir). */
export function migrationsDirOf(binding: string): string {
  return binding === DIRECTORY_BINDING ? 'migrations-directory' : 'migrations'
}

type Databases = WranglerEnvironment['d1_databases']

/**
 * Every reason an environment's D1 databases are not the shards and directory of the list: one
 * missing, a shard the list does not name, one with other migrations, or two bindings naming the
 * same database (one database would be two shards). `file` names the wrangler file read (the
 * storefront's or the backend Worker's).
 */
export function shardDatabaseProblems(
  environment: string,
  file: string,
  databases: Databases
): Array<ConfigurationProblem> {
  const table = `[[env.${environment}.d1_databases]] of ${file}`
  const problems: Array<ConfigurationProblem> = []
  const bound = new Map(databases.map((database) => [database.binding, database]))
  for (const binding of DATABASE_BINDINGS) {
    const database = bound.get(binding)
    const what = binding === DIRECTORY_BINDING ? 'the directory of shards' : 'a business shard'
    if (!database) {
      problems.push({
        name: binding,
        problem: `${binding} (D1 database, ${what}) is missing in ${table}; every environment binds every shard and the directory (ADR 047)`,
      })
      continue
    }
    const expected = migrationsDirOf(binding)
    if (database.migrations_dir !== expected) {
      problems.push({
        name: binding,
        problem: `${binding} (D1 database, ${what}) takes migrations_dir "${database.migrations_dir ?? ''}" in ${table}; it must be "${expected}"`,
      })
    }
  }
  for (const { binding } of databases) {
    if (!DATABASE_BINDINGS.includes(binding) && /^SHARD_\d+$/.test(binding)) {
      problems.push({
        name: binding,
        problem: `${binding} (D1 database) in ${table} is not a shard of scripts/deploy/shard-databases.ts; add it there first, so it is migrated and checked`,
      })
    }
  }
  for (const key of ['database_name', 'database_id'] as const) {
    const byValue = new Map<string, Array<string>>()
    for (const database of databases) {
      const value = database[key]?.trim() ?? ''
      // Placeholders are the id check's to refuse (resource-ids.ts), and the same on every line.
      if (value === '' || /^[0-]+$/.test(value)) continue
      byValue.set(value, [...(byValue.get(value) ?? []), database.binding])
    }
    for (const [value, bindings] of byValue) {
      if (bindings.length < 2) continue
      problems.push({
        name: bindings[0] ?? key,
        problem: `${bindings.join(' and ')} name the same database (${key} "${value}") in ${table}; each shard and the directory is a database of its own`,
      })
    }
  }
  return problems
}

/**
 * Differences between the storefront's and the backend Worker's databases in one environment: the
 * backend reads and writes the shards (ADR 046), so each binding must name the same database.
 */
export function sameDatabasesProblems(
  environment: string,
  storefront: Databases,
  backend: Databases
): Array<ConfigurationProblem> {
  const theirs = new Map(backend.map((database) => [database.binding, database]))
  return storefront
    .filter(({ binding, database_id: id, database_name: name }) => {
      const other = theirs.get(binding)
      return other !== undefined && (other.database_id !== id || other.database_name !== name)
    })
    .map(({ binding }) => ({
      name: binding,
      problem: `${binding} names another database in wrangler.backend.toml [env.${environment}] than in wrangler.toml; both Workers must use the same shards and directory`,
    }))
}

/** All of the above for one environment's two files. */
export function environmentDatabaseProblems(
  environment: string,
  storefront: Databases,
  backend: Databases
): Array<ConfigurationProblem> {
  return [
    ...shardDatabaseProblems(environment, 'wrangler.toml', storefront),
    ...shardDatabaseProblems(environment, 'wrangler.backend.toml', backend),
    ...sameDatabasesProblems(environment, storefront, backend),
  ]
}
