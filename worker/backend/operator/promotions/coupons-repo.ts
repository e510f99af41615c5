// The operator console's coupons (ADR 027; SQL only here, ADR 004), business-scoped throughout.

export interface CouponRow {
  id: number
  code: string
  description: string | null
  kind: 'percent' | 'amount' | 'free_delivery'
  value: number
  minimum_spend: number
  maximum_discount: number | null
  fulfilment_method: 'delivery' | 'collection' | null
  members_only: number
  first_order_only: number
  starts_at: string | null
  ends_at: string | null
  max_redemptions: number | null
  max_redemptions_per_customer: number | null
  redemption_count: number
  is_active: number
}

const COUPON_COLUMNS = `id, code, description, kind, value, minimum_spend, maximum_discount,
  fulfilment_method, members_only, first_order_only, starts_at, ends_at, max_redemptions,
  max_redemptions_per_customer, redemption_count, is_active`

export async function listCouponRows(db: D1Database, businessId: number) {
  const { results } = await db
    .prepare(
      `select ${COUPON_COLUMNS} from coupons where business_id = ?1
        order by is_active desc, code`
    )
    .bind(businessId)
    .all<CouponRow>()
  return results
}

export function findCouponRow(db: D1Database, businessId: number, couponId: number) {
  return db
    .prepare(`select ${COUPON_COLUMNS} from coupons where id = ?1 and business_id = ?2`)
    .bind(couponId, businessId)
    .first<CouponRow>()
}

export async function couponCodeTaken(
  db: D1Database,
  businessId: number,
  code: string,
  exceptId: number | null
): Promise<boolean> {
  const row = await db
    .prepare(`select 1 as taken from coupons where business_id = ?1 and code = ?2 and id is not ?3`)
    .bind(businessId, code, exceptId)
    .first()
  return row !== null
}

export type CouponWrite = Omit<CouponRow, 'redemption_count'> & { business_id: number; at: string }

/**
 * Inserts or updates a coupon; never its redemption count. A limit below the redemptions made
 * (even since the form was read) fails the table's CHECK, and with it the whole batch.
 */
export function writeCouponStatement(
  db: D1Database,
  coupon: CouponWrite,
  create: boolean
): D1PreparedStatement {
  const values = [
    coupon.id,
    coupon.business_id,
    coupon.code,
    coupon.description,
    coupon.kind,
    coupon.value,
    coupon.minimum_spend,
    coupon.maximum_discount,
    coupon.fulfilment_method,
    coupon.members_only,
    coupon.first_order_only,
    coupon.starts_at,
    coupon.ends_at,
    coupon.max_redemptions,
    coupon.max_redemptions_per_customer,
    coupon.is_active,
    coupon.at,
  ]
  return create
    ? db
        .prepare(
          `insert into coupons (id, business_id, code, description, kind, value, minimum_spend,
             maximum_discount, fulfilment_method, members_only, first_order_only, starts_at,
             ends_at, max_redemptions, max_redemptions_per_customer, is_active, created_at,
             updated_at)
           values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?17)`
        )
        .bind(...values)
    : db
        .prepare(
          `update coupons set code = ?3, description = ?4, kind = ?5, value = ?6,
             minimum_spend = ?7, maximum_discount = ?8, fulfilment_method = ?9,
             members_only = ?10, first_order_only = ?11, starts_at = ?12, ends_at = ?13,
             max_redemptions = ?14, max_redemptions_per_customer = ?15, is_active = ?16,
             updated_at = ?17
           where id = ?1 and business_id = ?2`
        )
        .bind(...values)
}
