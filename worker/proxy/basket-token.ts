import type { Context } from 'hono'
import { ApiErrorSchema } from '../../schemas/api-error.ts'
import type { Basket } from '../../schemas/basket.ts'
import { BASKET_OF_ANOTHER_MEMBER_REASON } from '../../schemas/constants.ts'
import { forgetBasket, readBasketToken, rememberBasket } from '../lib/cookies/basket.ts'
import { readSessionKind } from '../lib/cookies/session.ts'
import { refreshSession } from '../lib/shopper-session.ts'
import { proxyCall, proxyMiddleware } from './call.ts'

/** Whether an error answer is the basket guard's 'basket of another member' refusal. */
function isBasketOfAnotherMember(text: string): boolean {
  try {
    const envelope = ApiErrorSchema.safeParse(JSON.parse(text))
    return (
      envelope.success && envelope.data.error.details?.reason === BASKET_OF_ANOTHER_MEMBER_REASON
    )
  } catch {
    return false
  }
}

function isBasket(value: unknown): value is Basket {
  return (
    typeof value === 'object' &&
    value !== null &&
    'totals' in value &&
    'lines' in value &&
    'fulfilmentMethod' in value
  )
}

/**
 * A basket answer (a basket, or an object carrying one under `basket`) with its token moved into
 * the httpOnly cookie and its summary into the header's cookie.
 */
function withoutBasketToken(c: Context, payload: unknown): unknown {
  if (isBasket(payload)) return rememberBasket(c, payload)
  if (typeof payload === 'object' && payload !== null && 'basket' in payload) {
    const { basket } = payload
    if (isBasket(basket)) return { ...payload, basket: rememberBasket(c, basket) }
  }
  return payload
}

/**
 * A member's basket answers to their token only: on a basket call, a lapsed member session is
 * renewed first, as a page load does, so a member idle past the access token's 15 minutes still
 * reaches their basket. Before the body is read, as before the bearer is.
 *
 * @example proxy.use(memberSessionForBasket())
 */
export function memberSessionForBasket() {
  return proxyMiddleware(async (c, next) => {
    if (proxyCall(c).needs.basketToken && readSessionKind(c) === 'member') await refreshSession(c)
    await next()
  })
}

/**
 * The basket token of a call its route declares a basket call: into the body from the httpOnly
 * cookie only (a token the browser sent is dropped, so a browser cannot choose another basket);
 * out of a basket answer into that cookie (`answers`). A 'basket of another member' refusal makes
 * the browser forget the basket, unless the member's session could not be renewed just now.
 *
 * @example proxy.use(basketToken())
 */
export function basketToken() {
  return proxyMiddleware(async (c, next) => {
    const { needs, json } = proxyCall(c)
    if (!needs.basketToken) return next()
    if (json) {
      const token = readBasketToken(c)
      if (token) json.basketToken = token
      else delete json.basketToken
    }
    await next()
    // A thrown error's envelope (the backend unreachable) is answered as it is.
    if (c.error) return
    if (c.res.status === 200 && needs.basketToken === 'answers') {
      const payload: unknown = await c.res.json()
      c.res = c.newResponse(JSON.stringify(withoutBasketToken(c, payload)), 200)
    } else if (c.res.status === 403) {
      const text = await c.res.text()
      // A member's basket this shopper may not use (their session ended elsewhere, or a cookie
      // from another account): the browser forgets it and the next call starts a new basket. A
      // member whose session could not be renewed keeps their cookie for when it is.
      const lapsedMember = readSessionKind(c) === 'member' && !proxyCall(c).bearer
      if (isBasketOfAnotherMember(text) && !lapsedMember) forgetBasket(c)
      c.res = c.newResponse(text, 403)
    }
  })
}
