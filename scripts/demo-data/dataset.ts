/** A value D1 can bind. */
export type SqlValue = string | number | null

/** Rows for one table, in column order. Tables are loaded in the order they appear. */
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

export function table(name: string, columns: ReadonlyArray<string>): TableData {
  return { name, columns, rows: [] }
}

/** Appends a row given as an object; every column must be present (null for none). */
export function addRow(target: TableData, values: Record<string, SqlValue>): void {
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
