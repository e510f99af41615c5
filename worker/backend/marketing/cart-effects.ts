import { z } from 'zod'
import { BASKET_CART_CHANGED } from '../basket/cart-effect-row.ts'
import type { EffectHandlers } from '../effects/handlers.ts'
import type { MarketingEnv } from './adapters.ts'
import { sendCartUpdate } from './effects.ts'

/*
 * Marketing's handler of the basket's cart rows (ADR 037): the basket writes that its cart
 * changed, marketing tells the service the cart as it is when the effect runs.
 */

export type CartEffectsEnv = MarketingEnv & { SESSION_SECRET?: string }

const CartPayloadSchema = z.object({ basketId: z.number().int().positive() })

export const cartEffectHandlers: EffectHandlers<CartEffectsEnv> = {
  async [BASKET_CART_CHANGED](env, effect) {
    const { basketId } = CartPayloadSchema.parse(effect.payload)
    await sendCartUpdate({ env, now: effect.now }, { businessId: effect.businessId, basketId })
  },
}
