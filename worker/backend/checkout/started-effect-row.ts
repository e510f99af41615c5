import { effectStatement } from '../effects/repo.ts'

/*
 * The outbox row of a draft order's making (ADR 025 "checkout started", ADR 037), written in the
 * draft's batch; its handler is started-effects.ts. The order's id is not known before its
 * insert, so the row names the order by its number (unique, chosen before the batch).
 */

export const CHECKOUT_STARTED = 'checkout_started_event'

export function checkoutStartedEffectKey(businessOrderId: string): string {
  return `checkout:${businessOrderId}:started`
}

export function checkoutStartedEffectStatement(
  db: D1Database,
  businessId: number,
  businessOrderId: string,
  now: Date
): D1PreparedStatement {
  return effectStatement(
    db,
    {
      businessId,
      key: checkoutStartedEffectKey(businessOrderId),
      kind: CHECKOUT_STARTED,
      payload: { businessOrderId },
    },
    now
  )
}
