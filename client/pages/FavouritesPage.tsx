import type { Favourites } from '../../schemas/favourites.ts'
import type { StoreDetails } from '../../schemas/stores.ts'
import type { Crumb } from '../lib/catalogue-links.ts'
import { CataloguePageFrame } from '../components/catalogue/CataloguePageFrame.tsx'
import { MemberItemList } from '../components/catalogue/MemberItemList.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { favouritesHref } from '../lib/catalogue-links.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface FavouritesPageProps {
  chrome: PageChrome
  store: Pick<StoreDetails, 'id' | 'name' | 'slug'>
  favourites: Favourites
  crumbs: ReadonlyArray<Crumb>
}

/**
 * `/stores/:storeSlug/favourites`: the signed-in member's favourite items this store sells, the
 * newest first, with their Add buttons and filled hearts (a heart removes one).
 */
export function FavouritesPage({ chrome, store, favourites, crumbs }: FavouritesPageProps) {
  const empty = favourites.items.length === 0 && favourites.page === 1
  const ids = new Set(favourites.items.map((item) => item.id))
  const text = useText()
  return (
    <CataloguePageFrame
      chrome={chrome}
      storeBar={{ store }}
      crumbs={crumbs}
      title={text(MESSAGES.pageYourFavourites)}
      intro={
        <p className="mt-2 text-ink/80">
          {text(empty ? MESSAGES.pageFavouritesEmpty : MESSAGES.pageFavouritesIntro, store.name)}
        </p>
      }
    >
      <MemberItemList
        store={store}
        list={favourites}
        title={text(MESSAGES.pageYourFavouriteItems)}
        favourites={ids}
        pagesLabel={text(MESSAGES.pagePagesFavourites)}
        pageHref={(page) => favouritesHref(store.slug, page)}
      />
    </CataloguePageFrame>
  )
}
