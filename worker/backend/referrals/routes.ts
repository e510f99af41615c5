import { MESSAGES } from '../../../schemas/messages.ts'
import {
  MemberReferralsSchema,
  ReferralOfferSchema,
  ReferralQuerySchema,
  ReferralVerifyAnswerSchema,
  ReferralVerifyRequestSchema,
} from '../../../schemas/referrals.ts'
import { now } from '../../lib/clock.ts'
import { requireMember } from '../auth/authenticate.ts'
import { limitAuth } from '../auth/rate-limit.ts'
import { createDomain } from '../route-registry.ts'
import { memberReferrals, referralOffer, verifyReferralCode } from './service.ts'

/** Referrals (spec §1, §7; ADR 021): the offer, a friend's code check, the member's referrals. */
export const referrals = createDomain('Referrals')

referrals.get(
  '/referrals/offer',
  {
    edge: { cache: { scope: 'referral-offer', ttlSeconds: 60 } },
    summary: "The business's referral offer (public)",
    description: 'active is false when the business takes no referrals.',
    query: ReferralQuerySchema,
    response: ReferralOfferSchema,
  },
  async ({ query }, c) => referralOffer(c.env.DB, query.businessId)
)

referrals.post(
  '/member/referral-code/verify',
  {
    summary: "Check a friend's referral code (open to guests: the register form asks it)",
    description:
      `An unknown code, one whose member left or a business without a live offer answers ` +
      `validation_error '${MESSAGES.referralCodeInvalid}' on field referralCode. Rate limited ` +
      'per shopper IP and per code.',
    body: ReferralVerifyRequestSchema,
    response: ReferralVerifyAnswerSchema,
    errors: ['rate_limited'],
  },
  async ({ body }, c) => {
    await limitAuth(c, 'referral-verify', body.referralCode)
    return verifyReferralCode(c.env.DB, body.businessId, body.referralCode)
  }
)

referrals.get(
  '/member/referrals',
  {
    summary: "The member's referral code, share link, friends and earnings",
    description:
      'Bearer member token. The code is made on the first call. Friends are shown by first ' +
      "name while they are members, 'A friend' after they asked to be forgotten.",
    query: ReferralQuerySchema,
    response: MemberReferralsSchema,
    errors: ['unauthorized'],
  },
  async ({ query }, c) => {
    const customerId = await requireMember(c, query.businessId)
    return memberReferrals(c.env.DB, query.businessId, customerId, now(c.env))
  }
)
