/*
 * Claiming an order's coupon use (issue 36.3). A coupon's limits are checked where its use is
 * recorded, in the order's confirm batch, so concurrent confirms cannot take more uses than the
 * coupon has: the total limit (max_redemptions) and the per-shopper one
 * (max_redemptions_per_customer: the member's uses, or the email's for a guest).
 */

/** The order's coupon whose limits are checked. */
export interface CouponClaim {
  couponId: number
  orderId: number
  customerId: number | null
  email: string
  /** The discount the order was priced with, in pence. */
  amount: number
}

// ?1 coupon, ?3 customer (or null), ?4 email: whether coupon `c` has a use left for this shopper.
const HAS_USE_LEFT = `(c.max_redemptions is null or c.redemption_count < c.max_redemptions)
  and (c.max_redemptions_per_customer is null
       or (select count(*) from coupon_redemptions r
           where r.coupon_id = c.id and r.status != 'released'
             and (r.email = lower(?4) or (?3 is not null and r.customer_id = ?3)))
          < c.max_redemptions_per_customer)`

/**
 * The confirm batch's first statements: the use is recorded only while the coupon has one left for
 * this shopper, and the count moves with it. When no use was recorded for the order (the coupon
 * ran out), the count's update writes -1, which breaks the coupons table's check: D1 rolls the
 * whole batch back, so the order is not placed at all (orders.ts turns that into the refusal).
 * An order already holding its use (a concurrent confirm of the same order won) leaves the count.
 */
export function claimCouponStatements(
  db: D1Database,
  claim: CouponClaim,
  at: string
): Array<D1PreparedStatement> {
  return [
    db
      .prepare(
        `insert into coupon_redemptions (coupon_id, order_id, customer_id, email, amount, status,
           created_at)
         select c.id, ?2, ?3, lower(?4), ?5, 'redeemed', ?6 from coupons c
         where c.id = ?1 and ${HAS_USE_LEFT}
         on conflict (coupon_id, order_id) do nothing`
      )
      .bind(claim.couponId, claim.orderId, claim.customerId, claim.email, claim.amount, at),
    db
      .prepare(
        `update coupons set
           redemption_count = case
             when changes() = 1 then redemption_count + 1
             when exists (select 1 from coupon_redemptions where coupon_id = ?1 and order_id = ?2)
               then redemption_count
             else -1 end,
           updated_at = ?3
         where id = ?1`
      )
      .bind(claim.couponId, claim.orderId, at),
  ]
}

/**
 * Whether the order holds its use of the coupon, or the coupon still has one for this shopper
 * (the check before any money is taken).
 */
export async function couponHasUseLeft(
  db: D1Database,
  claim: Omit<CouponClaim, 'amount'>
): Promise<boolean> {
  const row = await db
    .prepare(
      `select 1 as ok from coupons c where c.id = ?1
         and (exists (select 1 from coupon_redemptions where coupon_id = ?1 and order_id = ?2)
              or (${HAS_USE_LEFT}))`
    )
    .bind(claim.couponId, claim.orderId, claim.customerId, claim.email)
    .first()
  return row !== null
}

/** Whether the batch failed on the coupons table's check (the claim's deliberate rollback). */
export function isCouponClaimRollback(error: unknown): boolean {
  return error instanceof Error && /CHECK constraint failed/i.test(error.message)
}

/**
 * Takes the coupon off the basket the refused order came from and moves its version on, so the
 * order's draft (priced with it) can no longer be paid and the basket prices without it.
 */
export function dropCouponStatement(
  db: D1Database,
  basketId: number,
  couponId: number,
  at: string
): D1PreparedStatement {
  return db
    .prepare(
      `update baskets set coupon_id = null, coupon_code = null, coupon_needs_reapply = 0,
         version = version + 1, updated_at = ?3
       where id = ?1 and coupon_id = ?2`
    )
    .bind(basketId, couponId, at)
}
