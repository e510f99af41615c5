import type { Dataset, SqlValue, TableData } from './dataset.ts'

/**
 * The part of D1's API the loader needs. A Workers `D1Database` (and wrangler's platform proxy)
 * satisfies it; declaring it here keeps this module free of Workers and Node types.
 */
export interface SeedDatabase {
  prepare(query: string): SeedStatement
  batch(statements: Array<SeedStatement>): Promise<Array<unknown>>
}
export interface SeedStatement {
  bind(...values: Array<SqlValue>): SeedStatement
}

/** D1 refuses statements with more than 100 bound parameters. */
export const MAX_BOUND_PARAMETERS = 100
const STATEMENTS_PER_BATCH = 50

export interface SeedResult {
  rows: number
  statements: number
  batches: number
}

/**
 * Inserts every table of the dataset in order with multi-row INSERTs (at most 100 bound
 * parameters each), in batches of 50 statements; each batch is one transaction. Then runs the
 * dataset's afterLoad statements. Worker-safe: no Node APIs.
 */
export async function seedDatabase(db: SeedDatabase, dataset: Dataset): Promise<SeedResult> {
  let pending: Array<SeedStatement> = []
  const result: SeedResult = { rows: 0, statements: 0, batches: 0 }
  const flush = async () => {
    if (pending.length === 0) return
    await db.batch(pending)
    result.batches++
    pending = []
  }
  for (const table of dataset.tables) {
    for (const { sql, params } of insertStatements(table)) {
      pending.push(db.prepare(sql).bind(...params))
      result.statements++
      if (pending.length >= STATEMENTS_PER_BATCH) await flush()
    }
    result.rows += table.rows.length
  }
  for (const { sql, params } of dataset.afterLoad) {
    pending.push(db.prepare(sql).bind(...params))
    result.statements++
    if (pending.length >= STATEMENTS_PER_BATCH) await flush()
  }
  await flush()
  return result
}

/** Multi-row INSERT statements for a table, each with at most MAX_BOUND_PARAMETERS parameters. */
export function insertStatements(
  table: TableData
): Array<{ sql: string; params: Array<SqlValue> }> {
  const width = table.columns.length
  const rowsPerStatement = Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / width))
  const head = `insert into ${table.name} (${table.columns.join(', ')}) values `
  const tuple = `(${table.columns.map(() => '?').join(', ')})`
  const out: Array<{ sql: string; params: Array<SqlValue> }> = []
  for (let start = 0; start < table.rows.length; start += rowsPerStatement) {
    const chunk = table.rows.slice(start, start + rowsPerStatement)
    out.push({ sql: head + chunk.map(() => tuple).join(', '), params: chunk.flat() })
  }
  return out
}
