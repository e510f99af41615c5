import type { FULFILMENT_METHODS } from '../../../schemas/constants.ts'

type FulfilmentMethod = (typeof FULFILMENT_METHODS)[number]

/** The basket's stored key: SHA-256 (hex) of the opaque basketToken (migration 0007). */
export async function hashBasketToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** What other domains need to know of a basket found by its token. */
export interface BasketRef {
  id: number
  storeId: number | null
  fulfilmentMethod: FulfilmentMethod
  status: 'active'
  version: number
}

interface BasketRefRow {
  id: number
  store_id: number | null
  fulfilment_method: FulfilmentMethod
  version: number
}

/** The active basket of the business whose token this is, or null (unknown, other business, checked out). */
export async function findBasketByToken(
  db: D1Database,
  businessId: number,
  token: string
): Promise<BasketRef | null> {
  const row = await db
    .prepare(
      `select id, store_id, fulfilment_method, version from baskets
       where token_hash = ? and business_id = ? and status = 'active'`
    )
    .bind(await hashBasketToken(token), businessId)
    .first<BasketRefRow>()
  if (!row) return null
  return {
    id: row.id,
    storeId: row.store_id,
    fulfilmentMethod: row.fulfilment_method,
    status: 'active',
    version: row.version,
  }
}
