import { useEffect, useSyncExternalStore } from 'react'
import { fetchBasket } from '../../lib/basket.ts'
import {
  cardLines,
  knownBasket,
  loadBasketOnce,
  subscribeBasket,
  type CardLine,
} from '../../lib/basket-quantities.ts'

/**
 * The basket line a card's stepper steps: this item without choices at this store, or null. The
 * first card to hydrate fetches the basket for the page (only when the summary cookie says it
 * holds items here); every basket answer after that updates every card.
 */
export function useCardLine(storeSlug: string, itemId: number): CardLine | null {
  const basket = useSyncExternalStore(subscribeBasket, knownBasket, () => null)
  useEffect(() => loadBasketOnce(storeSlug, fetchBasket), [storeSlug])
  return basket ? (cardLines(basket, storeSlug).get(itemId) ?? null) : null
}
