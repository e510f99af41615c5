import { useId } from 'react'
import { SEARCH_TERM_MIN_LENGTH } from '../../schemas/constants.ts'
import { TEXT_MAX_LENGTH } from '../../schemas/text-max-length.ts'
import { categoryHref, itemHref } from '../lib/catalogue-links.ts'
import {
  useSuggestionsCombobox,
  type SuggestionSource,
} from '../components/combobox/use-suggestions-combobox.ts'
import { fetchSearchSuggestions, type SearchSuggestion } from '../lib/search-suggestions.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface SearchSuggestProps {
  store: { id: number; slug: string }
  /** The term in the box (the search page's own, or a rejected one). */
  initialTerm: string
  /** The id of the search form's error, when it shows one. */
  errorId?: string
  islandId?: string
}

function suggestionHref(storeSlug: string, suggestion: SearchSuggestion): string {
  return suggestion.kind === 'category'
    ? categoryHref(storeSlug, suggestion.slug)
    : itemHref(storeSlug, suggestion)
}

/**
 * The store's search box with suggestions as the shopper types (WAI-ARIA APG combobox, the same
 * hook as the address search): the matching categories and the best products, each a link.
 * Enter with no suggestion chosen submits the form as before, so without JavaScript, or before
 * it hydrates, it is the plain search box of a GET form.
 */
export function SearchSuggest({ store, initialTerm, errorId, islandId }: SearchSuggestProps) {
  const generatedId = useId()
  const id = islandId ?? generatedId
  const text = useText()
  const listboxId = `${id}-suggestions`
  const optionId = (index: number) => `${id}-option-${index}`
  const source: SuggestionSource<SearchSuggestion> = {
    minTermLength: SEARCH_TERM_MIN_LENGTH,
    fetch: (term) => fetchSearchSuggestions(store.id, term),
    describe: (suggestion) => suggestion.name,
    // The search page says what nothing matched; the box just shows no list.
    notFoundError: null,
    noun: { count: 'suggestions', none: MESSAGES.pageNoSuggestionsFound },
  }
  const combobox = useSuggestionsCombobox({
    source,
    optionId,
    initialValue: initialTerm,
    initialError: undefined,
    onChoose: (suggestion) => window.location.assign(suggestionHref(store.slug, suggestion)),
  })

  return (
    <div className="relative w-full">
      <label htmlFor="store-search-term" className="sr-only">
        {text(MESSAGES.pageSearchProducts)}
      </label>
      <input
        id="store-search-term"
        {...combobox.inputProps(listboxId)}
        name="q"
        type="search"
        placeholder={text(MESSAGES.pageSearchProducts)}
        maxLength={TEXT_MAX_LENGTH.searchTerm}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="min-h-11 w-full rounded-full border border-black/20 bg-white px-4 text-base"
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label={text(MESSAGES.pageSearchSuggestions)}
        hidden={!combobox.open}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-y-auto rounded-xl border border-black/15 bg-white py-1 shadow-lg"
      >
        {combobox.suggestions.map((suggestion, index) => (
          <li
            key={`${suggestion.kind}-${suggestion.slug}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === combobox.active}
            // Keep focus in the input so the combobox stays the one focused control.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => combobox.setActive(index)}
            onClick={() => combobox.choose(suggestion)}
            className="flex cursor-pointer items-baseline justify-between gap-3 px-4 py-2.5 text-sm text-ink aria-selected:bg-tint aria-selected:font-semibold"
          >
            <span>{suggestion.name}</span>
            {suggestion.kind === 'category' ? (
              <span className="shrink-0 text-xs text-ink/80">{text(MESSAGES.pageCategory)}</span>
            ) : null}
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {combobox.announcement}
      </p>
    </div>
  )
}
