import { MESSAGES } from '../../../../schemas/messages.ts'
import type { z } from 'zod'
import {
  QUICK_EDIT_PAGE_SIZE,
  type StoreItemsUpdateSchema,
} from '../../../../schemas/operator-catalogue.ts'
import { formatMessage } from '../../../../schemas/messages.ts'
import { AppError } from '../../../lib/errors.ts'
import { checkImage, type MediaStore } from '../../media/images.ts'
import { auditStatement } from '../../audit-repo.ts'
import { priceCell } from './csv-format.ts'
import { storeItemImage } from './item-image.ts'
import {
  findItemImages,
  findStore,
  listStoreItems,
  setItemImages,
  storeItemsByIds,
  upsertStoreItems,
} from './store-items-repo.ts'

/*
 * The quick edit of a store's prices and stock, and item pictures (ADR 029). Ids are looked up
 * with the caller's business: another business's store or item is not found.
 */

interface Caller {
  businessId: number
  staffId: number
}

async function storeOf(db: D1Database, businessId: number, storeId: number) {
  const store = await findStore(db, businessId, storeId)
  if (!store) throw new AppError('not_found', MESSAGES.storeNotFound)
  return store
}

/** A page of the store's items by name. */
export async function storeItemsPage(
  db: D1Database,
  businessId: number,
  query: { storeId: number; q?: string | undefined; page: number }
) {
  const store = await storeOf(db, businessId, query.storeId)
  const { items, total } = await listStoreItems(db, {
    businessId,
    storeId: store.storeId,
    q: query.q ? query.q : null,
    limit: QUICK_EDIT_PAGE_SIZE,
    offset: (query.page - 1) * QUICK_EDIT_PAGE_SIZE,
  })
  return { store, items, total, page: query.page, pages: Math.ceil(total / QUICK_EDIT_PAGE_SIZE) }
}

/**
 * Saves a few of a store's items in one change: one audit entry (before and after of each),
 * refused whole (422 at `items.<i>.wasPrice`) if a was price is not above the price it shows.
 */
export async function updateStoreItems(
  db: D1Database,
  caller: Caller,
  input: z.output<typeof StoreItemsUpdateSchema>,
  at: string
): Promise<{ updated: number }> {
  const store = await storeOf(db, caller.businessId, input.storeId)
  const ids = [...new Set(input.items.map((item) => item.itemId))]
  const before = await storeItemsByIds(db, caller.businessId, store.storeId, ids)
  if (before.length !== ids.length) throw new AppError('not_found', MESSAGES.productNotFound)
  const byId = new Map(before.map((row) => [row.itemId, row]))
  const fields = input.items.flatMap((item, index) => {
    const price = item.price ?? byId.get(item.itemId)?.itemPrice ?? 0
    return item.wasPrice !== null && item.wasPrice <= price
      ? [
          {
            field: `items.${index}.wasPrice`,
            message: formatMessage('catalogueCsvWasPrice', priceCell(price)),
          },
        ]
      : []
  })
  if (fields.length > 0) {
    throw new AppError('validation_error', fields[0]?.message ?? '', { fields })
  }
  await db.batch([
    upsertStoreItems(db, store.storeId, input.items, at),
    auditStatement(db, {
      businessId: caller.businessId,
      staffId: caller.staffId,
      action: 'store_items.update',
      entity: 'store',
      entityId: store.storeId,
      before,
      after: input.items,
      summary: `Prices and stock of ${input.items.length} item(s) at ${store.name} changed`,
      at,
    }),
  ])
  return { updated: input.items.length }
}

/** Checks, resizes and stores an item's new picture, then points the item at it (audited). */
export async function uploadItemImage(
  db: D1Database,
  bucket: MediaStore,
  caller: Caller,
  input: { itemId: number; bytes: Uint8Array },
  at: string
) {
  const item = await findItemImages(db, caller.businessId, input.itemId)
  if (!item) throw new AppError('not_found', MESSAGES.productNotFound)
  const image = await checkImage(input.bytes, 'file')
  const stored = await storeItemImage(bucket, caller.businessId, image)
  const after = { itemId: input.itemId, ...stored }
  await db.batch([
    setItemImages(db, caller.businessId, after, at),
    auditStatement(db, {
      businessId: caller.businessId,
      staffId: caller.staffId,
      action: 'menu_item.image',
      entity: 'menu_item',
      entityId: input.itemId,
      before: { originals: item.originals, mdpi_1x: item.mdpi_1x },
      after,
      summary: `New picture for ${item.name}`,
      at,
    }),
  ])
  return after
}
