import type { Context } from 'hono'
import { BasketSchema, type Basket } from '../../schemas/basket.ts'
import type { AppEnv } from '../env.ts'
import { readBasketToken } from '../lib/basket-cookie.ts'
import { readAccessToken } from '../lib/cookies.ts'
import { AppError } from '../lib/errors.ts'

/**
 * The shopper's basket as the guards of this request see it, read from the backend once: the
 * checkout steps run two guards (slot, then basket) that both need it. Null without a basket
 * cookie, or when the cookie's token names no basket any more.
 */
export function requestBasket(c: Context<AppEnv>): Promise<Basket | null> {
  const cached = c.get('requestBasket')
  if (cached) return cached
  const basketToken = readBasketToken(c)
  const read = basketToken
    ? c.var.backend
        .post('/basket', {
          body: { businessId: c.var.brand.businessId, basketToken },
          token: readAccessToken(c),
          schema: BasketSchema,
        })
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'not_found') return null
          throw error
        })
    : Promise.resolve(null)
  c.set('requestBasket', read)
  return read
}
