import { creditEntryStatement } from '../credit/ledger-repo.ts'
import { dispatchEffects, type RelayEnv } from '../effects/relay.ts'
import { monthWindow, type RefusalReason, rewardRefusal } from './guards.ts'
import { findScheme, tracesOf } from './repo.ts'
import {
  cancelReferralStatement,
  decisionOnceStatement,
  findRewardCandidate,
  markRewardedStatement,
  type RewardCandidateRow,
  rewardsBetween,
} from './reward-repo.ts'
import { rewardEmailEffectKeys, rewardEmailStatements } from './reward-email-rows.ts'

/*
 * The referral reward (ADR 021), an effect of a delivered or collected order (store-orders
 * effectsOf): when it is the friend's first delivered order, both get the scheme's reward as
 * store credit, and each is emailed (an effect written with the reward, ADR 037: a provider that
 * is down delays the email, never loses it). Idempotent: the referral must still be pending, the
 * ledger references are unique per member and the decision and the emails are written once, so
 * a second run writes nothing.
 */

/** The ledger descriptions: never the other person's name (a forgotten member leaves none). */
export const REFERRAL_CREDIT_TEXT = {
  referrer: "Your friend's first order was delivered",
  friend: 'Welcome reward for joining with a friend’s invitation',
} as const

export type RewardOutcome = 'rewarded' | 'refused' | 'none'

function rewardStatements(db: D1Database, c: RewardCandidateRow, now: Date) {
  const entry = (customerId: number, role: 'referrer' | 'friend') =>
    creditEntryStatement(
      db,
      {
        businessId: c.business_id,
        customerId,
        amount: c.reward_amount,
        kind: 'referral_reward',
        reference: `referral:${c.referral_id}:${role}`,
        description: REFERRAL_CREDIT_TEXT[role],
        orderId: role === 'friend' ? c.order_id : null,
        referralId: c.referral_id,
      },
      now
    )
  return [
    markRewardedStatement(db, c.referral_id, c.order_id, now),
    entry(c.referrer_customer_id, 'referrer'),
    entry(c.referee_customer_id, 'friend'),
    decisionOnceStatement(
      db,
      {
        businessId: c.business_id,
        referralId: c.referral_id,
        decision: 'rewarded',
        reason: `order:${c.order_id}`,
      },
      now
    ),
    ...rewardEmailStatements(db, c, now),
  ]
}

async function refuse(db: D1Database, c: RewardCandidateRow, reason: RefusalReason, now: Date) {
  await db.batch([
    cancelReferralStatement(db, c.referral_id),
    decisionOnceStatement(
      db,
      { businessId: c.business_id, referralId: c.referral_id, decision: 'refused', reason },
      now
    ),
  ])
}

/**
 * Rewards the referral an order qualifies (or refuses it with its reason). Nothing happens for an
 * order that is not delivered, not a referred member's, or not their first delivered one.
 */
export async function rewardReferral(
  env: RelayEnv,
  order: { businessId: number; orderId: number },
  now: Date
): Promise<RewardOutcome> {
  const db = env.DB
  const candidate = await findRewardCandidate(db, order.businessId, order.orderId)
  if (!candidate || candidate.first_delivered_order_id !== candidate.order_id) return 'none'
  if (candidate.referrer_status !== 'active' || candidate.referee_status !== 'active') return 'none'
  const scheme = await findScheme(db, order.businessId)
  const window = monthWindow(now, scheme?.time_zone ?? 'Europe/London')
  const [friend, referrer, rewardsThisMonth] = await Promise.all([
    tracesOf(db, candidate.referee_customer_id),
    tracesOf(db, candidate.referrer_customer_id),
    rewardsBetween(db, candidate.referrer_customer_id, window.start, window.end),
  ])
  const refusal = rewardRefusal(
    {
      schemeActive: scheme?.is_active === 1,
      rewardsThisMonth,
      monthlyCap: scheme?.monthly_cap ?? 0,
    },
    friend,
    referrer
  )
  if (refusal) {
    await refuse(db, candidate, refusal, now)
    return 'refused'
  }
  const [marked] = await db.batch(rewardStatements(db, candidate, now))
  if (marked?.meta.changes !== 1) return 'none'
  await dispatchEffects(env, rewardEmailEffectKeys(candidate.referral_id), now)
  return 'rewarded'
}
