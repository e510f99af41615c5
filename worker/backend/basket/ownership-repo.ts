import type { FulfilmentMethod } from '../../../schemas/constants.ts'
import { type BasketRef, basketTokenMatch, hashBasketToken } from '../basket-ref-repo.ts'

/*
 * Who a basket answers to, for the basket guard (access.ts), which alone reads and binds it.
 */

/**
 * Who a basket answers to: its member (null for a guest basket) and its brand (null: unbound);
 * and, when it is active, the basket as other calls find it by its token.
 */
export interface BasketOwnership {
  id: number
  customerId: number | null
  brandId: number | null
  active: BasketRef | null
}

/**
 * The owner and brand of the basket of the business whose token this is, whatever its status
 * (a checked-out basket's token still names its orders). Only basket/access.ts reads this: every
 * call carrying a token passes through it.
 */
export async function findBasketOwnership(
  db: D1Database,
  businessId: number,
  token: string
): Promise<BasketOwnership | null> {
  const row = await db
    .prepare(
      `select id, customer_id, brand_id, status, store_id, fulfilment_method, version
       from baskets where ${basketTokenMatch('?1')} and business_id = ?2`
    )
    .bind(await hashBasketToken(token), businessId)
    .first<{
      id: number
      customer_id: number | null
      brand_id: number | null
      status: string
      store_id: number | null
      fulfilment_method: FulfilmentMethod
      version: number
    }>()
  if (!row) return null
  return {
    id: row.id,
    customerId: row.customer_id,
    brandId: row.brand_id,
    active:
      row.status === 'active'
        ? {
            id: row.id,
            storeId: row.store_id,
            fulfilmentMethod: row.fulfilment_method,
            status: 'active',
            version: row.version,
          }
        : null,
  }
}

/**
 * Binds an unbound basket to a brand of its business (a basket from before baskets had a brand,
 * or created by a call that named none) and answers the basket's brand after it: the one it
 * already had, the given one, or null when brandId is no brand of the business.
 */
export async function bindBasketBrand(
  db: D1Database,
  basketId: number,
  brandId: number
): Promise<number | null> {
  const row = await db
    .prepare(
      `update baskets set brand_id = coalesce(brand_id,
         (select b.id from brands b where b.id = ?2 and b.business_id = baskets.business_id))
       where id = ?1 returning brand_id`
    )
    .bind(basketId, brandId)
    .first<{ brand_id: number | null }>()
  return row?.brand_id ?? null
}
