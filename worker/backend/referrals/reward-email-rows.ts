import { effectStatement } from '../effects/repo.ts'
import type { RewardCandidateRow } from './reward-repo.ts'

/*
 * The outbox rows of a referral's reward (ADR 021, ADR 037): one email to each member, written
 * in the reward's batch only where that batch rewarded the referral, keyed by the referral and
 * the member's role, so a rerun of the reward writes none again and neither is ever lost. Their
 * handler is reward-effects.ts.
 */

export const REFERRAL_REWARD_EMAIL = 'referral_reward_email'

export const REWARD_ROLES = ['referrer', 'friend'] as const
export type RewardRole = (typeof REWARD_ROLES)[number]

export function rewardEmailEffectKey(referralId: number, role: RewardRole): string {
  return `referral:${referralId}:reward:${role}:email`
}

export function rewardEmailEffectKeys(referralId: number): Array<string> {
  return REWARD_ROLES.map((role) => rewardEmailEffectKey(referralId, role))
}

export function rewardEmailStatements(
  db: D1Database,
  c: RewardCandidateRow,
  now: Date
): Array<D1PreparedStatement> {
  const rewardedByThisBatch = {
    sql: `select 1 from referrals where id = ?1 and status = 'rewarded'
            and qualifying_order_id = ?2 and rewarded_at = ?3`,
    params: [c.referral_id, c.order_id, now.toISOString()],
  }
  return REWARD_ROLES.map((role) =>
    effectStatement(
      db,
      {
        businessId: c.business_id,
        key: rewardEmailEffectKey(c.referral_id, role),
        kind: REFERRAL_REWARD_EMAIL,
        payload: { referralId: c.referral_id, role },
      },
      now,
      rewardedByThisBatch
    )
  )
}
