import { z } from 'zod'
import { MoneySchema } from './common.ts'
import { CreditSummarySchema } from './credit.ts'

/**
 * Loyalty (spec §3 "loyalty progress", §7 Loyalty progress and loyalty summary; ADR 020). A
 * business's scheme is data (loyalty_schemes): points per pound spent on delivered orders, and a
 * reward of rewardValue pence of store credit every rewardThreshold points. Points are earned when
 * an order is delivered and reversed when it is refunded.
 */
export const LoyaltySchemeSchema = z.object({
  name: z.string(),
  pointsPerPound: z.int().nonnegative(),
  rewardThreshold: z.int().positive(),
  rewardValue: MoneySchema,
})
export type LoyaltyScheme = z.infer<typeof LoyaltySchemeSchema>

/** Progress towards the next reward; the balance is negative when a refund took back points
 *  that had already become a reward (they are paid back from the next points earned). */
export const LoyaltyProgressSchema = z.object({
  scheme: LoyaltySchemeSchema,
  pointsBalance: z.int(),
  lifetimePoints: z.int().nonnegative(),
  pointsToNextReward: z.int().positive(),
  /** 0–100, for the progress bar. */
  progressPercent: z.int().min(0).max(100),
})
export type LoyaltyProgress = z.infer<typeof LoyaltyProgressSchema>

export const LOYALTY_TRANSACTION_KINDS = ['earn', 'reverse', 'reward', 'adjust'] as const

/** One line of the points history. */
export const LoyaltyTransactionSchema = z.object({
  id: z.int().positive(),
  /** Signed: earned > 0; reversed and turned into a reward < 0. */
  points: z.int(),
  kind: z.enum(LOYALTY_TRANSACTION_KINDS),
  description: z.string(),
  businessOrderId: z.string().nullable(),
  createdAt: z.string(),
})
export type LoyaltyTransaction = z.infer<typeof LoyaltyTransactionSchema>

/**
 * GET /member/loyalty/summary: progress (null when the business runs no scheme), the points
 * history, and the member's store credit.
 */
export const LoyaltySummarySchema = z.object({
  progress: LoyaltyProgressSchema.nullable(),
  history: z.array(LoyaltyTransactionSchema),
  credit: CreditSummarySchema,
})
export type LoyaltySummary = z.infer<typeof LoyaltySummarySchema>
