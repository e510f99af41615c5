import { WeighingSchema } from './weighing.ts'
import { z } from 'zod'
import { UNIT_MEASURES } from './unit-price.ts'
import { CategoryFiltersSchema, CategorySortSchema, FreeFromSchema } from './category-listing.ts'
import { BusinessIdSchema, CallingBrandIdSchema, IdSchema, MoneySchema } from './common.ts'
import {
  DEFAULT_FULFILMENT_METHOD,
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  FULFILMENT_METHODS,
  SEARCH_TERM_MIN_LENGTH,
} from './constants.ts'
import { FoodInformationSchema } from './food-information.ts'
import { MESSAGES } from './messages.ts'
import { TEXT_MAX_LENGTH, tooLongMessage } from './text-limits.ts'
import { PLATFORMS } from './stores.ts'

// --- Shared parts ----------------------------------------------------------------------------

export const FulfilmentMethodSchema = z.enum(FULFILMENT_METHODS).default(DEFAULT_FULFILMENT_METHOD)

/** A local date (YYYY-MM-DD) the order is for; defaults to the store's today. */
export const FulfilmentDateSchema = z.iso.date({ error: MESSAGES.validationError })

const PageSchema = z.coerce.number().int().min(1).max(10_000).default(DEFAULT_PAGE)
const LimitSchema = z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE)

/** A page of results: the page asked for, its size and how many there are in all. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    page: z.int(),
    limit: z.int(),
    total: z.int().nonnegative(),
  })
}

/**
 * Spec §3 images: originals and the three densities; width/height of mdpi_1x reserve space.
 * `webp`, when present, is the same three densities as WebP (an uploaded photo's, ADR 033): an
 * addition a client may ignore, so the spec's shape stands.
 */
export type ImageSet = z.infer<typeof ImageSetSchema>
export const ImageSetSchema = z.object({
  originals: z.string(),
  mdpi_1x: z.string(),
  xhdpi_2x: z.string(),
  xxhdpi_3x: z.string(),
  width: z.int().positive(),
  height: z.int().positive(),
  webp: z.object({ mdpi_1x: z.string(), xhdpi_2x: z.string(), xxhdpi_3x: z.string() }).optional(),
})

/** Spec §3 badge: text, color, backgroundColor. */
export type Badge = z.infer<typeof BadgeSchema>
export const BadgeSchema = z.object({
  text: z.string(),
  color: z.string(),
  backgroundColor: z.string(),
})

/**
 * The multibuy or meal deal an item is part of, as its card and page show it (issue 35 item 16):
 * the deal the basket would apply first (deals apply in position order).
 */
export type DealOffer = z.infer<typeof DealOfferSchema>
export const DealOfferSchema = z.object({
  slug: z.string(),
  name: z.string(),
  kind: z.enum(['multibuy', 'meal_deal']),
  quantityRequired: z.int().nullable(),
  price: MoneySchema.nullable(),
})

// --- Menu items (spec §3) --------------------------------------------------------------------

export const ADD_TO_BASKET_TYPES = ['simple', 'options'] as const

/**
 * A menu item as cards and grids show it, priced for one store (the store's own price and stock
 * override the item's). `categoryImage` is the item's category picture (spec §3).
 */
export type MenuItemSummary = z.infer<typeof MenuItemSummarySchema>
export const MenuItemSummarySchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  /** Pack size as sold ('2 pints'). */
  size: z.string().nullable(),
  category: z.object({ id: z.int(), slug: z.string(), name: z.string() }),
  categoryImage: z.string().nullable(),
  badge: BadgeSchema.nullable(),
  price: MoneySchema,
  wasPrice: MoneySchema.nullable(),
  /** Minor units per unit, from the size and the price this store charges (schemas/unit-price.ts). */
  unitPrice: z.object({ minor: z.int().nonnegative(), per: z.enum(UNIT_MEASURES) }).nullable(),
  outOfStock: z.boolean(),
  tags: z.array(z.string()),
  addToBasketType: z.enum(ADD_TO_BASKET_TYPES),
  quickAdd: z.boolean(),
  /** 'You must be at least %s to purchase this item'; null = no age check. */
  ageRestriction: z.int().nullable(),
  /** Per-item quantity cap ('Item limit has been reached'); null = none. */
  maxQuantity: z.int().nullable(),
  images: ImageSetSchema,
  /** The offer the item is in at this store now; null when none. */
  offer: DealOfferSchema.nullable(),
  /** Sold by weight or by the piece at an estimated weight (ADR 039); null: sold each. */
  weighing: WeighingSchema.nullable(),
})

/** Spec §3 Menu item option value, with its extra cost per chosen size (sizeExtraCost). */
export type MenuItemOptionValue = z.infer<typeof MenuItemOptionValueSchema>
export const MenuItemOptionValueSchema = z.object({
  id: z.int(),
  name: z.string(),
  extraCost: MoneySchema,
  default: z.boolean(),
  outOfStock: z.boolean(),
  sizeExtraCost: z.array(z.object({ id: z.int(), sizeId: z.int(), extraCost: MoneySchema })),
})

/**
 * Spec §3 Menu item option. `dependentOn` names the option that must have a choice before this
 * one shows (`dependentOnValueId`: only while that value is chosen). The first
 * `extraCostInstancesThreshold` chosen instances are free. `isSize` marks the option whose values
 * are the sizes `sizeExtraCost` refers to.
 */
export type MenuItemOption = z.infer<typeof MenuItemOptionSchema>
export const MenuItemOptionSchema = z.object({
  id: z.int(),
  name: z.string(),
  placeholder: z.string().nullable(),
  minimumSelected: z.int().nonnegative(),
  maximumSelected: z.int().positive(),
  displayAsGrid: z.boolean(),
  mutuallyExclusive: z.boolean(),
  dependentOn: z.int().nullable(),
  dependentOnValueId: z.int().nullable(),
  extraCostInstancesThreshold: z.int().nonnegative().nullable(),
  isSize: z.boolean(),
  values: z.array(MenuItemOptionValueSchema),
})

/** A menu item's page: the card's fields plus description, ingredients and options. */
export type MenuItem = z.infer<typeof MenuItemSchema>
export const MenuItemSchema = MenuItemSummarySchema.extend({
  description: z.string().nullable(),
  ingredients: z.string().nullable(),
  /** Allergens, nutrition, storage, origin, net quantity and operator; null when not food. */
  food: FoodInformationSchema.nullable(),
  options: z.array(MenuItemOptionSchema),
  /** From the top-level category down to the item's own. */
  breadcrumbs: z.array(z.object({ id: z.int(), slug: z.string(), name: z.string() })),
})

// --- Categories ------------------------------------------------------------------------------

/** A category of the tree, with its sub-categories (one level of nesting in the demo data). */
export type CategoryNode = {
  id: number
  slug: string
  name: string
  description: string | null
  images: ImageSet | null
  ageRestriction: number | null
  /** Items this store sells in it and its sub-categories, for the fulfilment method. */
  itemCount: number
  children: Array<CategoryNode>
}
export const CategoryNodeSchema: z.ZodType<CategoryNode> = z
  .lazy(
    () =>
      z.object({
        id: z.int(),
        slug: z.string(),
        name: z.string(),
        description: z.string().nullable(),
        images: ImageSetSchema.nullable(),
        ageRestriction: z.int().nullable(),
        itemCount: z.int().nonnegative(),
        children: z.array(CategoryNodeSchema),
      })
    // Named, so the OpenAPI document refers to itself for children instead of recursing forever.
  )
  .meta({ id: 'CategoryNode' })

/** Which store and fulfilment method a catalogue call is about; most calls add their own fields. */
export const StoreScopeRequestSchema = z.object({
  businessId: BusinessIdSchema,
  storeId: IdSchema,
  fulfilmentMethod: FulfilmentMethodSchema,
})

/** The store's category tree for a fulfilment method: only categories with items to sell. */
export const CategoryTreeRequestSchema = StoreScopeRequestSchema
export const CategoryTreeSchema = z.object({ categories: z.array(CategoryNodeSchema) })

/** Spec §3 Menu and category payload: a category and a page of its items, for a date. */
export const CategoryDetailsRequestSchema = StoreScopeRequestSchema.extend({
  categoryId: IdSchema.optional(),
  /** The category's slug, as page URLs carry it. */
  categorySlug: z.string().trim().min(1).max(120).optional(),
  fulfilmentDate: FulfilmentDateSchema.optional(),
  page: PageSchema,
  limit: LimitSchema,
  /** Relevance (the operator's order), price either way, price per unit or name (ADR 034). */
  sort: CategorySortSchema,
  /** On offer and dietary tags; an item must match every filter. */
  filters: CategoryFiltersSchema.default({ onOffer: false, tags: [], freeFrom: [] }),
}).refine((input) => input.categoryId !== undefined || input.categorySlug !== undefined, {
  error: MESSAGES.validationError,
  path: ['categoryId'],
})

export type CategoryDetails = z.infer<typeof CategoryDetailsSchema>
export const CategoryDetailsSchema = z.object({
  category: z.object({
    id: z.int(),
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    images: ImageSetSchema.nullable(),
    ageRestriction: z.int().nullable(),
    seoTitle: z.string().nullable(),
    seoDescription: z.string().nullable(),
  }),
  breadcrumbs: z.array(z.object({ id: z.int(), slug: z.string(), name: z.string() })),
  subCategories: z.array(CategoryNodeSchema),
  /** The category's own items and its sub-categories', sorted and filtered as asked. */
  items: pageOf(MenuItemSummarySchema),
})

// --- Menu item calls -------------------------------------------------------------------------

export const MenuItemDetailsRequestSchema = StoreScopeRequestSchema.extend({
  itemId: IdSchema.optional(),
  itemSlug: z.string().trim().min(1).max(160).optional(),
}).refine((input) => input.itemId !== undefined || input.itemSlug !== undefined, {
  error: MESSAGES.validationError,
  path: ['itemId'],
})

/** By ids (menuItemIds), or the items of a deal (discountId) or one of its sections. */
export const MenuItemListRequestSchema = StoreScopeRequestSchema.extend({
  menuItemIds: z.array(IdSchema).max(100).optional(),
  discountId: IdSchema.optional(),
  discountSectionId: IdSchema.optional(),
}).refine((input) => input.menuItemIds !== undefined || input.discountId !== undefined, {
  error: MESSAGES.validationError,
  path: ['menuItemIds'],
})

export const MenuItemListSchema = z.object({ items: z.array(MenuItemSummarySchema) })

/** One chosen option value, `quantity` instances of it (see schemas/item-options.ts). */
export const OptionChoiceSchema = z.object({
  optionId: IdSchema,
  valueId: IdSchema,
  quantity: z.coerce.number().int().min(1).max(99).default(1),
})

/** Prices an item with a selection of its options for one store (the basket reuses it). */
export const MenuItemPriceRequestSchema = StoreScopeRequestSchema.extend({
  itemId: IdSchema,
  choices: z.array(OptionChoiceSchema).max(100).default([]),
  quantity: z.coerce
    .number({ error: MESSAGES.quantityRequired })
    .int({ error: MESSAGES.quantityRequired })
    .min(1, { error: MESSAGES.quantityRequired })
    .max(999, { error: MESSAGES.validationError })
    .default(1),
})

/** `unitPrice`: the store price plus the options' extras; `total` = unitPrice × quantity. */
export type MenuItemPrice = z.infer<typeof MenuItemPriceSchema>
export const MenuItemPriceSchema = z.object({
  itemId: z.int(),
  quantity: z.int().positive(),
  unitPrice: MoneySchema,
  extras: MoneySchema,
  total: MoneySchema,
})

/** Spec §7 Stores "Recommended items" (storeId, fulfilmentMethod, basketToken). */
export const RecommendedItemsRequestSchema = StoreScopeRequestSchema.extend({
  brandId: CallingBrandIdSchema,
  basketToken: z.string().trim().max(200).optional(),
})

/**
 * What a signed-in member bought before at this store (guests: none), the items of the most
 * orders first, then the most recently bought; a page at a time.
 */
export const PreviousPurchasesRequestSchema = StoreScopeRequestSchema.extend({
  brandId: CallingBrandIdSchema,
  page: PageSchema,
  limit: LimitSchema,
})

/** A page of earlier purchases; `hasMore` says whether a next page has any (no full count). */
export type PreviousPurchases = z.infer<typeof PreviousPurchasesSchema>
export const PreviousPurchasesSchema = z.object({
  items: z.array(MenuItemSummarySchema),
  page: z.int(),
  hasMore: z.boolean(),
})

/** How many past orders make an item one of the member's regulars. */
export const REGULAR_MIN_ORDERS = 2

/** The member's regulars at the store (bought in REGULAR_MIN_ORDERS orders) not in the basket. */
export const ForgottenItemsRequestSchema = StoreScopeRequestSchema.extend({
  brandId: CallingBrandIdSchema,
  basketToken: z.string().trim().max(200).optional(),
})

// --- Deals -----------------------------------------------------------------------------------

export const DEAL_KINDS = ['multibuy', 'meal_deal', 'percent_off', 'amount_off'] as const

export type DealSummary = z.infer<typeof DealSummarySchema>
export const DealSummarySchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(DEAL_KINDS),
  /** multibuy: how many for `price`; meal_deal: the deal price. */
  quantityRequired: z.int().nullable(),
  price: MoneySchema.nullable(),
  discountPercent: z.int().nullable(),
  discountAmount: MoneySchema.nullable(),
  badge: BadgeSchema.nullable(),
  imageUrl: z.string().nullable(),
  endsAt: z.string().nullable(),
})

export const DealListRequestSchema = StoreScopeRequestSchema
export const DealListSchema = z.object({ deals: z.array(DealSummarySchema) })

export const DealDetailsRequestSchema = StoreScopeRequestSchema.extend({
  dealId: IdSchema.optional(),
  dealSlug: z.string().trim().min(1).max(120).optional(),
}).refine((input) => input.dealId !== undefined || input.dealSlug !== undefined, {
  error: MESSAGES.validationError,
  path: ['dealId'],
})

/** A deal with its sections (choose between minimumSelected and maximumSelected items of each). */
export type DealDetails = z.infer<typeof DealDetailsSchema>
export const DealDetailsSchema = z.object({
  deal: DealSummarySchema,
  sections: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      minimumSelected: z.int().nonnegative(),
      maximumSelected: z.int().positive(),
      items: z.array(MenuItemSummarySchema.extend({ extraCost: MoneySchema })),
    })
  ),
})

// --- Search (spec §3 Search payload) ---------------------------------------------------------

export const SearchTermSchema = z
  .string({ error: MESSAGES.searchTermTooShort })
  .trim()
  .min(SEARCH_TERM_MIN_LENGTH, { error: MESSAGES.searchTermTooShort })
  .max(TEXT_MAX_LENGTH.searchTerm, {
    error: tooLongMessage('Search term', TEXT_MAX_LENGTH.searchTerm),
  })

export const GlobalSearchRequestSchema = StoreScopeRequestSchema.extend({
  searchTerm: SearchTermSchema,
  itemsPage: PageSchema,
  categoryPage: PageSchema,
  dealsPage: PageSchema,
  itemsLimit: LimitSchema,
  categoriesLimit: LimitSchema,
  dealsLimit: LimitSchema,
  /** Products free from these allergens only (issue 41); categories and deals are not filtered. */
  freeFrom: FreeFromSchema,
})

/**
 * The global search counts matching items up to this many: past it the answer says "more than"
 * (totalCapped) rather than count every match of a broad term (ADR 031).
 */
export const SEARCH_TOTAL_CAP = 1000

export type GlobalSearchResult = z.infer<typeof GlobalSearchResultSchema>
export const GlobalSearchResultSchema = z.object({
  searchTerm: z.string(),
  /** total stops at SEARCH_TOTAL_CAP; totalCapped says more items match than that. */
  items: pageOf(MenuItemSummarySchema).extend({ totalCapped: z.boolean() }),
  categories: pageOf(
    z.object({
      id: z.int(),
      slug: z.string(),
      name: z.string(),
      images: ImageSetSchema.nullable(),
    })
  ),
  deals: pageOf(DealSummarySchema),
})

// --- Banners (spec §3 Banner: bannerId, platform) --------------------------------------------

export const BANNER_LINK_TYPES = ['none', 'category', 'deal', 'menu_item', 'url'] as const

export type Banner = z.infer<typeof BannerSchema>
export const BannerSchema = z.object({
  bannerId: z.int(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  image: z.object({ url: z.string(), width: z.int(), height: z.int() }),
  /** Where the banner leads: slugs for the storefront's own routes, or an absolute URL. */
  link: z.object({
    type: z.enum(BANNER_LINK_TYPES),
    categorySlug: z.string().nullable(),
    dealSlug: z.string().nullable(),
    menuItemSlug: z.string().nullable(),
    menuItemCategorySlug: z.string().nullable(),
    url: z.string().nullable(),
  }),
})

export const BannerListRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: IdSchema.optional(),
  storeId: IdSchema,
  /** The category page showing them; absent: the store home. */
  categoryId: IdSchema.optional(),
  fulfilmentMethod: FulfilmentMethodSchema,
})
export const BannerListSchema = z.object({ banners: z.array(BannerSchema) })

export const BannerDetailsRequestSchema = z.object({
  businessId: BusinessIdSchema,
  bannerSlug: z.string().trim().min(1).max(120),
})

/** Counting a click or impressions (spec §3 Banner: bannerId, platform). */
export const BannerEventRequestSchema = z.object({
  businessId: BusinessIdSchema,
  bannerIds: z.array(IdSchema).min(1).max(50),
  platform: z.enum(PLATFORMS).default('web'),
})
export const BannerEventResultSchema = z.object({ counted: z.int().nonnegative() })
