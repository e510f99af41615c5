import { z } from 'zod'
import { fieldNames } from './field-names.ts'

/*
 * The member's "Reorder" and its "Yes, replace my basket" (spec §8 overwrite question):
 * ReorderForm.tsx takes its field names from this schema and worker/pages/orders/member-order.tsx
 * reads a post with it. The method stays as posted: the reorder call's schema refuses one that is
 * neither delivery nor collection, which the order page says as a failed reorder.
 */
export const ReorderFormSchema = z.object({
  fulfilmentMethod: z.string().optional().catch(undefined),
  /** '1' when the member agreed to replace another store's basket. */
  overwrite: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => value === '1'),
})

export const REORDER_FIELDS = fieldNames(ReorderFormSchema)
