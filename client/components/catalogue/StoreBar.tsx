import { SearchIcon, StoreIcon } from '../icons.tsx'
import { TEXT_MAX_LENGTH } from '../../../schemas/text-max-length.ts'
import { routePath } from '../../lib/routes.ts'
import { storeSearchFormAction } from './catalogue-links.ts'

export interface StoreBarProps {
  store: { name: string; slug: string }
  /** The term in the box (the search page's own, or a rejected one). */
  searchTerm?: string
  /** 'The search term needs to be at least two characters.' when a term was too short. */
  searchError?: string | null
}

/**
 * The store's sub-header on every catalogue page: the store's name back to its home, and the
 * search box, a plain GET form that works without JavaScript.
 */
export function StoreBar({ store, searchTerm = '', searchError = null }: StoreBarProps) {
  const errorId = 'store-search-error'
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
          aria-label={`Search ${store.name}`}
          action={storeSearchFormAction(store.slug)}
          method="get"
          className="sm:ml-auto sm:w-96"
        >
          <div className="flex gap-2">
            <label htmlFor="store-search-term" className="sr-only">
              Search products
            </label>
            <input
              id="store-search-term"
              name="q"
              type="search"
              defaultValue={searchTerm}
              placeholder="Search products"
              maxLength={TEXT_MAX_LENGTH.searchTerm}
              aria-invalid={searchError ? true : undefined}
              aria-describedby={searchError ? errorId : undefined}
              className="min-h-11 w-full rounded-full border border-black/20 bg-white px-4 text-base"
            />
            <button
              type="submit"
              className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full bg-primary px-4 text-sm font-semibold text-on-primary hover:brightness-90"
            >
              <SearchIcon className="size-4" />
              Search
            </button>
          </div>
          {searchError ? (
            <p id={errorId} role="alert" className="mt-2 text-sm font-semibold text-red-800">
              {searchError}
            </p>
          ) : null}
        </form>
      </div>
    </div>
  )
}
