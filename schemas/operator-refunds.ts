import { z } from 'zod'
import { BusinessIdSchema, IdSchema } from './common.ts'

/*
 * The operator console's refunds not settled (issue 37, the failed tasks page's second section):
 * refunds the gateway refused, and those it never confirmed (still pending or unknown while the
 * cron's reconciliation keeps asking), with the gateway's last answer.
 */

export type UnsettledRefund = z.infer<typeof UnsettledRefundSchema>
export const UnsettledRefundSchema = z.object({
  id: IdSchema,
  orderNumber: z.string(),
  /** Pence. */
  amount: z.number().int().min(1),
  status: z.enum(['pending', 'unknown', 'refused']),
  gateway: z.string(),
  /** The gateway's last answer (code and message), if it gave one. */
  lastAnswer: z.string().nullable(),
  /** How many times the reconciliation asked the gateway. */
  looks: z.number().int().min(0),
  createdAt: z.string(),
  /** Whether asking again now can settle it (refused is the gateway's last word). */
  retryable: z.boolean(),
})

export const OperatorRefundsSchema = z.object({ refunds: z.array(UnsettledRefundSchema) })

export const OperatorRefundRetrySchema = z.object({
  businessId: BusinessIdSchema,
  refundId: IdSchema,
})

export const OperatorRefundRetriedSchema = z.object({
  status: z.enum(['done', 'refused', 'unknown']),
})
