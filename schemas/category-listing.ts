import { z } from 'zod'
import { ALLERGENS, FREE_FROM_LABELS, type Allergen } from './food-information.ts'
import { fillMessage } from './message-format.ts'
import { MESSAGES } from './messages.ts'

/*
 * How a category's items are sorted and filtered (ADR 034). The backend sorts and filters in its
 * query; pages carry the choice in the URL (`?sort=&offer=1&diet=`), the API in the body.
 */

/** Relevance is the operator's order (category position, then item position). */
export const CATEGORY_SORTS = [
  'relevance',
  'price-low',
  'price-high',
  'unit-price',
  'name',
] as const
export type CategorySort = (typeof CATEGORY_SORTS)[number]
export const DEFAULT_CATEGORY_SORT: CategorySort = 'relevance'

export const CATEGORY_SORT_LABELS: Readonly<Record<CategorySort, string>> = {
  relevance: MESSAGES.pageSortRelevance,
  'price-low': MESSAGES.pageSortPriceLow,
  'price-high': MESSAGES.pageSortPriceHigh,
  'unit-price': MESSAGES.pageSortUnitPrice,
  name: MESSAGES.pageSortName,
}

/** The dietary tags the catalogue's items carry (menu_items.tags) that a shopper filters by. */
export const DIETARY_TAGS = ['vegetarian', 'vegan', 'gluten-free', 'organic', 'free-range'] as const
export type DietaryTag = (typeof DIETARY_TAGS)[number]

export const DIETARY_TAG_LABELS: Readonly<Record<DietaryTag, string>> = {
  vegetarian: MESSAGES.pageDietVegetarian,
  vegan: MESSAGES.pageDietVegan,
  'gluten-free': MESSAGES.pageDietGlutenFree,
  organic: MESSAGES.pageDietOrganic,
  'free-range': MESSAGES.pageDietFreeRange,
}

export const CategorySortSchema = z
  .enum(CATEGORY_SORTS, { error: MESSAGES.categorySortInvalid })
  .default(DEFAULT_CATEGORY_SORT)

const DietaryTagSchema = z.enum(DIETARY_TAGS, { error: MESSAGES.categoryFilterInvalid })

const AllergenSchema = z.enum(ALLERGENS, { error: MESSAGES.categoryFilterInvalid })

/** The allergens a listing or a search must be free from (none in "contains" or "may contain"). */
export const FreeFromSchema = z
  .array(AllergenSchema)
  .max(ALLERGENS.length, { error: MESSAGES.categoryFilterInvalid })
  .default([])

/**
 * The filters of a category listing: on offer (a genuine lower price), dietary tags (all of) and
 * free from allergens (none of them in the item's "contains" or "may contain").
 */
export type CategoryFilters = z.infer<typeof CategoryFiltersSchema>
export const CategoryFiltersSchema = z.object({
  onOffer: z.boolean({ error: MESSAGES.categoryFilterInvalid }).default(false),
  tags: z
    .array(DietaryTagSchema)
    .max(DIETARY_TAGS.length, { error: MESSAGES.categoryFilterInvalid })
    .default([]),
  freeFrom: FreeFromSchema,
})

/** What a listing asks for, as a page reads it from its URL. */
export interface CategoryListing {
  sort: CategorySort
  filters: CategoryFilters
}

export const PLAIN_LISTING: CategoryListing = {
  sort: DEFAULT_CATEGORY_SORT,
  filters: { onOffer: false, tags: [], freeFrom: [] },
}

/** True when the listing is the plain category (the operator's order, no filter). */
export function isPlainListing(listing: CategoryListing): boolean {
  return (
    listing.sort === DEFAULT_CATEGORY_SORT &&
    !listing.filters.onOffer &&
    listing.filters.tags.length === 0 &&
    listing.filters.freeFrom.length === 0
  )
}

function isSort(value: string): value is CategorySort {
  return (CATEGORY_SORTS as ReadonlyArray<string>).includes(value)
}

function isAllergen(value: string): value is Allergen {
  return (ALLERGENS as ReadonlyArray<string>).includes(value)
}

function isDietaryTag(value: string): value is DietaryTag {
  return (DIETARY_TAGS as ReadonlyArray<string>).includes(value)
}

/**
 * The free-from allergens of a page's repeated `free` (category and search pages alike): in the
 * list's order, once each, an unknown one left out.
 */
export function freeFromQuery(values: ReadonlyArray<string>): Array<Allergen> {
  const asked = new Set(values.filter(isAllergen))
  return ALLERGENS.filter((allergen) => asked.has(allergen))
}

/**
 * A page's listing from its query (`sort`, `offer=1`, repeated `diet` and `free`). A page never fails on
 * a hand-edited URL: an unknown sort falls back to relevance and says so (`unknownSort`), an
 * unknown tag is left out. Tags come back in the list's order, once each.
 */
export function listingFromQuery(query: {
  sort: string | undefined
  offer: string | undefined
  diet: ReadonlyArray<string>
  free?: ReadonlyArray<string>
}): CategoryListing & { unknownSort: boolean } {
  const sort = query.sort === undefined || query.sort === '' ? DEFAULT_CATEGORY_SORT : query.sort
  const known = isSort(sort)
  const wanted = new Set(query.diet.filter(isDietaryTag))
  return {
    sort: known ? sort : DEFAULT_CATEGORY_SORT,
    unknownSort: !known,
    filters: {
      onOffer: query.offer === '1',
      tags: DIETARY_TAGS.filter((tag) => wanted.has(tag)),
      freeFrom: freeFromQuery(query.free ?? []),
    },
  }
}

/**
 * The query string of a listing and page, without the defaults (`''` for the plain first page),
 * so each choice has one URL: `?sort=price-low&offer=1&diet=vegan&page=2`.
 */
export function listingQuery(listing: CategoryListing, page = 1): string {
  // Every value is one of the lists' own words (letters and hyphens): nothing to encode.
  const params: Array<string> = []
  if (listing.sort !== DEFAULT_CATEGORY_SORT) params.push(`sort=${listing.sort}`)
  if (listing.filters.onOffer) params.push('offer=1')
  for (const tag of listing.filters.tags) params.push(`diet=${tag}`)
  for (const allergen of listing.filters.freeFrom) params.push(`free=${allergen}`)
  if (page > 1) params.push(`page=${page}`)
  return params.length === 0 ? '' : `?${params.join('&')}`
}

/** A removable choice of a listing: its label and the listing without it. */
export interface ListingChip {
  label: string
  without: CategoryListing
}

/**
 * The chips a listing shows ('On offer ×', 'Vegan ×', 'Price: low to high ×'), each label said by
 * `say` (a page's text(), so in the brand's language; English by default).
 */
export function listingChips(
  listing: CategoryListing,
  say: (english: string, ...values: Array<string | number>) => string = fillMessage
): Array<ListingChip> {
  const chips: Array<ListingChip> = []
  if (listing.sort !== DEFAULT_CATEGORY_SORT) {
    chips.push({
      label: say(CATEGORY_SORT_LABELS[listing.sort]),
      without: { ...listing, sort: DEFAULT_CATEGORY_SORT },
    })
  }
  if (listing.filters.onOffer) {
    chips.push({
      label: say(MESSAGES.pageOnOffer),
      without: { ...listing, filters: { ...listing.filters, onOffer: false } },
    })
  }
  for (const tag of listing.filters.tags) {
    chips.push({
      label: say(DIETARY_TAG_LABELS[tag]),
      without: {
        ...listing,
        filters: { ...listing.filters, tags: listing.filters.tags.filter((t) => t !== tag) },
      },
    })
  }
  for (const allergen of listing.filters.freeFrom) {
    chips.push({
      label: say(MESSAGES.pageFreeFromNamed, say(FREE_FROM_LABELS[allergen]).toLowerCase()),
      without: {
        ...listing,
        filters: {
          ...listing.filters,
          freeFrom: listing.filters.freeFrom.filter((a) => a !== allergen),
        },
      },
    })
  }
  return chips
}
