import type {
  Banner,
  CategoryDetails,
  CategoryNode,
  DealDetails,
  DealSummary,
  GlobalSearchResult,
  MenuItem,
  MenuItemOption,
  MenuItemPrice,
} from '../../../schemas/catalogue.ts'
import type { CategoryFilters, CategorySort } from '../../../schemas/category-listing.ts'
import type { Allergen } from '../../../schemas/food-information.ts'
import { checkSelection, type OptionChoice } from '../../../schemas/item-options.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { ftsMatchExpression, itemMatchExpression, searchRanking } from './fts-query.ts'
import { toFoodInformation } from './food-information.ts'
import { withOffers } from './item-offers.ts'
import { categoryImages, toItemSummary } from './items.ts'
import {
  type BannerRow,
  type CategoryCountRow,
  type DealRow,
  findCategoryPage,
  findDeal,
  findMenuItem,
  type OptionRow,
  type OptionValueRow,
  type SizeCostRow,
} from './repo.ts'
import { searchCatalogue } from './search-repo.ts'

/** Throws the spec's 'Store not found' unless the store is an active store of the business. */
export function assertStore(found: boolean): void {
  if (!found) throw new AppError('not_found', MESSAGES.storeNotFound)
}

/**
 * Nests categories under `rootId` (null: the top level) with item counts that include their
 * sub-categories; categories with nothing to sell, and those under an inactive parent, are left out.
 */
export function buildCategoryTree(
  rows: ReadonlyArray<CategoryCountRow>,
  rootId: number | null
): Array<CategoryNode> {
  const childrenOf = new Map<number | null, Array<CategoryCountRow>>()
  for (const row of rows) {
    const siblings = childrenOf.get(row.parent_id) ?? []
    siblings.push(row)
    childrenOf.set(row.parent_id, siblings)
  }
  const build = (parentId: number | null, depth: number): Array<CategoryNode> =>
    (depth > 10 ? [] : (childrenOf.get(parentId) ?? []))
      .map((row) => {
        const children = build(row.id, depth + 1)
        return {
          id: row.id,
          slug: row.slug,
          name: row.name,
          description: row.description,
          images: categoryImages(row.image_url),
          ageRestriction: row.age_restriction,
          itemCount: row.item_count + children.reduce((sum, child) => sum + child.itemCount, 0),
          children,
        }
      })
      .filter((node) => node.itemCount > 0)
  return build(rootId, 0)
}

// A category, item or deal is named by id or by slug: the id wins, the slug counts only alone.
function idOrSlug(
  id: number | undefined,
  slug: string | undefined
): { id: number | null; slug: string | null } {
  return { id: id ?? null, slug: id === undefined ? (slug ?? null) : null }
}

function offsetOf(page: number, limit: number): number {
  return (page - 1) * limit
}

export async function categoryDetails(
  db: D1Database,
  input: {
    businessId: number
    storeId: number
    categoryId?: number | undefined
    categorySlug?: string | undefined
    page: number
    limit: number
    sort: CategorySort
    filters: CategoryFilters
    /** Price claims are judged at this instant (price-claims.ts). */
    now: Date
  }
): Promise<CategoryDetails> {
  const named = idOrSlug(input.categoryId, input.categorySlug)
  const found = await findCategoryPage(db, {
    businessId: input.businessId,
    storeId: input.storeId,
    categoryId: named.id,
    categorySlug: named.slug,
    limit: input.limit,
    offset: offsetOf(input.page, input.limit),
    sort: input.sort,
    filters: input.filters,
    at: input.now.toISOString(),
  })
  assertStore(found.storeFound)
  const category = found.category
  if (!category) throw new AppError('not_found', MESSAGES.pageNotFound)
  return {
    category: {
      id: category.id,
      slug: category.slug,
      name: category.name,
      description: category.description,
      images: categoryImages(category.image_url),
      ageRestriction: category.age_restriction,
      seoTitle: category.seo_title,
      seoDescription: category.seo_description,
    },
    breadcrumbs: found.breadcrumbs.map(({ id, slug, name }) => ({ id, slug, name })),
    subCategories: buildCategoryTree(found.categories, category.id),
    items: {
      results: await withOffers(
        db,
        input,
        found.items.map((row) => toItemSummary(row, input.now))
      ),
      page: input.page,
      limit: input.limit,
      total: found.total,
    },
  }
}

function toOptions(
  options: ReadonlyArray<OptionRow>,
  values: ReadonlyArray<OptionValueRow>,
  sizeCosts: ReadonlyArray<SizeCostRow>
): Array<MenuItemOption> {
  return options.map((option) => ({
    id: option.id,
    name: option.name,
    placeholder: option.placeholder,
    minimumSelected: option.minimum_selected,
    maximumSelected: option.maximum_selected,
    displayAsGrid: option.display_as_grid === 1,
    mutuallyExclusive: option.mutually_exclusive === 1,
    dependentOn: option.dependent_on,
    dependentOnValueId: option.dependent_on_value_id,
    extraCostInstancesThreshold: option.extra_cost_instances_threshold,
    isSize: option.is_size === 1,
    values: values
      .filter((value) => value.option_id === option.id)
      .map((value) => ({
        id: value.id,
        name: value.name,
        extraCost: value.extra_cost,
        default: value.is_default === 1,
        outOfStock: value.out_of_stock === 1,
        sizeExtraCost: sizeCosts
          .filter((cost) => cost.option_value_id === value.id)
          .map((cost) => ({ id: cost.id, sizeId: cost.size_id, extraCost: cost.extra_cost })),
      })),
  }))
}

export async function menuItemDetails(
  db: D1Database,
  input: {
    businessId: number
    storeId: number
    itemId?: number | undefined
    itemSlug?: string | undefined
    /** Price claims are judged at this instant (price-claims.ts). */
    now: Date
  }
): Promise<MenuItem> {
  const named = idOrSlug(input.itemId, input.itemSlug)
  const found = await findMenuItem(db, {
    businessId: input.businessId,
    storeId: input.storeId,
    itemId: named.id,
    itemSlug: named.slug,
  })
  assertStore(found.storeFound)
  if (!found.item) throw new AppError('not_found', MESSAGES.productNotFound)
  const [summary] = await withOffers(db, input, [toItemSummary(found.item, input.now)])
  return {
    ...(summary ?? toItemSummary(found.item, input.now)),
    description: found.item.description,
    ingredients: found.item.ingredients,
    food: toFoodInformation(found.item),
    options: toOptions(found.options, found.values, found.sizeCosts),
    breadcrumbs: found.breadcrumbs.map(({ id, slug, name }) => ({ id, slug, name })),
  }
}

/**
 * Validates and prices a selection of an item's options at the store with the shared option
 * module: an invalid selection is a validation_error whose fields name each option's problem.
 */
export async function priceMenuItem(
  db: D1Database,
  input: {
    businessId: number
    storeId: number
    itemId: number
    choices: ReadonlyArray<OptionChoice>
    quantity: number
    now: Date
  }
): Promise<MenuItemPrice> {
  const item = await menuItemDetails(db, input)
  const check = checkSelection(item, input.choices)
  if (!check.ok) {
    // As for schema errors, the envelope's message is the first field's.
    throw new AppError('validation_error', check.errors[0]?.message ?? MESSAGES.validationError, {
      fields: check.errors.map((error) => ({
        field: `options.${error.optionId}`,
        message: error.message,
      })),
    })
  }
  return {
    itemId: item.id,
    quantity: input.quantity,
    unitPrice: check.unitPrice,
    extras: check.extras,
    total: check.unitPrice * input.quantity,
  }
}

export function toDealSummary(row: DealRow): DealSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    kind: row.kind,
    quantityRequired: row.quantity_required,
    price: row.price,
    discountPercent: row.discount_percent,
    discountAmount: row.discount_amount,
    badge:
      row.badge_text !== null && row.badge_color !== null && row.badge_background_color !== null
        ? {
            text: row.badge_text,
            color: row.badge_color,
            backgroundColor: row.badge_background_color,
          }
        : null,
    imageUrl: row.image_url,
    endsAt: row.ends_at,
  }
}

export async function dealDetails(
  db: D1Database,
  input: {
    businessId: number
    storeId: number
    dealId?: number | undefined
    dealSlug?: string | undefined
    now: Date
  }
): Promise<DealDetails> {
  const named = idOrSlug(input.dealId, input.dealSlug)
  const found = await findDeal(db, {
    businessId: input.businessId,
    storeId: input.storeId,
    dealId: named.id,
    dealSlug: named.slug,
    now: input.now.toISOString(),
  })
  assertStore(found.storeFound)
  if (!found.deal) throw new AppError('not_found', MESSAGES.dealNotFound)
  const items = await withOffers(
    db,
    input,
    found.items.map((item) => ({ ...toItemSummary(item, input.now), extraCost: item.extra_cost }))
  )
  const sectionOf = new Map(found.items.map((item, index) => [index, item.deal_section_id]))
  return {
    deal: toDealSummary(found.deal),
    sections: found.sections.map((section) => ({
      id: section.id,
      name: section.name,
      minimumSelected: section.minimum_selected,
      maximumSelected: section.maximum_selected,
      items: items.filter((_, index) => sectionOf.get(index) === section.id),
    })),
  }
}

export async function globalSearch(
  db: D1Database,
  input: {
    businessId: number
    storeId: number
    searchTerm: string
    itemsPage: number
    itemsLimit: number
    categoryPage: number
    categoriesLimit: number
    dealsPage: number
    dealsLimit: number
    /** Products free from these allergens only (neither contained nor maybe contained). */
    freeFrom: ReadonlyArray<Allergen>
    now: Date
  }
): Promise<GlobalSearchResult> {
  const items = { page: input.itemsPage, limit: input.itemsLimit }
  const categories = { page: input.categoryPage, limit: input.categoriesLimit }
  const deals = { page: input.dealsPage, limit: input.dealsLimit }
  const match = ftsMatchExpression(input.searchTerm)
  const ranking = searchRanking(input.searchTerm)
  if (match === null || ranking === null) {
    // Nothing searchable (only punctuation): nothing matches.
    return {
      searchTerm: input.searchTerm,
      items: { results: [], ...items, total: 0, totalCapped: false },
      categories: { results: [], ...categories, total: 0 },
      deals: { results: [], ...deals, total: 0 },
    }
  }
  const found = await searchCatalogue(db, {
    businessId: input.businessId,
    storeId: input.storeId,
    match,
    itemMatch: itemMatchExpression(match, input.freeFrom),
    exact: input.searchTerm.toLowerCase(),
    ranking,
    items: { limit: items.limit, offset: offsetOf(items.page, items.limit) },
    categories: { limit: categories.limit, offset: offsetOf(categories.page, categories.limit) },
    deals: { limit: deals.limit, offset: offsetOf(deals.page, deals.limit) },
    now: input.now.toISOString(),
  })
  assertStore(found.storeFound)
  return {
    searchTerm: input.searchTerm,
    items: {
      results: await withOffers(
        db,
        input,
        found.items.map((row) => toItemSummary(row, input.now))
      ),
      ...items,
      total: found.itemTotal,
      totalCapped: found.itemTotalCapped,
    },
    categories: {
      results: found.categories.map((row) => ({
        id: row.id,
        slug: row.slug,
        name: row.name,
        images: categoryImages(row.image_url),
      })),
      ...categories,
      total: found.categoryTotal,
    },
    deals: { results: found.deals.map(toDealSummary), ...deals, total: found.dealTotal },
  }
}

export function toBanner(row: BannerRow): Banner {
  return {
    bannerId: row.id,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    image: { url: row.image_url, width: row.image_width, height: row.image_height },
    link: {
      type: row.link_type,
      categorySlug: row.link_category_slug,
      dealSlug: row.link_deal_slug,
      menuItemSlug: row.link_menu_item_slug,
      menuItemCategorySlug: row.link_menu_item_category_slug,
      url: row.link_url,
    },
  }
}
