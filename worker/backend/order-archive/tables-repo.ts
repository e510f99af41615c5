/*
 * Which rows are an order's (ADR 050), read from the schema as the shard move reads a business's
 * (directory/move-repo.ts): `orders`, and every table whose foreign key cascades from it, directly
 * or through another (a refund through its payment, a line's picks through the line). Those rows
 * go into the archive file and are deleted with the order. Tables whose key to an order is `on
 * delete set null` (credit ledger, loyalty, referrals, slot holds) keep their rows; the file names
 * them so a restore links them to the order again.
 */

export interface OrderTable {
  name: string
  columns: Array<string>
  /** The condition on the table's own columns that picks the order's rows, `?1` the order id. */
  rows: string
}

export interface OrderLink {
  table: string
  column: string
}

export interface OrderTables {
  /** Parents before children: the order first. */
  tables: Array<OrderTable>
  links: Array<OrderLink>
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

interface ForeignKey {
  table: string
  from: string
  to: string | null
  on_delete: string
}

export async function orderTables(db: D1Database): Promise<OrderTables> {
  const { results: names } = await db
    .prepare(
      `select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
       and name not like '_cf_%' and name not like '%fts%' and name != 'd1_migrations'
       order by name`
    )
    .all<{ name: string }>()
  const pragmas = await db.batch<Record<string, unknown>>(
    names.flatMap(({ name }) => [
      db.prepare(`pragma table_info(${quote(name)})`),
      db.prepare(`pragma foreign_key_list(${quote(name)})`),
    ])
  )
  const columns = new Map<string, Array<string>>()
  const keys = new Map<string, Array<ForeignKey>>()
  names.forEach(({ name }, index) => {
    columns.set(
      name,
      (pragmas[index * 2]?.results ?? []).map((column) => String(column.name))
    )
    keys.set(
      name,
      (pragmas[index * 2 + 1]?.results ?? []).map((key) => ({
        table: String(key.table),
        from: String(key.from),
        to: key.to === null ? null : String(key.to),
        on_delete: String(key.on_delete).toUpperCase(),
      }))
    )
  })
  // The order's tables: those a cascading key leads from, to a fixpoint.
  const cascades = (name: string) =>
    (keys.get(name) ?? []).filter((k) => k.on_delete === 'CASCADE' && k.table !== name)
  const members = new Set(['orders'])
  for (let grew = true; grew;) {
    grew = false
    for (const { name } of names) {
      if (members.has(name) || !cascades(name).some((k) => members.has(k.table))) continue
      members.add(name)
      grew = true
    }
  }
  // Parents first: a table once every order table it references is placed (its own lines'
  // parent line is in the same insert).
  const tables: Array<OrderTable> = []
  const placed = new Map<string, string>()
  while (placed.size < members.size) {
    const before = placed.size
    for (const name of members) {
      if (placed.has(name)) continue
      const parents = (keys.get(name) ?? []).filter((k) => k.table !== name && members.has(k.table))
      if (parents.some((k) => !placed.has(k.table))) continue
      const key = cascades(name).find((k) => k.table === 'orders') ?? cascades(name)[0]
      const rows =
        name === 'orders'
          ? 'id = ?1'
          : key?.table === 'orders'
            ? `${quote(key.from)} = ?1`
            : key
              ? `${quote(key.from)} in (select ${quote(key.to ?? 'rowid')} from ${quote(key.table)} where ${placed.get(key.table) ?? '0'})`
              : '0'
      placed.set(name, rows)
      tables.push({ name, columns: columns.get(name) ?? [], rows })
    }
    if (placed.size === before)
      throw new Error('the order tables have foreign keys no order satisfies')
  }
  const links = names.flatMap(({ name }) =>
    (keys.get(name) ?? [])
      .filter((k) => k.table === 'orders' && k.on_delete === 'SET NULL')
      .map((k) => ({ table: name, column: k.from }))
  )
  return { tables, links }
}

export { quote }
