import type { Basket, BasketStore } from '../../schemas/basket.ts'

/** Manchester Piccadilly as a basket answer names its store (open, both methods, ASAP). */
export const PICCADILLY_BASKET_STORE: BasketStore = {
  id: 1,
  slug: 'manchester-piccadilly',
  name: 'Manchester Piccadilly',
  timeZone: 'Europe/London',
  availability: 'open',
  deliveryEnabled: true,
  collectionEnabled: true,
  asapEnabled: true,
  daysInAdvance: 7,
  maxBasketItems: null,
}

/**
 * A basket answer as the backend gives it: no store, delivery ASAP, nothing in it but the item
 * count and total the test needs (no fees, discounts or minimum spend); `overrides` set the rest.
 */
export function basketAnswer(
  itemCount: number,
  total: number,
  overrides: Partial<Basket> = {}
): Basket {
  return {
    store: null,
    fulfilmentMethod: 'delivery',
    fulfilmentTiming: 'asap',
    lines: [],
    mealDeals: [],
    deals: [],
    coupon: null,
    totals: {
      itemCount,
      subtotal: total,
      dealDiscount: 0,
      couponDiscount: 0,
      deliveryFee: 0,
      serviceFee: 0,
      tip: 0,
      total,
      minimumSpend: 0,
      minimumSpendShortfall: 0,
      creditAvailable: null,
      creditApplied: 0,
      useCredit: true,
      freeDeliveryThreshold: null,
    },
    slot: null,
    notices: [],
    version: 1,
    ...overrides,
  }
}
