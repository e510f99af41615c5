import type { MenuItemSummary } from '../../../schemas/catalogue.ts'
import type { StoreDetails } from '../../../schemas/stores.ts'
import { routePath } from '../../lib/routes.ts'
import { ItemGrid } from './ItemCard.tsx'
import { Pagination } from './Pagination.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/**
 * A member's own page of items at a store (buy it again, favourites): the item cards a page at a
 * time, or, when there are none at all, a way back into the shop.
 */
export function MemberItemList({
  store,
  list,
  title,
  favourites,
  pagesLabel,
  pageHref,
}: {
  store: Pick<StoreDetails, 'id' | 'name' | 'slug'>
  list: { items: ReadonlyArray<MenuItemSummary>; page: number; hasMore: boolean }
  /** The list's name, for screen readers and the grid's label. */
  title: string
  /** The member's favourites among the items (filled hearts). */
  favourites: ReadonlySet<number>
  pagesLabel: string
  pageHref: (page: number) => string
}) {
  const text = useText()
  if (list.items.length === 0 && list.page === 1) {
    return (
      <p>
        <a
          href={routePath('stores-storeSlug', { storeSlug: store.slug })}
          className="inline-flex min-h-11 items-center rounded-full bg-primary px-5 font-semibold text-on-primary"
        >
          {text(MESSAGES.pageShopAt, store.name)}
        </a>
      </p>
    )
  }
  return (
    <section aria-labelledby="list-title">
      <h2 id="list-title" className="sr-only">
        {title}
      </h2>
      <ItemGrid
        storeId={store.id}
        storeSlug={store.slug}
        items={list.items}
        label={title}
        favourites={favourites}
      />
      <Pagination
        paging={{ page: list.page, hasMore: list.hasMore, href: pageHref }}
        label={pagesLabel}
      />
    </section>
  )
}
