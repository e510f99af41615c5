import type {
  Banner,
  CategoryNode,
  DealSummary,
  MenuItemSummary,
} from '../../../schemas/catalogue.ts'
import type { StoreDetails } from '../../../schemas/stores.ts'
import { CategoryTiles } from '../catalogue/CategoryTiles.tsx'
import { ItemGrid } from '../catalogue/ItemCard.tsx'
import { BannerStrip, DealList } from '../catalogue/Promotions.tsx'
import { routePath } from '../../lib/routes.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/** What the store home shows of the store's catalogue. */
export interface StoreCatalogue {
  categories: ReadonlyArray<CategoryNode>
  banners: ReadonlyArray<Banner>
  deals: ReadonlyArray<DealSummary>
  recommended: ReadonlyArray<MenuItemSummary>
  /** The signed-in member's earlier items here ("Buy it again"); empty for everyone else. */
  bought?: ReadonlyArray<MenuItemSummary>
  /** A signed-in member: links to their favourites and earlier items here. */
  member?: boolean
}

/** Banners, deals, the department grid and recommended items, above the store's details. */
export function StoreCatalogueSections({
  store,
  catalogue,
}: {
  store: StoreDetails
  catalogue: StoreCatalogue
}) {
  const text = useText()
  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 pt-8 sm:px-6">
      {catalogue.member ? (
        <nav aria-label={text(MESSAGES.pageYourListsHere)} className="flex flex-wrap gap-3">
          <a
            href={routePath('stores-storeSlug-favourites', { storeSlug: store.slug })}
            className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ring-black/15 hover:bg-tint"
          >
            {text(MESSAGES.pageYourFavourites)}
          </a>
          <a
            href={routePath('stores-storeSlug-buy-it-again', { storeSlug: store.slug })}
            className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ring-black/15 hover:bg-tint"
          >
            {text(MESSAGES.pageBuyItAgain)}
          </a>
        </nav>
      ) : null}
      <BannerStrip storeSlug={store.slug} banners={catalogue.banners} />
      {catalogue.bought && catalogue.bought.length > 0 ? (
        <section aria-labelledby="buy-it-again-title">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4">
            <h2 id="buy-it-again-title" className="text-2xl font-bold">
              {text(MESSAGES.pageBuyItAgain)}
            </h2>
            <a
              href={routePath('stores-storeSlug-buy-it-again', { storeSlug: store.slug })}
              className="inline-flex min-h-11 items-center font-semibold underline"
            >
              {text(MESSAGES.pageSeeEverythingBought)}
            </a>
          </div>
          <ItemGrid
            storeId={store.id}
            storeSlug={store.slug}
            items={catalogue.bought}
            label={text(MESSAGES.pageItemsBoughtBefore)}
            eagerCount={0}
          />
        </section>
      ) : null}
      {catalogue.deals.length > 0 ? (
        <section aria-labelledby="deals-title">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4">
            <h2 id="deals-title" className="text-2xl font-bold">
              {text(MESSAGES.pageDeals)}
            </h2>
            <a
              href={routePath('stores-storeSlug-deals', { storeSlug: store.slug })}
              className="inline-flex min-h-11 items-center font-semibold underline"
            >
              {text(MESSAGES.pageSeeAllDeals)}
            </a>
          </div>
          <DealList
            storeSlug={store.slug}
            deals={catalogue.deals}
            label={text(MESSAGES.pageDealsAtStore)}
          />
        </section>
      ) : null}
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="mb-3 text-2xl font-bold">
          {text(MESSAGES.pageShopByDepartment)}
        </h2>
        {catalogue.categories.length > 0 ? (
          <CategoryTiles
            storeSlug={store.slug}
            categories={catalogue.categories}
            label={text(MESSAGES.pageDepartments)}
          />
        ) : (
          <p className="text-ink/80">{text(MESSAGES.pageNothingOnline)}</p>
        )}
      </section>
      {catalogue.recommended.length > 0 ? (
        <section aria-labelledby="recommended-title">
          <h2 id="recommended-title" className="mb-3 text-2xl font-bold">
            {text(MESSAGES.pageRecommendedForYou)}
          </h2>
          <ItemGrid
            storeId={store.id}
            storeSlug={store.slug}
            items={catalogue.recommended}
            label={text(MESSAGES.pageRecommendedItems)}
            eagerCount={0}
          />
        </section>
      ) : null}
    </div>
  )
}
