/*
 * The order tracker's own storage (ADR 004: its SQL in one place): one counter in the Durable
 * Object's SQLite numbering the events it broadcast, so a page that reconnects knows whether it
 * missed one.
 */

export function createTrackerSeqTable(sql: SqlStorage): void {
  sql.exec(
    `create table if not exists tracker_seq
      (id integer primary key check (id = 1), seq integer not null)`
  )
}

/** The last number given (0 before the first event). */
export function lastTrackerSeq(sql: SqlStorage): number {
  const rows = sql.exec<{ seq: number }>('select seq from tracker_seq').toArray()
  return rows[0]?.seq ?? 0
}

/** Gives the next number, in one statement. */
export function nextTrackerSeq(sql: SqlStorage): number {
  return sql
    .exec<{ seq: number }>(
      `insert into tracker_seq (id, seq) values (1, 1)
        on conflict (id) do update set seq = seq + 1 returning seq`
    )
    .one().seq
}
