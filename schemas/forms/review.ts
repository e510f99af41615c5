import { z } from 'zod'
import { fieldNames } from './field-names.ts'

/*
 * The member's review of a delivered order (the order page's form, without JavaScript):
 * ReviewForm.tsx takes its field names from this schema and worker/pages/orders/member-order.tsx
 * reads a post with it. Values stay as typed: the review call's schema (ReviewRequestSchema)
 * refuses a rating out of range or a comment too long with the spec's message.
 */
export const ReviewFormSchema = z.object({
  starRating: z.string().catch(''),
  comment: z.string().catch(''),
})

export const REVIEW_FIELDS = fieldNames(ReviewFormSchema)
