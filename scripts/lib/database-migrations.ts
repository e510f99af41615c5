import { DIRECTORY_BINDING } from '../deploy/shard-databases.ts'
import { bandOfShardName, idFloorSql } from '../../worker/backend/id-bands.ts'
import { sqlLiteral } from './sql-text.ts'
import { type D1Target, d1TargetArgs } from './d1-target.ts'

/*
 * Migrating every database of a configuration (ADR 047), the one sequence `npm run db:migrate:*`
 * and the deploy both run: each shard and then the directory take their pending migrations, and
 * then the directory lists every shard. A shard the directory lists is one the Worker's sweeps
 * run over and the bootstrap may place a business on (worker/backend/shard.ts shardNames), so it
 * is listed only once migrated.
 */

/**
 * The SQL that lists the shards in the directory, each with its name's band of row ids (ADR 063)
 * unless it has one (a move's fresh band stays); safe to run again.
 */
export function listShardsSql(shards: ReadonlyArray<string>): string {
  const rows = shards.map((s) => `(${sqlLiteral(s)}, ${sqlLiteral(bandOfShardName(s))})`)
  return (
    `insert into shards (name, id_band) values ${rows.join(', ')} ` +
    `on conflict (name) do update set id_band = excluded.id_band where shards.id_band is null`
  )
}

/** The SQL that puts a shard's counters at its name's band (a move's higher band stays). */
export function idFloorCommand(shard: string): string | null {
  const band = bandOfShardName(shard)
  return band === null ? null : idFloorSql(band).join('; ')
}

/**
 * wrangler's arguments for each step, in order: `d1 migrations apply` for every binding (shards
 * first, the directory last, as `bindings` lists them), then the directory's list of shards, then
 * each shard's id counters at its band's floor.
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
    // Each shard's counters at its band's floor, once its migrations made them AUTOINCREMENT.
    ...shards.flatMap((shard) => {
      const command = idFloorCommand(shard)
      return command === null
        ? []
        : [['d1', 'execute', shard, ...where, '--yes', '--command', command]]
    }),
  ]
}
