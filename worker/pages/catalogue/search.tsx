import type { Context } from 'hono'
import { pageCount, type Paging } from '../../../client/lib/paging.ts'
import { routePath } from '../../../client/lib/routes.ts'
import { SearchPage } from '../../../client/pages/SearchPage.tsx'
import {
  GlobalSearchRequestSchema,
  GlobalSearchResultSchema,
  SearchTermSchema,
  type GlobalSearchResult,
} from '../../../schemas/catalogue.ts'
import {
  freeFromQuery,
  listingQuery,
  PLAIN_LISTING,
  type CategoryListing,
} from '../../../schemas/category-listing.ts'
import type { Allergen } from '../../../schemas/food-information.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { StoreDetails } from '../../../schemas/stores.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { catalogueScope, findStore, requestedPage, storeCrumbs } from './catalogue-context.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import type { PageHandler } from '../shared/guards.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { searchSectionPath, type SearchSection } from '../../../client/lib/search-sections.ts'

// The overview shows a few of each kind; each sub-page pages through one kind, 24 at a time.
const OVERVIEW_LIMITS = { dealsLimit: 3, categoriesLimit: 6, itemsLimit: 10 } as const

/** The search box's plain GET form: a valid term goes to its search page, a short one is shown. */
export async function searchForm(c: Context<AppEnv>): Promise<Response> {
  const term = c.req.query('q') ?? ''
  const parsed = SearchTermSchema.safeParse(term)
  if (!parsed.success) return renderSearch(c, await findStore(c), term, 'all', null, [])
  return redirectTo(
    c,
    routePath('stores-storeSlug-search-searchTerm', {
      storeSlug: c.req.param('storeSlug') ?? '',
      searchTerm: parsed.data,
    }),
    302
  )
}

/**
 * The search page (`section` all) and its deals, categories and menu-items sub-pages. `?free=`
 * (repeated) keeps the products free from those allergens, read as the category page reads it.
 */
export function searchPage(section: SearchSection): PageHandler {
  return async (c) => {
    const store = await findStore(c)
    const term = c.req.param('searchTerm') ?? ''
    const freeFrom = freeFromQuery(c.req.queries('free') ?? [])
    // A term under two characters gets the spec's message by the box and no search call.
    if (!SearchTermSchema.safeParse(term).success) {
      return renderSearch(c, store, term, section, null, freeFrom)
    }
    const page = section === 'all' ? undefined : requestedPage(c)
    const request = GlobalSearchRequestSchema.safeParse({
      ...catalogueScope(c, store),
      searchTerm: term,
      ...(section === 'all' ? OVERVIEW_LIMITS : {}),
      ...(section === 'deals' ? { dealsPage: page } : {}),
      ...(section === 'categories' ? { categoryPage: page } : {}),
      ...(section === 'menu-items' ? { itemsPage: page } : {}),
      freeFrom,
    })
    if (!request.success) throw new AppError('not_found', MESSAGES.pageNotFound)
    const result = await c.var.backend.post('/catalogue/search', {
      body: request.data,
      cache: true,
      schema: GlobalSearchResultSchema,
    })
    return renderSearch(c, store, term, section, result, freeFrom)
  }
}

function sectionResults(result: GlobalSearchResult, section: Exclude<SearchSection, 'all'>) {
  if (section === 'deals') return result.deals
  if (section === 'categories') return result.categories
  return result.items
}

async function renderSearch(
  c: Context<AppEnv>,
  store: StoreDetails,
  term: string,
  section: SearchSection,
  result: GlobalSearchResult | null,
  freeFrom: Array<Allergen>
): Promise<Response> {
  const trimmed = term.trim()
  const error = result === null ? MESSAGES.searchTermTooShort : null
  // The products' filter is a category listing's free-from part: one form, one query format.
  const filters: CategoryListing = {
    ...PLAIN_LISTING,
    filters: { ...PLAIN_LISTING.filters, freeFrom },
  }
  let paging: Paging | null = null
  if (result && section !== 'all') {
    const found = sectionResults(result, section)
    if (found.page > pageCount(found.total, found.limit)) {
      throw new AppError('not_found', MESSAGES.pageNotFound)
    }
    const path = searchSectionPath(store.slug, trimmed, section)
    const kept = section === 'menu-items' ? filters : PLAIN_LISTING
    paging = { ...found, href: (page) => `${path}${listingQuery(kept, page)}` }
  }
  const crumbs = [
    ...storeCrumbs(c, store),
    {
      name: result
        ? requestSay(c)(MESSAGES.pageSearchCrumb, result.searchTerm)
        : requestSay(c)(MESSAGES.pageSearch),
      href: result ? searchSectionPath(store.slug, trimmed, 'all') : c.req.path,
    },
  ]
  return renderPage(
    c,
    (chrome) => (
      <SearchPage
        chrome={chrome}
        store={store}
        term={trimmed}
        section={section}
        result={result}
        error={error}
        crumbs={crumbs}
        paging={paging}
        filters={filters}
      />
    ),
    {
      meta: {
        title: result
          ? requestSay(c)(MESSAGES.metaSearchResults, result.searchTerm, store.name)
          : requestSay(c)(MESSAGES.pageSearch),
        description: requestSay(c)(MESSAGES.metaSearchStore, store.name),
        // Search result pages are for shoppers, not for search engines' indexes.
        noindex: true,
      },
      cache: 'public',
    }
  )
}
