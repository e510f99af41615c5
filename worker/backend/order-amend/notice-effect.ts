import { z } from 'zod'
import type { WiredAdapters } from '../adapters.ts'
import type { EffectHandlers } from '../effects/handlers.ts'
import { effectStatement } from '../effects/repo.ts'
import { publishOrderChange } from '../orders/events.ts'
import { findOrderBoardState } from '../orders/repo.ts'

/*
 * An applied amend (lines or slot, ADR 048 and 054) tells the order's followers what every other
 * order change tells them (ADR 038): the store's open boards and the tracking page hear of it at
 * once instead of on their next load. A row of the outbox (ADR 037) the amend's batch writes only
 * where its update won, so a change is announced exactly when it was made and a board that is
 * down hears of it on the queue's retry.
 */

export const AMEND_NOTICE_EFFECT = 'order_amend_notice'

const PayloadSchema = z.object({ orderId: z.number().int().positive() })

export const amendNoticeKey = (orderId: number, version: number): string =>
  `order:${orderId}:amend:${version}:notice`

/** The effect row, written only where the order carries the amend's token (the batch won). */
export function amendNoticeStatement(
  db: D1Database,
  businessId: number,
  change: { orderId: number; version: number },
  token: string,
  now: Date
): D1PreparedStatement {
  return effectStatement(
    db,
    {
      businessId,
      key: amendNoticeKey(change.orderId, change.version),
      kind: AMEND_NOTICE_EFFECT,
      payload: { orderId: change.orderId },
    },
    now,
    {
      sql: 'select 1 from orders where id = ?1 and action_token = ?2',
      params: [change.orderId, token],
    }
  )
}

export const amendNoticeHandlers: EffectHandlers<Env & WiredAdapters> = {
  [AMEND_NOTICE_EFFECT]: async (env, effect) => {
    const { orderId } = PayloadSchema.parse(effect.payload)
    // The order as it is when the notice runs: a retry hours later announces its current status.
    const order = await findOrderBoardState(env.DB, effect.businessId, orderId)
    if (!order) return
    await publishOrderChange(
      env,
      {
        businessId: effect.businessId,
        storeId: order.store_id,
        orderId,
        status: order.status,
        change: 'updated',
      },
      effect.now
    )
  },
}
