import type { LoyaltyProgress, LoyaltySummary } from '../../../schemas/loyalty.ts'
import { creditSummary } from '../credit/service.ts'
import { findScheme, loyaltyHistory, readAccount } from './repo.ts'
import { progressTowardsReward } from './rules.ts'

/*
 * What a member reads of their loyalty (spec §7 Loyalty progress and loyalty summary): progress
 * towards the next reward, the points history and their store credit. The caller has already
 * named the member (requireMember); every read here is scoped by that customer id.
 */

/** The newest lines of the points and credit histories the summary carries. */
const HISTORY_LIMIT = 50

export interface MemberRef {
  businessId: number
  customerId: number
}

/** Progress towards the next reward, or null when the business runs no active scheme. */
export async function loyaltyProgress(
  db: D1Database,
  member: MemberRef
): Promise<LoyaltyProgress | null> {
  const scheme = await findScheme(db, member.businessId)
  if (!scheme || scheme.is_active !== 1) return null
  const account = await readAccount(db, member.customerId)
  const balance = account?.balance ?? 0
  return {
    scheme: {
      name: scheme.name,
      pointsPerPound: scheme.points_per_pound,
      rewardThreshold: scheme.reward_threshold,
      rewardValue: scheme.reward_value,
    },
    pointsBalance: balance,
    lifetimePoints: account?.lifetimePoints ?? 0,
    ...progressTowardsReward(balance, scheme.reward_threshold),
  }
}

/** GET /member/loyalty/summary: progress, the points history and the credit. */
export async function loyaltySummary(db: D1Database, member: MemberRef): Promise<LoyaltySummary> {
  const [progress, history, credit] = await Promise.all([
    loyaltyProgress(db, member),
    loyaltyHistory(db, member.customerId, HISTORY_LIMIT),
    creditSummary(db, member.customerId),
  ])
  return {
    progress,
    history: history.map((row) => ({
      id: row.id,
      points: row.points,
      kind: row.kind,
      description: row.description,
      businessOrderId: row.business_order_id,
      createdAt: row.created_at,
    })),
    credit,
  }
}
