import type { Basket, BasketLine, BasketStore } from '../../schemas/basket.ts'

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

/** A basket line as an answer gives it: one Milk (item 10) at £1.25, no choices; `overrides` set the rest. */
export function basketLineAnswer(overrides: Partial<BasketLine> = {}): BasketLine {
  return {
    basketLineId: 1,
    itemId: 10,
    slug: 'milk',
    categorySlug: 'dairy',
    name: 'Milk',
    size: null,
    images: {
      originals: '/m.svg',
      mdpi_1x: '/m.svg',
      xhdpi_2x: '/m.svg',
      xxhdpi_3x: '/m.svg',
      width: 160,
      height: 160,
    },
    quantity: 1,
    unitPrice: 125,
    lineTotal: 125,
    weighing: null,
    choices: [],
    maxQuantity: null,
    ageRestriction: null,
    available: true,
    priceChanged: false,
    message: null,
    allowSubstitutes: true,
    substitution: 'best_match',
    replacement: null,
    ...overrides,
  }
}
