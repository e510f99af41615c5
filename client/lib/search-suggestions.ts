import { ApiRequestError, postJson } from './api.ts'
import { CATALOGUE_API } from './api-paths.ts'
import { isRecord } from './is-record.ts'
import { MESSAGES } from '../../schemas/messages.ts'

/** A suggestion under the store's search box: a category or a product of the store. */
export type SearchSuggestion =
  | { kind: 'category'; name: string; slug: string }
  | { kind: 'item'; name: string; slug: string; category: { slug: string } }

// A few of each: a phone shows them all without scrolling.
const CATEGORY_SUGGESTIONS = 3
const ITEM_SUGGESTIONS = 6

function named(value: unknown): value is { name: string; slug: string } {
  return isRecord(value) && typeof value.name === 'string' && typeof value.slug === 'string'
}

function namedItem(
  value: unknown
): value is { name: string; slug: string; category: { slug: string } } {
  if (!isRecord(value)) return false
  const category = value.category
  return named(value) && isRecord(category) && typeof category.slug === 'string'
}

function results(page: unknown): Array<unknown> {
  return isRecord(page) && Array.isArray(page.results) ? page.results : []
}

/**
 * Suggestions for what the shopper is typing, from the store's own search (the same ranking and
 * the same KV-cached answer as the search page, ADR 031): the matching categories, then the best
 * products. Checked by hand rather than by the schema, so the island loads no zod (ADR 032).
 */
export async function fetchSearchSuggestions(
  storeId: number,
  term: string
): Promise<Array<SearchSuggestion>> {
  const answer = await postJson(CATALOGUE_API.search, {
    storeId,
    searchTerm: term,
    itemsLimit: ITEM_SUGGESTIONS,
    categoriesLimit: CATEGORY_SUGGESTIONS,
    dealsLimit: 1,
  })
  if (!isRecord(answer)) throw new ApiRequestError(502, MESSAGES.systemError)
  const categories = results(answer.categories)
    .filter(named)
    .map(({ name, slug }): SearchSuggestion => ({ kind: 'category', name, slug }))
  const items = results(answer.items)
    .filter(namedItem)
    .map(({ name, slug, category }): SearchSuggestion => ({
      kind: 'item',
      name,
      slug,
      category: { slug: category.slug },
    }))
  return [...categories, ...items]
}
