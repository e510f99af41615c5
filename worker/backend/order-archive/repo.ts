import { TERMINAL_STATUSES } from '../../../schemas/order-states.ts'
import { ORDER_ARCHIVE_MONTHS_DEFAULT } from '../../../schemas/order-archive.ts'
import type { ArchiveFile } from '../../../schemas/order-archive.ts'
import { quote, type OrderTables } from './tables-repo.ts'

/*
 * The order archive's SQL (ADR 004, ADR 050): the businesses' setting, the orders old enough,
 * their rows read for the file, the index row and the delete in one guarded batch, and the
 * restore's claimed batch.
 */

/** Finished: delivered (or collected) or closed; nothing more happens to it. */
const FINISHED = ['delivered', ...TERMINAL_STATUSES].map((status) => `'${status}'`).join(', ')

export async function archiveMonths(db: D1Database, businessId: number): Promise<number> {
  const row = await db
    .prepare('select order_archive_months as months from businesses where id = ?1')
    .bind(businessId)
    .first<{ months: number }>()
  return row?.months ?? ORDER_ARCHIVE_MONTHS_DEFAULT
}

export function archiveMonthsStatement(
  db: D1Database,
  businessId: number,
  months: number
): D1PreparedStatement {
  return db
    .prepare('update businesses set order_archive_months = ?2 where id = ?1')
    .bind(businessId, months)
}

/** Every business of the shard with its setting. */
export async function businessesWithMonths(
  db: D1Database
): Promise<Array<{ id: number; months: number }>> {
  const { results } = await db
    .prepare('select id, order_archive_months as months from businesses order by id')
    .all<{ id: number; months: number }>()
  return results
}

export interface ArchiveCandidate {
  id: number
  business_order_id: string
  updated_at: string
}

/**
 * A business's finished orders placed before `cutoff`, oldest first; a restored one only once
 * its restore is older than the cutoff too.
 */
export async function ordersToArchive(
  db: D1Database,
  businessId: number,
  cutoff: string,
  limit: number
): Promise<Array<ArchiveCandidate>> {
  const { results } = await db
    .prepare(
      `select id, business_order_id, updated_at from orders
       where business_id = ?1 and status in (${FINISHED}) and placed_at is not null
         and placed_at < ?2 and (restored_at is null or restored_at < ?2)
       order by placed_at, id limit ?3`
    )
    .bind(businessId, cutoff, limit)
    .all<ArchiveCandidate>()
  return results
}

/** The order's rows in every order table, and the ids of the rows that link to it. */
export async function orderRows(
  db: D1Database,
  shape: OrderTables,
  orderId: number
): Promise<Pick<ArchiveFile, 'tables' | 'links'>> {
  const answers = await db.batch<Record<string, unknown>>([
    ...shape.tables.map((table) =>
      db.prepare(`select * from ${quote(table.name)} where ${table.rows}`).bind(orderId)
    ),
    ...shape.links.map((link) =>
      db
        .prepare(`select rowid as id from ${quote(link.table)} where ${quote(link.column)} = ?1`)
        .bind(orderId)
    ),
  ])
  return {
    tables: shape.tables.map((table, index) => ({
      name: table.name,
      rows: answers[index]?.results ?? [],
    })),
    links: shape.links.map((link, index) => ({
      ...link,
      ids: (answers[shape.tables.length + index]?.results ?? []).map((row) => Number(row.id)),
    })),
  }
}

/**
 * Written only after the file is in R2: the index row, then the order's delete (its rows go by
 * their cascading keys). Both are guarded by the order being as it was read (finished, old
 * enough, not changed since), and the delete by the index row naming this file, so an order that
 * moved on in between stays in D1, and a second run finds nothing to do.
 */
export async function replaceWithIndexRow(
  db: D1Database,
  input: {
    orderId: number
    businessId: number
    updatedAt: string
    cutoff: string
    itemsCount: number
    key: string
    now: string
    emailHash: string | null
  }
): Promise<boolean> {
  const [, deleted] = await db.batch([
    db
      .prepare(
        `insert into archived_orders (business_id, brand_id, customer_id, order_id,
           business_order_id, status, status_code, fulfilment_method, placed_at, store_id,
           items_count, total, currency, r2_key, archived_at, email_hash)
         select business_id, brand_id, customer_id, id, business_order_id, status, status_code,
           fulfilment_method, placed_at, store_id, ?5, total, currency, ?6, ?7, ?8
         from orders where id = ?1 and business_id = ?2 and updated_at = ?3
           and status in (${FINISHED}) and placed_at < ?4
           and (restored_at is null or restored_at < ?4)
         on conflict do nothing`
      )
      .bind(
        input.orderId,
        input.businessId,
        input.updatedAt,
        input.cutoff,
        input.itemsCount,
        input.key,
        input.now,
        input.emailHash
      ),
    db
      .prepare(
        `delete from orders where id = ?1 and business_id = ?2 and updated_at = ?3
           and exists (select 1 from archived_orders where business_id = ?2 and order_id = ?1
                       and r2_key = ?4 and restore_token is null)`
      )
      .bind(input.orderId, input.businessId, input.updatedAt, input.key),
  ])
  return (deleted?.meta.changes ?? 0) > 0
}

export interface ArchivedOrderRow {
  id: number
  store_id: number
  order_id: number
  business_order_id: string
  brand_id: number | null
  customer_id: number | null
  status: string
  placed_at: string
  total: number
  r2_key: string
  archived_at: string
}

const ARCHIVED = `select id, store_id, order_id, business_order_id, brand_id, customer_id, status,
  placed_at, total, r2_key, archived_at from archived_orders o`

export function findArchivedOrder(
  db: D1Database,
  businessId: number,
  businessOrderId: string
): Promise<ArchivedOrderRow | null> {
  return db
    .prepare(`${ARCHIVED} where business_id = ?1 and business_order_id = ?2`)
    .bind(businessId, businessOrderId)
    .first<ArchivedOrderRow>()
}

/** The order is online under this number (restored, or never archived). */
export async function orderOnline(
  db: D1Database,
  businessId: number,
  businessOrderId: string
): Promise<boolean> {
  const row = await db
    .prepare('select 1 as found from orders where business_id = ?1 and business_order_id = ?2')
    .bind(businessId, businessOrderId)
    .first<{ found: number }>()
  return row !== null
}

/**
 * The restore, one batch: the index row claimed with this call's token, every row written back
 * and the links set again only under that claim, then the index row deleted. Of concurrent
 * restores the first batch claims; the others' claims match nothing and write nothing.
 */
export async function restoreRows(
  db: D1Database,
  shape: OrderTables,
  input: { archivedId: number; businessId: number; token: string; file: ArchiveFile; now: string }
): Promise<boolean> {
  const claimed = 'exists (select 1 from archived_orders where id = ?2 and restore_token = ?3)'
  const columnsOf = new Map(shape.tables.map((table) => [table.name, table.columns]))
  const inserts = input.file.tables
    .filter((table) => table.rows.length > 0)
    .map((table) => {
      // The file's columns the shard still has (a column dropped since is left out).
      const columns = (columnsOf.get(table.name) ?? []).filter((column) =>
        table.rows.some((row) => column in row)
      )
      const values = columns.map((column) => `json_extract(value, '$.${column}')`).join(', ')
      return db
        .prepare(
          `insert into ${quote(table.name)} (${columns.map(quote).join(', ')})
           select ${values} from json_each(?1) where ${claimed}`
        )
        .bind(JSON.stringify(table.rows), input.archivedId, input.token)
    })
  const links = input.file.links
    .filter((link) => link.ids.length > 0)
    .map((link) =>
      db
        .prepare(
          `update ${quote(link.table)} set ${quote(link.column)} = ?4
           where rowid in (select value from json_each(?1)) and ${quote(link.column)} is null
             and ${claimed}`
        )
        .bind(JSON.stringify(link.ids), input.archivedId, input.token, input.file.orderId)
    )
  const [claim] = await db.batch([
    db
      .prepare(
        `update archived_orders set restore_token = ?3
         where id = ?2 and business_id = ?1 and restore_token is null`
      )
      .bind(input.businessId, input.archivedId, input.token),
    ...inserts,
    ...links,
    db
      .prepare(`update orders set restored_at = ?4 where id = ?1 and ${claimed}`)
      .bind(input.file.orderId, input.archivedId, input.token, input.now),
    db
      .prepare('delete from archived_orders where id = ?1 and restore_token = ?2')
      .bind(input.archivedId, input.token),
  ])
  return (claim?.meta.changes ?? 0) > 0
}

/** The archived orders of a member, and guest orders placed with their email (by its hash). */
export async function archivedOrdersOfPerson(
  db: D1Database,
  person: { businessId: number; customerId: number; emailHash: string }
): Promise<Array<ArchivedOrderRow>> {
  const { results } = await db
    .prepare(
      `${ARCHIVED} where business_id = ?1 and (customer_id = ?2 or email_hash = ?3) order by id`
    )
    .bind(person.businessId, person.customerId, person.emailHash)
    .all<ArchivedOrderRow>()
  return results
}

/** The index row no longer names the person's email (its file was rewritten without them). */
export function forgetEmailHashStatement(
  db: D1Database,
  businessId: number,
  emailHash: string
): D1PreparedStatement {
  return db
    .prepare(
      'update archived_orders set email_hash = null where business_id = ?1 and email_hash = ?2'
    )
    .bind(businessId, emailHash)
}

/** The business's placed order under this number, with its store, or null (a draft is not one). */
export function placedOrderByNumber(
  db: D1Database,
  businessId: number,
  businessOrderId: string
): Promise<{ id: number; store_id: number } | null> {
  return db
    .prepare(
      `select id, store_id from orders where business_id = ?1 and business_order_id = ?2
         and placed_at is not null`
    )
    .bind(businessId, businessOrderId)
    .first<{ id: number; store_id: number }>()
}
