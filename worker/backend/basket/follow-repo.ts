import { BasketVersionConflict } from './repo.ts'

/*
 * The statements of a member's basket following them (basket/follow.ts): find their basket, give
 * a browser its own token for it, close the basket a merge emptied, commit both behind their
 * versions.
 */

/** The member's newest active basket of the business and brand (an unbound one too), if any. */
export async function findMemberBasket(
  db: D1Database,
  input: { businessId: number; brandId: number | null; customerId: number }
): Promise<{ id: number; storeId: number | null } | null> {
  const row = await db
    .prepare(
      `select id, store_id from baskets
       where business_id = ?1 and customer_id = ?2 and status = 'active'
         and (?3 is null or brand_id is null or brand_id = ?3)
       order by id desc limit 1`
    )
    .bind(input.businessId, input.customerId, input.brandId)
    .first<{ id: number; store_id: number | null }>()
  return row ? { id: row.id, storeId: row.store_id } : null
}

/** Another token naming the basket, for one more browser of its member (migration 0057). */
export function insertBasketTokenStatement(
  db: D1Database,
  basketId: number,
  tokenHash: string
): D1PreparedStatement {
  return db
    .prepare('insert into basket_tokens (token_hash, basket_id) values (?1, ?2)')
    .bind(tokenHash, basketId)
}

/**
 * Closes the browser's basket whose lines a merge moved (or left out), if it is still active at
 * `version`; otherwise the version check fails and the batch rolls back, so a basket is merged
 * once however many sign-ins race, and it can never be checked out after.
 */
export function closeMergedBasketStatement(
  db: D1Database,
  basketId: number,
  version: number,
  now: Date
): D1PreparedStatement {
  return db
    .prepare(
      `update baskets set
         status = case when version = ?2 and status = 'active' then 'abandoned' else status end,
         version = case when version = ?2 and status = 'active' then version + 1 else 0 end,
         updated_at = ?3
       where id = ?1`
    )
    .bind(basketId, version, now.toISOString())
}

/**
 * Runs a merge's statements as one transaction behind the member basket's version guard (as
 * commitBasket) and the closing of the browser's basket. A lost race throws BasketVersionConflict
 * (the caller reads both again and plans anew).
 */
export async function commitMerge(
  db: D1Database,
  member: { id: number; version: number },
  guest: { id: number; version: number },
  now: Date,
  statements: ReadonlyArray<D1PreparedStatement>
): Promise<void> {
  const guard = db
    .prepare(
      `update baskets set version = case when version = ?2 then version + 1 else 0 end,
         updated_at = ?3 where id = ?1`
    )
    .bind(member.id, member.version, now.toISOString())
  try {
    await db.batch([
      guard,
      closeMergedBasketStatement(db, guest.id, guest.version, now),
      ...statements,
    ])
  } catch (error) {
    if (error instanceof Error && /CHECK constraint failed/i.test(error.message)) {
      const rows = await db
        .prepare('select id, version, status from baskets where id in (?1, ?2)')
        .bind(member.id, guest.id)
        .all<{ id: number; version: number; status: string }>()
      const moved = rows.results.some(
        (row) =>
          row.version !== (row.id === member.id ? member.version : guest.version) ||
          row.status !== 'active'
      )
      if (moved) throw new BasketVersionConflict()
    }
    throw error
  }
}
