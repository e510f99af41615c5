import { describe, expect, it } from 'vitest'
import {
  DATABASE_BINDINGS,
  environmentDatabaseProblems,
} from '../../../scripts/deploy/shard-databases.ts'
import type { WranglerEnvironment } from '../../../scripts/deploy/wrangler-environment.ts'

/*
 * Every shard and the directory in both Workers of an environment (ADR 047), as the production
 * build check and the deploy's preflight refuse them (scripts/deploy/shard-databases.ts); the
 * placeholder ids of the committed files are the preflight's id check's (deploy-preflight.test).
 */

const ZEROS = '00000000-0000-0000-0000-000000000000'

/** The environment's databases as the committed wrangler.toml and wrangler.backend.toml hold them. */
const committed: WranglerEnvironment['d1_databases'] = [
  {
    binding: 'DB',
    database_name: 'storefront-production',
    database_id: ZEROS,
    migrations_dir: 'migrations',
  },
  {
    binding: 'SHARD_2',
    database_name: 'storefront-production-shard-2',
    database_id: ZEROS,
    migrations_dir: 'migrations',
  },
  {
    binding: 'DIRECTORY',
    database_name: 'storefront-production-directory',
    database_id: ZEROS,
    migrations_dir: 'migrations-directory',
  },
]

const problemsOf = (
  storefront: WranglerEnvironment['d1_databases'],
  backend: WranglerEnvironment['d1_databases'] = storefront
) => environmentDatabaseProblems('production', storefront, backend).map(({ problem }) => problem)

describe('the shards of a deployed environment', () => {
  it('are DB and SHARD_2, with their directory, migrated in that order', () => {
    expect(DATABASE_BINDINGS).toEqual(['DB', 'SHARD_2', 'DIRECTORY'])
  })

  it('pass as the committed files bind them (placeholder ids are the id check’s)', () => {
    expect(problemsOf(committed)).toEqual([])
  })

  it('refuse a backend Worker without the directory, which would serve every business from DB', () => {
    expect(problemsOf(committed, committed.slice(0, 2))).toEqual([
      'DIRECTORY (D1 database, the directory of shards) is missing in [[env.production.d1_databases]] of wrangler.backend.toml; every environment binds every shard and the directory (ADR 047)',
    ])
  })

  it('refuse a shard on the directory’s migrations, and a shard the list does not name', () => {
    const wrong = [
      ...committed.map((database) =>
        database.binding === 'SHARD_2'
          ? { ...database, migrations_dir: 'migrations-directory' }
          : database
      ),
      {
        binding: 'SHARD_3',
        database_name: 'storefront-production-shard-3',
        migrations_dir: 'migrations',
      },
    ]
    expect(problemsOf(wrong, committed)).toEqual([
      'SHARD_2 (D1 database, a business shard) takes migrations_dir "migrations-directory" in [[env.production.d1_databases]] of wrangler.toml; it must be "migrations"',
      'SHARD_3 (D1 database) in [[env.production.d1_databases]] of wrangler.toml is not a shard of scripts/deploy/shard-databases.ts; add it there first, so it is migrated and checked',
    ])
  })
})
