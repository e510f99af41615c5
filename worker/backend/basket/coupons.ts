import type { z } from 'zod'
import type {
  Basket,
  CouponResult,
  ApplyCouponRequestSchema,
  RemoveCouponRequestSchema,
} from '../../../schemas/basket.ts'
import type { FulfilmentMethod } from '../../../schemas/constants.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { commitBasket, couponStatement, findCouponByCode, findCustomerCouponUse } from './repo.ts'
import type { RobotChecker } from '../robot-check.ts'
import { readBasket, requireBasket, withBasketRetry } from './read.ts'
import { answer, type BasketCall, changeBasket, rowsOf } from './change-steps.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { businessLocale } from '../businesses-repo.ts'

export async function removeCoupon(
  call: BasketCall,
  body: z.output<typeof RemoveCouponRequestSchema>
): Promise<Basket> {
  return changeBasket(call, body.businessId, body.basketToken, (rows) => [
    couponStatement(call.db, rows.basket.id, null),
  ])
}

/** A coupon refusal: its code and the text to show (spec §5 Coupon response). */
export interface CouponRejection {
  errorCode: string
  errorText: string
}

/**
 * Why a coupon cannot be applied to this basket now, or null when it can. Conditions the shopper
 * can still meet by signing in (members only, first order only) do not refuse: the coupon is then
 * applied with needsReapply.
 */
export function couponRejection(
  coupon: {
    is_active: number
    starts_at: string | null
    ends_at: string | null
    fulfilment_method: FulfilmentMethod | null
    minimum_spend: number
    max_redemptions: number | null
    redemption_count: number
    max_redemptions_per_customer: number | null
    first_order_only: number
  } | null,
  basket: {
    fulfilmentMethod: FulfilmentMethod
    discountedSubtotal: number
    customerRedemptions: number | null
    customerOrders: number | null
  },
  now: Date,
  shop: ShopLocale = GB_LOCALE
): CouponRejection | null {
  const at = now.toISOString()
  if (!coupon || coupon.is_active !== 1) {
    return { errorCode: 'COUPON_NOT_FOUND', errorText: MESSAGES.couponNotFound }
  }
  if (coupon.starts_at !== null && coupon.starts_at > at) {
    return { errorCode: 'COUPON_NOT_STARTED', errorText: MESSAGES.couponNotStarted }
  }
  if (coupon.ends_at !== null && coupon.ends_at <= at) {
    return { errorCode: 'COUPON_EXPIRED', errorText: MESSAGES.couponExpired }
  }
  if (coupon.fulfilment_method !== null && coupon.fulfilment_method !== basket.fulfilmentMethod) {
    return {
      errorCode: 'COUPON_FULFILMENT_METHOD',
      errorText: formatMessage('couponWrongMethod', coupon.fulfilment_method),
    }
  }
  if (basket.discountedSubtotal < coupon.minimum_spend) {
    return {
      errorCode: 'COUPON_MINIMUM_SPEND',
      errorText: formatMessage('couponMinimumSpend', formatMoney(coupon.minimum_spend, shop)),
    }
  }
  if (coupon.max_redemptions !== null && coupon.redemption_count >= coupon.max_redemptions) {
    return { errorCode: 'COUPON_USED_UP', errorText: MESSAGES.couponUsedUp }
  }
  if (
    coupon.max_redemptions_per_customer !== null &&
    basket.customerRedemptions !== null &&
    basket.customerRedemptions >= coupon.max_redemptions_per_customer
  ) {
    return { errorCode: 'COUPON_CUSTOMER_LIMIT', errorText: MESSAGES.couponCustomerLimit }
  }
  if (
    coupon.first_order_only === 1 &&
    basket.customerOrders !== null &&
    basket.customerOrders > 0
  ) {
    return { errorCode: 'COUPON_FIRST_ORDER_ONLY', errorText: MESSAGES.couponCustomerLimit }
  }
  return null
}

export async function applyCoupon(
  call: BasketCall,
  body: z.output<typeof ApplyCouponRequestSchema>,
  robots: RobotChecker,
  ip: string | null
): Promise<CouponResult> {
  const ref = await requireBasket(call, body.businessId, body.basketToken)
  const refuse = async (rejection: CouponRejection): Promise<CouponResult> => ({
    basket: await answer(call, body.businessId, ref.id),
    ...rejection,
    errorDisplay: rejection.errorText,
  })
  if (!(await robots.verify(body.verifyToken, ip))) {
    return refuse({ errorCode: 'ROBOT_CHECK_FAILED', errorText: MESSAGES.robotCheckFailed })
  }
  const code = body.coupon.toUpperCase()
  const coupon = await findCouponByCode(call.db, body.businessId, code)
  try {
    await withBasketRetry(async () => {
      const rows = await rowsOf(call, body.businessId, ref.id, ref.storeId)
      const current = await readBasket(
        call.db,
        body.businessId,
        ref.id,
        rows.basket.store_id,
        call.now
      )
      const customerId = rows.basket.customer_id
      const use =
        coupon && customerId !== null
          ? await findCustomerCouponUse(call.db, coupon.id, customerId)
          : null
      const rejection = couponRejection(
        coupon,
        {
          fulfilmentMethod: rows.basket.fulfilment_method,
          discountedSubtotal: current.totals.subtotal - current.totals.dealDiscount,
          customerRedemptions: use?.redemptions ?? null,
          customerOrders: use?.orders ?? null,
        },
        call.now,
        await businessLocale(call.db, body.businessId)
      )
      if (rejection || !coupon) throw new CouponRejectedError(rejection ?? couponNotFound())
      // Spec §4: a guest cannot prove membership or a first order; the coupon waits for sign-in.
      const needsReapply =
        customerId === null && (coupon.members_only === 1 || coupon.first_order_only === 1)
      await commitBasket(call.db, ref.id, current.version, call.now, [
        couponStatement(call.db, ref.id, { id: coupon.id, code: coupon.code, needsReapply }),
      ])
    })
  } catch (error) {
    if (error instanceof CouponRejectedError) return refuse(error.rejection)
    throw error
  }
  return { basket: await answer(call, body.businessId, ref.id) }
}

function couponNotFound(): CouponRejection {
  return { errorCode: 'COUPON_NOT_FOUND', errorText: MESSAGES.couponNotFound }
}

class CouponRejectedError extends Error {
  constructor(readonly rejection: CouponRejection) {
    super(rejection.errorText)
    this.name = 'CouponRejectedError'
  }
}
