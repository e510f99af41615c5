import { REFERRAL_REWARD_PENCE } from '../../../schemas/constants.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type {
  MemberReferrals,
  ReferralOffer,
  ReferralVerifyAnswer,
} from '../../../schemas/referrals.ts'
import { AppError } from '../../lib/errors.ts'
import { randomReadableCode } from '../../lib/readable-code.ts'
import { sharedSignal } from './guards.ts'
import {
  type CodeOwnerRow,
  decisionStatement,
  findCodeOf,
  findCodeOwner,
  findScheme,
  friendsOf,
  inviterOf,
  insertCode,
  referralAtRegistrationStatements,
  referralEarnings,
  type SchemeRow,
  tracesOf,
} from './repo.ts'
import { pendingReferrerOf } from './reward-repo.ts'

/* Referral offers, codes, the verify call and the checks at registration (ADR 021). */

/** A code is 8 characters of the readable alphabet: 40 random bits, never from the name. */
export const REFERRAL_CODE_LENGTH = 8

/** What a friend sees when their code is unknown, its scheme is off or its member is gone. */
export function referralCodeInvalid(): AppError {
  return new AppError('validation_error', MESSAGES.referralCodeInvalid, {
    fields: [{ field: 'referralCode', message: MESSAGES.referralCodeInvalid }],
  })
}

function offerOf(scheme: SchemeRow | null): ReferralOffer {
  return {
    active: scheme?.is_active === 1,
    rewardAmount: scheme?.reward_amount ?? REFERRAL_REWARD_PENCE,
    monthlyCap: scheme?.monthly_cap ?? 10,
  }
}

export async function referralOffer(db: D1Database, businessId: number): Promise<ReferralOffer> {
  return offerOf(await findScheme(db, businessId))
}

/** The member's code, made on first need; a clash with another member's code draws again. */
export async function ensureCode(
  db: D1Database,
  businessId: number,
  customerId: number,
  now: Date
): Promise<string> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const existing = await findCodeOf(db, customerId)
    if (existing) return existing
    await insertCode(db, businessId, customerId, randomReadableCode(REFERRAL_CODE_LENGTH), now)
  }
  const code = await findCodeOf(db, customerId)
  if (!code) throw new Error('no free referral code after 5 draws')
  return code
}

export async function memberReferrals(
  db: D1Database,
  businessId: number,
  customerId: number,
  now: Date
): Promise<MemberReferrals> {
  const [scheme, referralCode, friends, earned, inviter] = await Promise.all([
    findScheme(db, businessId),
    ensureCode(db, businessId, customerId, now),
    friendsOf(db, customerId),
    referralEarnings(db, customerId),
    inviterOf(db, customerId),
  ])
  return {
    offer: offerOf(scheme),
    referralCode,
    sharePath: `/referrer?code=${encodeURIComponent(referralCode)}`,
    friends: friends.map((friend) => ({
      // A friend who left (forget me) is nobody in particular.
      firstName: friend.customer_status === 'active' ? friend.first_name : 'A friend',
      status: friend.status === 'cancelled' ? 'refused' : friend.status,
      createdAt: friend.created_at,
    })),
    earned,
    invitedBy: inviter
      ? {
          referralCode: inviter.code,
          firstName: inviter.customer_status === 'active' ? inviter.first_name : 'A friend',
          status: inviter.status === 'cancelled' ? 'refused' : inviter.status,
        }
      : null,
  }
}

interface UsableCode {
  owner: CodeOwnerRow
  scheme: SchemeRow
}

/** The code's member and the live scheme, or the spec's referralCodeInvalid. */
async function usableCode(db: D1Database, businessId: number, code: string): Promise<UsableCode> {
  const [owner, scheme] = await Promise.all([
    findCodeOwner(db, businessId, code),
    findScheme(db, businessId),
  ])
  if (!owner || owner.status !== 'active' || scheme?.is_active !== 1) {
    throw referralCodeInvalid()
  }
  return { owner, scheme }
}

export async function verifyReferralCode(
  db: D1Database,
  businessId: number,
  code: string
): Promise<ReferralVerifyAnswer> {
  const { owner, scheme } = await usableCode(db, businessId, code)
  return {
    valid: true,
    referralCode: code,
    referrerFirstName: owner.first_name,
    rewardAmount: scheme.reward_amount,
  }
}

/** The friend as registration knows them. */
export interface RegisteringFriend {
  businessId: number
  email: string
  phone: string | null
  deviceId: string | null
}

/**
 * Checks a registration's code BEFORE the customer is inserted (a bad code creates nothing) and
 * answers the statements that record the referral in the customer's batch: pending, or
 * cancelled with its reason when the friend shares an email, phone or device with the referrer.
 */
export async function referralAtRegistration(
  db: D1Database,
  friend: RegisteringFriend,
  code: string,
  now: Date
): Promise<{ statements: Array<D1PreparedStatement>; outcome: 'accepted' | 'refused' }> {
  const { owner, scheme } = await usableCode(db, friend.businessId, code)
  const referrer = await tracesOf(db, owner.customer_id)
  const signal = sharedSignal(
    {
      emails: [friend.email],
      phones: friend.phone ? [friend.phone] : [],
      cards: [],
      addresses: [],
      devices: friend.deviceId ? [friend.deviceId] : [],
    },
    referrer
  )
  const statements = referralAtRegistrationStatements(
    db,
    {
      businessId: friend.businessId,
      codeId: owner.code_id,
      referrerId: owner.customer_id,
      refereeEmail: friend.email,
      rewardAmount: scheme.reward_amount,
      deviceId: friend.deviceId,
      status: signal ? 'cancelled' : 'pending',
    },
    signal
      ? { decision: 'refused', reason: signal }
      : { decision: 'accepted', reason: 'registered_with_code' },
    now
  )
  return { statements, outcome: signal ? 'refused' : 'accepted' }
}

/**
 * The referrer a member's order records (spec §3 Checkout referralCustomerId): their own pending
 * referrer whatever the checkout sent; an id that is not it is dropped and the decision kept, by
 * `decisions`, statements of the batch that writes the draft (ADR 069: no round trip of its own,
 * and none kept for a draft that is not written).
 */
export async function checkoutReferrer(
  db: D1Database,
  businessId: number,
  customerId: number | null,
  sent: number | null | undefined,
  now: Date
): Promise<{ referrer: number | null; decisions: Array<D1PreparedStatement> }> {
  const own = customerId === null ? null : await pendingReferrerOf(db, businessId, customerId)
  const refused = sent !== null && sent !== undefined && sent !== own
  return {
    referrer: own,
    decisions: refused
      ? [
          decisionStatement(
            db,
            { businessId, customerId, decision: 'refused', reason: 'checkout_referrer_not_own' },
            now
          ),
        ]
      : [],
  }
}
