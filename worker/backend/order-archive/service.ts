import { MESSAGES } from '../../../schemas/messages.ts'
import type { MemberOrderDetail } from '../../../schemas/member-orders.ts'
import {
  type ArchivedOrder,
  type ArchiveFile,
  ArchiveFileSchema,
} from '../../../schemas/order-archive.ts'
import type { StoreOrderStatus } from '../../../schemas/order-states.ts'
import { sha256Hex } from '../../lib/crypto.ts'
import { AppError } from '../../lib/errors.ts'
import { ORDER_PERSONAL_COLUMNS } from '../orders/personal-data.ts'
import { log, logError } from '../../lib/log.ts'
import { findPlacedOrder } from '../member-orders/repo.ts'
import { orderDetail } from '../member-orders/service.ts'
import { monthsBefore } from './months.ts'
import {
  archivedOrdersOfPerson,
  businessesWithMonths,
  forgetEmailHashStatement,
  findArchivedOrder,
  orderOnline,
  orderRows,
  ordersToArchive,
  replaceWithIndexRow,
  restoreRows,
  type ArchivedOrderRow,
} from './repo.ts'
import { orderTables } from './tables-repo.ts'

/*
 * Old orders archived to R2 (issue 40, ADR 050). The retention cron, on each shard, moves each
 * business's finished orders placed more than its `order_archive_months` ago into one JSON file
 * an order (the receipt as the member saw it, and every row to put it back), and only once R2
 * has it deletes the order's rows, leaving an index row. Never an order lost: a failed put
 * leaves the order in D1 for the next run, and a rerun rewrites the same key.
 */

export type ArchiveBucket = Pick<R2Bucket, 'put' | 'get'>

/** How the index row names a guest order's email without holding it. */
export function personHash(email: string): Promise<string> {
  return sha256Hex(email.trim().toLowerCase())
}

/** Orders archived a run at most, over every business of the shard: the cron's work is bounded. */
export const ARCHIVE_BATCH = 100

/** The file's key: the business and the order number. */
export function archiveKey(businessId: number, businessOrderId: string): string {
  return `orders/${businessId}/${businessOrderId}.json`
}

export interface ArchiveRun {
  archived: number
  failed: number
}

export async function archiveOldOrders(
  db: D1Database,
  bucket: ArchiveBucket,
  now: Date,
  limit = ARCHIVE_BATCH
): Promise<ArchiveRun> {
  const run: ArchiveRun = { archived: 0, failed: 0 }
  const shape = await orderTables(db)
  for (const business of await businessesWithMonths(db)) {
    const cutoff = monthsBefore(now, business.months).toISOString()
    const left = limit - run.archived - run.failed
    if (left <= 0) break
    for (const order of await ordersToArchive(db, business.id, cutoff, left)) {
      try {
        const row = await findPlacedOrder(db, business.id, order.id)
        if (!row) continue
        const key = archiveKey(business.id, order.business_order_id)
        const file: ArchiveFile = {
          version: 1,
          businessId: business.id,
          orderId: order.id,
          businessOrderId: order.business_order_id,
          archivedAt: now.toISOString(),
          receipt: await orderDetail(db, business.id, row, now),
          ...(await orderRows(db, shape, order.id)),
        }
        // put resolves once R2 holds the object; only then may D1 let go of the order.
        await bucket.put(key, JSON.stringify(file), {
          httpMetadata: { contentType: 'application/json' },
        })
        const email = file.tables.find((table) => table.name === 'orders')?.rows[0]?.email
        const deleted = await replaceWithIndexRow(db, {
          emailHash: typeof email === 'string' && email !== '' ? await personHash(email) : null,
          orderId: order.id,
          businessId: business.id,
          updatedAt: order.updated_at,
          cutoff,
          itemsCount: file.receipt.itemsCount,
          key,
          now: now.toISOString(),
        })
        if (deleted) run.archived += 1
      } catch (error) {
        run.failed += 1
        logError(error, { event: 'order archive failed', orderId: order.id })
      }
    }
  }
  if (run.archived > 0 || run.failed > 0) log.info('orders archived', { ...run })
  return run
}

async function readFile(bucket: ArchiveBucket, row: ArchivedOrderRow): Promise<ArchiveFile> {
  const object = await bucket.get(row.r2_key)
  if (!object) throw new Error(`the archive file ${row.r2_key} is missing`)
  return ArchiveFileSchema.parse(await object.json())
}

/**
 * The member's archived order's receipt, from its file: only the member who placed it, of the
 * calling brand (ADR 012); any other answers 404 as an order that does not exist.
 */
export async function archivedReceipt(
  db: D1Database,
  bucket: ArchiveBucket,
  input: {
    businessId: number
    brandId: number | null
    customerId: number
    businessOrderId: string
  }
): Promise<MemberOrderDetail> {
  const row = await findArchivedOrder(db, input.businessId, input.businessOrderId)
  const brandMatches =
    input.brandId === null || row?.brand_id === null || row?.brand_id === input.brandId
  if (!row || row.customer_id !== input.customerId || !brandMatches) {
    throw new AppError('not_found', MESSAGES.orderNotFound)
  }
  return (await readFile(bucket, row)).receipt
}

/**
 * The receipt of an archived order, to the holder of a signed tracking link naming it (ADR 050):
 * the order id the link was signed for, its number and the calling brand must all match; null
 * otherwise, for the caller's own not-found answer.
 */
export async function linkedArchivedReceipt(
  db: D1Database,
  bucket: ArchiveBucket,
  link: {
    businessId: number
    brandId: number | null
    orderId: number
    businessOrderId: string
    /** When the link was made: its expiry less its tracking days. */
    issuedAt: Date
  }
): Promise<MemberOrderDetail | null> {
  const row = await findArchivedOrder(db, link.businessId, link.businessOrderId)
  if (!row || row.order_id !== link.orderId) return null
  // Order ids are the shard's rowids, given again once an order is archived (ADR 047): a link
  // made for a later order under the same id was made after this one left D1, so only a link
  // made while this order was online opens it.
  // Links keep whole seconds, so a link made as the order was placed reads up to 1 s before it.
  const issued = link.issuedAt.getTime()
  if (issued <= Date.parse(row.placed_at) - 1000 || issued >= Date.parse(row.archived_at)) {
    return null
  }
  if (link.brandId !== null && row.brand_id !== null && row.brand_id !== link.brandId) return null
  return (await readFile(bucket, row)).receipt
}

export function archivedOrderOf(row: ArchivedOrderRow): ArchivedOrder {
  return {
    orderId: row.business_order_id,
    status: row.status as StoreOrderStatus,
    placedAt: row.placed_at,
    total: row.total,
    archivedAt: row.archived_at,
  }
}

/** The operator's find: the business's archived order by number, or 404. */
export async function requireArchivedOrder(
  db: D1Database,
  businessId: number,
  businessOrderId: string
): Promise<ArchivedOrderRow> {
  const row = await findArchivedOrder(db, businessId, businessOrderId)
  if (!row) throw new AppError('not_found', MESSAGES.archivedOrderNotFound)
  return row
}

/**
 * Puts an archived order back into D1 from its file. Idempotent: an order already back online
 * answers `restored: false`, and of concurrent restores one writes it. The file stays in R2 (the
 * next archive of the order overwrites it).
 */
export async function restoreArchivedOrder(
  db: D1Database,
  bucket: ArchiveBucket,
  input: { businessId: number; businessOrderId: string; token: string; now: Date }
): Promise<{ orderId: string; restored: boolean }> {
  const answer = (restored: boolean) => ({ orderId: input.businessOrderId, restored })
  const row = await findArchivedOrder(db, input.businessId, input.businessOrderId)
  if (!row) {
    if (await orderOnline(db, input.businessId, input.businessOrderId)) return answer(false)
    throw new AppError('not_found', MESSAGES.archivedOrderNotFound)
  }
  const file = await readFile(bucket, row)
  try {
    const restored = await restoreRows(db, await orderTables(db), {
      archivedId: row.id,
      businessId: input.businessId,
      token: input.token,
      file,
      now: input.now.toISOString(),
    })
    return answer(restored)
  } catch (error) {
    // The batch rolled back: a row's id taken again since (ids are the shard's own).
    if (String(error).includes('UNIQUE constraint failed')) {
      throw new AppError('conflict', MESSAGES.archivedOrderIdClash, {
        details: { reason: 'id_in_use' },
      })
    }
    throw error
  }
}

/**
 * "Forget me" in the archive (README "Privacy", ADR 050): each archived order of the member, and
 * each guest order placed with their email, is rewritten without the person, as "forget me" blanks
 * the order in D1: the file is the accounting record (HMRC: six years), so it stays, with what was
 * sold, when and for how much, and loses the name, email, phone, addresses, point and
 * instructions. Each file is put back before the index row forgets the email's hash; a failed put
 * throws, and the erasure stops before anything in D1 (the member confirms again).
 */
export async function eraseFromArchive(
  db: D1Database,
  bucket: ArchiveBucket,
  person: { businessId: number; customerId: number; email: string },
  now: Date
): Promise<number> {
  const emailHash = await personHash(person.email)
  const rows = await archivedOrdersOfPerson(db, { ...person, emailHash })
  for (const row of rows) {
    const file = await readFile(bucket, row)
    const erased: ArchiveFile = {
      ...file,
      erasedAt: now.toISOString(),
      receipt: { ...file.receipt, deliveryAddress: null },
      tables: file.tables.map((table) =>
        table.name === 'orders'
          ? { ...table, rows: table.rows.map((order) => ({ ...order, ...ORDER_PERSONAL_COLUMNS })) }
          : table
      ),
    }
    await bucket.put(row.r2_key, JSON.stringify(erased), {
      httpMetadata: { contentType: 'application/json' },
    })
  }
  await forgetEmailHashStatement(db, person.businessId, emailHash).run()
  return rows.length
}
