import { createContext, useContext } from 'react'
import { currencySymbol, GB_LOCALE, type ShopLocale } from '../../schemas/locale.ts'
import { formatMoney, formatPremium } from '../../schemas/money.ts'

/**
 * The brand's locale for everything a render formats (ADR 045). The server render provides the
 * brand's (worker/pages/shared/render.tsx); an island hydrating in the browser gets the one the server
 * wrote on `<html>` (hydrate-island.ts). Outside both, the UK's: a UK page reads as it always did.
 */
export const ShopLocaleContext = createContext<ShopLocale>(GB_LOCALE)

/** The locale of the current render, server or browser. */
export function useShopLocale(): ShopLocale {
  return useContext(ShopLocaleContext)
}

/** Formats minor units in the render's currency: `const money = useMoney(); money(1250)`. */
export function useMoney(): (pence: number) => string {
  const shop = useShopLocale()
  return (pence) => formatMoney(pence, shop)
}

/** An extra cost in the render's currency: '+50p' in the UK, '+€ 0,50' elsewhere. */
export function usePremium(): (pence: number) => string {
  const shop = useShopLocale()
  return (pence) => formatPremium(pence, shop)
}

/** The render's currency sign, for a money field's label: 'Amount (€)'. */
export function useCurrencySymbol(): string {
  return currencySymbol(useShopLocale())
}
