import { effectStatement } from '../effects/repo.ts'

/*
 * The outbox row of a basket change the marketing service hears of (ADR 025 "add to basket",
 * ADR 037): written behind the basket's version guard, so the change and its row commit
 * together. Its handler is marketing's (marketing/cart-effects.ts): the basket only says that
 * it changed, and never imports marketing.
 */

export const BASKET_CART_CHANGED = 'basket_cart_changed'

/** One key per change: the version the change's guard moved the basket to. */
export function cartChangedEffectKey(basketId: number, version: number): string {
  return `basket:${basketId}:v${version}:cart`
}

/** The row for a change of the basket at `version` (its guard moves it to version + 1). */
export function cartChangedEffectStatement(
  db: D1Database,
  basket: { businessId: number; id: number; version: number },
  now: Date
): { key: string; statement: D1PreparedStatement } {
  const key = cartChangedEffectKey(basket.id, basket.version + 1)
  return {
    key,
    statement: effectStatement(
      db,
      {
        businessId: basket.businessId,
        key,
        kind: BASKET_CART_CHANGED,
        payload: { basketId: basket.id },
      },
      now
    ),
  }
}
