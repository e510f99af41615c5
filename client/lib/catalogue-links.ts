import { routePath } from './routes.ts'

/** The item page of an item at a store, under the item's own category. */
export function itemHref(storeSlug: string, item: { slug: string; category: { slug: string } }) {
  return routePath('stores-storeSlug-category-categorySlug-menuItem-menuItemSlug', {
    storeSlug,
    categorySlug: item.category.slug,
    menuItemSlug: item.slug,
  })
}

export function categoryHref(storeSlug: string, categorySlug: string): string {
  return routePath('stores-storeSlug-category-categorySlug', { storeSlug, categorySlug })
}

export function dealHref(storeSlug: string, dealSlug: string): string {
  return routePath('stores-storeSlug-deal-dealSlug', { storeSlug, dealSlug })
}

export function bannerHref(storeSlug: string, bannerSlug: string): string {
  return routePath('stores-storeSlug-banner-bannerSlug', { storeSlug, bannerSlug })
}

/**
 * Where the store's search box sends its plain GET form (`?q=`); the worker redirects a valid
 * term to the search page's own path, or shows the term's message by the box.
 */
export function storeSearchFormAction(storeSlug: string): string {
  return `${routePath('stores-storeSlug', { storeSlug })}/search`
}

/** A URL with `page` set, page 1 without it (one canonical URL per page). */
export function withPage(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path
}

/** The URL of a page of the member's earlier items at a store (page 1 without `page`). */
export function buyItAgainHref(storeSlug: string, page = 1): string {
  return routePath(
    'stores-storeSlug-buy-it-again',
    { storeSlug },
    page > 1 ? { page: String(page) } : undefined
  )
}

/** The URL of a page of the member's favourites at a store (page 1 without `page`). */
export function favouritesHref(storeSlug: string, page = 1): string {
  return routePath(
    'stores-storeSlug-favourites',
    { storeSlug },
    page > 1 ? { page: String(page) } : undefined
  )
}

export interface Crumb {
  name: string
  href: string
}
