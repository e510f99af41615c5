import { CreditSummarySchema } from '../../../schemas/credit.ts'
import { MemberQuerySchema } from '../../../schemas/member-profile.ts'
import { requireMember } from '../auth/authenticate.ts'
import { createDomain } from '../route-registry.ts'
import { creditSummary } from './service.ts'

/** The member's store credit (ADR 020). */
export const memberCredit = createDomain('Member credit')

memberCredit.get(
  '/member/credit',
  {
    summary: "The signed-in member's store credit: balance and newest entries",
    description:
      'Bearer member token; a guest token or none answers unauthorized. Entries newest first, ' +
      'each with its reason and the order it was spent on or came from.',
    query: MemberQuerySchema,
    response: CreditSummarySchema,
    errors: ['unauthorized'],
  },
  async ({ query }, c) => creditSummary(c.env.DB, await requireMember(c, query.businessId))
)
