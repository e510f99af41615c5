import { z } from 'zod'
import { TRACKING_TOKEN_PARAM } from '../tracking.ts'
import { fieldNames } from './field-names.ts'

/*
 * The shopper's "Reject substitute" form (issue 42, ADR 043), on the member's order page and the
 * tracking page: OrderChanges.tsx takes its field names from this schema and
 * worker/pages/orders/order-changes-forms.ts reads a post with it. A line that is not a line
 * reads as none (the page then says the rejection failed); the tracking page's signed-link token
 * rides along as a hidden field.
 */
export const RejectSubstituteFormSchema = z.object({
  lineId: z.coerce.number().int().positive().nullable().catch(null),
  [TRACKING_TOKEN_PARAM]: z
    .string()
    .optional()
    .catch(undefined)
    .transform((token) => token?.trim() || null),
})

export const REJECT_SUBSTITUTE_FIELDS = fieldNames(RejectSubstituteFormSchema)
