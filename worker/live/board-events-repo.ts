/*
 * The order board's own storage (ADR 004: its SQL in one place): the last events it broadcast,
 * numbered, in the Durable Object's SQLite. Pruning keeps the newest, so max(seq) never goes
 * down: a number is never given twice and "since seq K" always means the same events.
 */

export function createBoardEventsTable(sql: SqlStorage): void {
  sql.exec(
    `create table if not exists board_events (
       seq integer primary key,
       event_json text not null
     )`
  )
}

/** Stores an event and answers its sequence number. */
export function appendBoardEvent(sql: SqlStorage, eventJson: string): number {
  const row = sql
    .exec<{ seq: number }>(
      `insert into board_events (seq, event_json)
       select coalesce(max(seq), 0) + 1, ? from board_events returning seq`,
      eventJson
    )
    .one()
  return row.seq
}

/** Keeps the newest `kept` events. */
export function pruneBoardEvents(sql: SqlStorage, lastSeq: number, kept: number): void {
  sql.exec(`delete from board_events where seq <= ?`, lastSeq - kept)
}

/** The newest and oldest kept sequence numbers (0 when none). */
export function boardSeqRange(sql: SqlStorage): { first: number; last: number } {
  const row = sql
    .exec<{ first: number; last: number }>(
      `select coalesce(min(seq), 0) as first, coalesce(max(seq), 0) as last from board_events`
    )
    .one()
  return { first: row.first, last: row.last }
}

/** The kept events after `seq`, oldest first. */
export function boardEventsSince(
  sql: SqlStorage,
  seq: number
): Array<{ seq: number; event_json: string }> {
  return sql
    .exec<{ seq: number; event_json: string }>(
      `select seq, event_json from board_events where seq > ? order by seq`,
      seq
    )
    .toArray()
}
