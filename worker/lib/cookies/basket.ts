import type { Context } from 'hono'
import { basketSummary } from '../../../client/lib/basket-summary.ts'
import {
  type Basket,
  type BasketSummary,
  BasketSummarySchema,
  BasketTokenSchema,
} from '../../../schemas/basket.ts'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import { clearCookie, readCookie, writeCookie } from './cookies.ts'

/** The shopper's basket token from its httpOnly cookie, if it is well formed. */
export function readBasketToken(c: Context): string | undefined {
  const parsed = BasketTokenSchema.safeParse(readCookie(c, COOKIE_NAMES.basket))
  return parsed.success ? parsed.data : undefined
}

/**
 * Keeps what the browser may know of a basket answer: the token goes into the httpOnly cookie
 * (when the answer carries one) and the count and total into the readable summary cookie the
 * header basket shows. Returns the basket without its token.
 */
export function rememberBasket(c: Context, basket: Basket): Basket {
  const { basketToken, ...rest } = basket
  if (basketToken) writeCookie(c, COOKIE_NAMES.basket, basketToken)
  writeBasketSummary(c, rest)
  return rest
}

/** The header's basket summary cookie, from a basket answer or the slot pages' facts of one. */
export function writeBasketSummary(c: Context, basket: Parameters<typeof basketSummary>[0]): void {
  writeCookie(c, COOKIE_NAMES.basketSummary, JSON.stringify(basketSummary(basket)))
}

/** Forgets the basket (checked out, or its token no longer names one). */
export function forgetBasket(c: Context): void {
  clearCookie(c, COOKIE_NAMES.basket)
  clearBasketSummary(c)
}

/** The header's basket summary, when the basket it summed up is gone (an order was placed). */
export function clearBasketSummary(c: Context): void {
  clearCookie(c, COOKIE_NAMES.basketSummary)
}

/** The header's basket summary cookie, if it holds a well-formed one. */
export function readBasketSummary(c: Context): BasketSummary | null {
  const value = readCookie(c, COOKIE_NAMES.basketSummary)
  if (!value) return null
  try {
    const parsed = BasketSummarySchema.safeParse(JSON.parse(value))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * When a member's session ends (sign-out, expiry): their basket answers to them only (ADR
 * 012), so its token is put aside in its own httpOnly cookie and the basket and header summary
 * cookies are cleared. The shopper goes on as a guest with a new basket; signing in again brings
 * the member's basket back ({@link readMemberBasketToken}).
 */
export function putMemberBasketAside(c: Context): void {
  const token = readBasketToken(c)
  if (!token) return
  writeCookie(c, COOKIE_NAMES.memberBasket, token)
  forgetBasket(c)
}

/** The basket token a member's ended session put aside, if any. */
export function readMemberBasketToken(c: Context): string | undefined {
  const parsed = BasketTokenSchema.safeParse(readCookie(c, COOKIE_NAMES.memberBasket))
  return parsed.success ? parsed.data : undefined
}

export function forgetMemberBasket(c: Context): void {
  clearCookie(c, COOKIE_NAMES.memberBasket)
}
