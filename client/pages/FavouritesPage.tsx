import type { Favourites } from '../../schemas/favourites.ts'
import type { StoreDetails } from '../../schemas/stores.ts'
import type { Crumb } from '../components/catalogue/Breadcrumbs.tsx'
import { CataloguePageFrame } from '../components/catalogue/CataloguePageFrame.tsx'
import { ItemGrid } from '../components/catalogue/ItemCard.tsx'
import { PrevNextPages } from '../components/catalogue/PrevNextPages.tsx'
import type { PageChrome } from '../components/Layout.tsx'
import { routePath } from '../lib/routes.ts'
import { favouritesHref } from '../lib/catalogue-links.ts'

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
  return (
    <CataloguePageFrame
      chrome={chrome}
      storeBar={{ store }}
      crumbs={crumbs}
      title="Your favourites"
      intro={
        <p className="mt-2 text-ink/80">
          {empty
            ? `Tap the heart on any item to keep it here, ready for your next order from ${store.name}.`
            : `Your favourite items that ${store.name} sells, at today's prices.`}
        </p>
      }
    >
      {empty ? (
        <p>
          <a
            href={routePath('stores-storeSlug', { storeSlug: store.slug })}
            className="inline-flex min-h-11 items-center rounded-full bg-primary px-5 font-semibold text-on-primary"
          >
            {`Shop at ${store.name}`}
          </a>
        </p>
      ) : (
        <section aria-labelledby="list-title">
          <h2 id="list-title" className="sr-only">
            Your favourite items
          </h2>
          <ItemGrid
            storeId={store.id}
            storeSlug={store.slug}
            items={favourites.items}
            label="Your favourite items"
            favourites={ids}
          />
          <PrevNextPages
            paging={{
              page: favourites.page,
              hasMore: favourites.hasMore,
              href: (page) => favouritesHref(store.slug, page),
            }}
            label="Pages of your favourites"
          />
        </section>
      )}
    </CataloguePageFrame>
  )
}
