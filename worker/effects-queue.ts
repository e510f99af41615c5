import { placedOrderHandlers } from './backend/checkout/placed-effects.ts'
import { checkoutStartedHandlers } from './backend/checkout/started-effects.ts'
import { cartEffectHandlers } from './backend/marketing/cart-effects.ts'
import { referralRewardHandlers } from './backend/referrals/reward-effects.ts'
import { storeActionHandlers } from './backend/store-orders/action-effects.ts'
import { amendRefundHandlers } from './backend/order-amend/refund-effect.ts'
import { amendNoticeHandlers } from './backend/order-amend/notice-effect.ts'
import { substituteRefundHandlers } from './backend/substitute-review/effects.ts'
import { consumeDeadLetters, consumeEffects } from './backend/effects/consumer.ts'
import type { EffectHandlers } from './backend/effects/handlers.ts'
import type { WiredAdapters } from './backend/adapters.ts'
import { now } from './lib/clock.ts'
import { configurationRefusal } from './lib/configuration-refusal.ts'
import { backendAdapters } from './local-backend.ts'
import { metricsSinkFor } from './lib/metrics.ts'
import { withRequestScope } from './lib/request-scope.ts'

/*
 * The Worker's queue handler (ADR 037): the EFFECTS queue's consumer runs each effect with the
 * same adapters as the backend's routes; its dead-letter queue's marks the effect dead for
 * operators. Every domain that writes effects adds its handlers here.
 */

export type EffectsEnv = Env & WiredAdapters

export const effectHandlers: EffectHandlers<EffectsEnv> = {
  ...placedOrderHandlers,
  ...checkoutStartedHandlers,
  ...cartEffectHandlers,
  ...storeActionHandlers,
  ...amendRefundHandlers,
  ...amendNoticeHandlers,
  ...substituteRefundHandlers,
  ...referralRewardHandlers,
}

/** Dead-letter queues are named after their queue with `-dlq` (wrangler.toml). */
export function isDeadLetterQueue(queue: string): boolean {
  return queue.endsWith('-dlq')
}

export function queue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  // One scope per batch (ADR 041); each effect opens its own inside it (effects/consumer.ts).
  return withRequestScope({ fields: { queue: batch.queue }, sink: metricsSinkFor(env) }, () =>
    consumeBatch(batch, env)
  )
}

async function consumeBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const refusal = configurationRefusal(env)
  if (refusal !== null) {
    // A refused configuration runs nothing (ADR 036): the messages wait for a good deploy.
    console.error(JSON.stringify({ ...refusal, queue: batch.queue }))
    batch.retryAll()
    return
  }
  if (isDeadLetterQueue(batch.queue)) {
    await consumeDeadLetters(batch, env)
    return
  }
  await consumeEffects(batch, { ...env, ...backendAdapters }, effectHandlers, now(env))
}
