import { z } from 'zod'
import { fieldNames } from '../../../../../schemas/forms/field-names.ts'
import { optionalText, ticked, wholeNumber } from '../form-values.ts'

/*
 * When a promotion runs, the part every promotion form shares (PromotionForms.tsx's Schedule):
 * its window in the business's local time, its place in lists and its switch. Each promotion's
 * schema extends this one, so the shared fieldset and each parser spell these fields once.
 */
export const ScheduleFormSchema = z.object({
  startsAt: optionalText,
  endsAt: optionalText,
  /** Lower first; blank is first of all (0). A coupon has no place in a list. */
  position: wholeNumber.transform((position) => position ?? 0),
  isActive: ticked,
})

export const SCHEDULE_FIELDS = fieldNames(ScheduleFormSchema)
