import type { DealSummary } from '../../schemas/catalogue.ts'
import { GB_LOCALE, type ShopLocale } from '../../schemas/locale.ts'
import { formatMoney } from '../../schemas/money.ts'

/** What a deal gives: '3 for £5', 'Meal deal £3.50', '25% off', '£1 off'. */
export function dealTerms(deal: DealSummary, shop: ShopLocale = GB_LOCALE): string {
  switch (deal.kind) {
    case 'multibuy':
      return deal.quantityRequired !== null && deal.price !== null
        ? `${deal.quantityRequired} for ${formatMoney(deal.price, shop)}`
        : 'Multibuy'
    case 'meal_deal':
      return deal.price !== null ? `Meal deal ${formatMoney(deal.price, shop)}` : 'Meal deal'
    case 'percent_off':
      return deal.discountPercent !== null ? `${deal.discountPercent}% off` : 'Discount'
    case 'amount_off':
      return deal.discountAmount !== null
        ? `${formatMoney(deal.discountAmount, shop)} off`
        : 'Discount'
  }
}
