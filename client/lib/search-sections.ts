import { routePath } from './routes.ts'

/** The search page shows all three kinds, or one kind paged (its sub-pages, spec §2). */
export type SearchSection = 'all' | 'deals' | 'categories' | 'menu-items'

/** Where a section of a search lives. */
export function searchSectionPath(storeSlug: string, searchTerm: string, section: SearchSection) {
  if (section === 'all') {
    return routePath('stores-storeSlug-search-searchTerm', { storeSlug, searchTerm })
  }
  return routePath(`stores-storeSlug-search-searchTerm-${section}`, { storeSlug, searchTerm })
}
