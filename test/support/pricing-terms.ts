import type { PricingTerms } from '../../worker/backend/basket/totals.ts'
import type { LineOutcome } from '../../worker/backend/orders/pricing.ts'
import type { RepricedLine } from '../../worker/backend/orders/repricing.ts'

/*
 * An order's checkout terms (deals, coupon, fees) and its lines as the pricing tests build them:
 * the amend (ADR 048), picking's re-pricing (ADR 017) and the named discounts price the same
 * lines with the same basket pricing, so they share one basket.
 */

type Deal = PricingTerms['deals'][number]

/** The items the deals below are on. */
export const CRISPS = 1
export const WINE = 2

/** A multibuy: so many of the items for one price (pence). */
export function multibuy(
  deal: Pick<Deal, 'dealId' | 'slug' | 'name' | 'itemIds' | 'quantityRequired' | 'price'>
): Deal {
  return { ...deal, kind: 'multibuy', discountPercent: null, discountAmount: null }
}

/** "Any 3 sharing crisps for £5.00". */
export const CRISPS_3_FOR_5: Deal = multibuy({
  dealId: 1,
  slug: 'crisps-3-for-5',
  name: 'Any 3 sharing crisps for £5.00',
  itemIds: [CRISPS],
  quantityRequired: 3,
  price: 500,
})

/** "10% off wine". */
export const WINE_10_OFF: Deal = {
  dealId: 2,
  slug: 'wine-10-off',
  name: '10% off wine',
  kind: 'percent_off',
  quantityRequired: null,
  price: null,
  discountPercent: 10,
  discountAmount: null,
  itemIds: [WINE],
}

/**
 * Checkout terms with these deals: delivery at £3.99 with a 50p service fee, no coupon, no free
 * delivery threshold, no minimum spend, no tip; `terms` sets the rest.
 */
export function pricingTerms(
  deals: Array<Deal>,
  terms: Partial<PricingTerms['terms']> = {}
): PricingTerms {
  return {
    deals,
    coupon: null,
    terms: {
      fulfilmentMethod: 'delivery',
      deliveryFee: 399,
      serviceFee: 50,
      freeDeliveryThreshold: null,
      deliveryMinimumSpend: 0,
      collectionMinimumSpend: 0,
      tip: 0,
      ...terms,
    },
  }
}

/** An order's item line as picking re-prices it, with its picking outcome (null: not marked). */
export function repricedItem(
  itemId: number,
  quantity: number,
  unitPrice: number,
  outcome: LineOutcome | null = null
): RepricedLine {
  return { kind: 'item', itemId, quantity, unitPrice, totalPrice: quantity * unitPrice, outcome }
}
