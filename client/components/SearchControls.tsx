import type { FormEvent, ReactNode } from 'react'
import { routePath } from '../lib/routes.ts'
import { STORE_SEARCH_QUERY, type StoreSearchVariant } from '../lib/store-search.ts'
import { AlertIcon, LocateIcon, SearchIcon } from './icons.tsx'
import { useDeviceLocationSearch } from './use-device-location-search.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

/**
 * The inline error under a store search input. The element is always present so screen readers
 * announce a message the moment it appears (role=alert); it is empty while there is none.
 */
export function InlineError({ id, message }: { id: string; message: string | null }) {
  return (
    <p
      id={id}
      role="alert"
      className="mt-1.5 flex min-h-5 items-center gap-1.5 text-sm font-semibold text-red-700"
    >
      {message ? (
        <>
          <AlertIcon className="size-4 shrink-0" />
          {message}
        </>
      ) : null}
    </p>
  )
}

/**
 * The use-my-device-location button of both store search variants (spec §2): asks the browser
 * where the device is and goes to the store search flow; a failure is the spec's message for the
 * variant, handed to `onError`.
 */
export function DeviceLocationButton({
  variant,
  onError,
  returnTo,
}: {
  variant: StoreSearchVariant
  onError: (message: string) => void
  returnTo?: string | undefined
}) {
  const { locating, locate } = useDeviceLocationSearch({ variant, onError, returnTo })
  const text = useText()
  return (
    <button
      type="button"
      onClick={locate}
      disabled={locating}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg px-1 text-sm font-semibold text-ink underline-offset-4 hover:underline disabled:opacity-60"
    >
      <LocateIcon className="size-5" />
      {text(locating ? MESSAGES.pageFindingLocation : MESSAGES.pageUseMyLocation)}
    </button>
  )
}

/** The props both store search islands (AddressSearch, PostcodeSearch) take. */
export interface StoreSearchIslandProps {
  /** White-label store.enableDeviceLocation: offer the use-my-device-location button. */
  enableDeviceLocation: boolean
  /** What the shopper typed before a server round trip (no-JS submit), shown back to them. */
  initialValue?: string
  /** The error the store search flow sent back ('Not a valid address', a postcode's check). */
  initialError?: string
  /** Visible label text. */
  label?: string
  /** A path of this site to return to once the location is saved (instead of the results). */
  returnTo?: string
  /** The submit button's text and the search landmark's name, when not finding stores. */
  submitLabel?: string
  searchLabel?: string
  /** Set by island(): element ids that match between server and browser. */
  islandId?: string
}

/**
 * The frame both store search boxes share: a search landmark that submits to the store search
 * flow (a plain GET without JavaScript), the label, the field beside its icon with the Find stores
 * button, the inline error and the optional device-location button. With `returnTo` the flow
 * saves the location and goes back to that page (a hidden field carries it without JavaScript).
 */
export function StoreSearchForm({
  variant,
  label,
  inputId,
  errorId,
  error,
  onError,
  onSubmit,
  enableDeviceLocation,
  status,
  returnTo,
  submitLabel = MESSAGES.pageFindStores,
  searchLabel = MESSAGES.pageFindStoresNearYou,
  children,
}: {
  variant: StoreSearchVariant
  label: string
  inputId: string
  errorId: string
  error: string | null
  onError: (message: string) => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  enableDeviceLocation: boolean
  /** A live region between the field and the error (e.g. how many suggestions there are). */
  status?: ReactNode
  /** A path of this site the flow returns to once the location is saved. */
  returnTo?: string | undefined
  /** The submit button's text. */
  submitLabel?: string | undefined
  /** The search landmark's accessible name. */
  searchLabel?: string | undefined
  /** The field, and anything anchored to it such as a suggestion list. */
  children: ReactNode
}) {
  const text = useText()
  return (
    <form
      role="search"
      aria-label={text(searchLabel)}
      action={routePath('stores-near-by', {})}
      method="get"
      noValidate
      onSubmit={onSubmit}
    >
      {returnTo ? (
        <input type="hidden" name={STORE_SEARCH_QUERY.returnTo} value={returnTo} />
      ) : null}
      <label htmlFor={inputId} className="mb-2 block text-sm font-semibold text-ink">
        {text(label)}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 start-3.5 size-5 -translate-y-1/2 text-ink/60" />
          {children}
        </div>
        <button
          type="submit"
          className="h-13 rounded-xl bg-primary px-6 text-base font-bold text-on-primary shadow-sm hover:brightness-90"
        >
          {text(submitLabel)}
        </button>
      </div>
      {status}
      <InlineError id={errorId} message={error} />
      {enableDeviceLocation ? (
        <DeviceLocationButton variant={variant} onError={onError} returnTo={returnTo} />
      ) : null}
    </form>
  )
}
