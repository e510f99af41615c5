import type { StoreRating } from '../../../schemas/stores.ts'
import { type CountNoun, englishCount } from '../../../schemas/count-nouns.ts'
import { formatNumber, GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { fillMessage } from '../../../schemas/message-format.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useCount, useText } from '../../lib/page-text.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

type Say = (english: string, ...values: Array<string | number>) => string
type Count = (noun: CountNoun, count: number) => string

/** The average to one decimal in the shop's numbers: '4.5' in the UK, '4,5' in Dutch. */
function averageOf(rating: StoreRating, shop: ShopLocale): string {
  return formatNumber(rating.average, shop, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
}

/** 'Rated 4.5 out of 5 (12 reviews)' for screen readers, in the brand's language and numbers. */
export function ratingLabel(
  rating: StoreRating,
  shop: ShopLocale = GB_LOCALE,
  say: Say = fillMessage,
  count: Count = englishCount
): string {
  return say(MESSAGES.pageRatedOutOfFive, averageOf(rating, shop), count('reviews', rating.count))
}

/**
 * A store's rating from its members' reviews (search results and the store page). Nothing until
 * the first review: an empty rating is no information.
 */
export function StoreRatingLine({
  rating,
  className = '',
}: {
  rating: StoreRating | null | undefined
  className?: string
}) {
  const shop = useShopLocale()
  const text = useText()
  const count = useCount()
  if (!rating) return null
  const full = Math.round(rating.average)
  return (
    <p className={`flex items-center gap-1.5 text-sm font-semibold text-ink/80 ${className}`}>
      <span aria-hidden="true" className="tracking-tight text-amber-700">
        {'★'.repeat(full)}
        <span className="text-ink/30">{'★'.repeat(5 - full)}</span>
      </span>
      <span className="sr-only">{ratingLabel(rating, shop, text, count)}</span>
      <span aria-hidden="true">
        {averageOf(rating, shop)} ({rating.count})
      </span>
    </p>
  )
}
