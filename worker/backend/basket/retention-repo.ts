/*
 * How long a basket nobody uses is kept (README "Privacy"): a guest's basket holds a name, an
 * email, a phone and an address typed at checkout, with nothing to show for it once abandoned.
 * A member's basket follows them (ADR 008), so it is kept longer. A basket an order came from,
 * or one holding a slot, is never deleted here.
 */

/** Days without a change after which an unused guest basket is deleted. */
export const GUEST_BASKET_RETENTION_DAYS = 30
/** Days without a change after which a member's unused basket is deleted. */
export const MEMBER_BASKET_RETENTION_DAYS = 180

const DAY_MS = 86_400_000

/** Deletes abandoned baskets (their lines and released holds go with them); the count. */
export async function deleteAbandonedBaskets(db: D1Database, now: Date): Promise<number> {
  const guestsBefore = new Date(now.getTime() - GUEST_BASKET_RETENTION_DAYS * DAY_MS)
  const membersBefore = new Date(now.getTime() - MEMBER_BASKET_RETENTION_DAYS * DAY_MS)
  const result = await db
    .prepare(
      `delete from baskets
       where status != 'checked_out'
         and updated_at < case when customer_id is null then ?1 else ?2 end
         and not exists (select 1 from orders where orders.basket_id = baskets.id)
         and not exists (select 1 from slot_reservations r
                         where r.basket_id = baskets.id and r.status in ('held', 'confirmed'))`
    )
    .bind(guestsBefore.toISOString(), membersBefore.toISOString())
    .run()
  return result.meta.changes
}
