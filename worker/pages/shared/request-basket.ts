import type { Context } from 'hono'
import { BasketSchema, type Basket } from '../../../schemas/basket.ts'
import { BASKET_OF_ANOTHER_MEMBER_REASON } from '../../../schemas/constants.ts'
import type { AppEnv } from '../../env.ts'
import { forgetBasket, readBasketToken } from '../../lib/cookies/basket.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { AppError } from '../../lib/errors.ts'

/**
 * What a page's basket, slot, checkout or payment call names: the business, the brand of the host
 * (a basket is its brand's, docs/decisions/012) and the basket token of the httpOnly cookie.
 */
export interface BasketScope {
  businessId: number
  brandId: number
  basketToken: string
}

/** The shopper's basket scope, or null without a basket cookie. */
export function basketScope(c: Context<AppEnv>): BasketScope | null {
  const basketToken = readBasketToken(c)
  if (!basketToken) return null
  return { businessId: c.var.brand.businessId, brandId: c.var.brand.id, basketToken }
}

/**
 * Whether a page's basket call was refused because the cookie names a member's basket that this
 * shopper may not use (ADR 012): the cookie is forgotten, so the shopper goes on with none.
 */
export function forgetsForeignBasket(c: Context<AppEnv>, error: unknown): boolean {
  const foreign =
    error instanceof AppError &&
    error.code === 'forbidden' &&
    error.details?.reason === BASKET_OF_ANOTHER_MEMBER_REASON
  if (foreign) forgetBasket(c)
  return foreign
}

/**
 * The shopper's basket as the guards of this request see it, read from the backend once: the
 * checkout steps run two guards (slot, then basket) that both need it. Null without a basket
 * cookie, when the cookie's token names no basket any more, or names a member's basket this
 * shopper may not use (the cookie is then forgotten).
 */
export function requestBasket(c: Context<AppEnv>): Promise<Basket | null> {
  const cached = c.get('requestBasket')
  if (cached) return cached
  const scope = basketScope(c)
  const read = scope
    ? c.var.backend
        .post('/basket', { body: scope, token: readAccessToken(c), schema: BasketSchema })
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'not_found') return null
          if (forgetsForeignBasket(c, error)) return null
          throw error
        })
    : Promise.resolve(null)
  c.set('requestBasket', read)
  return read
}
