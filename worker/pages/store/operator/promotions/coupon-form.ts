import type { FormValues } from '../../../../../client/lib/form-values.ts'
import { MESSAGES } from '../../../../../schemas/messages.ts'
import type { OperatorCoupon } from '../../../../../schemas/operator-promotions.ts'
import { FormReader, type FormText, poundsText } from '../form-values.ts'

/** The coupon form as the backend's coupons/save body (without couponId), or its errors. */
export function couponBodyOf(
  form: FormText
): { ok: true; body: Record<string, unknown> } | { ok: false; errors: FormReader['errors'] } {
  const read = new FormReader(form)
  const kind = read.text('kind')
  const method = read.text('fulfilmentMethod')
  const value =
    kind === 'percent'
      ? read.whole('value')
      : kind === 'amount'
        ? read.pence('value', MESSAGES.promoCouponValueAmount)
        : 0
  const body = {
    code: read.text('code'),
    description: read.optionalText('description'),
    kind,
    value: value ?? 0,
    minimumSpend: read.pence('minimumSpend', MESSAGES.promoAmountRequired) ?? 0,
    maximumDiscount: read.pence('maximumDiscount', MESSAGES.promoAmountRequired),
    fulfilmentMethod: method === 'delivery' || method === 'collection' ? method : null,
    membersOnly: read.ticked('membersOnly'),
    firstOrderOnly: read.ticked('firstOrderOnly'),
    startsAt: read.optionalText('startsAt'),
    endsAt: read.optionalText('endsAt'),
    maxRedemptions: read.whole('maxRedemptions'),
    maxRedemptionsPerCustomer: read.whole('maxRedemptionsPerCustomer'),
    isActive: read.ticked('isActive'),
  }
  return read.ok ? { ok: true, body } : { ok: false, errors: read.errors }
}

const wholeText = (value: number | null) => (value === null ? '' : String(value))

export function couponValuesOf(coupon: OperatorCoupon): FormValues {
  return {
    code: coupon.code,
    description: coupon.description ?? '',
    kind: coupon.kind,
    value:
      coupon.kind === 'percent'
        ? String(coupon.value)
        : coupon.kind === 'amount'
          ? poundsText(coupon.value)
          : '',
    minimumSpend: poundsText(coupon.minimumSpend),
    maximumDiscount: poundsText(coupon.maximumDiscount),
    fulfilmentMethod: coupon.fulfilmentMethod ?? '',
    membersOnly: coupon.membersOnly ? 'on' : '',
    firstOrderOnly: coupon.firstOrderOnly ? 'on' : '',
    startsAt: coupon.startsAt ?? '',
    endsAt: coupon.endsAt ?? '',
    maxRedemptions: wholeText(coupon.maxRedemptions),
    maxRedemptionsPerCustomer: wholeText(coupon.maxRedemptionsPerCustomer),
    isActive: coupon.isActive ? 'on' : '',
  }
}

export const NEW_COUPON_VALUES: FormValues = { kind: 'percent', isActive: 'on' }
