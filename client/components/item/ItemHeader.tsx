import type { ReactNode } from 'react'
import type { MenuItemSummary } from '../../../schemas/catalogue.ts'
import { ItemImage } from '../catalogue/ItemImage.tsx'
import { ItemBadge, Price } from '../catalogue/Price.tsx'
import { FinalPriceNote, WeighingLabel } from './WeighedItem.tsx'
import { formatUnitPrice } from '../../../schemas/unit-price.ts'
import { useText } from '../../lib/page-text.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

/*
 * The head of an item as the item page and the quick view both show it: its picture with the
 * badge, and its price with the weighing or unit price lines under it. One component for both, so
 * a new price line (a deal, a weighed item's note) reaches both at once; only the size differs.
 */

/** Where the head is shown: the item page (larger type, a framed picture) or the quick view. */
export type ItemHeaderPlace = 'page' | 'quick-view'

const LOOK: Readonly<
  Record<
    ItemHeaderPlace,
    { frame: string; image: string; badge: string; line: string; note: string }
  >
> = {
  page: {
    frame: 'relative h-fit rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/10',
    image: 'aspect-square w-full object-contain',
    badge: 'absolute top-4 start-4',
    line: 'text-sm text-ink/75',
    note: 'mt-1 text-sm text-ink/75',
  },
  'quick-view': {
    frame: 'relative',
    image: 'aspect-square w-full rounded-2xl bg-tint object-contain',
    badge: 'absolute top-3 start-3',
    line: 'text-xs text-ink/75',
    note: 'text-xs text-ink/75',
  },
}

type Pictured = Pick<MenuItemSummary, 'images' | 'name' | 'badge'>
type Priced = Pick<MenuItemSummary, 'price' | 'wasPrice' | 'weighing' | 'unitPrice'>

/** The item's picture, greyed when it is out of stock, with its badge over the corner. */
export function ItemPicture({
  item,
  place,
  greyed = false,
}: {
  item: Pictured
  place: ItemHeaderPlace
  greyed?: boolean
}) {
  const look = LOOK[place]
  return (
    <div className={look.frame}>
      <ItemImage
        images={item.images}
        alt={item.name}
        eager
        className={greyed ? `${look.image} opacity-50 grayscale` : look.image}
      />
      {item.badge ? (
        <span className={look.badge}>
          <ItemBadge badge={item.badge} />
        </span>
      ) : null}
    </div>
  )
}

/**
 * The price (an estimate for a weighed item, ADR 039) and the line under it: the weighing and
 * that the final price follows picking, or the unit price; `children` follow (the page's offer).
 */
export function ItemPriceLines({
  item,
  place,
  className,
  children,
}: {
  item: Priced
  place: ItemHeaderPlace
  className?: string
  children?: ReactNode
}) {
  const look = LOOK[place]
  const text = useText()
  const shop = useShopLocale()
  return (
    <div className={className}>
      <Price
        price={item.price}
        wasPrice={item.wasPrice}
        size="large"
        estimate={item.weighing !== null}
      />
      {item.weighing ? (
        <>
          <WeighingLabel weighing={item.weighing} className={look.line} />
          <FinalPriceNote className={look.note} />
        </>
      ) : item.unitPrice ? (
        <p className={look.line}>{formatUnitPrice(item.unitPrice, shop, text)}</p>
      ) : null}
      {children}
    </div>
  )
}
