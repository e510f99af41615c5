import { ITEM_COLUMNS, ITEM_FROM, ITEM_SOLD, type ItemRow } from '../catalogue/items.ts'
import { rows, statement, STORE_EXISTS } from '../catalogue/repo.ts'

/*
 * A member's favourite items (ADR 004: SQL lives here). Every statement names the member and the
 * business; an item of another business can never become one (the insert reads it by both).
 */

/**
 * Makes the item a favourite; true when the business has such an item. A second add changes
 * nothing (the row's key is the member and the item).
 */
export async function addFavourite(
  db: D1Database,
  input: { businessId: number; customerId: number; menuItemId: number; now: string }
): Promise<boolean> {
  const [, found] = await db.batch([
    db
      .prepare(
        `insert into favourites (customer_id, business_id, menu_item_id, created_at)
         select ?1, ?2, m.id, ?4 from menu_items m where m.id = ?3 and m.business_id = ?2
         on conflict (customer_id, menu_item_id) do nothing`
      )
      .bind(input.customerId, input.businessId, input.menuItemId, input.now),
    db
      .prepare('select 1 as found from menu_items where id = ?1 and business_id = ?2')
      .bind(input.menuItemId, input.businessId),
  ])
  return rows(found).length > 0
}

/** The item is no longer a favourite (it may never have been one). */
export async function removeFavourite(
  db: D1Database,
  input: { businessId: number; customerId: number; menuItemId: number }
): Promise<void> {
  await db
    .prepare(
      'delete from favourites where customer_id = ?1 and business_id = ?2 and menu_item_id = ?3'
    )
    .bind(input.customerId, input.businessId, input.menuItemId)
    .run()
}

/** Which of `ids` are the member's favourites. */
export async function findFavouriteIds(
  db: D1Database,
  input: { businessId: number; customerId: number; ids: ReadonlyArray<number> }
): Promise<Array<number>> {
  if (input.ids.length === 0) return []
  const { results } = await db
    .prepare(
      `select f.menu_item_id from favourites f join json_each(?3) j on j.value = f.menu_item_id
       where f.customer_id = ?1 and f.business_id = ?2`
    )
    .bind(input.customerId, input.businessId, JSON.stringify(input.ids))
    .all<{ menu_item_id: number }>()
  return results.map((row) => row.menu_item_id)
}

/**
 * The member's favourites the store sells, newest first, priced for it; one row more than
 * `limit` so the caller knows whether a page follows.
 */
export async function findFavouriteItems(
  db: D1Database,
  query: {
    businessId: number
    storeId: number
    customerId: number
    limit: number
    offset: number
  }
): Promise<{ storeFound: boolean; items: Array<ItemRow> }> {
  const params = [query.storeId, query.businessId, query.customerId, query.limit + 1, query.offset]
  const [store, items] = await db.batch([
    statement(db, STORE_EXISTS, params),
    statement(
      db,
      `select ${ITEM_COLUMNS} from favourites f cross join ${ITEM_FROM}
       where f.customer_id = ?3 and f.business_id = ?2 and m.id = f.menu_item_id and ${ITEM_SOLD}
       order by f.id desc limit ?4 offset ?5`,
      params
    ),
  ])
  return { storeFound: rows(store).length > 0, items: rows<ItemRow>(items) }
}
