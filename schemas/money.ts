// Money display (pence → '£12.50'), shared by the pages, the islands and the backend's messages.
// On its own, so scripts that only show prices (the header basket) do not pull in a date library.
import { formatCurrency, GB_LOCALE, type ShopLocale } from './locale.ts'

/**
 * Formats integer minor units for display, always with the minor units: 500 → '£5.00',
 * 1250 → '£12.50'. One format everywhere, so a fee never reads '£2' on one page and '£2.00' on
 * another. Without a locale it is the UK's (ADR 045: callers that know the brand pass its locale).
 */
export function formatMoney(pence: number, shop: ShopLocale = GB_LOCALE): string {
  return formatCurrency(pence, shop)
}

/** An extra cost on top of a price (a meal deal premium, an option): '+50p', '+£1.20'. */
export function formatPremium(pence: number, shop: ShopLocale = GB_LOCALE): string {
  // 'p' for pence is British; elsewhere a small premium reads in full: '+€ 0,50'.
  return pence < 100 && shop.currency === 'GBP' ? `+${pence}p` : `+${formatMoney(pence, shop)}`
}
