import { MESSAGES } from '../../../schemas/messages.ts'
import {
  type MoneyEffectKind,
  type MoneyRetryOutcome,
  OperatorMoneyRetriedSchema,
  OperatorMoneyRetrySchema,
  OperatorMoneySchema,
} from '../../../schemas/operator-money.ts'
import { OperatorEffectsRequestSchema } from '../../../schemas/operator-effects.ts'
import { now } from '../../lib/clock.ts'
import { AppError } from '../../lib/errors.ts'
import { auditStatement } from '../audit-repo.ts'
import { reconcileCaptureNow } from '../payments/capture.ts'
import type { PaymentsEnv } from '../payments/env.ts'
import { gatewayAnswerOf, moneyNotSettled } from '../payments/reconcile-repo.ts'
import { reconcileRefundNow } from '../payments/refund-reconciliation.ts'
import { retryOwedVoidNow } from '../payments/service.ts'
import { createDomain } from '../route-registry.ts'
import { requireOperator } from './guard.ts'
import { OPERATOR_BEARER } from './routes.ts'

/**
 * Money not settled at its gateway (issue 37): every refund, void and capture of the business the
 * gateway has not confirmed, and an operator's "Try again", which asks through the same claimed
 * reconciliation as the cron and the store's retries: of any number of tries at once one reaches
 * the gateway, and a refund is sent again only when the gateway says it was never made, under its
 * own reference (the effect's key), so never twice.
 */
export const operatorMoney = createDomain('Operator money not settled')

/** The most a page lists. */
const SHOWN = 200

operatorMoney.post(
  '/staff/operator/money',
  {
    summary: "The business's money effects not settled at their gateway, oldest first",
    description:
      `${OPERATOR_BEARER} Refunds and voids pending or unknown, owed voids, captures whose ` +
      "answer was lost: each with its order, amount, gateway, the gateway's last answer and since when.",
    body: OperatorEffectsRequestSchema,
    response: OperatorMoneySchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const rows = await moneyNotSettled(c.env.DB, caller.businessId, SHOWN)
    return {
      effects: rows.map((row) => ({
        kind: row.kind,
        id: row.id,
        orderNumber: row.order_number,
        amount: row.amount,
        status: row.status,
        gateway: row.gateway,
        lastAnswer: gatewayAnswerOf(row),
        looks: Math.max(0, row.looks),
        since: row.since,
      })),
    }
  }
)

/** Asks the gateway about one effect now; null when it is not waiting (or another try holds it). */
async function tryAgain(
  env: PaymentsEnv,
  businessId: number,
  kind: MoneyEffectKind,
  id: number,
  at: Date
): Promise<MoneyRetryOutcome | null> {
  if (kind === 'refund' || kind === 'void') {
    const status = await reconcileRefundNow(env, businessId, id, at)
    if (status === null) return null
    return status === 'done' ? 'settled' : status === 'refused' ? 'refused' : 'unsettled'
  }
  if (kind === 'owed_void') {
    const status = await retryOwedVoidNow(env, businessId, id, at)
    if (status === null) return null
    return status === 'voided' ? 'settled' : 'unsettled'
  }
  const outcome = await reconcileCaptureNow(env, businessId, id, at)
  if (outcome === null) return null
  if (outcome.kind === 'captured' || outcome.kind === 'already_captured') return 'settled'
  return outcome.kind === 'refused' ? 'refused' : 'unsettled'
}

operatorMoney.post(
  '/staff/operator/money/retry',
  {
    summary: 'Try again: asks the gateway now what became of one money effect, and settles it',
    description:
      `${OPERATOR_BEARER} Only an effect of the business waiting to be settled; anything else ` +
      `(settled, another business's, a try already under way) answers not_found ` +
      `'${MESSAGES.moneyNotUnsettled}'. Audited. Made at the gateway: recorded once; not made: ` +
      'sent again under its own reference; no answer: asked about again later.',
    body: OperatorMoneyRetrySchema,
    response: OperatorMoneyRetriedSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const at = now(c.env)
    const env = { ...c.env, ...c.var.adapters }
    const outcome = await tryAgain(env, caller.businessId, body.kind, body.id, at)
    if (outcome === null) throw new AppError('not_found', MESSAGES.moneyNotUnsettled)
    await auditStatement(c.env.DB, {
      businessId: caller.businessId,
      staffId: caller.staffId,
      action: 'money.reconcile',
      entity: body.kind === 'refund' || body.kind === 'void' ? 'refund' : 'payment',
      entityId: body.id,
      before: { kind: body.kind },
      after: { outcome },
      summary: `Money asked about again (${body.kind}): ${outcome}`,
      at: at.toISOString(),
    }).run()
    return { outcome }
  }
)
