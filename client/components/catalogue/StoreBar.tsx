import { SearchSuggest } from '../../islands/SearchSuggest.tsx'
import { island } from '../Island.tsx'
import { SearchIcon, StoreIcon } from '../icons.tsx'
import { routePath } from '../../lib/routes.ts'
import { storeSearchFormAction } from '../../lib/catalogue-links.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useLocalised, useText } from '../../lib/page-text.ts'

// Idle, not visible: the box sits at the top of every catalogue page, so "visible" would fetch
// React with the first paint of pages that have no other island (the store home).
const SearchSuggestIsland = island('SearchSuggest', SearchSuggest, {
  hydrate: 'idle',
  className: 'w-full',
  // What it shows and announces only once suggestions arrive.
  texts: [MESSAGES.pageCategory, MESSAGES.pageSuggestionsFound, MESSAGES.pageNoSuggestionsFound],
  counts: ['suggestions'],
})

export interface StoreBarProps {
  store: { id: number; name: string; slug: string }
  /** The term in the box (the search page's own, or a rejected one). */
  searchTerm?: string
  /** 'The search term needs to be at least two characters.' when a term was too short. */
  searchError?: string | null
}

/**
 * The store's sub-header on every catalogue page: the store's name back to its home, and the
 * search box, a plain GET form that works without JavaScript and suggests as the shopper types
 * once it has hydrated.
 */
export function StoreBar({ store, searchTerm = '', searchError = null }: StoreBarProps) {
  const errorId = 'store-search-error'
  const text = useText()
  const localised = useLocalised()
  return (
    <div className="border-b border-black/10 bg-tint">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <a
          href={routePath('stores-storeSlug', { storeSlug: store.slug })}
          className="inline-flex min-h-11 items-center gap-2 font-bold underline-offset-4 hover:underline"
        >
          <StoreIcon className="size-5 text-primary" />
          {store.name}
        </a>
        <form
          role="search"
          aria-label={text(MESSAGES.pageSearchStore, store.name)}
          action={storeSearchFormAction(store.slug)}
          method="get"
          className="sm:ms-auto sm:w-96"
        >
          <div className="flex gap-2">
            <SearchSuggestIsland
              store={{ id: store.id, slug: store.slug }}
              initialTerm={searchTerm}
              errorId={searchError ? errorId : undefined}
            />
            <button
              type="submit"
              className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full bg-primary px-4 text-sm font-semibold text-on-primary hover:brightness-90"
            >
              <SearchIcon className="size-4" />
              {text(MESSAGES.pageSearch)}
            </button>
          </div>
          {searchError ? (
            <p id={errorId} role="alert" className="mt-2 text-sm font-semibold text-red-800">
              {localised(searchError)}
            </p>
          ) : null}
        </form>
      </div>
    </div>
  )
}
