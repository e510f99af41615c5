import { MESSAGES } from '../../../schemas/messages.ts'
import {
  OperatorRefundRetriedSchema,
  OperatorRefundRetrySchema,
  OperatorRefundsSchema,
} from '../../../schemas/operator-refunds.ts'
import { OperatorEffectsRequestSchema } from '../../../schemas/operator-effects.ts'
import { now } from '../../lib/clock.ts'
import { AppError } from '../../lib/errors.ts'
import { gatewayAnswerOf, refundsNotSettled } from '../payments/reconcile-repo.ts'
import { reconcileRefundNow } from '../payments/refund-reconciliation.ts'
import { createDomain } from '../route-registry.ts'
import { auditStatement } from '../audit-repo.ts'
import { requireOperator } from './guard.ts'
import { OPERATOR_BEARER } from './routes.ts'

/**
 * The operator console's refunds not settled (issue 37): refunds a gateway refused or never
 * confirmed, with its last answer, and a retry that asks the gateway now (the cron's
 * reconciliation, ahead of its backoff).
 */
export const operatorRefunds = createDomain('Operator refunds not settled')

/** The most a page lists, like the failed tasks above it. */
const REFUNDS_SHOWN = 200

operatorRefunds.post(
  '/staff/operator/refunds',
  {
    summary: "The business's refunds the gateway refused or has not confirmed, newest first",
    description: `${OPERATOR_BEARER} Each with its order, amount, gateway and the gateway's last answer.`,
    body: OperatorEffectsRequestSchema,
    response: OperatorRefundsSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const rows = await refundsNotSettled(c.env.DB, caller.businessId, REFUNDS_SHOWN)
    return {
      refunds: rows.map((row) => ({
        id: row.id,
        orderNumber: row.order_number,
        amount: row.amount,
        status: row.status,
        gateway: row.gateway,
        lastAnswer: gatewayAnswerOf(row),
        looks: row.reconcile_attempts,
        createdAt: row.created_at,
        retryable: row.status !== 'refused',
      })),
    }
  }
)

operatorRefunds.post(
  '/staff/operator/refunds/retry',
  {
    summary: 'Asks the gateway now what became of a refund it has not confirmed, and settles it',
    description:
      `${OPERATOR_BEARER} Only a refund of the business that is unknown (or pending past a ` +
      'grace): anything else answers not_found. Audited. Made at the gateway: recorded once; ' +
      'not made: sent again under its own reference; no answer: asked about again later.',
    body: OperatorRefundRetrySchema,
    response: OperatorRefundRetriedSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const at = now(c.env)
    const status = await reconcileRefundNow(
      { ...c.env, ...c.var.adapters },
      caller.businessId,
      body.refundId,
      at
    )
    if (status === null) {
      throw new AppError('not_found', MESSAGES.refundNotUnsettled)
    }
    await auditStatement(c.env.DB, {
      businessId: caller.businessId,
      staffId: caller.staffId,
      action: 'refund.reconcile',
      entity: 'refund',
      entityId: body.refundId,
      before: { status: 'unknown' },
      after: { status },
      summary: `Refund asked about again: ${status}`,
      at: at.toISOString(),
    }).run()
    return { status }
  }
)
