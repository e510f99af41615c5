import type { DealOffer } from '../../../schemas/catalogue.ts'
import { offerTerms } from '../../../schemas/deal-offer.ts'
import { dealHref } from '../../lib/catalogue-links.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

/**
 * The multibuy or meal deal an item is in, linking to the deal's page (its items): on a card it
 * sits above the card's own link (relative z-10), so it stays its own tap target.
 */
export function OfferLink({
  storeSlug,
  offer,
  size = 'card',
}: {
  storeSlug: string
  offer: DealOffer
  size?: 'card' | 'large'
}) {
  const shop = useShopLocale()
  const text = size === 'card' ? 'text-xs' : 'text-sm'
  return (
    <a
      href={dealHref(storeSlug, offer.slug)}
      title={offer.name}
      className={`relative z-10 inline-flex min-h-8 items-center rounded-full bg-white px-2.5 font-bold text-primary ring-2 ring-primary ring-inset hover:bg-tint ${text}`}
    >
      {offerTerms(offer, shop)}
      <span className="sr-only">: {offer.name}</span>
    </a>
  )
}
