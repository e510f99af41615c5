import type { EffectHandlers, EffectRun } from '../effects/handlers.ts'
import { effectStatement } from '../effects/repo.ts'
import { refundPayment } from '../payments/refunds.ts'
import type { PaymentsEnv } from '../payments/service.ts'

/*
 * The card refund of an amend that lowered a settled order's total (ADR 048), kept in the outbox
 * (ADR 037): the amend's batch writes it only where its update won, so a refund is owed exactly
 * when the order changed, and the queue retries it if the request that made it stops before the
 * gateway answered. The same batch records the refund owed under the effect's reference
 * (payment_refunds `owed`, ADR 059), so every cover counts it at once; the effect claims that row
 * and asks for exactly its amount. However often it runs, the gateway refunds once.
 */

export const AMEND_REFUND_EFFECT = 'order_amend_refund'

export interface AmendRefundPayload {
  [field: string]: string | number | null
  orderId: number
  paymentId: number
  amount: number
  /** The amend version the batch wrote: the refund's reference. */
  version: number
}

/** Why the money went back, on the refund's row. */
export const AMEND_REFUND_REASON = 'Order changed by the shopper'

export const amendRefundReference = (payload: AmendRefundPayload): string =>
  `o${payload.orderId}-amend-${payload.version}`

export const amendRefundKey = (payload: AmendRefundPayload): string =>
  `order:${payload.orderId}:amend:${payload.version}:refund`

/** The effect row, written only where the order carries the amend's token (the batch won). */
export function amendRefundStatement(
  db: D1Database,
  businessId: number,
  payload: AmendRefundPayload,
  token: string,
  now: Date
): D1PreparedStatement {
  return effectStatement(
    db,
    { businessId, key: amendRefundKey(payload), kind: AMEND_REFUND_EFFECT, payload },
    now,
    {
      sql: 'select 1 from orders where id = ?1 and action_token = ?2',
      params: [payload.orderId, token],
    }
  )
}

/** Gives the difference back; safe to run again (the reference answers the first outcome). */
async function runAmendRefund(
  env: PaymentsEnv,
  businessId: number,
  payload: AmendRefundPayload,
  now: Date
): Promise<void> {
  await refundPayment(
    env,
    {
      businessId,
      paymentId: payload.paymentId,
      reference: amendRefundReference(payload),
      reason: AMEND_REFUND_REASON,
      amount: payload.amount,
    },
    now
  )
}

export const amendRefundHandlers: EffectHandlers<PaymentsEnv> = {
  [AMEND_REFUND_EFFECT]: async (env, effect: EffectRun) => {
    await runAmendRefund(env, effect.businessId, effect.payload as AmendRefundPayload, effect.now)
  },
}
