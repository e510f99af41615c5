// SQL as text for `wrangler d1 execute --file`: literal values rather than bound parameters, so a
// whole load is one file. Shared by the demo loader (scripts/demo-data/sql.ts) and the bootstrap
// command (scripts/bootstrap/); no Node APIs, so the Workers pool tests run it too.

/** A value D1 can bind. */
export type SqlValue = string | number | null

/** D1 rejects statements over 100 KB (SQLITE_TOOBIG); stay well under it. */
export const MAX_STATEMENT_CHARS = 90_000

/** A value as an SQL literal: strings quoted with their quotes doubled, numbers as they are. */
export function sqlLiteral(value: SqlValue): string {
  if (value === null) return 'null'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`)
    return String(value)
  }
  return `'${value.replace(/'/g, "''")}'`
}

/**
 * Multi-row INSERTs of `rows` (each in `columns` order) after `head` ('insert into t (a, b)
 * values'), as many statements as D1's statement size limit asks for, each ending ';\n'.
 */
export function* insertRowsSql(
  head: string,
  rows: Iterable<ReadonlyArray<SqlValue>>
): Generator<string> {
  const start = `${head}\n`
  let tuples: Array<string> = []
  let length = start.length
  for (const row of rows) {
    const tuple = `(${row.map(sqlLiteral).join(', ')})`
    if (tuples.length > 0 && length + tuple.length + 2 > MAX_STATEMENT_CHARS) {
      yield start + tuples.join(',\n') + ';\n'
      tuples = []
      length = start.length
    }
    tuples.push(tuple)
    length += tuple.length + 2
  }
  if (tuples.length > 0) yield start + tuples.join(',\n') + ';\n'
}
