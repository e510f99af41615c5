import type { SqlValue } from '../lib/sql-text.ts'

export type { SqlValue }

/**
 * Rows for one table. The migrations own the schema (every loader applies them first); the
 * generator names only the columns it sets, and the first row's names fix their order.
 */
export interface TableData {
  name: string
  columns: ReadonlyArray<string>
  rows: Array<Array<SqlValue>>
}

/** Everything the demo (or benchmark) database is loaded with. */
export interface Dataset {
  tables: Array<TableData>
  /** Statements run after every table is loaded (links between rows of circular tables). */
  afterLoad: Array<{ sql: string; params: Array<SqlValue> }>
}

export function table(name: string): TableData {
  return { name, columns: [], rows: [] }
}

/**
 * Appends a row given as an object. The table's first row names its columns; every later row
 * must set exactly those (null for none). A column the migrations lack fails when it is loaded.
 */
export function addRow(target: TableData, values: Record<string, SqlValue>): void {
  const names = Object.keys(values)
  if (target.rows.length === 0) target.columns = names
  if (names.length !== target.columns.length) {
    const extra = names.filter((column) => !target.columns.includes(column))
    if (extra.length > 0) throw new Error(`${target.name}.${extra.join(', ')} not in its first row`)
  }
  target.rows.push(
    target.columns.map((column) => {
      const value = values[column]
      if (value === undefined) throw new Error(`${target.name}.${column} missing`)
      return value
    })
  )
}

export function findTable(dataset: Dataset, name: string): TableData {
  const found = dataset.tables.find((t) => t.name === name)
  if (!found) throw new Error(`no table ${name} in the dataset`)
  return found
}

/** The rows of a table as objects keyed by column, for checks and tests. */
export function rowsOf(dataset: Dataset, name: string): Array<Record<string, SqlValue>> {
  const t = findTable(dataset, name)
  return t.rows.map((row) => Object.fromEntries(t.columns.map((c, i) => [c, row[i] ?? null])))
}

/** Rows of one table (0 when the dataset has no such table). */
export function countRows(dataset: Dataset, name: string): number {
  return dataset.tables.find((t) => t.name === name)?.rows.length ?? 0
}

export function totalRows(dataset: Dataset): number {
  return dataset.tables.reduce((sum, t) => sum + t.rows.length, 0)
}
