import { z } from 'zod'
import { MoneySchema } from './common.ts'

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
