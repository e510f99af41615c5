import { z } from 'zod'
import { BusinessIdSchema, MoneySchema } from './common.ts'
import { BusinessOrderIdSchema, MemberOrderDetailSchema } from './member-orders.ts'
import { formatMessage } from './messages.ts'
import { StoreOrderStatusSchema } from './store-orders.ts'

/**
 * Old orders archived to R2 (issue 40, ADR 050): a business keeps its finished orders online for
 * a number of months, then the retention cron moves each to one file. The member still lists it
 * and downloads its receipt; an operator finds it by number and restores it.
 */

export const ORDER_ARCHIVE_MONTHS_DEFAULT = 24
export const ORDER_ARCHIVE_MONTHS_MIN = 6
export const ORDER_ARCHIVE_MONTHS_MAX = 120

const MONTHS_INVALID = formatMessage(
  'orderArchiveMonthsInvalid',
  ORDER_ARCHIVE_MONTHS_MIN,
  ORDER_ARCHIVE_MONTHS_MAX
)

/** Months, from a JSON number or a form's text. */
export const OrderArchiveMonthsSchema = z.coerce
  .number({ error: MONTHS_INVALID })
  .int({ error: MONTHS_INVALID })
  .min(ORDER_ARCHIVE_MONTHS_MIN, { error: MONTHS_INVALID })
  .max(ORDER_ARCHIVE_MONTHS_MAX, { error: MONTHS_INVALID })

export const OrderArchiveSettingsSchema = z.object({ months: OrderArchiveMonthsSchema })
export type OrderArchiveSettings = z.infer<typeof OrderArchiveSettingsSchema>

/** POST /staff/operator/order-archive: the business's setting. */
export const OrderArchiveRequestSchema = z.object({ businessId: BusinessIdSchema })

/** POST /staff/operator/order-archive/update: an operator changes it (audited). */
export const OrderArchiveUpdateSchema = OrderArchiveSettingsSchema.extend({
  businessId: BusinessIdSchema,
})

/** POST /staff/operator/order-archive/find and …/restore: one order by its number. */
export const ArchivedOrderRequestSchema = z.object({
  businessId: BusinessIdSchema,
  businessOrderId: BusinessOrderIdSchema,
})

/** An archived order as its index row keeps it. */
export const ArchivedOrderSchema = z.object({
  orderId: z.string(),
  status: StoreOrderStatusSchema,
  placedAt: z.string(),
  total: MoneySchema,
  archivedAt: z.string(),
})
export type ArchivedOrder = z.infer<typeof ArchivedOrderSchema>

/** A restore's answer: `restored` false when another call restored it first (same outcome). */
export const ArchiveRestoreSchema = z.object({ orderId: z.string(), restored: z.boolean() })

/** The archive file of one order (one R2 object): the receipt, and every row to restore it. */
export const ArchiveFileSchema = z.object({
  version: z.literal(1),
  businessId: z.int(),
  orderId: z.int(),
  businessOrderId: z.string(),
  archivedAt: z.string(),
  /** When "forget me" rewrote the file without the person (ADR 050); absent until then. */
  erasedAt: z.string().optional(),
  receipt: MemberOrderDetailSchema,
  tables: z.array(z.object({ name: z.string(), rows: z.array(z.record(z.string(), z.unknown())) })),
  links: z.array(z.object({ table: z.string(), column: z.string(), ids: z.array(z.int()) })),
})
export type ArchiveFile = z.infer<typeof ArchiveFileSchema>
