import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import { fieldNames } from '../../../../../schemas/forms/field-names.ts'
import { GB_LOCALE, type ShopLocale } from '../../../../../schemas/locale.ts'
import { MESSAGES } from '../../../../../schemas/messages.ts'
import type { OperatorCoupon } from '../../../../../schemas/operator-promotions.ts'
import {
  formText,
  optionalText,
  penceOf,
  poundsText,
  readPost,
  ticked,
  type FormText,
  wholeNumber,
} from '../form-values.ts'
import { methodChoice } from './banner-form.ts'
import { ScheduleFormSchema } from './schedule-form.ts'

/**
 * The coupon form (ADR 057, the schemas/forms pattern): PromotionForms.tsx takes its field names
 * from this schema and coupons.tsx reads a post with it. `value` is read by its kind: a whole
 * percentage, or pounds.
 */
export function couponFormSchema(shop: ShopLocale) {
  return ScheduleFormSchema.omit({ position: true }).extend({
    code: formText,
    description: optionalText,
    kind: formText,
    value: formText,
    /** In the shop's currency, as its people type it (ADR 072). */
    minimumSpend: penceOf(MESSAGES.promoAmountRequired, shop).transform((pence) => pence ?? 0),
    maximumDiscount: penceOf(MESSAGES.promoAmountRequired, shop),
    fulfilmentMethod: methodChoice,
    membersOnly: ticked,
    firstOrderOnly: ticked,
    maxRedemptions: wholeNumber,
    maxRedemptionsPerCustomer: wholeNumber,
  })
}

export const COUPON_FIELDS = fieldNames(couponFormSchema(GB_LOCALE))

/** The coupon's value as its kind reads it: a percentage, pence, or nothing (free delivery). */
function couponValue(kind: string, typed: string | undefined, shop: ShopLocale) {
  const reader =
    kind === 'percent'
      ? wholeNumber
      : kind === 'amount'
        ? penceOf(MESSAGES.promoCouponValueAmount, shop)
        : null
  if (reader === null) return { ok: true as const, value: 0 }
  const read = reader.safeParse(typed)
  return read.success
    ? { ok: true as const, value: read.data ?? 0 }
    : { ok: false as const, message: read.error.issues[0]?.message ?? MESSAGES.validationError }
}

/** The coupon form as the backend's coupons/save body (without couponId), or its errors. */
export function couponBodyOf(
  form: FormText,
  shop: ShopLocale = GB_LOCALE
): { ok: true; body: Record<string, unknown> } | { ok: false; errors: FormErrors } {
  const read = readPost(couponFormSchema(shop), form)
  const value = couponValue(
    formText.parse(form[COUPON_FIELDS.kind]),
    form[COUPON_FIELDS.value],
    shop
  )
  if (!read.ok || !value.ok) {
    const errors: FormErrors = read.ok ? {} : read.errors
    if (!value.ok) errors[COUPON_FIELDS.value] ??= value.message
    return { ok: false, errors }
  }
  return { ok: true, body: { ...read.value, value: value.value } }
}

const wholeText = (value: number | null) => (value === null ? '' : String(value))

export function couponValuesOf(coupon: OperatorCoupon, shop: ShopLocale = GB_LOCALE): FormValues {
  return {
    code: coupon.code,
    description: coupon.description ?? '',
    kind: coupon.kind,
    value:
      coupon.kind === 'percent'
        ? String(coupon.value)
        : coupon.kind === 'amount'
          ? poundsText(coupon.value, shop)
          : '',
    minimumSpend: poundsText(coupon.minimumSpend, shop),
    maximumDiscount: poundsText(coupon.maximumDiscount, shop),
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
