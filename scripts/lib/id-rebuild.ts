/*
 * The migration that rebuilds every table of a shard so its integer key is AUTOINCREMENT (ADR
 * 063), from the schema the migrations before it make, applied here to an in-memory SQLite.
 * `node scripts/generate-id-rebuild.ts <file>` wrote migrations/0115_ids_autoincrement.sql.
 *
 * Why in this order (SQLite with foreign keys on, as D1 always is; measured on the demo data, every
 * table's rows and checksum the same after, ADR 063):
 * - Triggers are dropped first: the drops below cascade (an FTS index's delete trigger would run),
 *   and the copies must not run them either. Each is made again at the end, as are the indexes.
 * - Each table is copied twice, old → `<name>__new` → `<name>`, rather than renamed back: a rename
 *   rewrites every other table's references, and a hundred of them cost 0.6 s of CPU on an empty
 *   schema, paid by every test file's migration. The copies' keys name the copies of their
 *   parents, so no drop cascades into a copy.
 * - Foreign keys are deferred while copying (parents and children in any order, checked at the
 *   end) and immediate while dropping: with deferral off, SQLite drops a table nothing references
 *   without deleting its rows, and a table is dropped only after the tables that reference it
 *   (children first; within a cycle, the table that references itself first).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { escapeRegExp } from '../../schemas/regex-escape.ts'

const MIGRATIONS = resolve(import.meta.dirname, '..', '..', 'migrations')

interface Table {
  name: string
  sql: string
  columns: Array<string>
  parents: Set<string>
  selfReference: boolean
  rowidKey: string | null
}

/** A database with every migration before `migration` (a file name) applied. */
export function schemaBefore(migration: string): DatabaseSync {
  const db = new DatabaseSync(':memory:')
  db.exec('pragma foreign_keys = on')
  for (const file of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    if (file >= migration) break
    db.exec(readFileSync(join(MIGRATIONS, file), 'utf8'))
  }
  return db
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

function tablesOf(db: DatabaseSync): Array<Table> {
  const rows = db
    .prepare(`select name, sql from sqlite_master where type = 'table' order by name`)
    .all() as Array<{ name: string; sql: string }>
  const virtual = rows.filter((row) => /^\s*create\s+virtual/i.test(row.sql)).map((r) => r.name)
  const own = rows.filter(
    (row) =>
      !row.name.startsWith('sqlite_') &&
      !row.name.startsWith('_cf_') &&
      row.name !== 'd1_migrations' &&
      !virtual.some((v) => row.name === v || row.name.startsWith(`${v}_`))
  )
  return own.map((row) => {
    const info = db.prepare(`pragma table_info(${quote(row.name)})`).all() as Array<{
      name: string
      type: string
      pk: number
    }>
    const keys = db.prepare(`pragma foreign_key_list(${quote(row.name)})`).all() as Array<{
      table: string
    }>
    const primary = info.filter((column) => column.pk > 0)
    const rowidKey =
      primary.length === 1 &&
      primary[0]?.type.toLowerCase() === 'integer' &&
      !/without\s+rowid/i.test(row.sql)
        ? (primary[0]?.name ?? null)
        : null
    return {
      name: row.name,
      sql: row.sql,
      columns: info.map((column) => column.name),
      parents: new Set(keys.map((key) => key.table).filter((name) => name !== row.name)),
      selfReference: keys.some((key) => key.table === row.name),
      rowidKey,
    }
  })
}

/** The table's create statement under `name`, its references to rebuilt tables renamed by `to`. */
function createAs(table: Table, name: string, to: (parent: string) => string, names: Set<string>) {
  const escaped = escapeRegExp(table.name)
  let sql = table.sql.replace(new RegExp(`^\\s*create\\s+table\\s+("?)${escaped}\\1`, 'i'), () => {
    return `create table ${quote(name)}`
  })
  sql = sql.replace(/\breferences\s+("?)(\w+)\1/gi, (whole, _q: string, parent: string) =>
    names.has(parent) ? `references ${quote(to(parent))}` : whole
  )
  if (table.rowidKey && !/autoincrement/i.test(sql)) {
    const key = escapeRegExp(table.rowidKey)
    const withAuto = sql.replace(
      new RegExp(`(\\b${key}\\b\\s+integer\\s+(?:not\\s+null\\s+)?primary\\s+key)`, 'i'),
      '$1 autoincrement'
    )
    if (withAuto === sql) throw new Error(`${table.name}: its integer key is not declared inline`)
    sql = withAuto
  }
  return `${sql};`
}

/** Children before parents; within a cycle, a table that references itself first. */
function dropOrder(tables: ReadonlyArray<Table>): Array<string> {
  const names = new Set(tables.map((t) => t.name))
  const byName = new Map(tables.map((t) => [t.name, t]))
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: Array<string> = []
  const onStack = new Set<string>()
  const components: Array<Array<string>> = []
  const strong = (name: string) => {
    index.set(name, index.size)
    low.set(name, index.get(name) ?? 0)
    stack.push(name)
    onStack.add(name)
    for (const parent of byName.get(name)?.parents ?? []) {
      if (!names.has(parent)) continue
      if (!index.has(parent)) {
        strong(parent)
        low.set(name, Math.min(low.get(name) ?? 0, low.get(parent) ?? 0))
      } else if (onStack.has(parent)) {
        low.set(name, Math.min(low.get(name) ?? 0, index.get(parent) ?? 0))
      }
    }
    if (low.get(name) === index.get(name)) {
      const component: Array<string> = []
      for (;;) {
        const top = stack.pop() as string
        onStack.delete(top)
        component.push(top)
        if (top === name) break
      }
      components.push(component)
    }
  }
  for (const table of tables) if (!index.has(table.name)) strong(table.name)
  // Tarjan over child → parent edges finishes parents first; children first is the reverse.
  return components.reverse().flatMap((component) =>
    component.sort((a, b) => {
      const selfA = byName.get(a)?.selfReference ? 0 : 1
      const selfB = byName.get(b)?.selfReference ? 0 : 1
      return selfA - selfB || a.localeCompare(b)
    })
  )
}

/** The migration that rebuilds `db`'s tables with AUTOINCREMENT keys. */
export function rebuildSql(db: DatabaseSync): string {
  const tables = tablesOf(db)
  const names = new Set(tables.map((t) => t.name))
  const others = db
    .prepare(
      `select type, name, tbl_name, sql from sqlite_master
       where type in ('index', 'trigger', 'view') and sql is not null order by type, name`
    )
    .all() as Array<{ type: string; name: string; tbl_name: string; sql: string }>
  const ours = others.filter((o) => names.has(o.tbl_name))
  const temp = (name: string) => `${name}__new`
  const copy = (from: string, to: string, table: Table) => {
    const columns = table.columns.map(quote).join(', ')
    return `insert into ${quote(to)} (${columns}) select ${columns} from ${quote(from)};`
  }
  const order = dropOrder(tables)
  const byName = new Map(tables.map((t) => [t.name, t]))
  const ordered = order.map((name) => byName.get(name) as Table)
  return [
    '-- Every table of a shard rebuilt with an AUTOINCREMENT key (ADR 063): written by',
    '-- scripts/generate-id-rebuild.ts from the schema of the migrations before it; the order of',
    '-- its steps is argued in scripts/lib/id-rebuild.ts. Rows, keys, indexes, triggers and',
    '-- full-text indexes are kept.',
    'pragma defer_foreign_keys = on;',
    ...ours.filter((o) => o.type === 'trigger').map((o) => `drop trigger ${quote(o.name)};`),
    ...tables.map((t) => createAs(t, temp(t.name), temp, names)),
    ...tables.map((t) => copy(t.name, temp(t.name), t)),
    'pragma defer_foreign_keys = off;',
    ...ordered.map((t) => `drop table ${quote(t.name)};`),
    'pragma defer_foreign_keys = on;',
    ...tables.map((t) => createAs(t, t.name, (parent) => parent, names)),
    ...tables.map((t) => copy(temp(t.name), t.name, t)),
    'pragma defer_foreign_keys = off;',
    ...ordered.map((t) => `drop table ${quote(temp(t.name))};`),
    ...ours
      .filter((o) => o.type === 'index' && !o.name.startsWith('sqlite_autoindex'))
      .map((o) => `${o.sql};`),
    ...ours.filter((o) => o.type !== 'index').map((o) => `${o.sql};`),
    '',
  ].join('\n')
}
