import { MESSAGES } from '../../../schemas/messages.ts'
import {
  effectKindLabel,
  effectSubject,
  OperatorEffectRetriedSchema,
  OperatorEffectRetrySchema,
  OperatorEffectsRequestSchema,
  OperatorEffectsSchema,
} from '../../../schemas/operator-effects.ts'
import { now } from '../../lib/clock.ts'
import { AppError } from '../../lib/errors.ts'
import { dispatchEffectRefs } from '../effects/relay.ts'
import { deadEffectsWithOrders, findEffect, reviveEffect } from '../effects/repo.ts'
import { createDomain } from '../route-registry.ts'
import { auditStatement } from '../audit-repo.ts'
import { requireOperator } from './guard.ts'
import { OPERATOR_BEARER } from './routes.ts'

/**
 * The operator console's failed tasks (ADR 037): the effects the EFFECTS queue's dead-letter
 * queue gave up on, with what went wrong, and a retry that hands one to the queue again.
 */
export const operatorEffects = createDomain('Operator failed tasks')

/** The most a page lists: more than this many dead effects is an incident, not a list. */
const DEAD_EFFECTS_SHOWN = 200

operatorEffects.post(
  '/staff/operator/effects',
  {
    summary: "The business's failed tasks: effects given up on after every retry, newest first",
    description: `${OPERATOR_BEARER} Each with its kind, the order it is for, attempts and the last error.`,
    body: OperatorEffectsRequestSchema,
    response: OperatorEffectsSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const rows = await deadEffectsWithOrders(c.env.DB, caller.businessId, DEAD_EFFECTS_SHOWN)
    return {
      effects: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        orderNumber: row.order_number,
        about: effectSubject({ key: row.effect_key, orderNumber: row.order_number }),
        attempts: row.attempts,
        lastError: row.last_error,
        createdAt: row.created_at,
      })),
    }
  }
)

operatorEffects.post(
  '/staff/operator/effects/retry',
  {
    summary:
      'Tries a failed task again: it is handed to the queue with its attempts counted afresh',
    description:
      `${OPERATOR_BEARER} Only a failed (dead) task of the business: anything else answers ` +
      'not_found. Audited. The task still runs at most once (its key).',
    body: OperatorEffectRetrySchema,
    response: OperatorEffectRetriedSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const at = now(c.env)
    const effect = await findEffect(c.env.DB, body.effectId)
    if (!effect || effect.business_id !== caller.businessId) {
      throw new AppError('not_found', MESSAGES.effectNotFound)
    }
    if (!(await reviveEffect(c.env.DB, caller.businessId, body.effectId))) {
      throw new AppError('not_found', MESSAGES.effectNotFound)
    }
    await auditStatement(c.env.DB, {
      businessId: caller.businessId,
      staffId: caller.staffId,
      action: 'effect.retry',
      entity: 'effect',
      entityId: effect.id,
      before: { status: 'dead', attempts: effect.attempts, lastError: effect.last_error },
      after: { status: 'pending', attempts: 0 },
      summary: `${effectKindLabel(effect.kind)} tried again`,
      at: at.toISOString(),
    }).run()
    await dispatchEffectRefs(c.env, [{ id: effect.id, businessId: effect.business_id }], at)
    return { retried: true as const }
  }
)
