import { z } from 'zod'
import type { EffectHandlers } from '../effects/handlers.ts'
import type { MarketingEnv } from '../marketing/adapters.ts'
import { sendCheckoutStarted } from '../marketing/effects.ts'
import { orderSummary } from './orders.ts'
import { findOrderIdByBusinessOrderId } from './orders-repo.ts'
import { CHECKOUT_STARTED } from './started-effect-row.ts'

/*
 * What follows a draft order's making (ADR 037): the marketing service's "checkout started",
 * retried by the queue until the service takes it, the order as it is when it runs.
 */

export type StartedEffectsEnv = MarketingEnv & Env

const StartedPayloadSchema = z.object({ businessOrderId: z.string().min(1) })

export const checkoutStartedHandlers: EffectHandlers<StartedEffectsEnv> = {
  async [CHECKOUT_STARTED](env, effect) {
    const { businessOrderId } = StartedPayloadSchema.parse(effect.payload)
    const orderId = await findOrderIdByBusinessOrderId(env.DB, effect.businessId, businessOrderId)
    if (orderId === null) throw new Error(`order ${businessOrderId} not found`)
    const order = await orderSummary(env.DB, effect.businessId, orderId)
    await sendCheckoutStarted({ env, now: effect.now }, { businessId: effect.businessId, order })
  },
}
