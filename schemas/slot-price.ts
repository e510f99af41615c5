import { formatMessage, MESSAGES } from './messages.ts'
import { formatMoney } from './money.ts'
import { GB_LOCALE, type ShopLocale } from './locale.ts'

/*
 * The delivery price each time slot shows. Every slot costs the same: the basket pays the
 * store's (or its delivery zone's) fee, nothing from the free-delivery threshold up, and nothing
 * for collection (worker/backend/basket/totals.ts). So the slot price is that one fee, worked out
 * the way the basket will charge it; there is no per-slot (peak) pricing.
 */

export interface SlotPriceInput {
  method: 'delivery' | 'collection'
  /** The delivery fee where the shopper is (their zone's when known, else the store's). */
  deliveryFee: number
  /** A basket of at least this much pays no delivery fee; null: no threshold. */
  freeDeliveryThreshold: number | null
  /** The shopper's basket, when there is one. */
  basket: {
    fulfilmentMethod: 'delivery' | 'collection'
    totals: { itemCount: number; subtotal: number; deliveryFee: number }
  } | null
}

export interface SlotPrice {
  pence: number
  /** '£3.50' or 'Free', on every slot. */
  label: string
  /** Said once above the slots: how delivery becomes free, when it can. */
  note: string | null
}

function priced(pence: number, threshold: number | null, shop: ShopLocale = GB_LOCALE): SlotPrice {
  return {
    pence,
    label: pence === 0 ? MESSAGES.slotPriceFree : formatMoney(pence, shop),
    note:
      pence > 0 && threshold !== null
        ? formatMessage('slotFreeDeliveryFrom', formatMoney(threshold, shop))
        : null,
  }
}

/** What a slot of this method will add to the basket. */
export function slotPrice(input: SlotPriceInput, shop: ShopLocale = GB_LOCALE): SlotPrice {
  if (input.method === 'collection') return priced(0, null, shop)
  const { basket, freeDeliveryThreshold: threshold } = input
  const items = basket !== null && basket.totals.itemCount > 0
  // A delivery basket already charges its fee (its address's zone, the threshold, a coupon).
  if (items && basket.fulfilmentMethod === 'delivery') {
    return priced(basket.totals.deliveryFee, threshold, shop)
  }
  if (items && threshold !== null && basket.totals.subtotal >= threshold)
    return priced(0, null, shop)
  // An empty basket pays nothing yet, but the order it becomes pays the fee: show that.
  return priced(input.deliveryFee, threshold, shop)
}
