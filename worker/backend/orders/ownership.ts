import { findBasketIdByToken } from '../basket-ref-repo.ts'

/** True when the basket this token names (active or checked out) is the order's basket. */
export async function tokenOwnsOrder(
  db: D1Database,
  businessId: number,
  basketToken: string,
  basketId: number | null
): Promise<boolean> {
  if (basketId === null) return false
  return (await findBasketIdByToken(db, businessId, basketToken)) === basketId
}
