import type { ReactNode } from 'react'
import type { GlobalSearchResult } from '../../schemas/catalogue.ts'
import {
  isPlainListing,
  listingQuery,
  type CategoryListing,
} from '../../schemas/category-listing.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import type { Crumb } from '../lib/catalogue-links.ts'
import { CataloguePageFrame } from '../components/catalogue/CataloguePageFrame.tsx'
import { CategoryTiles } from '../components/catalogue/CategoryTiles.tsx'
import { ItemGrid } from '../components/catalogue/ItemCard.tsx'
import { ListingControls } from '../components/catalogue/ListingControls.tsx'
import { Pagination, type Paging } from '../components/catalogue/Pagination.tsx'
import { DealList } from '../components/catalogue/Promotions.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { type SearchSection, searchSectionPath } from '../lib/search-sections.ts'
import { formatNumber } from '../../schemas/locale.ts'
import { useText } from '../lib/page-text.ts'
import { useShopLocale } from '../lib/shop-locale.ts'

export interface SearchPageProps {
  chrome: PageChrome
  store: { id: number; slug: string; name: string }
  term: string
  section: SearchSection
  /** Null when the term was rejected (the message shows by the box instead). */
  result: GlobalSearchResult | null
  error: string | null
  crumbs: ReadonlyArray<Crumb>
  /** The paging of the sub-page's kind. */
  paging: Paging | null
  /** The products' free-from allergens (the page's `?free=`). */
  filters: CategoryListing
}

const SECTION_TITLES = {
  deals: MESSAGES.pageDeals,
  categories: MESSAGES.pageCategories,
  'menu-items': MESSAGES.pageProducts,
}

/** Search results of a store: deals, categories and products, each with a link to all of them. */
export function SearchPage(props: SearchPageProps) {
  const { chrome, store, term, section, result, error, crumbs, paging, filters } = props
  const text = useText()
  const filtered = !isPlainListing(filters)
  const showsProducts = section === 'all' || section === 'menu-items'
  const heading =
    result === null
      ? text(MESSAGES.pageSearch)
      : section === 'all'
        ? text(MESSAGES.pageResultsFor, result.searchTerm)
        : text(MESSAGES.pageSectionResultsFor, text(SECTION_TITLES[section]), result.searchTerm)
  return (
    <CataloguePageFrame
      chrome={chrome}
      storeBar={{ store, searchTerm: term, searchError: error }}
      crumbs={crumbs}
      title={heading}
    >
      {result ? (
        <>
          {!filtered && result.items.total + result.categories.total + result.deals.total === 0 ? (
            <p className="text-ink/80">{text(MESSAGES.pageNothingMatches, result.searchTerm)}</p>
          ) : null}
          {(section === 'all' || section === 'deals') && result.deals.total > 0 ? (
            <ResultSection
              title={MESSAGES.pageDeals}
              total={result.deals.total}
              shown={result.deals.results.length}
              more={section === 'all' ? searchSectionPath(store.slug, term, 'deals') : null}
            >
              <DealList
                storeSlug={store.slug}
                deals={result.deals.results}
                label={text(MESSAGES.pageDealsFound)}
              />
            </ResultSection>
          ) : null}
          {(section === 'all' || section === 'categories') && result.categories.total > 0 ? (
            <ResultSection
              title={MESSAGES.pageCategories}
              total={result.categories.total}
              shown={result.categories.results.length}
              more={section === 'all' ? searchSectionPath(store.slug, term, 'categories') : null}
            >
              <CategoryTiles
                storeSlug={store.slug}
                categories={result.categories.results}
                label={text(MESSAGES.pageCategoriesFound)}
              />
            </ResultSection>
          ) : null}
          {showsProducts && (result.items.total > 0 || filtered) ? (
            <ResultSection
              title={MESSAGES.pageProducts}
              total={result.items.total}
              capped={result.items.totalCapped}
              shown={result.items.results.length}
              more={
                section === 'all'
                  ? `${searchSectionPath(store.slug, term, 'menu-items')}${listingQuery(filters)}`
                  : null
              }
            >
              <ListingControls
                only="free-from"
                listing={{
                  ...filters,
                  path: searchSectionPath(store.slug, term, section),
                  notice: null,
                }}
              />
              {result.items.total === 0 ? (
                <p className="text-ink/80">{text(MESSAGES.categoryNoMatches)}</p>
              ) : null}
              <ItemGrid
                storeId={store.id}
                storeSlug={store.slug}
                items={result.items.results}
                label={text(MESSAGES.pageProductsFound)}
              />
            </ResultSection>
          ) : null}
          {paging ? (
            <Pagination paging={paging} label={text(MESSAGES.pageSearchResultPages)} />
          ) : null}
        </>
      ) : null}
    </CataloguePageFrame>
  )
}

function ResultSection({
  title,
  total,
  capped = false,
  shown,
  more,
  children,
}: {
  /** The section's name, a catalogue message's English (its id is made of the English). */
  title: string
  total: number
  /** More match than total: the search stops counting there ("1,000+"). */
  capped?: boolean
  shown: number
  more: string | null
  children: ReactNode
}) {
  const text = useText()
  const shop = useShopLocale()
  const id = `results-${title.toLowerCase()}`
  const count = capped ? `${formatNumber(total, shop)}+` : String(total)
  const name = text(title)
  return (
    <section aria-labelledby={id}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-bold">
          {name} <span className="text-base font-semibold text-ink/70">({count})</span>
        </h2>
        {more && total > shown ? (
          <a href={more} className="inline-flex min-h-11 items-center font-semibold underline">
            {text(MESSAGES.pageSeeAllCount, count, name.toLowerCase())}
          </a>
        ) : null}
      </div>
      {children}
    </section>
  )
}
