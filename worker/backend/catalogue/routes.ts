import {
  BannerDetailsRequestSchema,
  BannerEventRequestSchema,
  BannerEventResultSchema,
  BannerListRequestSchema,
  BannerListSchema,
  BannerSchema,
  CategoryDetailsRequestSchema,
  CategoryDetailsSchema,
  CategoryTreeRequestSchema,
  CategoryTreeSchema,
  DealDetailsRequestSchema,
  DealDetailsSchema,
  DealListRequestSchema,
  DealListSchema,
  GlobalSearchRequestSchema,
  GlobalSearchResultSchema,
  MenuItemDetailsRequestSchema,
  MenuItemListRequestSchema,
  MenuItemListSchema,
  MenuItemPriceRequestSchema,
  MenuItemPriceSchema,
  MenuItemSchema,
  PreviousPurchasesRequestSchema,
  PreviousPurchasesSchema,
  ForgottenItemsRequestSchema,
  REGULAR_MIN_ORDERS,
  RecommendedItemsRequestSchema,
} from '../../../schemas/catalogue.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { hashBasketToken } from '../basket-ref-repo.ts'
import { createDomain } from '../route-registry.ts'
import { bearerToken, requireMember } from '../auth/authenticate.ts'
import { forgottenItems, previousPurchases } from './previous-purchases.ts'
import { withOffers } from './item-offers.ts'
import { toItemSummary } from './items.ts'
import {
  countBannerEvent,
  findBannerBySlug,
  findBanners,
  findCategoryTree,
  findItemsByIds,
  findItemsOfDeal,
  findLiveDeals,
  findRecommendedItems,
} from './repo.ts'
import {
  assertStore,
  buildCategoryTree,
  categoryDetails,
  dealDetails,
  globalSearch,
  menuItemDetails,
  priceMenuItem,
  toBanner,
  toDealSummary,
} from './service.ts'
import { now } from '../../lib/clock.ts'

/** Catalogue (spec §7): categories, items priced per store, search, deals and banners. */
export const catalogue = createDomain('Catalogue')

// Catalogue answers carry store prices and stock; fulfilmentDate and every other input is in
// the KV key. Banner counting, previous purchases and a basket's suggestions are private; the
// store home's suggestions asked without a basket are the store's (a page keeps them).
const CATALOGUE_TTL_SECONDS = 60

const STORE_PRICING =
  "Items are priced for the store: its own price, was-price and stock override the item's, " +
  'and items it does not sell are left out.'

catalogue.post(
  '/catalogue/category-tree',
  {
    edge: { cache: { scope: 'category-tree', ttlSeconds: CATALOGUE_TTL_SECONDS } },
    summary: "The store's category tree: categories with items it sells, with item counts",
    description:
      'Only active categories with at least one item the store sells; a count includes the ' +
      'items of sub-categories.',
    body: CategoryTreeRequestSchema,
    response: CategoryTreeSchema,
    errors: ['not_found'],
  },
  async ({ body }, c) => {
    const found = await findCategoryTree(c.env.DB, body.businessId, body.storeId)
    assertStore(found.storeFound)
    return { categories: buildCategoryTree(found.categories, null) }
  }
)

catalogue.post(
  '/catalogue/category',
  {
    edge: { cache: { scope: 'category', ttlSeconds: CATALOGUE_TTL_SECONDS } },
    summary: 'A category by categoryId or categorySlug, with breadcrumbs and a page of its items',
    description:
      'Items of the category and its sub-categories, 24 a page by default: by position ' +
      '(relevance) or sorted by price, price per unit (items without one last) or name, and ' +
      'filtered to items on offer and with every dietary tag asked for. ' +
      STORE_PRICING,
    body: CategoryDetailsRequestSchema,
    response: CategoryDetailsSchema,
    errors: ['not_found'],
  },
  ({ body }, c) => categoryDetails(c.env.DB, { ...body, now: now(c.env) })
)

catalogue.post(
  '/catalogue/menu-item',
  {
    edge: { cache: { scope: 'menu-item', ttlSeconds: CATALOGUE_TTL_SECONDS } },
    summary: 'A menu item by itemId or itemSlug, with its options and breadcrumbs',
    description: `${STORE_PRICING} An item the store does not sell is 'Product not found'.`,
    body: MenuItemDetailsRequestSchema,
    response: MenuItemSchema,
    errors: ['not_found'],
  },
  ({ body }, c) => menuItemDetails(c.env.DB, { ...body, now: now(c.env) })
)

catalogue.post(
  '/catalogue/menu-item/price',
  {
    summary: 'Validates and prices a selection of an item’s options (unitPrice and total)',
    description:
      'Checked with the shared option module (schemas/item-options.ts): an invalid selection ' +
      'is a validation_error with one field per option in error (`options.<optionId>`).',
    body: MenuItemPriceRequestSchema,
    response: MenuItemPriceSchema,
    errors: ['not_found'],
  },
  ({ body }, c) => priceMenuItem(c.env.DB, { ...body, now: now(c.env) })
)

catalogue.post(
  '/catalogue/menu-items',
  {
    edge: { cache: { scope: 'menu-items', ttlSeconds: CATALOGUE_TTL_SECONDS } },
    summary: 'Menu items by menuItemIds, or the items of a deal (discountId, discountSectionId)',
    description: `${STORE_PRICING} By ids the answer keeps the order asked for.`,
    body: MenuItemListRequestSchema,
    response: MenuItemListSchema,
    errors: ['not_found'],
  },
  async ({ body }, c) => {
    const at = now(c.env)
    const found =
      body.menuItemIds !== undefined
        ? await findItemsByIds(c.env.DB, body.businessId, body.storeId, [
            ...new Set(body.menuItemIds),
          ])
        : await findItemsOfDeal(c.env.DB, {
            businessId: body.businessId,
            storeId: body.storeId,
            dealId: body.discountId ?? 0,
            sectionId: body.discountSectionId ?? null,
            now: at.toISOString(),
          })
    assertStore(found.storeFound)
    return {
      items: await withOffers(
        c.env.DB,
        { ...body, now: at },
        found.items.map((row) => toItemSummary(row, at))
      ),
    }
  }
)

catalogue.post(
  '/catalogue/previous-purchases',
  {
    summary: "A signed-in member's earlier items at the store, a page at a time; empty for guests",
    description:
      'Items of the orders the store took from the member (in progress or delivered), of the ' +
      'calling brand: bought in the most orders first, then the most recently bought; hasMore ' +
      'says whether a next page has any. Without a bearer token the answer is an empty page. ' +
      STORE_PRICING,
    body: PreviousPurchasesRequestSchema,
    response: PreviousPurchasesSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) => {
    const customerId = bearerToken(c) ? await requireMember(c, body.businessId) : null
    return previousPurchases(c.env.DB, customerId, body, now(c.env))
  }
)

catalogue.post(
  '/catalogue/forgotten-items',
  {
    summary: "The member's regulars at the store that the basket does not hold",
    description:
      `Items bought in ${REGULAR_MIN_ORDERS} or more of the member's orders at the store, as ` +
      'previous-purchases counts them, leaving out what the basket named by basketToken holds; ' +
      'up to 12, for the step before checkout. Members only. ' +
      STORE_PRICING,
    body: ForgottenItemsRequestSchema,
    response: MenuItemListSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) =>
    forgottenItems(c.env.DB, await requireMember(c, body.businessId), body, now(c.env))
)

catalogue.post(
  '/stores/recommended-items',
  {
    edge: {
      basketToken: 'carries',
      cache: {
        scope: 'recommended-items',
        ttlSeconds: CATALOGUE_TTL_SECONDS,
        uncachedWith: ['basketToken'],
        pagesOnly: true,
      },
    },
    summary: 'Up to 12 items to suggest at the store: best sellers, then items on offer',
    description:
      "Best sellers from the store's orders, then items with a badge or a was-price; in stock, " +
      'and leaving out what the basket named by basketToken already holds.',
    body: RecommendedItemsRequestSchema,
    response: MenuItemListSchema,
    errors: ['not_found'],
  },
  async ({ body }, c) => {
    const at = now(c.env)
    const hash = body.basketToken ? await hashBasketToken(body.basketToken) : null
    const found = await findRecommendedItems(c.env.DB, body.businessId, body.storeId, hash)
    assertStore(found.storeFound)
    return {
      items: await withOffers(
        c.env.DB,
        { ...body, now: at },
        found.items.map((row) => toItemSummary(row, at))
      ),
    }
  }
)

catalogue.post(
  '/catalogue/search',
  {
    edge: { cache: { scope: 'catalogue-search', ttlSeconds: CATALOGUE_TTL_SECONDS } },
    summary: 'Global search: items, categories and deals, each paged',
    description:
      'Every word of searchTerm must match the start of a word of a name, description, tag or ' +
      'category (FTS5, bm25 ranking, an exact name first). A term under two characters is ' +
      `refused with '${MESSAGES.searchTermTooShort}'. ${STORE_PRICING}`,
    body: GlobalSearchRequestSchema,
    response: GlobalSearchResultSchema,
    errors: ['not_found'],
  },
  ({ body }, c) => globalSearch(c.env.DB, { ...body, now: now(c.env) })
)

catalogue.post(
  '/catalogue/deals',
  {
    edge: { cache: { scope: 'deals', ttlSeconds: CATALOGUE_TTL_SECONDS } },
    summary: 'The deals live now (active, between their start and end)',
    body: DealListRequestSchema,
    response: DealListSchema,
    errors: ['not_found'],
  },
  async ({ body }, c) => {
    const found = await findLiveDeals(
      c.env.DB,
      body.businessId,
      body.storeId,
      now(c.env).toISOString()
    )
    assertStore(found.storeFound)
    return { deals: found.deals.map(toDealSummary) }
  }
)

catalogue.post(
  '/catalogue/deal',
  {
    edge: { cache: { scope: 'deal', ttlSeconds: CATALOGUE_TTL_SECONDS } },
    summary: 'A live deal by dealId or dealSlug, with its sections and their items',
    body: DealDetailsRequestSchema,
    response: DealDetailsSchema,
    errors: ['not_found'],
  },
  ({ body }, c) => dealDetails(c.env.DB, { ...body, now: now(c.env) })
)

catalogue.post(
  '/catalogue/banners',
  {
    edge: { brandScoped: true, cache: { scope: 'banners', ttlSeconds: CATALOGUE_TTL_SECONDS } },
    summary: 'Banners for the store home, or a category page (categoryId)',
    description:
      'Active and in date, for the brand or the whole business, for every store or this one, ' +
      'for the fulfilment method or both.',
    body: BannerListRequestSchema,
    response: BannerListSchema,
    errors: ['not_found'],
  },
  async ({ body }, c) => {
    const found = await findBanners(c.env.DB, {
      businessId: body.businessId,
      storeId: body.storeId,
      brandId: body.brandId ?? null,
      categoryId: body.categoryId ?? null,
      fulfilmentMethod: body.fulfilmentMethod,
      now: now(c.env).toISOString(),
    })
    assertStore(found.storeFound)
    return { banners: found.banners.map(toBanner) }
  }
)

catalogue.post(
  '/catalogue/banner',
  {
    edge: { cache: { scope: 'banner', ttlSeconds: CATALOGUE_TTL_SECONDS } },
    summary: 'A live banner by its slug',
    body: BannerDetailsRequestSchema,
    response: BannerSchema,
    errors: ['not_found'],
  },
  async ({ body }, c) => {
    const row = await findBannerBySlug(
      c.env.DB,
      body.businessId,
      body.bannerSlug,
      now(c.env).toISOString()
    )
    if (!row) throw new AppError('not_found', MESSAGES.bannerNotFound)
    return toBanner(row)
  }
)

for (const kind of ['click', 'impression'] as const) {
  catalogue.post(
    kind === 'click' ? '/catalogue/banners/click' : '/catalogue/banners/impressions',
    {
      summary: `Counts a ${kind} of each banner named (bannerIds, platform)`,
      description:
        'Adds one to the banner and to its count for the platform and day (UTC); ids that are ' +
        "not the business's banners are not counted. `counted` says how many were.",
      body: BannerEventRequestSchema,
      response: BannerEventResultSchema,
    },
    async ({ body }, c) => ({
      counted: await countBannerEvent(c.env.DB, {
        businessId: body.businessId,
        bannerIds: [...new Set(body.bannerIds)],
        platform: body.platform,
        day: now(c.env).toISOString().slice(0, 10),
        kind,
      }),
    })
  )
}
