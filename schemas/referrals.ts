import { z } from 'zod'
import { BusinessIdSchema, MoneySchema } from './common.ts'
import { MESSAGES } from './messages.ts'

/**
 * Referrals (spec §1 "£5 off the next order for both", §7 Referral code verify; ADR 021). Each
 * member has a code and a share link; a friend who registers with it and has a first order
 * delivered earns both of them the business's reward as store credit.
 */

/** A referral code as typed: letters and digits, case-insensitive, stored upper case. */
export const ReferralCodeSchema = z
  .string({ error: MESSAGES.referralCodeInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,16}$/, { error: MESSAGES.referralCodeInvalid })

/** POST /member/referral-code/verify (spec §7, open to guests: the register form asks it). */
export const ReferralVerifyRequestSchema = z.object({
  businessId: BusinessIdSchema,
  referralCode: ReferralCodeSchema,
})

/** GET /referrals/offer and GET /member/referrals. */
export const ReferralQuerySchema = z.object({ businessId: BusinessIdSchema })

export const ReferralVerifyAnswerSchema = z.object({
  valid: z.literal(true),
  referralCode: z.string(),
  /** The referrer's first name, to say whose invitation it is. */
  referrerFirstName: z.string(),
  rewardAmount: MoneySchema,
})
export type ReferralVerifyAnswer = z.infer<typeof ReferralVerifyAnswerSchema>

/** The business's offer, shown on /referrer to anyone. */
export const ReferralOfferSchema = z.object({
  active: z.boolean(),
  rewardAmount: MoneySchema,
  monthlyCap: z.int().positive(),
})
export type ReferralOffer = z.infer<typeof ReferralOfferSchema>

/** GET /member/referrals: the member's code, how their friends are doing, what they earned. */
export const MemberReferralsSchema = z.object({
  offer: ReferralOfferSchema,
  referralCode: z.string(),
  /** The path of the share link on the calling brand's host ('/referrer?code=ABC123'). */
  sharePath: z.string(),
  friends: z.array(
    z.object({
      firstName: z.string(),
      status: z.enum(['pending', 'rewarded', 'refused']),
      createdAt: z.string(),
    })
  ),
  earned: MoneySchema,
  /** The friend who invited this member, when they registered with a code (ADR 021). */
  invitedBy: z
    .object({
      /** The code they registered with: the invitation page knows its own. */
      referralCode: z.string(),
      firstName: z.string(),
      status: z.enum(['pending', 'rewarded', 'refused']),
    })
    .nullable(),
})
export type MemberReferrals = z.infer<typeof MemberReferralsSchema>
