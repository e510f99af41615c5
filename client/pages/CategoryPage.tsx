import type { Banner, CategoryDetails } from '../../schemas/catalogue.ts'
import { Breadcrumbs, type Crumb } from '../components/catalogue/Breadcrumbs.tsx'
import { CategoryTiles } from '../components/catalogue/CategoryTiles.tsx'
import { ItemGrid } from '../components/catalogue/ItemCard.tsx'
import { Pagination, type Paging } from '../components/catalogue/Pagination.tsx'
import { BannerStrip } from '../components/catalogue/Promotions.tsx'
import { StoreBar } from '../components/catalogue/StoreBar.tsx'
import { Layout, type PageChrome } from '../components/Layout.tsx'

export interface CategoryPageProps {
  chrome: PageChrome
  store: { id: number; slug: string; name: string }
  details: CategoryDetails
  banners: ReadonlyArray<Banner>
  crumbs: ReadonlyArray<Crumb>
  paging: Paging
}

/** A category: breadcrumb, banners, sub-categories and a page of its items. */
export function CategoryPage({
  chrome,
  store,
  details,
  banners,
  crumbs,
  paging,
}: CategoryPageProps) {
  const { category, subCategories, items } = details
  return (
    <Layout chrome={chrome} interactive>
      <StoreBar store={store} />
      <div className="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
        <div>
          <Breadcrumbs crumbs={crumbs} />
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight">{category.name}</h1>
          {category.description ? (
            <p className="mt-2 max-w-3xl text-ink/80">{category.description}</p>
          ) : null}
          <p className="mt-1 text-sm text-ink/75">
            {items.total} {items.total === 1 ? 'product' : 'products'}
          </p>
        </div>
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
          {items.results.length > 0 ? (
            <ItemGrid
              storeId={store.id}
              storeSlug={store.slug}
              items={items.results}
              label={`${category.name} products`}
            />
          ) : (
            <p className="text-ink/80">There are no products in this category right now.</p>
          )}
          <Pagination paging={paging} label={`${category.name} pages`} />
        </section>
      </div>
    </Layout>
  )
}
