import { ALLERGENS, FREE_FROM_LABELS, type Allergen } from '../../../schemas/food-information.ts'
import {
  CATEGORY_SORT_LABELS,
  CATEGORY_SORTS,
  DIETARY_TAG_LABELS,
  DIETARY_TAGS,
  listingChips,
  listingQuery,
  type CategoryListing,
} from '../../../schemas/category-listing.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/** A category's listing as its page shows it: the choice, where it applies and any notice. */
export interface ListingView extends CategoryListing {
  /** The plain category URL the form submits to. */
  path: string
  /** Said above the items, e.g. that an unknown sort was replaced by the usual order. */
  notice: string | null
}

const BUTTON =
  'inline-flex min-h-11 items-center rounded-full bg-primary px-5 font-bold text-on-primary hover:brightness-90'

/**
 * Sort and filters as a plain GET form (no JavaScript needed): the choice goes into the URL, so
 * paging, sharing and the back button keep it (ADR 034). The chosen ones show as chips, each a
 * link to the same listing without it. The search pages show the free-from filters alone
 * (`only="free-from"`): a search keeps its own ranking.
 */
export function ListingControls({ listing, only }: { listing: ListingView; only?: 'free-from' }) {
  const text = useText()
  const chips = listingChips(listing, text)
  const form = (
    <form
      method="get"
      action={listing.path}
      aria-label={text(
        only === 'free-from' ? MESSAGES.pageFilterProducts : MESSAGES.pageSortAndFilter
      )}
      className="flex flex-wrap items-end gap-x-6 gap-y-3 rounded-2xl bg-tint p-4"
    >
      {only === 'free-from' ? null : <SortAndShowOnly listing={listing} />}
      <FreeFrom chosen={listing.filters.freeFrom} />
      <button type="submit" className={BUTTON}>
        {text(MESSAGES.pageApply)}
      </button>
    </form>
  )
  return (
    <div className="mb-6">
      {only === 'free-from' ? (
        form
      ) : (
        // On a phone the whole form would fill the first screen: folded behind "Filter" there
        // (the chips below still say what is chosen), always shown from 48rem (styles.css,
        // .listing-filters), a native disclosure either way, so no script is needed.
        <details className="listing-filters">
          <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-full px-5 font-bold ring-1 ring-black/25">
            {text(MESSAGES.pageFilterAndSort)}
          </summary>
          <div className="mt-3">{form}</div>
        </details>
      )}
      {listing.notice ? (
        <p role="status" className="mt-3 font-semibold">
          {text(listing.notice)}
        </p>
      ) : null}
      {chips.length > 0 ? (
        <ul
          aria-label={text(MESSAGES.pageChosenSortAndFilters)}
          className="mt-3 flex flex-wrap gap-2"
        >
          {chips.map((chip) => (
            <li key={chip.label}>
              <a
                href={`${listing.path}${listingQuery(chip.without)}`}
                aria-label={text(MESSAGES.pageRemoveNamed, chip.label)}
                className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold ring-1 ring-black/25 hover:bg-tint"
              >
                {chip.label}
                <span aria-hidden="true">×</span>
              </a>
            </li>
          ))}
          {chips.length > 1 ? (
            <li>
              <a
                href={listing.path}
                className="inline-flex min-h-11 items-center px-2 text-sm font-semibold underline underline-offset-4"
              >
                {text(MESSAGES.pageClearAll)}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  )
}

function Check({
  name,
  value,
  label,
  checked,
}: {
  name: string
  value: string
  label: string
  checked: boolean
}) {
  return (
    <label className="inline-flex min-h-11 items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        className="size-5 accent-primary"
      />
      {label}
    </label>
  )
}

function SortAndShowOnly({ listing }: { listing: ListingView }) {
  const text = useText()
  return (
    <>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {text(MESSAGES.pageSortBy)}
        <select
          name="sort"
          defaultValue={listing.sort}
          className="min-h-11 rounded-lg bg-white px-3 font-normal ring-1 ring-black/25"
        >
          {CATEGORY_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {text(CATEGORY_SORT_LABELS[sort])}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <legend className="mb-1 text-sm font-semibold">{text(MESSAGES.pageShowOnly)}</legend>
        <Check
          name="offer"
          value="1"
          label={text(MESSAGES.pageOnOffer)}
          checked={listing.filters.onOffer}
        />
        {DIETARY_TAGS.map((tag) => (
          <Check
            key={tag}
            name="diet"
            value={tag}
            label={text(DIETARY_TAG_LABELS[tag])}
            checked={listing.filters.tags.includes(tag)}
          />
        ))}
      </fieldset>
    </>
  )
}

/** The fourteen allergens to be free from, on the category page and the search pages alike. */
function FreeFrom({ chosen }: { chosen: ReadonlyArray<Allergen> }) {
  // Fourteen allergens would push the products below the fold: folded away until asked for (or
  // while one is chosen), a native disclosure that needs no script.
  const text = useText()
  return (
    <details className="w-full" open={chosen.length > 0}>
      <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold">
        {text(MESSAGES.pageFreeFromAllergens)}
        {chosen.length > 0 ? ` · ${text(MESSAGES.pageNumberChosen, chosen.length)}` : ''}
      </summary>
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <legend className="sr-only">{text(MESSAGES.pageFreeFrom)}</legend>
        {ALLERGENS.map((allergen) => (
          <Check
            key={allergen}
            name="free"
            value={allergen}
            label={text(FREE_FROM_LABELS[allergen])}
            checked={chosen.includes(allergen)}
          />
        ))}
      </fieldset>
    </details>
  )
}
