import type { Context } from 'hono'
import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import { CouponFormPage } from './PromotionForms.tsx'
import { OperatorCouponSchema } from '../../../../../schemas/operator-promotions.ts'
import type { StaffProfile } from '../../../../../schemas/staff.ts'
import type { AppEnv } from '../../../../env.ts'
import { setFlash } from '../../../../lib/cookies/flash.ts'
import { redirectTo } from '../../../../lib/redirect.ts'
import { operatorOrRefuse } from '../access.ts'
import { auditHref } from '../audit-links.ts'
import { operatorChange, operatorRead } from '../backend.ts'
import { requestLocale } from '../../../shared/render.tsx'
import { operatorFrame, renderOperator } from '../render.tsx'
import { couponBodyOf, couponValuesOf, NEW_COUPON_VALUES } from './coupon-form.ts'
import { PROMOTION_PATHS, readPromotionForm } from './shared.ts'
import { formIdOf, saveRefusal } from '../form-posts.ts'

function renderCouponForm(
  c: Context<AppEnv>,
  staff: StaffProfile,
  couponId: number | null,
  form: { values: FormValues; errors: FormErrors; redemptions: number | null },
  status: 200 | 422 | 429 = 200
): Promise<Response> {
  return renderOperator(
    c,
    couponId ? 'Change a coupon' : 'Add a coupon',
    (chrome) => (
      <CouponFormPage
        props={{
          frame: operatorFrame(chrome, staff, 'promotions'),
          title: couponId ? `Change coupon ${form.values.code ?? ''}` : 'Add a coupon',
          action: PROMOTION_PATHS.coupon(couponId ?? 'new'),
          backHref: PROMOTION_PATHS.list,
          historyHref: couponId ? auditHref('coupon', couponId) : null,
          state: { values: form.values, errors: form.errors, idPrefix: 'coupon' },
        }}
        redemptions={form.redemptions}
      />
    ),
    status
  )
}

const getCoupon = (c: Context<AppEnv>, couponId: number) =>
  operatorRead(c, '/staff/operator/promotions/coupons/get', { couponId }, OperatorCouponSchema)

/** GET /store/operator/promotions/coupons/:id (or /new): the coupon form. */
export async function couponPage(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const couponId = formIdOf(c)
  if (couponId === null) {
    return renderCouponForm(c, access.staff, null, {
      values: NEW_COUPON_VALUES,
      errors: {},
      redemptions: null,
    })
  }
  const coupon = await getCoupon(c, couponId)
  return renderCouponForm(c, access.staff, couponId, {
    values: couponValuesOf(coupon, requestLocale(c)),
    errors: {},
    redemptions: coupon.redemptionCount,
  })
}

/** POST the coupon form: saved through operatorChange, or the form again with its errors. */
export async function couponForm(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const couponId = formIdOf(c)
  const { text } = await readPromotionForm(c)
  const current = couponId ? await getCoupon(c, couponId) : null
  const refuse = (errors: FormErrors, status: 422 | 429 = 422) =>
    renderCouponForm(
      c,
      access.staff,
      couponId,
      { values: text, errors, redemptions: current?.redemptionCount ?? null },
      status
    )
  const parsed = couponBodyOf(text, requestLocale(c))
  if (!parsed.ok) return refuse(parsed.errors)
  try {
    await operatorChange(c, {
      path: '/staff/operator/promotions/coupons/save',
      body: { ...parsed.body, ...(couponId ? { couponId } : {}) },
      schema: OperatorCouponSchema,
      // Coupons are read at the basket, never from the public cache.
      affects: [],
    })
  } catch (error) {
    const { errors, status } = saveRefusal(c, error)
    return refuse(errors, status)
  }
  setFlash(c, 'promoCouponSaved')
  return redirectTo(c, PROMOTION_PATHS.list, 303)
}
