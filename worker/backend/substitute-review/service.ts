import { MESSAGES } from '../../../schemas/messages.ts'
import type { RejectSubstituteResult, SubstituteRejection } from '../../../schemas/order-changes.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import { runEffect } from '../effects/consumer.ts'
import { dispatchEffects } from '../effects/relay.ts'
import { pendingEffectIds } from '../effects/repo.ts'
import { changesOfOrder } from '../orders/order-changes.ts'
import { findStoreOrder, orderPickLines, type PickLineRow } from '../orders/repo.ts'
import { storeActionHandlers } from '../store-orders/action-effects.ts'
import type { EffectsEnv } from '../store-orders/effects.ts'
import { substituteRefundHandlers } from './effects.ts'
import { substituteRefundKey, writeRejection } from './repo.ts'

/*
 * A substitute sent back (issue 42, ADR 043): by the shopper reviewing the order's changes until
 * it leaves the store, or by the driver recording one handed back at the door. One guarded batch
 * (repo.ts) decides it; its refund runs once from the outbox row it wrote, right away and again
 * by the queue if that fails.
 */

export interface RejectingOrder {
  id: number
  business_id: number
  store_id: number
}

export interface RejectInput {
  lineId: number
  by: SubstituteRejection
  /** At the door: the driver recording it (the order must be assigned to them). */
  driverId: number | null
}

const conflict = (message: string) => new AppError('conflict', message)

/** Why this line cannot be rejected now, or null when it can. */
function refusalOf(status: string, line: PickLineRow | undefined, input: RejectInput) {
  if (!line || line.mark !== 'substituted') {
    return new AppError('not_found', MESSAGES.substituteNotFound)
  }
  if (line.rejected_by !== null || (line.refunded_quantity ?? 0) > 0) {
    return conflict(MESSAGES.substituteAlreadyRejected)
  }
  if (input.by === 'review' && status !== 'picked') {
    return status === 'store_accepted_picking'
      ? new AppError('not_found', MESSAGES.substituteNotFound)
      : conflict(MESSAGES.substituteRejectTooLate)
  }
  if (input.by === 'door' && status !== 'en_route') {
    return conflict(MESSAGES.substituteDoorTooLate)
  }
  return null
}

async function settleNow(env: EffectsEnv, orderId: number, lineId: number, now: Date) {
  const key = substituteRefundKey(orderId, lineId)
  const keys = [key, `${key}:notice`]
  const handlers = { ...storeActionHandlers, ...substituteRefundHandlers }
  try {
    for (const k of keys) {
      for (const id of await pendingEffectIds(env.DB, [k])) {
        await runEffect(env, handlers, id, now)
      }
    }
  } catch (error) {
    logError(error, { event: 'substitute refund failed', orderId })
  }
  await dispatchEffects(env, keys, now)
}

/** Rejects one substitute of the order; a lost race or a second call is refused, nothing moved. */
export async function rejectSubstitute(
  env: EffectsEnv,
  order: RejectingOrder,
  input: RejectInput,
  now: Date
): Promise<RejectSubstituteResult> {
  const row = await findStoreOrder(env.DB, order.business_id, order.store_id, order.id)
  if (!row) throw new AppError('not_found', MESSAGES.orderNotFound)
  const lines = await orderPickLines(env.DB, order.id)
  const line = lines.find((candidate) => candidate.id === input.lineId)
  const refusal = refusalOf(row.status, line, input)
  if (refusal || !line) throw refusal ?? new AppError('not_found', MESSAGES.substituteNotFound)
  const amount = line.charged_price ?? 0
  const won = await writeRejection(env.DB, {
    orderId: order.id,
    businessId: order.business_id,
    storeId: order.store_id,
    lineId: line.id,
    amount,
    by: input.by,
    name: line.substitute_name ?? line.name,
    driverId: input.driverId,
    token: crypto.randomUUID(),
    at: now.toISOString(),
  })
  if (!won) {
    // Another call (or the order moving on) came first: say what it is now.
    const [again, linesAgain] = await Promise.all([
      findStoreOrder(env.DB, order.business_id, order.store_id, order.id),
      orderPickLines(env.DB, order.id),
    ])
    const lineAgain = linesAgain.find((candidate) => candidate.id === input.lineId)
    throw (
      refusalOf(again?.status ?? row.status, lineAgain, input) ??
      conflict(MESSAGES.substituteAlreadyRejected)
    )
  }
  await settleNow(env, order.id, line.id, now)
  const changes = await changesOfOrder(env.DB, row)
  return {
    refunded: amount,
    changes: changes ?? { lines: [], canReject: false, cash: row.payment_method === 'paymentCash' },
  }
}
