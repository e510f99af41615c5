import type { PreviousPurchases } from '../../schemas/catalogue.ts'
import type { StoreDetails } from '../../schemas/stores.ts'
import type { Crumb } from '../lib/catalogue-links.ts'
import { CataloguePageFrame } from '../components/catalogue/CataloguePageFrame.tsx'
import { MemberItemList } from '../components/catalogue/MemberItemList.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { buyItAgainHref } from '../lib/catalogue-links.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

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
  const text = useText()
  return (
    <CataloguePageFrame
      chrome={chrome}
      storeBar={{ store }}
      crumbs={crumbs}
      title={text(MESSAGES.pageBuyItAgain)}
      intro={
        <p className="mt-2 text-ink/80">
          {text(empty ? MESSAGES.pageBuyAgainEmpty : MESSAGES.pageBuyAgainIntro, store.name)}
        </p>
      }
    >
      <MemberItemList
        store={store}
        list={purchases}
        title={text(MESSAGES.pageItemsBoughtBefore)}
        favourites={favourites}
        pagesLabel={text(MESSAGES.pagePagesBoughtBefore)}
        pageHref={(page) => buyItAgainHref(store.slug, page)}
      />
    </CataloguePageFrame>
  )
}
