import { nextRowId } from '../next-id-repo.ts'
import { formatMessage, MESSAGES } from '../../../../schemas/messages.ts'
import type { CouponSaveRequest, OperatorCoupon } from '../../../../schemas/operator-promotions.ts'
import { AppError } from '../../../lib/errors.ts'
import type { StaffCaller } from '../../staff/guard.ts'
import { auditStatement } from '../../audit-repo.ts'
import {
  type CouponRow,
  type CouponWrite,
  couponCodeTaken,
  findCouponRow,
  listCouponRows,
  writeCouponStatement,
} from './coupons-repo.ts'
import { businessTimeZone } from './ownership-repo.ts'
import { refuseFields } from './refusals.ts'
import { localOf, windowOf } from './schedule.ts'

function couponOf(row: CouponRow, timeZone: string): OperatorCoupon {
  return {
    couponId: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value,
    minimumSpend: row.minimum_spend,
    maximumDiscount: row.maximum_discount,
    fulfilmentMethod: row.fulfilment_method,
    membersOnly: row.members_only === 1,
    firstOrderOnly: row.first_order_only === 1,
    startsAt: localOf(row.starts_at, timeZone),
    endsAt: localOf(row.ends_at, timeZone),
    startsAtUtc: row.starts_at,
    endsAtUtc: row.ends_at,
    maxRedemptions: row.max_redemptions,
    maxRedemptionsPerCustomer: row.max_redemptions_per_customer,
    redemptionCount: row.redemption_count,
    isActive: row.is_active === 1,
  }
}

/** The business's coupons with the redemptions each has had. */
export async function listCoupons(db: D1Database, businessId: number) {
  const [rows, timeZone] = await Promise.all([
    listCouponRows(db, businessId),
    businessTimeZone(db, businessId),
  ])
  return { timeZone, coupons: rows.map((row) => couponOf(row, timeZone)) }
}

export async function getCoupon(db: D1Database, businessId: number, couponId: number) {
  const [row, timeZone] = await Promise.all([
    findCouponRow(db, businessId, couponId),
    businessTimeZone(db, businessId),
  ])
  if (!row) throw new AppError('not_found', MESSAGES.promoCouponNotFound)
  return couponOf(row, timeZone)
}

const limitRefusal = (redemptions: number) =>
  refuseFields([
    {
      field: 'maxRedemptions',
      message: formatMessage('promoCouponLimitBelowRedemptions', redemptions),
    },
  ])

/**
 * Creates or replaces a coupon and records it in one batch (ADR 027). A total limit below the
 * redemptions already made is refused (the redemption invariant of migration 0005), also when a
 * redemption lands between reading and writing: the table's CHECK then fails the batch, so
 * neither the change nor its audit row is written.
 */
export async function saveCoupon(
  db: D1Database,
  caller: StaffCaller,
  body: CouponSaveRequest,
  at: string
): Promise<OperatorCoupon> {
  const businessId = caller.businessId
  const timeZone = await businessTimeZone(db, businessId)
  const before = body.couponId === undefined ? null : await getCoupon(db, businessId, body.couponId)
  const window = windowOf(body, timeZone)
  const errors = 'errors' in window ? window.errors : []
  if (await couponCodeTaken(db, businessId, body.code, body.couponId ?? null)) {
    errors.push({ field: 'code', message: MESSAGES.promoCouponCodeTaken })
  }
  if (before && body.maxRedemptions !== null && body.maxRedemptions < before.redemptionCount) {
    errors.push({
      field: 'maxRedemptions',
      message: formatMessage('promoCouponLimitBelowRedemptions', before.redemptionCount),
    })
  }
  if ('errors' in window || errors.length > 0) throw refuseFields(errors)
  const id = body.couponId ?? (await nextRowId(db, 'coupons'))
  const row: CouponWrite = {
    id,
    business_id: businessId,
    code: body.code,
    description: body.description,
    kind: body.kind,
    value: body.kind === 'free_delivery' ? 0 : body.value,
    minimum_spend: body.minimumSpend,
    maximum_discount: body.maximumDiscount,
    fulfilment_method: body.fulfilmentMethod,
    members_only: body.membersOnly ? 1 : 0,
    first_order_only: body.firstOrderOnly ? 1 : 0,
    starts_at: window.window.startsAt,
    ends_at: window.window.endsAt,
    max_redemptions: body.maxRedemptions,
    max_redemptions_per_customer: body.maxRedemptionsPerCustomer,
    is_active: body.isActive ? 1 : 0,
    at,
  }
  const after = couponOf({ ...row, redemption_count: before?.redemptionCount ?? 0 }, timeZone)
  const batch = db.batch([
    writeCouponStatement(db, row, before === null),
    auditStatement(db, {
      businessId,
      staffId: caller.staffId,
      action: before ? 'coupon.update' : 'coupon.create',
      entity: 'coupon',
      entityId: id,
      before,
      after,
      summary: before ? `Coupon ${body.code} changed` : `Coupon ${body.code} created`,
      at,
    }),
  ])
  try {
    await batch
  } catch (error) {
    if (!before || !/CHECK constraint failed/i.test(String(error))) throw error
    throw limitRefusal((await getCoupon(db, businessId, id)).redemptionCount)
  }
  return getCoupon(db, businessId, id)
}
