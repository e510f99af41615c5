import type { FulfilmentMethod } from '../../schemas/constants.ts'
import { sha256Hex } from '../lib/crypto.ts'

/*
 * The basket as other domains know it: found by its token, its version and status, its timing.
 * Slots, checkout and catalogue read baskets through this module, below every domain, so none of
 * them imports the basket domain (which itself reads slot holds and catalogue prices). The basket
 * domain's own reads and writes are in basket/repo.ts.
 */

/** The basket's stored key: SHA-256 (hex) of the opaque basketToken (migration 0007). */
export function hashBasketToken(token: string): Promise<string> {
  return sha256Hex(token)
}

/**
 * SQL matching the basket (alias `b`, or the bare table) named by the token hash at the given
 * parameter: its first token (baskets.token_hash) or one issued to another browser of its member
 * (basket_tokens, migration 0057). Every lookup by token uses it, so all tokens name the basket.
 */
export function basketTokenMatch(hashParam: string, alias = 'baskets'): string {
  return `(${alias}.token_hash = ${hashParam} or ${alias}.id in
    (select basket_id from basket_tokens where token_hash = ${hashParam}))`
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

/**
 * What the basket guard (basket/access.ts) found for a call's token, kept for the call's handler
 * so the token is not looked up twice in one call (ADR 065): the business and token it looked
 * up, and the active basket they name (null: none, so a call that may goes on with a new one).
 */
export interface GuardedBasket {
  businessId: number
  token: string
  ref: BasketRef | null
}

/**
 * The active basket the token names, from the guard's find when it looked up this business and
 * token (no round trip), else read; null when there is none.
 */
export function findGuardedBasket(
  db: D1Database,
  guarded: GuardedBasket | undefined,
  businessId: number,
  token: string
): Promise<BasketRef | null> {
  if (guarded && guarded.businessId === businessId && guarded.token === token) {
    return Promise.resolve(guarded.ref)
  }
  return findBasketByToken(db, businessId, token)
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
       where ${basketTokenMatch('?1')} and business_id = ?2 and status = 'active'`
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

/**
 * Sets the basket's timing and method with a reservation (a batch of the slots service, which
 * bumps the version itself: it does not go through commitBasket).
 */
export function basketTimingStatement(
  db: D1Database,
  basketId: number,
  input: { timing: 'asap' | 'future'; method: FulfilmentMethod; now: Date }
): D1PreparedStatement {
  return db
    .prepare(
      `update baskets set fulfilment_timing = ?2, fulfilment_method = ?3, version = version + 1,
         updated_at = ?4 where id = ?1`
    )
    .bind(basketId, input.timing, input.method, input.now.toISOString())
}

/** The id of the basket this token names, active or checked out, or null. */
export async function findBasketIdByToken(
  db: D1Database,
  businessId: number,
  token: string
): Promise<number | null> {
  const row = await db
    .prepare(`select id from baskets where ${basketTokenMatch('?1')} and business_id = ?2`)
    .bind(await hashBasketToken(token), businessId)
    .first<{ id: number }>()
  return row?.id ?? null
}

/** Reads a basket's version and status (in a batch with the reads it is checked against). */
export function basketStateStatement(db: D1Database, basketId: number): D1PreparedStatement {
  return db.prepare(`select version, status from baskets where id = ?1`).bind(basketId)
}
