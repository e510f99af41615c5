// The ids of rows an operator creates (ADR 027).

/** The tables the operator console creates rows in. */
export type OperatorCreatedTable =
  'brands' | 'stores' | 'deals' | 'banners' | 'coupons' | 'faqs' | 'seo_pages' | 'seo_redirects'

/**
 * The id a new row of `table` will get. It is decided before the batch so the insert, the rows
 * that hang off it (a deal's sections) and its audit row can all name it; a row inserted by
 * someone else meanwhile makes the batch fail whole on the primary key, never half-written.
 */
export async function nextRowId(db: D1Database, table: OperatorCreatedTable): Promise<number> {
  // AUTOINCREMENT's own rule (ADR 063): past the largest id the table ever gave (its counter, at
  // least the shard's band floor) and the largest it holds.
  const row = await db
    .prepare(
      `select max(coalesce((select seq from sqlite_sequence where name = ?1), 0),
         coalesce((select max(id) from ${table}), 0)) + 1 as id`
    )
    .bind(table)
    .first<{ id: number }>()
  return row?.id ?? 1
}
