import { env } from 'cloudflare:test'
import { placeBusiness, shardOfBusiness } from '../../../worker/backend/directory/repo.ts'
import { applyMigrations } from './migrate.ts'

/*
 * The second shard of ADR 047 for the tests that use it: migrated on demand (every file has the
 * binding; few place a business there), and the scan that proves no business's rows sit in a
 * shard the directory does not place it on.
 */

/** The second shard, migrated. */
export async function secondShard(): Promise<D1Database> {
  const shard = env.SHARD_2
  if (!shard) throw new Error('wrangler.toml has no SHARD_2 binding')
  await applyMigrations(shard, env.TEST_MIGRATIONS)
  return shard
}

/** The directory, which apply-migrations.ts has migrated. */
export function directory(): D1Database {
  if (!env.DIRECTORY) throw new Error('wrangler.toml has no DIRECTORY binding')
  return env.DIRECTORY
}

/** The shard a test's business is on: DB, or SHARD_2 in the "pool: two shards" project. */
export async function shardOfTests(businessId = 1): Promise<string> {
  return (await shardOfBusiness(directory(), businessId)) ?? 'DB'
}

/** Places a business and its hosts on a shard, as the bootstrap does for a new one. */
export function place(
  businessId: number,
  shard: 'DB' | 'SHARD_2',
  hosts: ReadonlyArray<{ host: string; brandId: number }> = []
): Promise<void> {
  return placeBusiness(directory(), { businessId, shard, hosts })
}

/**
 * Rows of a business found in a shard other than its own, per `table.business_id`: every table of
 * the shard with a business_id column, compared with the directory's placements (a business the
 * directory does not place belongs on DB). Empty when every row is where it belongs.
 */
export async function misplacedRows(
  shards: Readonly<Record<string, D1Database>>
): Promise<Array<string>> {
  const { results: placed } = await directory()
    .prepare('select id, shard from businesses')
    .all<{ id: number; shard: string }>()
  const home = new Map(placed.map((row) => [row.id, row.shard]))
  const found: Array<string> = []
  for (const [name, db] of Object.entries(shards)) {
    const { results: tables } = await db
      .prepare(
        `select name from sqlite_master where type = 'table'
         and name not like 'sqlite_%' and name not like '_cf_%' and name not like '%fts%'`
      )
      .all<{ name: string }>()
    for (const { name: table } of tables) {
      const { results: columns } = await db
        .prepare(`pragma table_info("${table}")`)
        .all<{ name: string }>()
      if (!columns.some((column) => column.name === 'business_id')) continue
      const { results } = await db
        .prepare(`select distinct business_id as id from "${table}" where business_id is not null`)
        .all<{ id: number }>()
      for (const { id } of results) {
        if ((home.get(id) ?? 'DB') !== name) found.push(`${table}.business_id ${id} in ${name}`)
      }
    }
  }
  return found
}
