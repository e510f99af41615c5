import { LOCATION_PROMPT_ID } from '../../lib/store-search.ts'
import { AlertIcon, PinIcon } from '../icons.tsx'
import { StoreSearch } from '../StoreSearch.tsx'
import type { StoreSearchBoxProps } from '../../lib/store-search.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/** Where a delivery would go, as the slot pages know it. */
export type DeliveryPlaceView =
  /** No saved location (or the shopper asked to change it): ask for one with the brand's box. */
  | { state: 'ask'; box: StoreSearchBoxProps; returnTo: string; collectionHref: string | null }
  /** The store does not deliver to the saved location: say so and offer the ways on. */
  | {
      state: 'outside'
      message: string
      collectionHref: string | null
      otherStoresHref: string
      changeHref: string
    }
  /** The store delivers there: the slots follow. */
  | { state: 'inside'; postcode: string; changeHref: string }

const LINK = 'font-semibold text-ink underline underline-offset-4 hover:no-underline'
const BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-xl px-5 font-bold focus-visible:outline-3 focus-visible:outline-offset-2'

/**
 * The delivery slot pages' first question: where to? It reuses the brand's store search box
 * (postcode or address), which saves the location and comes back here; collection needs none.
 */
export function DeliveryPlace({ place }: { place: DeliveryPlaceView }) {
  const text = useText()
  if (place.state === 'inside') {
    return (
      <p className="mt-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-ink/80">
        <PinIcon className="size-5 shrink-0 text-primary" />
        <span>
          {text(MESSAGES.pageDeliveringToStrong)}{' '}
          <strong className="text-ink">{place.postcode}</strong>
        </span>
        <a href={place.changeHref} className={`${LINK} inline-flex min-h-11 items-center`}>
          {text(MESSAGES.pageChange)}
          <span className="sr-only"> {text(MESSAGES.pageDeliveryPostcodeSuffix)}</span>
        </a>
      </p>
    )
  }
  if (place.state === 'outside') {
    return (
      <section
        aria-labelledby={`${LOCATION_PROMPT_ID}-heading`}
        id={LOCATION_PROMPT_ID}
        className="mt-6 rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-700/30 sm:p-6"
      >
        <h2
          id={`${LOCATION_PROMPT_ID}-heading`}
          className="flex items-center gap-2 text-lg font-bold"
        >
          <AlertIcon className="size-5 shrink-0 text-amber-800" />
          {text(MESSAGES.pageCantDeliverThere)}
        </h2>
        <p role="alert" className="mt-2 text-ink">
          {place.message}
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          {place.collectionHref ? (
            <a href={place.collectionHref} className={`${BUTTON} bg-primary text-on-primary`}>
              {text(MESSAGES.pageCollectFromStore)}
            </a>
          ) : null}
          <a
            href={place.otherStoresHref}
            className={`${BUTTON} bg-white text-ink ring-1 ring-black/15 hover:bg-black/5`}
          >
            {text(MESSAGES.pageFindStoreThatDelivers)}
          </a>
          <a href={place.changeHref} className={`${LINK} inline-flex min-h-11 items-center`}>
            {text(MESSAGES.pageUseAnotherPostcode)}
          </a>
        </div>
      </section>
    )
  }
  const address = place.box.variant === 'address'
  return (
    <section
      aria-labelledby={`${LOCATION_PROMPT_ID}-heading`}
      id={LOCATION_PROMPT_ID}
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/10 sm:p-6"
    >
      <h2 id={`${LOCATION_PROMPT_ID}-heading`} className="text-lg font-bold">
        {text(MESSAGES.pageWhereDeliver)}
      </h2>
      <p className="mt-1 mb-4 text-ink/80">
        {address ? text(MESSAGES.pageTellAddress) : text(MESSAGES.pageTellPostcode)}
      </p>
      <StoreSearch
        {...place.box}
        label={
          address
            ? text(MESSAGES.pageEnterDeliveryAddress)
            : text(MESSAGES.pageEnterDeliveryPostcode)
        }
        searchLabel={
          address ? text(MESSAGES.pageDeliveryAddressShort) : text(MESSAGES.pageDeliveryPostcode)
        }
        submitLabel={text(MESSAGES.pageShowDeliveryTimes)}
        returnTo={place.returnTo}
      />
      {place.collectionHref ? (
        <p className="mt-3 text-ink/80">
          {text(MESSAGES.pageOr)}{' '}
          <a href={place.collectionHref} className={LINK}>
            {text(MESSAGES.pageCollectFromStoreLower)}
          </a>{' '}
          {text(MESSAGES.pageNoPostcodeNeeded)}
        </p>
      ) : null}
    </section>
  )
}
