/*
 * Bands of row ids per shard (ADR 063, migrations/0115 and migrations-directory/0005): every key
 * of a shard is AUTOINCREMENT, whose counter (`sqlite_sequence`) never goes back, so a shard whose
 * counters start at its band's floor gives ids no other shard gives. 10^12 ids a band and 9,007
 * bands fit in a JavaScript number.
 */

/** Ids in one band: enough for any shard's lifetime (10 GB holds well under 10^9 rows). */
export const ID_BAND_SIZE = 1_000_000_000_000

/** The largest band whose ids a JavaScript number still holds exactly. */
export const LAST_ID_BAND = Math.floor(Number.MAX_SAFE_INTEGER / ID_BAND_SIZE) - 1

/**
 * Bands from here up are given by moves (`freshBandSql`), each above every band given before;
 * below it, a shard's band is its name's, so listing a shard needs no one to hand it a band.
 */
export const FIRST_MOVE_BAND = 4096

/** A shard's band from its binding's name: DB 0, SHARD_n n − 1; null for a name of neither form. */
export function bandOfShardName(name: string): number | null {
  if (name === 'DB') return 0
  const numbered = /^SHARD_([1-9][0-9]*)$/.exec(name)
  if (!numbered) return null
  const band = Number(numbered[1]) - 1
  return band < FIRST_MOVE_BAND ? band : null
}

/**
 * The statements that put a shard's counters at or above its band's floor: every AUTOINCREMENT
 * table of the shard's (not D1's own `d1_migrations`), with a counter already or not yet. A
 * counter above the floor stays (a counter never goes back); safe to run again.
 */
export function idFloorSql(band: number): Array<string> {
  if (!Number.isInteger(band) || band < 0 || band > LAST_ID_BAND) {
    throw new RangeError(`No id band ${band}`)
  }
  const floor = band * ID_BAND_SIZE
  const ours = `select name from sqlite_master where type = 'table'
    and sql like '%autoincrement%' and name != 'd1_migrations' and name not like '\\_cf\\_%' escape '\\'`
  return [
    `update sqlite_sequence set seq = ${floor} where seq < ${floor} and name in (${ours})`,
    `insert into sqlite_sequence (name, seq) select name, ${floor} from (${ours})
     where name not in (select name from sqlite_sequence)`,
  ]
}
