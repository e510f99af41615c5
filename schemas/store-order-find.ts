import { z } from 'zod'
import { BusinessIdSchema, IdSchema } from './common.ts'
import { ArchivedOrderSchema } from './order-archive.ts'

/**
 * The store console's order search (ADR 050): one of the business's orders by its number, online
 * or archived, for staff who may see its store.
 */
export const StaffOrderFindRequestSchema = z.object({
  businessId: BusinessIdSchema,
  businessOrderId: z.string().trim().min(1).max(40),
})

export const StaffOrderFoundSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('online'), storeId: IdSchema, orderId: IdSchema }),
  z.object({
    kind: z.literal('archived'),
    storeId: IdSchema,
    order: ArchivedOrderSchema,
    /** Operators restore it (the order archive page); store staff only see that it is archived. */
    restorable: z.boolean(),
  }),
])
export type StaffOrderFound = z.infer<typeof StaffOrderFoundSchema>

/** The console page's query: `?number=`. */
export const ORDER_FIND_QUERY = 'number'
