import { PROGRESS_STATUSES } from '../../../schemas/order-states.ts'
import { basketTokenMatch } from '../basket-ref-repo.ts'
import { ofCallingBrand } from '../order-brand.ts'
import { ITEM_COLUMNS, ITEM_FROM, ITEM_SOLD, ITEM_TOBACCO, type ItemRow } from './items.ts'
import { rows, statement, STORE_EXISTS } from './repo.ts'

/*
 * What a member bought before at a store (ADR 004: SQL lives here). An item counts once per order
 * the store took (in progress or delivered): a declined, cancelled or rejected order bought
 * nothing. Orders are the member's, of the business and the calling brand (ADR 012), read through
 * orders_customer_store_placed; items are priced for the store and leave out what it no longer
 * sells and tobacco (never suggested, tobacco.ts).
 */

const BOUGHT = `o.status in (${PROGRESS_STATUSES.map((status) => `'${status}'`).join(', ')})`

export interface PurchaseQuery {
  businessId: number
  storeId: number
  brandId: number | null
  customerId: number
  /** Only items bought in at least this many orders (1: everything bought before). */
  minOrders: number
  /** Leave out the items of this basket (its token's hash). */
  basketTokenHash: string | null
  limit: number
  offset: number
}

/**
 * The member's earlier items at the store, bought in the most orders first, then the most
 * recently bought. Asks for one row more than `limit` so the caller knows whether a page follows.
 */
export async function findPurchasedItems(
  db: D1Database,
  query: PurchaseQuery
): Promise<{ storeFound: boolean; items: Array<ItemRow> }> {
  const params = [
    query.storeId,
    query.businessId,
    query.customerId,
    query.brandId,
    query.minOrders,
    query.basketTokenHash,
    query.limit + 1,
    query.offset,
  ]
  const bought = `select ol.menu_item_id, count(distinct o.id) as orders, max(o.placed_at) as last_at
    from orders o join order_lines ol on ol.order_id = o.id
    where o.customer_id = ?3 and o.store_id = ?1 and o.business_id = ?2 and ${BOUGHT}
      and ${ofCallingBrand('?4')} and ol.menu_item_id is not null and ol.parent_line_id is null
    group by ol.menu_item_id
    having count(distinct o.id) >= ?5`
  const [store, items] = await db.batch([
    statement(db, STORE_EXISTS, params),
    statement(
      db,
      // CROSS JOIN keeps the member's few items as the outer loop, so items are read by id.
      `with bought as (${bought})
       select ${ITEM_COLUMNS} from bought cross join ${ITEM_FROM}
       where m.id = bought.menu_item_id and ${ITEM_SOLD} and not ${ITEM_TOBACCO}
         and (?6 is null or m.id not in (
           select bl.menu_item_id from baskets b join basket_lines bl on bl.basket_id = b.id
           where ${basketTokenMatch('?6', 'b')} and b.business_id = ?2
             and bl.menu_item_id is not null
         ))
       order by bought.orders desc, bought.last_at desc, m.id
       limit ?7 offset ?8`,
      params
    ),
  ])
  return { storeFound: rows(store).length > 0, items: rows<ItemRow>(items) }
}
