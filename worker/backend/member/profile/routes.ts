import type { Context } from 'hono'
import type { BackendEnv } from '../../env.ts'
import { recordMemberUpdate } from '../../marketing/effects.ts'
import { marketingRunOf } from '../../marketing/run.ts'
import { MESSAGES } from '../../../../schemas/messages.ts'
import {
  EmailChangeConfirmSchema,
  EmailChangeRequestedSchema,
  EmailChangeRequestSchema,
  MarketingPreferencesSchema,
  MarketingUpdateSchema,
  MemberProfileSchema,
  MemberQuerySchema,
  ProfileUpdateSchema,
  SubstitutionDefaultSchema,
  SubstitutionDefaultUpdateSchema,
} from '../../../../schemas/member-profile.ts'
import { findSubstitutionDefault, saveSubstitutionDefault } from './substitution-default-repo.ts'
import { requireMember } from '../../auth/authenticate.ts'
import { limitAuth } from '../../auth/rate-limit.ts'
import { authDeps } from '../../auth/sessions.ts'
import { createDomain } from '../../route-registry.ts'
import {
  confirmEmailChange,
  getMarketingPreferences,
  getProfile,
  requestEmailChange,
  saveMarketingPreferences,
  saveProfile,
} from './service.ts'

/** Member profile and marketing preferences (spec §7 Member), and the email change. */
export const memberProfile = createDomain('Member profile')

const MEMBER = 'Bearer member token; a guest token or none answers unauthorized.'

/** The member's user update for the marketing service (ADR 025: only while opted in). */
function memberUpdated(
  c: Context<BackendEnv>,
  businessId: number,
  customerId: number
): Promise<void> {
  return recordMemberUpdate(marketingRunOf(c), { businessId, customerId, brandId: null })
}

memberProfile.get(
  '/member/profile',
  {
    summary: "The signed-in member's profile",
    description: MEMBER,
    query: MemberQuerySchema,
    response: MemberProfileSchema,
    errors: ['unauthorized'],
  },
  async ({ query }, c) => {
    const customerId = await requireMember(c, query.businessId)
    return getProfile(authDeps(c), { businessId: query.businessId, customerId })
  }
)

memberProfile.put(
  '/member/profile',
  {
    summary: 'Update the profile: names, mobile, where-heard answer, retail membership id',
    description:
      `${MEMBER} The mobile is normalised to E.164 ('${MESSAGES.mobileInvalid}'); a blank one ` +
      `removes it. A retail membership id that is not one answers '${MESSAGES.retailMembershipInvalid}'.`,
    body: ProfileUpdateSchema,
    response: MemberProfileSchema,
    errors: ['unauthorized'],
  },
  async ({ body }, c) => {
    const customerId = await requireMember(c, body.businessId)
    const profile = await saveProfile(
      authDeps(c),
      { businessId: body.businessId, customerId },
      body
    )
    await memberUpdated(c, body.businessId, customerId)
    return profile
  }
)

memberProfile.post(
  '/member/email-change/request',
  {
    summary: 'Email a code (6 digits, 30 minutes) to a new address for the member',
    description:
      `${MEMBER} The email changes only when the code is checked. An address another account ` +
      `has answers conflict '${MESSAGES.emailRegistered}'. Rate limited per shopper IP and member.`,
    body: EmailChangeRequestSchema,
    response: EmailChangeRequestedSchema,
    errors: ['unauthorized', 'conflict', 'upstream_error', 'rate_limited'],
  },
  async ({ body }, c) => {
    const customerId = await requireMember(c, body.businessId)
    await limitAuth(c, 'verification', `customer:${customerId}`)
    return requestEmailChange(
      authDeps(c),
      { businessId: body.businessId, customerId },
      body.newEmail
    )
  }
)

memberProfile.post(
  '/member/email-change/confirm',
  {
    summary: "Check the code sent to the new address and change the member's email",
    description:
      `${MEMBER} A wrong code answers '${MESSAGES.codeIncorrect}' and counts an attempt; after 5, ` +
      `or once expired, '${MESSAGES.emailVerifyFailed}'. The old address is told.`,
    body: EmailChangeConfirmSchema,
    response: MemberProfileSchema,
    errors: ['unauthorized', 'conflict', 'rate_limited'],
  },
  async ({ body }, c) => {
    const customerId = await requireMember(c, body.businessId)
    await limitAuth(c, 'verification', `customer:${customerId}`)
    const profile = await confirmEmailChange(
      authDeps(c),
      { businessId: body.businessId, customerId },
      body.verificationCode
    )
    await memberUpdated(c, body.businessId, customerId)
    return profile
  }
)

memberProfile.get(
  '/member/marketing-preferences',
  {
    summary: "The member's marketing choice per channel, and the history of every change",
    description: `${MEMBER} Every channel is out until the member opts in.`,
    query: MemberQuerySchema,
    response: MarketingPreferencesSchema,
    errors: ['unauthorized'],
  },
  async ({ query }, c) => {
    const customerId = await requireMember(c, query.businessId)
    return getMarketingPreferences(authDeps(c), { businessId: query.businessId, customerId })
  }
)

memberProfile.put(
  '/member/marketing-preferences',
  {
    summary: 'Opt in or out per channel (marketingOptions: marketingChannelId, optedIn)',
    description:
      `${MEMBER} Each change is recorded with its time and source (registration or profile). ` +
      'An unknown channel id answers not_found and nothing is saved.',
    body: MarketingUpdateSchema,
    response: MarketingPreferencesSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) => {
    const customerId = await requireMember(c, body.businessId)
    const preferences = await saveMarketingPreferences(
      authDeps(c),
      { businessId: body.businessId, customerId },
      body
    )
    await memberUpdated(c, body.businessId, customerId)
    return preferences
  }
)

memberProfile.get(
  '/member/substitution-default',
  {
    summary: "The member's default substitution choice: best_match or none",
    description: `${MEMBER} Applied to an item the member never chose a substitution for.`,
    query: MemberQuerySchema,
    response: SubstitutionDefaultSchema,
    errors: ['unauthorized'],
  },
  async ({ query }, c) => {
    const customerId = await requireMember(c, query.businessId)
    return findSubstitutionDefault(c.env.DB, { businessId: query.businessId, customerId })
  }
)

memberProfile.post(
  '/member/substitution-default',
  {
    summary: "Set the member's default substitution choice (best_match or none)",
    description:
      `${MEMBER} Items added to the basket afterwards take it, unless the member chose for ` +
      'that item before (their last choice for it is kept).',
    body: SubstitutionDefaultUpdateSchema,
    response: SubstitutionDefaultSchema,
    errors: ['unauthorized'],
  },
  async ({ body }, c) => {
    const customerId = await requireMember(c, body.businessId)
    return saveSubstitutionDefault(c.env.DB, { businessId: body.businessId, customerId }, body)
  }
)
