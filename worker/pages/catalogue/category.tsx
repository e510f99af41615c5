import type { Context } from 'hono'
import { categoryHref } from '../../../client/lib/catalogue-links.ts'
import { pageCount } from '../../../client/lib/paging.ts'
import { CategoryPage } from '../../../client/pages/CategoryPage.tsx'
import {
  BannerListSchema,
  CategoryDetailsRequestSchema,
  CategoryDetailsSchema,
} from '../../../schemas/catalogue.ts'
import {
  isPlainListing,
  listingFromQuery,
  listingQuery,
} from '../../../schemas/category-listing.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { breadcrumbJsonLd, jsonLdGraph } from '../shared/json-ld.ts'
import {
  catalogueScopeOf,
  findStore,
  requestedPage,
  storeCrumbs,
  slugIdsKey,
} from './catalogue-context.ts'
import { speculate } from '../../lib/speculative-ids.ts'
import { canonicalUrl, renderPage, requestSay, startPublicChrome } from '../shared/render.tsx'

/**
 * A category of a store: a page of its items (24, `?page=`), its sub-categories and banners. A
 * page past the last, or not a page number, is a 404 like an unknown category. `?sort=`,
 * `?offer=1`, `?diet=` and `?free=` sort and filter the items (ADR 034): an unknown sort shows the usual
 * order and says so, an unknown tag is ignored; such listings are noindex with the plain
 * category as their canonical.
 */
export async function categoryPage(c: Context<AppEnv>): Promise<Response> {
  startPublicChrome(c)
  const { unknownSort, ...listing } = listingFromQuery({
    sort: c.req.query('sort'),
    offer: c.req.query('offer'),
    diet: c.req.queries('diet') ?? [],
    free: c.req.queries('free') ?? [],
  })
  const detailsFor = ({ storeId }: { storeId: number }) => {
    const request = CategoryDetailsRequestSchema.safeParse({
      ...catalogueScopeOf(c, storeId),
      categorySlug: c.req.param('categorySlug'),
      page: requestedPage(c),
      sort: listing.sort,
      filters: listing.filters,
    })
    if (!request.success) return Promise.reject(new AppError('not_found', MESSAGES.pageNotFound))
    return c.var.backend.post('/catalogue/category', {
      body: request.data,
      schema: CategoryDetailsSchema,
      cache: true,
    })
  }
  const bannersFor = ({ storeId, categoryId }: { storeId: number; categoryId: number }) =>
    c.var.backend.post('/catalogue/banners', {
      body: { ...catalogueScopeOf(c, storeId), brandId: c.var.brand.id, categoryId },
      schema: BannerListSchema,
      cache: true,
    })
  // The category and its banners start beside the store's details with the ids this isolate saw
  // behind these slugs before; each guess is checked once the real ids are known.
  const categoryFor = speculate(slugIdsKey(c, 'store'), detailsFor)
  const categoryBannersFor = speculate(slugIdsKey(c, 'category'), bannersFor)
  const store = await findStore(c)
  const details = await categoryFor({ storeId: store.id })
  const { category, items } = details
  if (items.page > pageCount(items.total, items.limit)) {
    throw new AppError('not_found', MESSAGES.pageNotFound)
  }
  const { banners } = await categoryBannersFor({ storeId: store.id, categoryId: category.id })
  const path = categoryHref(store.slug, category.slug)
  const crumbs = [
    ...storeCrumbs(c, store),
    ...details.breadcrumbs
      .filter((crumb) => crumb.id !== category.id)
      .map((crumb) => ({ name: crumb.name, href: categoryHref(store.slug, crumb.slug) })),
    { name: category.name, href: path },
  ]
  const plain = isPlainListing(listing) && !unknownSort
  const say = requestSay(c)
  const pageSuffix = items.page > 1 ? say(MESSAGES.metaPageSuffix, items.page) : ''
  const absolute = (href: string) => canonicalUrl(c, href)
  return renderPage(
    c,
    (chrome) => (
      <CategoryPage
        chrome={chrome}
        store={store}
        details={details}
        banners={banners}
        crumbs={crumbs}
        listing={{
          ...listing,
          path,
          notice: unknownSort ? MESSAGES.categorySortUnknown : null,
        }}
        paging={{
          page: items.page,
          limit: items.limit,
          total: items.total,
          href: (page) => `${path}${listingQuery(listing, page)}`,
        }}
      />
    ),
    {
      meta: {
        title: `${say(MESSAGES.metaTitleAt, category.seoTitle ?? category.name, store.name)}${pageSuffix}`,
        description:
          category.seoDescription ??
          `${say(MESSAGES.metaCategoryDescription, items.total, category.name.toLowerCase(), store.name, c.var.brand.name)}${pageSuffix}`,
        // A sorted or filtered listing repeats the category: its canonical is the plain one.
        canonicalPath: plain ? `${path}${listingQuery(listing, items.page)}` : path,
        ...(plain ? {} : { noindex: true }),
        imageUrl: category.images ? absolute(category.images.xhdpi_2x) : null,
        jsonLd: jsonLdGraph(breadcrumbJsonLd(crumbs, absolute)),
      },
      cache: 'public',
    }
  )
}
