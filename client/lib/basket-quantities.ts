import type { Basket } from '../../schemas/basket.ts'
import { readBasketSummaryCookie } from './basket-summary.ts'

/*
 * What the item cards' steppers show: how many of each simple item the basket holds. Catalogue
 * pages are publicly cached, so the markup never says; the cards read it here in the browser. The
 * basket is fetched at most once a page, only when the summary cookie says it holds items at this
 * store, and every later basket answer (adds, steps, the basket page's edits) replaces it.
 */

/** A card's basket line: a line of the item without choices (what the card's Add adds). */
export interface CardLine {
  basketLineId: number
  quantity: number
  maxQuantity: number | null
}

/** The lines a card can step, by item id, when the basket is at this store (else none). */
export function cardLines(
  basket: Pick<Basket, 'lines' | 'store'>,
  storeSlug: string
): ReadonlyMap<number, CardLine> {
  const lines = new Map<number, CardLine>()
  if (basket.store?.slug !== storeSlug) return lines
  for (const line of basket.lines) {
    if (line.choices.length > 0 || lines.has(line.itemId)) continue
    const { basketLineId, quantity, maxQuantity } = line
    lines.set(line.itemId, { basketLineId, quantity, maxQuantity })
  }
  return lines
}

/** Whether a page of this store should fetch the basket: the cookie says it has items here. */
export function basketWorthFetching(cookies: string, storeSlug: string): boolean {
  const summary = readBasketSummaryCookie(cookies)
  return summary !== null && summary.itemCount > 0 && summary.storeSlug === storeSlug
}

type Lines = Pick<Basket, 'lines' | 'store'> & { version?: number }

let known: Lines | null = null
let loading: Promise<void> | null = null
const listeners = new Set<() => void>()

/**
 * Keeps the latest basket answer and tells every card. An answer older than the one kept (the
 * page's first fetch overtaken by an add) is dropped: a basket's version grows with each change.
 */
export function rememberBasket(basket: Lines): void {
  if (isOlder(basket, known)) return
  known = basket
  for (const listener of listeners) listener()
}

/** Whether `basket` is an earlier state of the same store's basket than `than`. */
export function isOlder(basket: Lines, than: Lines | null): boolean {
  if (!than || basket.version === undefined || than.version === undefined) return false
  return basket.store?.slug === than.store?.slug && basket.version < than.version
}

/** The latest basket answer this page has seen (null before any). */
export function knownBasket(): Lines | null {
  return known
}

export function subscribeBasket(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Fetches the basket once for the page when it may hold this store's items; `fetch` is the
 * basket call (passed in, so this module stays free of the API client). A failure leaves the
 * cards showing Add, which still adds. A page restored from the back/forward cache asks again:
 * another page may have changed the basket meanwhile.
 */
export function loadBasketOnce(storeSlug: string, fetch: () => Promise<unknown>): void {
  if (loading !== null) return
  loading = refresh(storeSlug, fetch)
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) loading = refresh(storeSlug, fetch)
  })
}

async function refresh(storeSlug: string, fetch: () => Promise<unknown>): Promise<void> {
  if (!basketWorthFetching(document.cookie, storeSlug)) {
    // Emptied or moved to another store elsewhere: no card here has a line any more.
    if (known !== null) rememberBasket({ lines: [], store: null })
    return
  }
  await fetch().catch(() => undefined)
}
