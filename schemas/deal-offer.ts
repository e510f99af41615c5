import type { DealOffer } from './catalogue.ts'
import { formatMoney } from './money.ts'
import { GB_LOCALE, type ShopLocale } from './locale.ts'

/** What an item's offer gives, as a tile says it: 'Any 3 for £5.00', 'Meal deal £3.50'. */
export function offerTerms(offer: DealOffer, shop: ShopLocale = GB_LOCALE): string {
  if (offer.kind === 'meal_deal') {
    return offer.price !== null ? `Meal deal ${formatMoney(offer.price, shop)}` : 'Meal deal'
  }
  return offer.quantityRequired !== null && offer.price !== null
    ? `Any ${offer.quantityRequired} for ${formatMoney(offer.price, shop)}`
    : 'Multibuy'
}
