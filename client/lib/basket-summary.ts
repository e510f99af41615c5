import type { BasketSummary, BasketTotals } from '../../schemas/basket.ts'
import { BASKET_SUMMARY_COOKIE } from '../../schemas/cookies.ts'
import { formatMoney } from '../../schemas/money.ts'
import { isRecord } from './is-record.ts'
import { GB_LOCALE, type ShopLocale } from '../../schemas/locale.ts'

/*
 * The header basket's data: the summary cookie the worker keeps with every basket answer and the
 * event islands send after a change. Kept apart from the basket calls so the header script that
 * every page loads stays a few hundred bytes.
 */

/** The window event every basket change dispatches, with the new {@link BasketSummary} as detail. */
export const BASKET_CHANGED_EVENT = 'sf:basket-changed'

/** The readable cookie the proxy keeps with the basket's count, total and store (no secret). */
export { BASKET_SUMMARY_COOKIE }

export function isPence(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

/** The header's summary of a basket answer: items, what they cost after deals, and the store. */
export function basketSummary(basket: {
  totals: Pick<BasketTotals, 'itemCount' | 'subtotal' | 'dealDiscount'>
  store: { slug: string } | null
}): BasketSummary {
  return {
    itemCount: basket.totals.itemCount,
    total: basket.totals.subtotal - basket.totals.dealDiscount,
    storeSlug: basket.store?.slug ?? null,
  }
}

/** A summary from its JSON (the cookie or an event); anything malformed is null. */
export function parseBasketSummary(raw: string | null | undefined): BasketSummary | null {
  if (!raw) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  return toSummary(value)
}

function toSummary(value: unknown): BasketSummary | null {
  if (!isRecord(value) || !isPence(value.itemCount) || !isPence(value.total)) return null
  return {
    itemCount: value.itemCount,
    total: value.total,
    storeSlug: typeof value.storeSlug === 'string' ? value.storeSlug : null,
  }
}

/** The raw summary cookie value out of a `document.cookie` string ('' when absent). */
export function basketSummaryCookieValue(cookies: string): string {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=')
    if (separator < 0 || part.slice(0, separator).trim() !== BASKET_SUMMARY_COOKIE) continue
    return part.slice(separator + 1).trim()
  }
  return ''
}

/** A summary cookie value (URL-encoded JSON, as the worker sets it); malformed → null. */
export function summaryFromCookieValue(raw: string): BasketSummary | null {
  try {
    return parseBasketSummary(decodeURIComponent(raw))
  } catch {
    return null
  }
}

/** The summary cookie out of a `document.cookie` string. */
export function readBasketSummaryCookie(cookies: string): BasketSummary | null {
  return summaryFromCookieValue(basketSummaryCookieValue(cookies))
}

/** The header basket's accessible name: 'Basket, 3 items, £12.40' (just 'Basket' when empty). */
export function basketLabel(summary: BasketSummary | null, shop: ShopLocale = GB_LOCALE): string {
  if (!summary || summary.itemCount === 0) return 'Basket'
  const items = summary.itemCount === 1 ? '1 item' : `${summary.itemCount} items`
  return `Basket, ${items}, ${formatMoney(summary.total, shop)}`
}

/**
 * The window event an island sends after it added or removed something, so the header can say
 * what changed: its detail is a {@link BasketConfirmation}. Apart from BASKET_CHANGED_EVENT, which
 * every basket answer sends (loads and edits too), so the header speaks only when the shopper acted.
 */
export const BASKET_CONFIRM_EVENT = 'sf:basket-confirm'

/** What the shopper just did to the basket ('1 × Bananas' added) and the basket after it. */
export interface BasketConfirmation {
  action: 'added' | 'removed'
  /** The quantity and name, '2 × Bananas'. */
  line: string
  summary: BasketSummary
  /** True when the island that made the change says it in its own status line (the item page's). */
  saidByIsland?: boolean
}

/** The header's confirmation: 'Added 2 × Bananas — basket 5 items, £12.40'. */
export function confirmationText(
  { action, line, summary }: BasketConfirmation,
  shop: ShopLocale = GB_LOCALE
): string {
  const verb = action === 'added' ? 'Added' : 'Removed'
  if (summary.itemCount === 0) return `${verb} ${line} — basket empty`
  const items = summary.itemCount === 1 ? '1 item' : `${summary.itemCount} items`
  return `${verb} ${line} — basket ${items}, ${formatMoney(summary.total, shop)}`
}

/** A confirmation from an event's detail; anything malformed is null. */
export function toConfirmation(value: unknown): BasketConfirmation | null {
  if (!isRecord(value) || typeof value.line !== 'string' || value.line === '') return null
  if (value.action !== 'added' && value.action !== 'removed') return null
  const summary = toSummary(value.summary)
  if (!summary) return null
  const confirmation: BasketConfirmation = { action: value.action, line: value.line, summary }
  return value.saidByIsland === true ? { ...confirmation, saidByIsland: true } : confirmation
}
