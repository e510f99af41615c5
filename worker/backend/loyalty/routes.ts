import { LoyaltyProgressSchema, LoyaltySummarySchema } from '../../../schemas/loyalty.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { MemberQuerySchema } from '../../../schemas/member-profile.ts'
import { AppError } from '../../lib/errors.ts'
import { requireMember } from '../auth/authenticate.ts'
import { createDomain } from '../route-registry.ts'
import { loyaltyProgress, loyaltySummary } from './service.ts'

/**
 * The member's loyalty (spec §7 Loyalty progress and loyalty summary; ADR 020 "Loyalty"). Both
 * calls name the signed-in member by their access token (requireMember) and read only theirs.
 */
export const loyalty = createDomain('Loyalty')

const MEMBER = 'Bearer member token; a guest token or none answers unauthorized.'

const notFound = () => new AppError('not_found', MESSAGES.pageNotFound)

loyalty.get(
  '/member/loyalty/summary',
  {
    summary: "The member's loyalty: progress, points history and store credit",
    description: `${MEMBER} progress is null when the business runs no loyalty scheme.`,
    query: MemberQuerySchema,
    response: LoyaltySummarySchema,
    errors: ['unauthorized'],
  },
  async ({ query }, c) => {
    const customerId = await requireMember(c, query.businessId)
    return loyaltySummary(c.env.DB, { businessId: query.businessId, customerId })
  }
)

loyalty.get(
  '/member/loyalty/progress/:customerId',
  {
    summary: "A member's progress towards their next loyalty reward",
    description:
      `${MEMBER} customerId must be the signed-in member's own: any other answers not_found, ` +
      'as does a business that runs no loyalty scheme.',
    query: MemberQuerySchema,
    response: LoyaltyProgressSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ query }, c) => {
    const customerId = await requireMember(c, query.businessId)
    if (c.req.param('customerId') !== String(customerId)) throw notFound()
    const progress = await loyaltyProgress(c.env.DB, { businessId: query.businessId, customerId })
    if (!progress) throw notFound()
    return progress
  }
)
