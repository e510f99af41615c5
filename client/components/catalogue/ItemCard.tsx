import type { MenuItemSummary } from '../../../schemas/catalogue.ts'
import { itemHref } from '../../lib/catalogue-links.ts'
import { FavouriteButton } from './FavouriteButton.tsx'
import { ItemImage } from './ItemImage.tsx'
import { OfferLink } from './OfferLink.tsx'
import { ItemBadge, Price } from './Price.tsx'
import { QuickViewButton } from './QuickViewButton.tsx'
import { WeighingLabel } from '../item/WeighedItem.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'
import { formatUnitPrice } from '../../../schemas/unit-price.ts'

export interface ItemCardProps {
  storeId: number
  storeSlug: string
  item: MenuItemSummary
  /** Above the fold: load the image at once. */
  eager?: boolean
  /** Whether the item is one of the signed-in member's favourites (unknown: false). */
  favourite?: boolean
}

/** An item in a grid: picture and badge, price and was-price, name, size and unit price, then Add. */
export function ItemCard({
  storeId,
  storeSlug,
  item,
  eager = false,
  favourite = false,
}: ItemCardProps) {
  const text = useText()
  const shop = useShopLocale()
  const href = itemHref(storeSlug, item)
  return (
    <article className="relative flex h-full flex-col rounded-2xl bg-white p-3 shadow-sm ring-1 ring-black/10">
      <div className="relative order-1">
        <ItemImage
          images={item.images}
          alt=""
          eager={eager}
          className={`aspect-square w-full rounded-xl bg-tint object-contain ${item.outOfStock ? 'opacity-50 grayscale' : ''}`}
        />
        {item.badge ? (
          <span className="absolute top-2 start-2">
            <ItemBadge badge={item.badge} />
          </span>
        ) : null}
        <div className="absolute top-1 end-1 z-10">
          <FavouriteButton
            itemId={item.id}
            itemName={item.name}
            favourite={favourite}
            variant="card"
          />
        </div>
      </div>
      {/* Seen price first, then name, then size and price per unit (what a shopper scans for);
          read name first (the heading starts the card), so the price follows its name. */}
      <h3 className="order-3 mt-1 text-sm leading-snug font-semibold">
        <a href={href} className="after:absolute after:inset-0 hover:underline">
          {item.name}
        </a>
      </h3>
      {item.weighing ? (
        <WeighingLabel weighing={item.weighing} className="order-4 mt-0.5 text-xs text-ink/75" />
      ) : item.size || item.unitPrice ? (
        <p className="order-4 mt-0.5 text-xs text-ink/75">
          {[item.size, item.unitPrice && formatUnitPrice(item.unitPrice, shop, text)]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      <div className="order-2 mt-3">
        <Price
          price={item.price}
          wasPrice={item.wasPrice}
          size="card"
          estimate={item.weighing !== null}
        />
      </div>
      {item.offer ? (
        <p className="order-4 mt-1.5">
          <OfferLink storeSlug={storeSlug} offer={item.offer} />
        </p>
      ) : null}
      <div className="order-5 mt-auto pt-3">
        {item.outOfStock ? (
          <p className="inline-flex min-h-11 w-full items-center justify-center rounded-full bg-gray-100 text-sm font-semibold text-ink/80">
            {text(MESSAGES.pageOutOfStock)}
          </p>
        ) : (
          <div className="relative z-10">
            <QuickViewButton storeId={storeId} storeSlug={storeSlug} item={item} />
          </div>
        )}
      </div>
    </article>
  )
}

/** A grid of item cards: two columns on a phone, up to five on a wide screen. */
export function ItemGrid({
  storeId,
  storeSlug,
  items,
  label,
  eagerCount = 4,
  favourites,
}: {
  storeId: number
  storeSlug: string
  items: ReadonlyArray<MenuItemSummary>
  label: string
  eagerCount?: number
  /** The ids of the signed-in member's favourites among the items (their hearts are filled). */
  favourites?: ReadonlySet<number>
}) {
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5"
    >
      {items.map((item, index) => (
        <li key={item.id}>
          <ItemCard
            storeId={storeId}
            storeSlug={storeSlug}
            item={item}
            eager={index < eagerCount}
            favourite={favourites?.has(item.id) ?? false}
          />
        </li>
      ))}
    </ul>
  )
}
