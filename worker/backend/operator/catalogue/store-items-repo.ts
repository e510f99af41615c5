import type { ImageSet } from '../../../../schemas/catalogue.ts'
import type { StoreItemRow } from '../../../../schemas/operator-catalogue.ts'

/*
 * A store's quick edit (ADR 029): its items with its own price, was price, stock and
 * availability beside the item's defaults. Every read and write is scoped by business_id.
 */

export async function findStore(
  db: D1Database,
  businessId: number,
  storeId: number
): Promise<{ storeId: number; name: string; slug: string } | null> {
  return db
    .prepare('select id as storeId, name, slug from stores where id = ?1 and business_id = ?2')
    .bind(storeId, businessId)
    .first<{ storeId: number; name: string; slug: string }>()
}

interface Row {
  item_id: number
  slug: string
  name: string
  size: string | null
  item_price: number
  item_was_price: number | null
  price: number | null
  was_price: number | null
  out_of_stock: number
  available: number
}

const toRow = (row: Row): StoreItemRow => ({
  itemId: row.item_id,
  slug: row.slug,
  name: row.name,
  size: row.size,
  itemPrice: row.item_price,
  itemWasPrice: row.item_was_price,
  price: row.price,
  wasPrice: row.was_price,
  outOfStock: row.out_of_stock === 1,
  available: row.available === 1,
})

const SELECT = `select m.id as item_id, m.slug, m.name, m.size, m.price as item_price,
         m.was_price as item_was_price, o.price, o.was_price,
         coalesce(o.out_of_stock, m.out_of_stock) as out_of_stock,
         coalesce(o.is_available, 1) as available
    from menu_items m
    left join store_menu_items o on o.menu_item_id = m.id and o.store_id = ?2`

/** A page of the store's items, by name, optionally those whose name contains `q`. */
export async function listStoreItems(
  db: D1Database,
  query: { businessId: number; storeId: number; q: string | null; limit: number; offset: number }
): Promise<{ items: Array<StoreItemRow>; total: number }> {
  const where = `where m.business_id = ?1 and (?3 is null or m.name like '%' || ?3 || '%')`
  const [page, count] = await db.batch([
    db
      .prepare(`${SELECT} ${where} order by m.name, m.id limit ?4 offset ?5`)
      .bind(query.businessId, query.storeId, query.q, query.limit, query.offset),
    db
      .prepare(`select count(*) as total from menu_items m ${where}`)
      .bind(query.businessId, query.storeId, query.q),
  ])
  const total = (count?.results[0] as { total: number } | undefined)?.total ?? 0
  return { items: ((page?.results ?? []) as Array<Row>).map(toRow), total }
}

/** The named items of the business as the store has them (absent ids are another's or gone). */
export async function storeItemsByIds(
  db: D1Database,
  businessId: number,
  storeId: number,
  itemIds: ReadonlyArray<number>
): Promise<Array<StoreItemRow>> {
  const { results } = await db
    .prepare(
      `${SELECT} where m.business_id = ?1 and m.id in (select value from json_each(?3))
        order by m.id`
    )
    .bind(businessId, storeId, JSON.stringify(itemIds))
    .all<Row>()
  return results.map(toRow)
}

/** Writes the store's own price, was price, stock and availability of the given items. */
export function upsertStoreItems(
  db: D1Database,
  storeId: number,
  items: ReadonlyArray<{
    itemId: number
    price: number | null
    wasPrice: number | null
    outOfStock: boolean
    available: boolean
  }>,
  at: string
): D1PreparedStatement {
  return db
    .prepare(
      `insert into store_menu_items
         (store_id, menu_item_id, price, was_price, out_of_stock, is_available, updated_at)
       select ?1, json_extract(j.value, '$.itemId'), json_extract(j.value, '$.price'),
              json_extract(j.value, '$.wasPrice'), json_extract(j.value, '$.outOfStock'),
              json_extract(j.value, '$.available'), ?3
         from json_each(?2) j where true
       on conflict (store_id, menu_item_id) do update set
         price = excluded.price, was_price = excluded.was_price,
         out_of_stock = excluded.out_of_stock, is_available = excluded.is_available,
         updated_at = excluded.updated_at`
    )
    .bind(storeId, JSON.stringify(items), at)
}

/** The item's pictures now (the audit's "before"), or null when it is not the business's. */
export async function findItemImages(
  db: D1Database,
  businessId: number,
  itemId: number
): Promise<{ name: string; originals: string; mdpi_1x: string } | null> {
  return db
    .prepare(
      `select name, image_originals as originals, image_mdpi_1x as mdpi_1x
         from menu_items where id = ?1 and business_id = ?2`
    )
    .bind(itemId, businessId)
    .first()
}

/** Points the item at its new pictures. */
export function setItemImages(
  db: D1Database,
  businessId: number,
  image: ImageSet & { itemId: number },
  at: string
): D1PreparedStatement {
  return db
    .prepare(
      `update menu_items set image_originals = ?3, image_mdpi_1x = ?4, image_xhdpi_2x = ?5,
              image_xxhdpi_3x = ?6, image_width = ?7, image_height = ?8, updated_at = ?9,
              image_webp_mdpi_1x = ?10, image_webp_xhdpi_2x = ?11, image_webp_xxhdpi_3x = ?12
        where id = ?1 and business_id = ?2`
    )
    .bind(
      image.itemId,
      businessId,
      image.originals,
      image.mdpi_1x,
      image.xhdpi_2x,
      image.xxhdpi_3x,
      image.width,
      image.height,
      at,
      // A picture without WebP copies clears the last one's.
      image.webp?.mdpi_1x ?? null,
      image.webp?.xhdpi_2x ?? null,
      image.webp?.xxhdpi_3x ?? null
    )
}

/** The area's home: how many categories and items, and the stores (by name). */
export async function catalogueOverview(db: D1Database, businessId: number) {
  const [counts, stores] = await db.batch([
    db
      .prepare(
        `select (select count(*) from categories where business_id = ?1) as categories,
                (select count(*) from menu_items where business_id = ?1) as items`
      )
      .bind(businessId),
    db
      .prepare(
        'select id as storeId, name, slug from stores where business_id = ?1 order by name, id'
      )
      .bind(businessId),
  ])
  const count = (counts?.results[0] ?? { categories: 0, items: 0 }) as {
    categories: number
    items: number
  }
  return {
    categories: count.categories,
    items: count.items,
    stores: (stores?.results ?? []) as Array<{ storeId: number; name: string; slug: string }>,
  }
}

/** An item's name and pictures, or null when it is not the business's. */
export async function findItem(db: D1Database, businessId: number, itemId: number) {
  return db
    .prepare(
      `select id as itemId, name, slug, image_originals as originals, image_mdpi_1x as mdpi_1x,
              image_xhdpi_2x as xhdpi_2x, image_xxhdpi_3x as xxhdpi_3x, image_width as width,
              image_height as height
         from menu_items where id = ?1 and business_id = ?2`
    )
    .bind(itemId, businessId)
    .first<{
      itemId: number
      name: string
      slug: string
      originals: string
      mdpi_1x: string
      xhdpi_2x: string
      xxhdpi_3x: string
      width: number
      height: number
    }>()
}
