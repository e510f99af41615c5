/* The SQL of a referral's reward (ADR 021): the qualifying order, the month's count, the write. */

export interface RewardCandidateRow {
  referral_id: number
  business_id: number
  referrer_customer_id: number
  referee_customer_id: number
  reward_amount: number
  order_id: number
  first_delivered_order_id: number
  referrer_email: string
  referrer_first_name: string
  referrer_status: string
  referee_email: string
  referee_first_name: string
  referee_status: string
}

/**
 * The pending referral of the member whose order this is, when the order is delivered, with the
 * member's first delivered order (the only one that qualifies); null otherwise.
 */
export async function findRewardCandidate(
  db: D1Database,
  businessId: number,
  orderId: number
): Promise<RewardCandidateRow | null> {
  return db
    .prepare(
      `select r.id as referral_id, r.business_id, r.referrer_customer_id, r.referee_customer_id,
         r.reward_amount, o.id as order_id,
         (select min(f.id) from orders f where f.customer_id = o.customer_id
            and f.business_id = o.business_id and f.status = 'delivered') as first_delivered_order_id,
         a.email as referrer_email, a.first_name as referrer_first_name, a.status as referrer_status,
         b.email as referee_email, b.first_name as referee_first_name, b.status as referee_status
       from orders o
       join referrals r on r.referee_customer_id = o.customer_id and r.business_id = o.business_id
       join customers a on a.id = r.referrer_customer_id
       join customers b on b.id = r.referee_customer_id
       where o.id = ?2 and o.business_id = ?1 and o.status = 'delivered' and r.status = 'pending'`
    )
    .bind(businessId, orderId)
    .first<RewardCandidateRow>()
}

/** Rewards a referrer had in [start, end). */
export async function rewardsBetween(
  db: D1Database,
  referrerId: number,
  start: string,
  end: string
): Promise<number> {
  const row = await db
    .prepare(
      `select count(*) as n from referrals where referrer_customer_id = ?1
       and status = 'rewarded' and rewarded_at >= ?2 and rewarded_at < ?3`
    )
    .bind(referrerId, start, end)
    .first<{ n: number }>()
  return row?.n ?? 0
}

/** Marks a still-pending referral rewarded by its qualifying order (changes 0 rows if not). */
export function markRewardedStatement(
  db: D1Database,
  referralId: number,
  orderId: number,
  now: Date
): D1PreparedStatement {
  return db
    .prepare(
      `update referrals set status = 'rewarded', qualifying_order_id = ?2, rewarded_at = ?3
       where id = ?1 and status = 'pending'`
    )
    .bind(referralId, orderId, now.toISOString())
}

/** Cancels a still-pending referral the guards refused. */
export function cancelReferralStatement(db: D1Database, referralId: number): D1PreparedStatement {
  return db
    .prepare(`update referrals set status = 'cancelled' where id = ?1 and status = 'pending'`)
    .bind(referralId)
}

/** The decision of a referral, written once whatever the number of runs. */
export function decisionOnceStatement(
  db: D1Database,
  d: { businessId: number; referralId: number; decision: 'refused' | 'rewarded'; reason: string },
  now: Date
): D1PreparedStatement {
  return db
    .prepare(
      `insert into referral_decisions (business_id, referral_id, decision, reason, created_at)
       select ?1, ?2, ?3, ?4, ?5
       where not exists (select 1 from referral_decisions where referral_id = ?2 and decision = ?3)`
    )
    .bind(d.businessId, d.referralId, d.decision, d.reason, now.toISOString())
}

/** The member's pending referral and its referrer, for checkout; null when none. */
export async function pendingReferrerOf(
  db: D1Database,
  businessId: number,
  refereeId: number
): Promise<number | null> {
  const row = await db
    .prepare(
      `select referrer_customer_id from referrals
       where business_id = ?1 and referee_customer_id = ?2 and status = 'pending'`
    )
    .bind(businessId, refereeId)
    .first<{ referrer_customer_id: number }>()
  return row?.referrer_customer_id ?? null
}

/** One member of a rewarded referral and the reward, for their email; null when none. */
export async function findRewardRecipient(
  db: D1Database,
  businessId: number,
  referralId: number,
  role: 'referrer' | 'friend'
): Promise<{ email: string; firstName: string; amount: number } | null> {
  const member = role === 'referrer' ? 'r.referrer_customer_id' : 'r.referee_customer_id'
  return db
    .prepare(
      `select c.email, c.first_name as firstName, r.reward_amount as amount
       from referrals r join customers c on c.id = ${member}
       where r.id = ?1 and r.business_id = ?2 and r.status = 'rewarded'`
    )
    .bind(referralId, businessId)
    .first<{ email: string; firstName: string; amount: number }>()
}
