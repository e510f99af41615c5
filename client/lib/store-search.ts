import type { PostcodeRule } from '../../schemas/postcode.ts'
import type { MessageKey } from '../../schemas/messages.ts'
import { routePath } from './routes.ts'

/** Which store search box a brand shows (white-label store.enableStoresSearchByAddress). */
export type StoreSearchVariant = 'postcode' | 'address'

/**
 * What a store search starts from. The search box navigates to {@link storeSearchFlowPath}; the
 * worker runs the flow of spec §4 (validate, save the location, look up coordinates, select the
 * nearest store or show the results) and redirects. Without JavaScript the postcode form submits
 * the same URL.
 */
export type StoreSearchInput =
  | { kind: 'postcode'; postcode: string }
  | {
      kind: 'address'
      placeId: string
      description: string
      // A suggestion that carries its place skips the place-details lookup (spec §4 step 5).
      postcode?: string | undefined
      latitude?: number | undefined
      longitude?: number | undefined
    }
  | { kind: 'device'; latitude: number; longitude: number; variant: StoreSearchVariant }

/** Query parameters of the flow URL. */
export const STORE_SEARCH_QUERY = {
  postcode: 'postcode',
  placeId: 'placeId',
  description: 'description',
  latitude: 'lat',
  longitude: 'lng',
  source: 'source',
  variant: 'variant',
  /** A page of this site to land on once the location is saved (e.g. the time-slot page). */
  returnTo: 'returnTo',
} as const

/**
 * Errors a failed flow sends back to the search box on the home page (`/?searchError=<key>`),
 * shown inline. A device location that matches nothing is a toast instead (a flash message).
 */
export const STORE_SEARCH_ERRORS = [
  'addressInvalid',
  'locationNotFound',
  'addressInfoFailed',
  'deviceLocationPostcode',
  'deviceLocationAddress',
  // A marketing link that needs a location first (ADR 025): the link resumes after the search.
  'storeSearchRequired',
] as const satisfies ReadonlyArray<MessageKey>
export type StoreSearchErrorKey = (typeof STORE_SEARCH_ERRORS)[number]
export const STORE_SEARCH_ERROR_QUERY = 'searchError'

/** The id of a box that asks for a location on another page: the flow returns to it on an error. */
export const LOCATION_PROMPT_ID = 'location-prompt'

// Five decimal places is about a metre: plenty, and the URL stays short.
const coordinate = (value: number): string => value.toFixed(5)

/**
 * The URL a store search navigates to. With `returnTo` (a path of this site) the flow saves the
 * location and goes back there instead of to a store or the results.
 */
export function storeSearchFlowPath(input: StoreSearchInput, returnTo?: string): string {
  const q = STORE_SEARCH_QUERY
  const query: Record<string, string> = {}
  if (input.kind === 'postcode') {
    query[q.postcode] = input.postcode
  } else if (input.kind === 'address') {
    query[q.placeId] = input.placeId
    query[q.description] = input.description
    if (input.postcode) query[q.postcode] = input.postcode
    if (input.latitude !== undefined && input.longitude !== undefined) {
      query[q.latitude] = coordinate(input.latitude)
      query[q.longitude] = coordinate(input.longitude)
    }
  } else {
    query[q.latitude] = coordinate(input.latitude)
    query[q.longitude] = coordinate(input.longitude)
    query[q.source] = 'device'
    query[q.variant] = input.variant
  }
  if (returnTo) query[q.returnTo] = returnTo
  return routePath('stores-near-by', {}, query)
}

/** What a page passes to render a brand's store search box. */
export interface StoreSearchBoxProps {
  /** White-label store.enableStoresSearchByAddress: 'address' shows the autocomplete. */
  variant: StoreSearchVariant
  /** The business's postcode rule for its country (spec §5). */
  postcodeRule: PostcodeRule
  /** White-label store.enableDeviceLocation. */
  enableDeviceLocation: boolean
  /** What the shopper typed before a server round trip, shown back to them. */
  initialValue?: string | undefined
  /** The message of a failed search, shown inline until the input becomes valid. */
  initialError?: string | undefined
  /** Visible label text. */
  label?: string | undefined
  /** A path of this site the search returns to once the location is saved (not the results). */
  returnTo?: string | undefined
  /** The submit button's text and the search landmark's name, when not finding stores. */
  submitLabel?: string | undefined
  searchLabel?: string | undefined
}
