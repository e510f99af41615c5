import { sha256Hex } from '../../lib/crypto.ts'
import { FIRST_MOVE_BAND, ID_BAND_SIZE, bandOfShardName, idFloorSql } from '../id-bands.ts'
import {
  beginMove,
  endMove,
  giveFreshIdBand,
  idBandOf,
  placeBusiness,
  shardOfBusiness,
} from './repo.ts'

/*
 * Moving a business to another shard (ADR 047): its rows are copied, counted and checksummed on
 * both sides, the directory is switched, and only then are they deleted from the shard it left.
 * From the start the directory marks the business as moving, so the backend refuses its writes
 * (worker/backend/shard.ts) and serves its reads from the old shard until the switch; the mark
 * goes at the end, or when the move is refused or fails, which leaves the directory and the old
 * shard as they were.
 *
 * Which rows are the business's is read from the schema: a table's rows with its business_id, or
 * whose foreign key leads to such a row (an order's lines, a brand's hosts). Tables with neither
 * (postcodes, the geocoder's addresses) are reference data every shard holds; full-text indexes
 * are kept by the triggers of the tables they index.
 */

interface TableShape {
  name: string
  columns: Array<string>
  /** The SQL condition (on the table's own columns) that picks the business's rows, `?1` its id. */
  owned: string
  /** The tables its rows reference, which are copied before it. */
  parents: Array<string>
}

export interface TableReport {
  table: string
  rows: number
  checksum: string
}

export interface MoveReport {
  businessId: number
  from: string
  to: string
  tables: Array<TableReport>
}

export class MoveRefused extends Error {}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/** The tables holding business rows, in groups, parents before children. */
export async function businessTables(db: D1Database): Promise<Array<Array<TableShape>>> {
  const { results: tables } = await db
    .prepare(
      `select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
       and name not like '_cf_%' and name not like '%fts%' and name != 'd1_migrations'
       order by name`
    )
    .all<{ name: string }>()
  const shapes = new Map<
    string,
    { columns: Array<string>; keys: Array<{ table: string; from: string; to: string | null }> }
  >()
  // Every table's columns and keys in one round trip.
  const pragmas = await db.batch<Record<string, unknown>>(
    tables.flatMap(({ name }) => [
      db.prepare(`pragma table_info(${quote(name)})`),
      db.prepare(`pragma foreign_key_list(${quote(name)})`),
    ])
  )
  tables.forEach(({ name }, index) => {
    const columns = pragmas[index * 2]?.results ?? []
    const keys = pragmas[index * 2 + 1]?.results ?? []
    shapes.set(name, {
      columns: columns.map((column) => String(column.name)),
      keys: keys.map((key) => ({
        table: String(key.table),
        from: String(key.from),
        to: key.to === null ? null : String(key.to),
      })),
    })
  })
  // Owned directly by business_id, else through a foreign key to an owned table (to a fixpoint).
  const direct = (name: string) =>
    name === 'businesses' || shapes.get(name)?.columns.includes('business_id')
  const members = new Set([...shapes.keys()].filter(direct))
  for (let changed = true; changed;) {
    changed = false
    for (const [name, shape] of shapes) {
      if (members.has(name) || !shape.keys.some((key) => members.has(key.table))) continue
      members.add(name)
      changed = true
    }
  }
  // A row through keys is the business's when any of its keys leads to one of the business's rows
  // (an order line by its order, though its deal or item may be null).
  const condition = (name: string, path: ReadonlyArray<string>): string => {
    if (name === 'businesses') return 'id = ?1'
    if (direct(name)) return 'business_id = ?1'
    const ways = (shapes.get(name)?.keys ?? [])
      .filter((key) => members.has(key.table) && !path.includes(key.table) && key.table !== name)
      .map(
        (key) =>
          `${quote(key.from)} in (select ${quote(key.to ?? 'rowid')} from ${quote(key.table)} ` +
          `where ${condition(key.table, [...path, name])})`
      )
    return ways.length > 0 ? `(${ways.join(' or ')})` : '0'
  }
  const owned = new Map<string, { owned: string; parents: Array<string> }>()
  for (const name of members) {
    const keys = shapes.get(name)?.keys ?? []
    owned.set(name, {
      owned: condition(name, []),
      parents: [...new Set(keys.map((key) => key.table).filter((table) => members.has(table)))],
    })
  }
  // Parents first. Tables whose keys form a cycle (an option and its values) are one group,
  // copied in one batch with their foreign keys deferred to its end.
  const groups: Array<Array<TableShape>> = []
  const placed = new Set<string>()
  const shapeOf = (name: string): TableShape => {
    const rule = owned.get(name) ?? { owned: '0', parents: [] }
    return { name, columns: shapes.get(name)?.columns ?? [], ...rule }
  }
  const waiting = (name: string) =>
    (owned.get(name)?.parents ?? []).filter((parent) => parent !== name && !placed.has(parent))
  while (placed.size < owned.size) {
    const ready = [...owned.keys()].filter((name) => !placed.has(name) && !waiting(name).length)
    if (ready.length > 0) {
      for (const name of ready) {
        groups.push([shapeOf(name)])
        placed.add(name)
      }
      continue
    }
    const cycle = [...owned.keys()]
      .filter((name) => !placed.has(name))
      .map((name) => cycleOf(name, waiting))
      .find((group) => group.every((name) => waiting(name).every((p) => group.includes(p))))
    if (!cycle) throw new Error('the shard schema has foreign keys no order satisfies')
    groups.push(cycle.map(shapeOf))
    for (const name of cycle) placed.add(name)
  }
  return groups
}

/** The tables on a cycle of foreign keys with `start` (itself alone when it is on none). */
function cycleOf(start: string, parentsOf: (name: string) => Array<string>): Array<string> {
  const reach = (from: string): Set<string> => {
    const seen = new Set<string>()
    const stack = [from]
    while (stack.length > 0) {
      for (const parent of parentsOf(stack.pop() ?? '')) {
        if (!seen.has(parent)) {
          seen.add(parent)
          stack.push(parent)
        }
      }
    }
    return seen
  }
  return [start, ...[...reach(start)].filter((name) => name !== start && reach(name).has(start))]
}

function ownedRowsStatement(
  db: D1Database,
  table: TableShape,
  businessId: number
): D1PreparedStatement {
  const columns = table.columns.map(quote).join(', ')
  const order = table.columns.map((_, index) => index + 1).join(', ')
  return db
    .prepare(`select ${columns} from ${quote(table.name)} where ${table.owned} order by ${order}`)
    .bind(businessId)
}

async function ownedRows(
  db: D1Database,
  table: TableShape,
  businessId: number
): Promise<Array<Record<string, unknown>>> {
  return (await ownedRowsStatement(db, table, businessId).all<Record<string, unknown>>()).results
}

/** Every table's rows of the business, counted and checksummed, in one round trip. */
async function reportsOf(
  db: D1Database,
  tables: ReadonlyArray<TableShape>,
  businessId: number
): Promise<Array<TableReport>> {
  const results = await db.batch<Record<string, unknown>>(
    tables.map((table) => ownedRowsStatement(db, table, businessId))
  )
  return Promise.all(
    tables.map(async (table, index) => {
      const rows = results[index]?.results ?? []
      return {
        table: table.name,
        rows: rows.length,
        checksum: await sha256Hex(JSON.stringify(rows)),
      }
    })
  )
}

/** D1 binds at most 100 parameters a statement; a batch of 50 statements keeps each small. */
const BATCH = 50

async function copyGroup(
  from: D1Database,
  to: D1Database,
  group: ReadonlyArray<TableShape>,
  businessId: number
): Promise<void> {
  const statements: Array<D1PreparedStatement> = []
  for (const table of group) {
    const rows = await ownedRows(from, table, businessId)
    const columns = table.columns.map(quote).join(', ')
    const slots = table.columns.map((_, index) => `?${index + 1}`).join(', ')
    const insert = `insert into ${quote(table.name)} (${columns}) values (${slots})`
    statements.push(
      ...rows.map((row) =>
        to.prepare(insert).bind(...table.columns.map((column) => row[column] ?? null))
      )
    )
  }
  // One table's rows in batches; a cycle's tables together, their keys checked at its end.
  const size = group.length > 1 ? statements.length : BATCH
  for (let start = 0; start < statements.length; start += size) {
    await to.batch([
      to.prepare('pragma defer_foreign_keys = on'),
      ...statements.slice(start, start + size),
    ])
  }
}

async function deleteBusiness(
  db: D1Database,
  groups: ReadonlyArray<ReadonlyArray<TableShape>>,
  businessId: number
): Promise<void> {
  // Children first, each condition still finding its parents' rows until they go; one batch,
  // so a failure deletes nothing.
  const tables = [...groups].reverse().flatMap((group) => [...group].reverse())
  await db.batch([
    db.prepare('pragma defer_foreign_keys = on'),
    ...tables.map((table) =>
      db.prepare(`delete from ${quote(table.name)} where ${table.owned}`).bind(businessId)
    ),
  ])
}

/**
 * Moves a business from the shard the directory places it on to `to`: refused (nothing changed)
 * when it is there already, another move of it is under way, or the target holds any of its rows
 * or of their keys; after the copy, every table's row count and checksum must match on both sides
 * and on the old shard still (a write that reached it during the copy), else the copy is deleted
 * from the target and the move refused. `settle` runs once its writes are refused and before
 * anything is read: the command waits there for calls already under way. Answers what was
 * verified.
 */
export async function moveBusiness(options: {
  directory: D1Database
  shards: Readonly<Record<string, D1Database>>
  businessId: number
  to: string
  settle?: () => Promise<void>
}): Promise<MoveReport> {
  const { directory, shards, businessId, to } = options
  const from = (await shardOfBusiness(directory, businessId)) ?? 'DB'
  const source = shards[from]
  const target = shards[to]
  if (!source || !target) throw new MoveRefused(`No shard ${source ? to : from} to move between`)
  if (from === to) throw new MoveRefused(`Business ${businessId} is on ${to} already`)
  // Checked again once its writes are refused; here so a business that is not there is not marked.
  const found = await source
    .prepare('select 1 as found from businesses where id = ?1')
    .bind(businessId)
    .first()
  if (!found) throw new MoveRefused(`Business ${businessId} has no row on ${from}`)
  if (!(await beginMove(directory, { businessId, from, to }))) {
    throw new MoveRefused(`Business ${businessId} is being moved already`)
  }
  try {
    await options.settle?.()
    return await copyAndSwitch({ directory, source, target, from, to, businessId })
  } finally {
    await endMove(directory, businessId)
  }
}

async function copyAndSwitch(move: {
  directory: D1Database
  source: D1Database
  target: D1Database
  from: string
  to: string
  businessId: number
}): Promise<MoveReport> {
  const { directory, source, target, from, to, businessId } = move
  const groups = await businessTables(source)
  const tables = groups.flat()
  const before = await reportsOf(source, tables, businessId)
  if (!before.some((report) => report.table === 'businesses' && report.rows === 1)) {
    throw new MoveRefused(`Business ${businessId} has no row on ${from}`)
  }
  const there = await target.batch<{ n: number }>(
    tables.map((table) =>
      target
        .prepare(`select count(*) as n from ${quote(table.name)} where ${table.owned}`)
        .bind(businessId)
    )
  )
  const held = tables.filter((_, index) => (there[index]?.results[0]?.n ?? 0) > 0)
  if (held.length > 0) {
    throw new MoveRefused(`${to} already holds ${held.map((t) => t.name).join(', ')} rows`)
  }
  try {
    for (const group of groups) await copyGroup(source, target, group, businessId)
  } catch (error) {
    // A key the target uses for another business (ids are each shard's own): nothing kept.
    await deleteBusiness(target, groups, businessId)
    throw new MoveRefused(`The copy to ${to} failed: ${String(error)}`)
  }
  const [after, still] = await Promise.all([
    reportsOf(target, tables, businessId),
    reportsOf(source, tables, businessId),
  ])
  const differs = before.filter((report, index) =>
    [after[index], still[index]].some(
      (other) => report.rows !== other?.rows || report.checksum !== other.checksum
    )
  )
  if (differs.length > 0) {
    await deleteBusiness(target, groups, businessId)
    throw new MoveRefused(`The copy differs in ${differs.map((r) => r.table).join(', ')}`)
  }
  await keepOwnIdBand(directory, target, to)
  await placeBusiness(directory, { businessId, shard: to, hosts: [] })
  await deleteBusiness(source, groups, businessId)
  return { businessId, from, to, tables: before }
}

/**
 * Rows copied in from a shard of a higher band of ids lift the target's counters into that band
 * (AUTOINCREMENT goes on from the largest id), where the source goes on giving ids (ADR 063). The
 * target is then given a fresh band above every band, and its counters start there.
 */
async function keepOwnIdBand(directory: D1Database, target: D1Database, to: string) {
  const band = (await idBandOf(directory, to)) ?? bandOfShardName(to) ?? 0
  const counters = await target
    .prepare(
      `select coalesce(max(seq), 0) as top from sqlite_sequence where name != 'd1_migrations'`
    )
    .first<{ top: number }>()
  if ((counters?.top ?? 0) < (band + 1) * ID_BAND_SIZE) return
  const fresh = await giveFreshIdBand(directory, to, FIRST_MOVE_BAND)
  await target.batch(idFloorSql(fresh).map((statement) => target.prepare(statement)))
}
