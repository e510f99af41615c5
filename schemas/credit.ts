import { z } from 'zod'
import { IdempotencyKeySchema } from './checkout.ts'
import { MoneySchema } from './common.ts'
import { MESSAGES } from './messages.ts'
import { StoreOrderDetailRequestSchema } from './store-orders.ts'

/**
 * Store credit (ADR 020): one ledger per member, never below zero, every entry with its reason.
 * Credit comes from loyalty rewards, referral rewards, goodwill and refunds given as credit by
 * staff; it is spent at checkout (credit_applied on the order) and comes back when that order is
 * refunded or never paid.
 */
export const CREDIT_ENTRY_KINDS = [
  'loyalty_reward',
  'referral_reward',
  'goodwill',
  'refund_as_credit',
  'order_payment',
  'order_credit_returned',
  'adjustment',
] as const
export const CreditEntryKindSchema = z.enum(CREDIT_ENTRY_KINDS)
export type CreditEntryKind = z.infer<typeof CreditEntryKindSchema>

/** One line of a member's credit history. */
export const CreditEntrySchema = z.object({
  id: z.int().positive(),
  /** Pence, signed: given > 0, spent < 0. */
  amount: z.int(),
  kind: CreditEntryKindSchema,
  description: z.string(),
  /** The order it was spent on or came from, when there is one. */
  businessOrderId: z.string().nullable(),
  createdAt: z.string(),
})
export type CreditEntry = z.infer<typeof CreditEntrySchema>

/** GET /member/credit: the balance and the newest entries. */
export const CreditSummarySchema = z.object({
  balance: MoneySchema,
  entries: z.array(CreditEntrySchema),
})
export type CreditSummary = z.infer<typeof CreditSummarySchema>

/** What a manager gives from the console (ADR 020): goodwill, or a refund as credit. */
export const STAFF_CREDIT_KINDS = ['goodwill', 'refund_as_credit'] as const

/**
 * POST /staff/orders/credit (store manager or operator). goodwill: up to
 * GOODWILL_CREDIT_MAX_PENCE a grant, within the business's caps per order and per member per
 * period (migration 0047); refund_as_credit: instead of a card refund, lowers what the order
 * owes, at most what is left to refund. A reason is required (the order's history keeps it; the
 * member's credit history says only what kind of credit it was). Idempotent on the
 * Idempotency-Key header or idempotencyKey.
 */
export const StaffOrderCreditRequestSchema = StoreOrderDetailRequestSchema.extend({
  idempotencyKey: IdempotencyKeySchema.optional(),
  amount: z
    .number({ error: MESSAGES.creditAmountInvalid })
    .int({ error: MESSAGES.creditAmountInvalid })
    .min(1, { error: MESSAGES.creditAmountInvalid }),
  kind: z.enum(STAFF_CREDIT_KINDS, { error: MESSAGES.validationError }),
  reason: z
    .string({ error: MESSAGES.orderActionReasonRequired })
    .trim()
    .min(1, { error: MESSAGES.orderActionReasonRequired })
    .max(500, { error: MESSAGES.validationError }),
})
export type StaffOrderCreditRequest = z.output<typeof StaffOrderCreditRequestSchema>
