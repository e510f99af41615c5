import type { Banner, CategoryDetails } from '../../schemas/catalogue.ts'
import { isPlainListing } from '../../schemas/category-listing.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import type { Crumb } from '../lib/catalogue-links.ts'
import { CataloguePageFrame } from '../components/catalogue/CataloguePageFrame.tsx'
import { CategoryTiles } from '../components/catalogue/CategoryTiles.tsx'
import { ItemGrid } from '../components/catalogue/ItemCard.tsx'
import { ListingControls, type ListingView } from '../components/catalogue/ListingControls.tsx'
import { Pagination, type Paging } from '../components/catalogue/Pagination.tsx'
import { BannerStrip } from '../components/catalogue/Promotions.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { useCount, useText } from '../lib/page-text.ts'

export interface CategoryPageProps {
  chrome: PageChrome
  store: { id: number; slug: string; name: string }
  details: CategoryDetails
  banners: ReadonlyArray<Banner>
  crumbs: ReadonlyArray<Crumb>
  /** The sort and filters the items are listed by (ADR 034). */
  listing: ListingView
  paging: Paging
}

/** A category: breadcrumb, banners, sub-categories and a sorted, filtered page of its items. */
export function CategoryPage({
  chrome,
  store,
  details,
  banners,
  crumbs,
  listing,
  paging,
}: CategoryPageProps) {
  const { category, subCategories, items } = details
  const count = useCount()
  const text = useText()
  return (
    <CataloguePageFrame
      chrome={chrome}
      storeBar={{ store }}
      crumbs={crumbs}
      title={category.name}
      intro={
        <>
          {category.description ? (
            <p className="mt-2 max-w-3xl text-ink/80">{category.description}</p>
          ) : null}
          <p className="mt-1 text-sm text-ink/75">{count('products', items.total)}</p>
        </>
      }
    >
      <BannerStrip storeSlug={store.slug} banners={banners} />
      {subCategories.length > 0 ? (
        <section aria-labelledby="sub-categories-title">
          <h2 id="sub-categories-title" className="mb-3 text-lg font-bold">
            {text(MESSAGES.pageShopByType)}
          </h2>
          <CategoryTiles
            storeSlug={store.slug}
            categories={subCategories}
            label={text(MESSAGES.pageCategoryCategories, category.name)}
          />
        </section>
      ) : null}
      <section aria-labelledby="items-title">
        <h2 id="items-title" className="sr-only">
          {text(MESSAGES.pageCategoryProducts, category.name)}
        </h2>
        <ListingControls listing={listing} />
        {items.results.length > 0 ? (
          <ItemGrid
            storeId={store.id}
            storeSlug={store.slug}
            items={items.results}
            label={text(MESSAGES.pageCategoryProducts, category.name)}
          />
        ) : (
          <p className="text-ink/80">
            {text(
              isPlainListing(listing)
                ? MESSAGES.pageNoProductsInCategory
                : MESSAGES.categoryNoMatches
            )}
          </p>
        )}
        <Pagination paging={paging} label={text(MESSAGES.pageCategoryPages, category.name)} />
      </section>
    </CataloguePageFrame>
  )
}
