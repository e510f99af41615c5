import type { Dataset, SqlValue } from './dataset.ts'

/** D1 rejects statements over 100 KB (SQLITE_TOOBIG); stay well under it. */
const MAX_STATEMENT_CHARS = 90_000

/**
 * The dataset as plain SQL text (literal values, multi-row INSERTs under D1's statement size
 * limit), for `wrangler d1 execute --file` or sqlite3. Used for benchmark-sized data, where
 * binding 100 parameters at a time would be slow.
 */
export function* datasetToSql(dataset: Dataset): Generator<string> {
  for (const table of dataset.tables) {
    const head = `insert into ${table.name} (${table.columns.join(', ')}) values\n`
    let tuples: Array<string> = []
    let length = head.length
    for (const row of table.rows) {
      const tuple = `(${row.map(literal).join(', ')})`
      if (tuples.length > 0 && length + tuple.length + 2 > MAX_STATEMENT_CHARS) {
        yield head + tuples.join(',\n') + ';\n'
        tuples = []
        length = head.length
      }
      tuples.push(tuple)
      length += tuple.length + 2
    }
    if (tuples.length > 0) yield head + tuples.join(',\n') + ';\n'
  }
  for (const { sql, params } of dataset.afterLoad) {
    let index = 0
    yield sql.replace(/\?/g, () => literal(params[index++] ?? null)) + ';\n'
  }
}

function literal(value: SqlValue): string {
  if (value === null) return 'null'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`)
    return String(value)
  }
  return `'${value.replace(/'/g, "''")}'`
}
