import { DIRECTORY_BINDING } from '../deploy/shard-databases.ts'
import { sqlLiteral } from './sql-text.ts'
import { type D1Target, d1TargetArgs } from './d1-target.ts'

/*
 * Migrating every database of a configuration (ADR 047), the one sequence `npm run db:migrate:*`
 * and the deploy both run: each shard and then the directory take their pending migrations, and
 * then the directory lists every shard. A shard the directory lists is one the Worker's sweeps
 * run over and the bootstrap may place a business on (worker/backend/shard.ts shardNames), so it
 * is listed only once migrated.
 */

/** The SQL that lists the shards in the directory; safe to run again. */
export function listShardsSql(shards: ReadonlyArray<string>): string {
  return `insert or ignore into shards (name) values ${shards.map((s) => `(${sqlLiteral(s)})`).join(', ')}`
}

/**
 * wrangler's arguments for each step, in order: `d1 migrations apply` for every binding (shards
 * first, the directory last, as `bindings` lists them), then the directory's list of shards.
 */
export function migrationSteps(
  target: D1Target,
  bindings: ReadonlyArray<string>
): Array<Array<string>> {
  const ordered = [
    ...bindings.filter((binding) => binding !== DIRECTORY_BINDING),
    ...bindings.filter((binding) => binding === DIRECTORY_BINDING),
  ]
  const shards = ordered.filter((binding) => binding !== DIRECTORY_BINDING)
  const where = d1TargetArgs(target)
  return [
    ...ordered.map((binding) => ['d1', 'migrations', 'apply', binding, ...where]),
    ...(bindings.includes(DIRECTORY_BINDING) && shards.length > 0
      ? [
          [
            'd1',
            'execute',
            DIRECTORY_BINDING,
            ...where,
            '--yes',
            '--command',
            listShardsSql(shards),
          ],
        ]
      : []),
  ]
}
