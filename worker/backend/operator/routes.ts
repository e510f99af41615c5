import { MESSAGES } from '../../../schemas/messages.ts'
import { OperatorAuditPageSchema, OperatorAuditRequestSchema } from '../../../schemas/operator.ts'
import { createDomain } from '../route-registry.ts'
import { listAudit } from '../audit-repo.ts'
import { requireOperator } from './guard.ts'

/**
 * The operator console's own calls (ADR 027). Each area (brands, stores, catalogue, promotions,
 * content) is a domain of its own under /staff/operator/…; this one holds what they share.
 */
export const operator = createDomain('Operator')

/** The bearer every operator call takes, for the OpenAPI descriptions. */
export const OPERATOR_BEARER =
  "Bearer staff access token of an operator of the business (audience 'storefront-staff'). " +
  `Another business's token or a shopper's answers unauthorized '${MESSAGES.loginRequired}'; a ` +
  `store role answers forbidden '${MESSAGES.staffNotAllowed}'. Ids of another business's ` +
  'things answer not_found, as if they did not exist.'

operator.post(
  '/staff/operator/audit',
  {
    summary: "The business's audit log: every operator change, newest first",
    description:
      `${OPERATOR_BEARER} Who made each change, what (action and thing), the thing before and ` +
      'after as JSON, and when. Filter by entity (and entityId); page with before = nextBefore.',
    body: OperatorAuditRequestSchema,
    response: OperatorAuditPageSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const entries = await listAudit(c.env.DB, {
      businessId: caller.businessId,
      entity: body.entity,
      entityId: body.entityId,
      before: body.before,
      limit: body.limit + 1,
    })
    const page = entries.slice(0, body.limit)
    return {
      entries: page,
      nextBefore: entries.length > body.limit ? (page.at(-1)?.id ?? null) : null,
    }
  }
)
