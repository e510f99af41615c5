import { parseTipPounds } from '../../../../client/lib/tip-pounds.ts'
import { GiveCreditFormSchema, type GivenCreditKind } from './form.ts'
import type { FormErrors, FormValues } from '../../../../client/lib/form-values.ts'
import { MESSAGES } from '../../../../schemas/messages.ts'
import type { StaffProfile } from '../../../../schemas/staff.ts'
import { GB_LOCALE, type ShopLocale } from '../../../../schemas/locale.ts'

/** Who may give store credit on an order: the store's manager, or an operator (ADR 018, 020). */
export function mayGiveCredit(staff: StaffProfile, storeId: number): boolean {
  return (
    staff.operator ||
    staff.stores.some((store) => store.storeId === storeId && store.role === 'store_manager')
  )
}

/** The "Give store credit" form as the backend call's fields, or its errors at the fields. */
export type GiveCreditInput =
  | { ok: true; amount: number; kind: GivenCreditKind; reason: string }
  | { ok: false; errors: FormErrors }

/** Reads the form: an amount in pounds above zero, one of the kinds, a reason. */
export function giveCreditInputOf(
  form: Record<string, string>,
  shop: ShopLocale = GB_LOCALE
): GiveCreditInput {
  const errors: FormErrors = {}
  const { amount: pounds, kind, reason } = GiveCreditFormSchema.parse(form)
  const amount = parseTipPounds(pounds, shop)
  if (amount === null || amount <= 0) errors.amount = 'Enter an amount in pounds, e.g. 5.00.'
  if (!kind) errors.kind = 'Choose goodwill or refund as credit.'
  if (!reason) errors.reason = MESSAGES.orderActionReasonRequired
  if (Object.keys(errors).length > 0 || amount === null || !kind) return { ok: false, errors }
  return { ok: true, amount, kind, reason }
}

/** What the form showed, to fill it in again after a refusal. */
export function giveCreditValuesOf(form: Record<string, string>): FormValues {
  return { amount: form.amount ?? '', kind: form.kind ?? '', reason: form.reason ?? '' }
}
