import { insertRowsSql, sqlLiteral } from '../lib/sql-text.ts'
import type { Dataset } from './dataset.ts'

/**
 * The dataset as plain SQL text (literal values, multi-row INSERTs under D1's statement size
 * limit), for `wrangler d1 execute --file` or sqlite3. Used for benchmark-sized data, where
 * binding 100 parameters at a time would be slow.
 */
export function* datasetToSql(dataset: Dataset): Generator<string> {
  for (const table of dataset.tables) {
    yield* insertRowsSql(
      `insert into ${table.name} (${table.columns.join(', ')}) values`,
      table.rows
    )
  }
  for (const { sql, params } of dataset.afterLoad) {
    let index = 0
    yield sql.replace(/\?/g, () => sqlLiteral(params[index++] ?? null)) + ';\n'
  }
}
