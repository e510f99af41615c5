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
import { useCount } from '../lib/page-text.ts'

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
            Shop by type
          </h2>
          <CategoryTiles
            storeSlug={store.slug}
            categories={subCategories}
            label={`${category.name} categories`}
          />
        </section>
      ) : null}
      <section aria-labelledby="items-title">
        <h2 id="items-title" className="sr-only">
          {category.name} products
        </h2>
        <ListingControls listing={listing} />
        {items.results.length > 0 ? (
          <ItemGrid
            storeId={store.id}
            storeSlug={store.slug}
            items={items.results}
            label={`${category.name} products`}
          />
        ) : (
          <p className="text-ink/80">
            {isPlainListing(listing)
              ? 'There are no products in this category right now.'
              : MESSAGES.categoryNoMatches}
          </p>
        )}
        <Pagination paging={paging} label={`${category.name} pages`} />
      </section>
    </CataloguePageFrame>
  )
}
