import { MESSAGES } from '../../../schemas/messages.ts'
import { OperatorAuditPageSchema, OperatorAuditRequestSchema } from '../../../schemas/operator.ts'
import {
  INSIGHT_DEFAULT_DAYS,
  InsightRequestSchema,
  InsightSchema,
} from '../../../schemas/operator-insight.ts'
import {
  ORDER_REASON_MAX_LENGTH,
  ORDER_REASONS_MAX,
  OrderReasonListsSchema,
  OrderReasonsUpdateSchema,
} from '../../../schemas/order-reasons.ts'
import { now } from '../../lib/clock.ts'
import { auditStatement, listAudit } from '../audit-repo.ts'
import { orderReasonLists, orderReasonListsStatement } from '../order-reasons-repo.ts'
import { readInsight } from './insight/service.ts'
import { createDomain } from '../route-registry.ts'
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

operator.post(
  '/staff/operator/insight',
  {
    summary: "A business's, brand's or store's figures by day or week for a period",
    description:
      `${OPERATOR_BEARER} The sums of each local day (or week, named by its Monday) from ` +
      `from to to (local dates, both included; default the last ${INSIGHT_DEFAULT_DAYS} days), ` +
      'which the figures of ADR 040 are computed from, and the refunds, goodwill and picking of ' +
      'each member of staff in the period.',
    body: InsightRequestSchema,
    response: InsightSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return readInsight(c.env.DB, caller.businessId, body, now(c.env))
  }
)

operator.post(
  '/staff/operator/order-reasons/update',
  {
    summary: "Replaces the business's reject and cancel reason lists (audited)",
    description:
      `${OPERATOR_BEARER} Each list: 1 to ${ORDER_REASONS_MAX} reasons of at most ` +
      `${ORDER_REASON_MAX_LENGTH} characters, none twice. Orders already closed keep their reason.`,
    body: OrderReasonsUpdateSchema,
    response: OrderReasonListsSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const before = await orderReasonLists(c.env.DB, caller.businessId)
    const after = { reject: body.reject, cancel: body.cancel }
    await c.env.DB.batch([
      orderReasonListsStatement(c.env.DB, caller.businessId, after),
      auditStatement(c.env.DB, {
        businessId: caller.businessId,
        staffId: caller.staffId,
        action: 'order_reasons.update',
        entity: 'order_reasons',
        entityId: null,
        before,
        after,
        summary: 'Changed the reject and cancel reasons',
        at: now(c.env).toISOString(),
      }),
    ])
    return after
  }
)
