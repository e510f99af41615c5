import type { DealSummary } from '../../schemas/catalogue.ts'
import { GB_LOCALE, type ShopLocale } from '../../schemas/locale.ts'
import { fillMessage } from '../../schemas/message-format.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { formatMoney } from '../../schemas/money.ts'

/**
 * What a deal gives: '3 for £5', 'Meal deal £3.50', '25% off', '£1 off', said by `say` (a page's
 * text(), so in the brand's language; English by default).
 */
export function dealTerms(
  deal: DealSummary,
  shop: ShopLocale = GB_LOCALE,
  say: (english: string, ...values: Array<string | number>) => string = fillMessage
): string {
  switch (deal.kind) {
    case 'multibuy':
      return deal.quantityRequired !== null && deal.price !== null
        ? say(MESSAGES.pageDealMultibuy, deal.quantityRequired, formatMoney(deal.price, shop))
        : say(MESSAGES.pageDealMultibuyPlain)
    case 'meal_deal':
      return deal.price !== null
        ? say(MESSAGES.pageDealMealDealPrice, formatMoney(deal.price, shop))
        : say(MESSAGES.pageDealMealDeal)
    case 'percent_off':
      return deal.discountPercent !== null
        ? say(MESSAGES.pageDealPercentOff, deal.discountPercent)
        : say(MESSAGES.pageDealDiscount)
    case 'amount_off':
      return deal.discountAmount !== null
        ? say(MESSAGES.pageDealAmountOff, formatMoney(deal.discountAmount, shop))
        : say(MESSAGES.pageDealDiscount)
  }
}
