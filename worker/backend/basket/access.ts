import type { Context } from 'hono'
import { z } from 'zod'
import { BusinessIdSchema, IdSchema } from '../../../schemas/common.ts'
import { BASKET_OF_ANOTHER_MEMBER_REASON } from '../../../schemas/constants.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { authenticate, bearerToken } from '../auth/authenticate.ts'
import type { BackendEnv } from '../env.ts'
import { bindBasketBrand, findBasketOwnership } from './ownership-repo.ts'

/**
 * What a call says about the basket it names, read from the raw body with the normalisation every
 * route's schema applies (ids coerced, the token trimmed), so the guard and the route see the same
 * basket. A malformed brandId names no brand: it cannot switch the owner check off.
 */
const BasketCallSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: IdSchema.optional().catch(undefined),
  basketToken: z.string().trim().min(1).max(200),
})

/**
 * The member the call's bearer token signs in, or null without a token or with a guest one. A
 * token that does not verify answers 401 (authenticate), as on every signed-in route.
 */
export async function signedInMember(
  c: Context<BackendEnv>,
  businessId: number
): Promise<number | null> {
  if (bearerToken(c) === undefined) return null
  const caller = await authenticate(c, { businessId })
  return caller.kind === 'member' && caller.customerId !== undefined ? caller.customerId : null
}

/**
 * THE basket guard: the route registry runs it on the body of every call before the route's own
 * schema and handler, so no route, present or future, can serve a basket past it (ADR 012,
 * docs/decisions/012-brand-boundary.md). For a body naming a basket of the business by its token:
 *
 * - **Brand**: a call that names its brand (brandId; the storefront always does) gets a basket of
 *   another brand as if it did not exist: where the token is optional the call goes on without it
 *   (a new basket, no reservation, ...), where it is required not_found (basketNotFound). An
 *   unbound basket (from before baskets had a brand) is bound to the first brand that uses it.
 * - **Owner**: a member's basket answers to that member's access token only; anyone else, a
 *   guest without a token included, gets 403 forbidden 'This basket belongs to another account.'
 *   (details.reason basket_of_another_member). A guest basket answers to its token, as before.
 *
 * Returns the body the route goes on with. Bodies without a (well-formed) token pass unchanged:
 * the route's schema answers for them.
 */
export async function guardBasketCall(
  c: Context<BackendEnv>,
  raw: unknown,
  tokenOptional: boolean
): Promise<unknown> {
  const call = BasketCallSchema.safeParse(raw)
  if (!call.success) return raw
  const { businessId, brandId, basketToken } = call.data
  const db = c.env.DB
  const basket = await findBasketOwnership(db, businessId, basketToken)
  // What the handler would look the token up for (ADR 065), kept only for a call that goes on
  // with this token; the brand check below may take it away.
  const guarded = { businessId, token: basketToken, ref: basket?.active ?? null }
  if (!basket) {
    c.set('guardedBasket', guarded)
    return raw
  }
  if (brandId !== undefined) {
    const basketBrand = basket.brandId ?? (await bindBasketBrand(db, basket.id, brandId))
    if (basketBrand !== brandId) {
      if (!tokenOptional) throw new AppError('not_found', MESSAGES.basketNotFound)
      const { basketToken: _foreign, ...rest } = raw as Record<string, unknown>
      return rest
    }
  }
  if (basket.customerId !== null && (await signedInMember(c, businessId)) !== basket.customerId) {
    throw new AppError('forbidden', MESSAGES.basketOfAnotherMember, {
      details: { reason: BASKET_OF_ANOTHER_MEMBER_REASON },
    })
  }
  c.set('guardedBasket', guarded)
  return raw
}

/** Whether a route's body schema lets a call leave basketToken out (get-or-create, add, ...). */
export function takesOptionalBasketToken(schema: z.ZodType | undefined): boolean {
  if (!(schema instanceof z.ZodObject)) return false
  const token: unknown = schema.shape.basketToken
  return token instanceof z.ZodType && token.safeParse(undefined).success
}
