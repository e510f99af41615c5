import type { PreviousPurchases } from '../../schemas/catalogue.ts'
import type { StoreDetails } from '../../schemas/stores.ts'
import type { Crumb } from '../lib/catalogue-links.ts'
import { CataloguePageFrame } from '../components/catalogue/CataloguePageFrame.tsx'
import { MemberItemList } from '../components/catalogue/MemberItemList.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { buyItAgainHref } from '../lib/catalogue-links.ts'

export interface BuyItAgainPageProps {
  chrome: PageChrome
  store: Pick<StoreDetails, 'id' | 'name' | 'slug'>
  purchases: PreviousPurchases
  crumbs: ReadonlyArray<Crumb>
  /** The member's favourites among the items (filled hearts). */
  favourites: ReadonlySet<number>
}

/**
 * `/stores/:storeSlug/buy-it-again`: what the signed-in member bought before at this store, the
 * items of the most orders first, as item cards with their Add buttons, a page at a time.
 */
export function BuyItAgainPage({
  chrome,
  store,
  purchases,
  crumbs,
  favourites,
}: BuyItAgainPageProps) {
  const empty = purchases.items.length === 0 && purchases.page === 1
  return (
    <CataloguePageFrame
      chrome={chrome}
      storeBar={{ store }}
      crumbs={crumbs}
      title="Buy it again"
      intro={
        <p className="mt-2 text-ink/80">
          {empty
            ? `Items you order from ${store.name} will be here, ready to add again.`
            : `Items you have ordered from ${store.name}, the ones you buy most first, at today's prices.`}
        </p>
      }
    >
      <MemberItemList
        store={store}
        list={purchases}
        title="Items you bought before"
        favourites={favourites}
        pagesLabel="Pages of items you bought before"
        pageHref={(page) => buyItAgainHref(store.slug, page)}
      />
    </CataloguePageFrame>
  )
}
