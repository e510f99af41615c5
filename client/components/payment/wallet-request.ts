import type { ShopLocale } from '../../../schemas/locale.ts'

/** What a wallet's sheet shows and charges: the shop's country and currency, the amount in units. */
export interface WalletTotal {
  countryCode: string
  currencyCode: string
  /** A decimal string in major units, as Apple Pay and the Payment Request API take it: '12.50'. */
  amount: string
}

/**
 * The total a wallet sheet asks for, in the brand's country and currency (ADR 045): a Dutch
 * brand's sheet says NL and EUR, not GB and GBP. Minor units become major ones by the currency's
 * own digits (2 for GBP, EUR, USD).
 */
export function walletTotal(total: number, shop: ShopLocale): WalletTotal {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency: shop.currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  return {
    countryCode: shop.countryCode,
    currencyCode: shop.currency,
    amount: (total / 10 ** digits).toFixed(digits),
  }
}

/** Apple Pay JS's payment request (version 3) for the total. */
export function applePayRequest(total: number, shop: ShopLocale) {
  const { countryCode, currencyCode, amount } = walletTotal(total, shop)
  return {
    countryCode,
    currencyCode,
    supportedNetworks: ['visa', 'masterCard', 'discover', 'jcb'],
    merchantCapabilities: ['supports3DS'],
    total: { label: 'Total', amount },
  }
}

/** The Payment Request API's details for Google Pay: the total in the shop's currency. */
export function googlePayDetails(total: number, shop: ShopLocale): PaymentDetailsInit {
  const { currencyCode, amount } = walletTotal(total, shop)
  return { total: { label: 'Total', amount: { currency: currencyCode, value: amount } } }
}
