import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import {
  LOCATION_PROMPT_ID,
  STORE_SEARCH_ERROR_QUERY,
  STORE_SEARCH_QUERY,
  type StoreSearchErrorKey,
  type StoreSearchVariant,
} from '../../../client/lib/store-search.ts'
import {
  AddressListSchema,
  type GeolocationState,
  LatitudeSchema,
  type LocatedAddress,
  LongitudeSchema,
  type PlaceDetails,
  PlaceDetailsSchema,
  PostcodeLocationSchema,
} from '../../../schemas/location.ts'
import { checkPostcode, type PostcodeRule, postcodeMaxLength } from '../../../schemas/postcode.ts'
import { StoreDetailsSchema, StoreSearchResultSchema } from '../../../schemas/stores.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import {
  clearPendingDeepLink,
  type PendingDeepLink,
  readPendingDeepLink,
  writePendingDeepLink,
} from '../../lib/cookies/deep-link.ts'
import { DEEP_LINK_CONFIRM_PATH, decideDeepLink } from './deep-link-action.ts'
import { type FlashKey, setFlash } from '../../lib/cookies/flash.ts'
import { previousPageOrHome, safeReturnPath } from '../shared/guards.ts'
import { readLocation, writeLocation } from '../../lib/cookies/location.ts'
import { brandPostcodeRule } from './store-search-box.ts'
import { redirectTo } from '../../lib/redirect.ts'

// --- Pure decisions (unit-tested) ----------------------------------------------------------

/** What a store search starts from, read and checked from the flow URL's query. */
export type FlowRequest =
  | { kind: 'postcode'; postcode: string }
  | {
      kind: 'address'
      placeId: string
      description: string
      /** The suggestion's own place, when it carried one: place details are then skipped. */
      place: { postcode: string; latitude: number; longitude: number } | null
    }
  | { kind: 'device'; latitude: number; longitude: number; variant: StoreSearchVariant }

/** Where the flow sends the shopper. */
export type FlowDestination =
  | { to: 'store'; slug: string }
  /** A resumed marketing link's page, or its confirm page (ADR 025). */
  | { to: 'path'; path: string }
  | { to: 'results'; postcode: string }
  | { to: 'search'; postcode?: string; searchError?: StoreSearchErrorKey }
  | { to: 'back'; flash: FlashKey }
  /** No search at all (a bare /stores-near-by): the saved postcode's results, else the search box. */
  | { to: 'saved-results' }
  /** The location is saved: back to the page that asked for it (`returnTo`). */
  | { to: 'return' }

export type ParsedFlowQuery =
  { ok: true; request: FlowRequest } | { ok: false; to: FlowDestination }

function coordinatesOf(
  lat: string | null,
  lng: string | null
): { latitude: number; longitude: number } | null {
  if (lat === null || lng === null || lat.trim() === '' || lng.trim() === '') return null
  const latitude = LatitudeSchema.safeParse(lat)
  const longitude = LongitudeSchema.safeParse(lng)
  return latitude.success && longitude.success
    ? { latitude: latitude.data, longitude: longitude.data }
    : null
}

/**
 * Reads the flow URL (client/lib/store-search.ts): a device location, an address suggestion or a
 * typed postcode, checked against the business's rule. Anything unusable is a destination that
 * tells the shopper why.
 */
export function parseFlowQuery(query: URLSearchParams, rule: PostcodeRule): ParsedFlowQuery {
  const q = STORE_SEARCH_QUERY
  const value = (name: string) => query.get(name)
  if (value(q.source) === 'device') {
    const coordinates = coordinatesOf(value(q.latitude), value(q.longitude))
    if (!coordinates) return { ok: false, to: { to: 'back', flash: 'deviceLocationNoMatch' } }
    const variant = value(q.variant) === 'address' ? 'address' : 'postcode'
    return { ok: true, request: { kind: 'device', ...coordinates, variant } }
  }
  if (query.has(q.placeId) || query.has(q.description)) {
    const placeId = value(q.placeId)?.trim() ?? ''
    const description = value(q.description)?.trim() ?? ''
    if (!placeId || !description || placeId.length > 200 || description.length > 300) {
      return { ok: false, to: { to: 'search', searchError: 'addressInvalid' } }
    }
    const coordinates = coordinatesOf(value(q.latitude), value(q.longitude))
    const postcode = checkPostcode(value(q.postcode) ?? '', rule)
    const place =
      coordinates && postcode.ok ? { postcode: postcode.postcode, ...coordinates } : null
    return { ok: true, request: { kind: 'address', placeId, description, place } }
  }
  const typed = value(q.postcode)
  if (typed === null) return { ok: false, to: { to: 'saved-results' } }
  const check = checkPostcode(typed, rule)
  if (!check.ok) {
    return {
      ok: false,
      to: { to: 'search', postcode: typed.slice(0, postcodeMaxLength(rule.countryCode)) },
    }
  }
  return { ok: true, request: { kind: 'postcode', postcode: check.postcode } }
}

/** What the steps after saving the location found (null: the step did not run). */
export interface FlowOutcomes {
  /** The saved location's postcode: the results page's. */
  postcode: string
  autoSelectClosestStore: boolean
  /** A pending deep link: the page it opens (or asks on), or 'failed'. */
  deepLink: { path: string } | 'failed' | null
  /** The nearest store selected ('none' found, or 'failed' to search or select). */
  nearestStore: { slug: string } | 'none' | 'failed' | null
}

/** Whether the flow should search for the nearest store to select (spec §4 steps 3–4). */
export function shouldSelectNearest(outcomes: Omit<FlowOutcomes, 'nearestStore'>): boolean {
  const resumed = outcomes.deepLink !== null && outcomes.deepLink !== 'failed'
  return outcomes.autoSelectClosestStore && !resumed
}

/**
 * Spec §4 store search flow, after the location is saved: a resumed deep link wins; else the
 * automatically selected nearest store when that setting is on; the results page when it is
 * off, no store is found or selecting fails.
 */
export function flowDestination(outcomes: FlowOutcomes): FlowDestination {
  const { deepLink, nearestStore } = outcomes
  if (deepLink !== null && deepLink !== 'failed') return { to: 'path', path: deepLink.path }
  if (
    shouldSelectNearest(outcomes) &&
    nearestStore !== null &&
    nearestStore !== 'none' &&
    nearestStore !== 'failed'
  ) {
    return { to: 'store', slug: nearestStore.slug }
  }
  return { to: 'results', postcode: outcomes.postcode }
}

/** The path with these query parameters added (replacing any of the same name). */
function withQuery(path: string, query: Record<string, string>): string {
  const url = new URL(path, 'http://storefront.internal')
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return `${url.pathname}${url.search}`
}

/**
 * The path a destination redirects to; `back` is the previous page (or home). A search that came
 * with a `returnTo` page goes back there whatever happened: with the location saved, or with the
 * typed postcode or error for its own search box, or with the flash message.
 */
export function destinationPath(
  destination: FlowDestination,
  context: { back: string; savedPostcode: string | null; returnTo: string | null }
): string {
  const { returnTo } = context
  if (returnTo) {
    if (destination.to !== 'search') return returnTo
    const query: Record<string, string> = {}
    if (destination.postcode !== undefined) {
      query[STORE_SEARCH_QUERY.postcode] = destination.postcode
    }
    if (destination.searchError) query[STORE_SEARCH_ERROR_QUERY] = destination.searchError
    return `${withQuery(returnTo, query)}#${LOCATION_PROMPT_ID}`
  }
  switch (destination.to) {
    case 'store':
      return routePath('stores-storeSlug', { storeSlug: destination.slug })
    case 'results':
      return routePath('stores-near-by', { postcode: destination.postcode })
    case 'search': {
      const query: Record<string, string> = {}
      if (destination.postcode !== undefined)
        query[STORE_SEARCH_QUERY.postcode] = destination.postcode
      if (destination.searchError) query[STORE_SEARCH_ERROR_QUERY] = destination.searchError
      return `${routePath('index', undefined, query)}#store-search`
    }
    case 'path':
      return destination.path
    case 'back':
      return context.back
    case 'saved-results':
      return context.savedPostcode
        ? routePath('stores-near-by', { postcode: context.savedPostcode })
        : `${routePath('index')}#store-search`
    case 'return':
      // Chosen only for a search with a returnTo page (handled above).
      return routePath('index')
  }
}

// --- The handler (I/O) ---------------------------------------------------------------------

type Located =
  | { ok: true; location: GeolocationState; searchBy: Record<string, string | number> }
  | { ok: false; to: FlowDestination }

/**
 * Rethrows what the flow must not swallow: programming errors, and too many requests, which is
 * the 429 page with Retry-After and the search box (worker/pages/errors.tsx).
 */
function recoverable(error: unknown): boolean {
  return error instanceof AppError && error.code !== 'rate_limited'
}

/** Spec §4 steps 1–2: the postcode and its coordinates (a failed lookup is ignored). */
async function locatePostcode(c: Context<AppEnv>, postcode: string): Promise<Located> {
  const brand = c.var.brand
  let coordinates: { latitude: number; longitude: number } | null = null
  try {
    coordinates = await c.var.backend.post('/location/postcode-to-coordinates', {
      body: { businessId: brand.businessId, postcode, country: brand.countryCode },
      schema: PostcodeLocationSchema,
    })
  } catch (error) {
    // The postcode alone still finds stores.
    if (!recoverable(error)) throw error
  }
  return {
    ok: true,
    location: {
      postcode,
      latitude: coordinates?.latitude ?? null,
      longitude: coordinates?.longitude ?? null,
      chosenAddress: null,
      selectedAddress: null,
    },
    searchBy: { postcode },
  }
}

/** Spec §4 step 5: the chosen suggestion's place, from place details when it lacks one. */
async function locateAddress(
  c: Context<AppEnv>,
  request: Extract<FlowRequest, { kind: 'address' }>,
  rule: PostcodeRule
): Promise<Located> {
  const chosenAddress = { description: request.description, placeId: request.placeId }
  if (request.place) {
    const { postcode, latitude, longitude } = request.place
    return {
      ok: true,
      location: { postcode, latitude, longitude, chosenAddress, selectedAddress: null },
      searchBy: { lat: latitude, lng: longitude },
    }
  }
  const failed: Located = { ok: false, to: { to: 'search', searchError: 'addressInfoFailed' } }
  let place: PlaceDetails
  try {
    place = await c.var.backend.post('/location/place-details', {
      body: { businessId: c.var.brand.businessId, placeId: request.placeId },
      schema: PlaceDetailsSchema,
    })
  } catch (error) {
    if (!recoverable(error)) throw error
    return failed
  }
  const postcode = checkPostcode(place.address.postcode, rule)
  if (!postcode.ok) return failed
  return {
    ok: true,
    location: {
      postcode: postcode.postcode,
      latitude: place.latitude,
      longitude: place.longitude,
      chosenAddress,
      selectedAddress: place.address,
    },
    searchBy: { lat: place.latitude, lng: place.longitude },
  }
}

/** Device location: the nearest known address to the detected point. */
async function locateDevice(
  c: Context<AppEnv>,
  request: Extract<FlowRequest, { kind: 'device' }>,
  rule: PostcodeRule
): Promise<Located> {
  const noMatch: Located = { ok: false, to: { to: 'back', flash: 'deviceLocationNoMatch' } }
  let addresses: Array<LocatedAddress>
  try {
    ;({ addresses } = await c.var.backend.post('/location/addresses-by-coordinates', {
      body: {
        businessId: c.var.brand.businessId,
        latitude: request.latitude,
        longitude: request.longitude,
      },
      schema: AddressListSchema,
    }))
  } catch (error) {
    if (!recoverable(error)) throw error
    if (error instanceof AppError && ['validation_error', 'not_found'].includes(error.code)) {
      return noMatch
    }
    // The location service failed: the inline message asks for a typed search instead.
    const searchError =
      request.variant === 'address' ? 'deviceLocationAddress' : 'deviceLocationPostcode'
    return { ok: false, to: { to: 'search', searchError } }
  }
  for (const address of addresses) {
    const postcode = checkPostcode(address.address.postcode, rule)
    if (!postcode.ok) continue
    return {
      ok: true,
      location: {
        postcode: postcode.postcode,
        latitude: address.latitude,
        longitude: address.longitude,
        chosenAddress: { description: address.formattedAddress, placeId: address.placeId },
        selectedAddress: address.address,
      },
      // Spec §9: a search by coordinates asks for the nearest store only.
      searchBy: { lat: address.latitude, lng: address.longitude },
    }
  }
  return noMatch
}

/** Where the shopper is, from what they searched with. */
function locate(c: Context<AppEnv>, request: FlowRequest, rule: PostcodeRule): Promise<Located> {
  if (request.kind === 'postcode') return locatePostcode(c, request.postcode)
  if (request.kind === 'address') return locateAddress(c, request, rule)
  return locateDevice(c, request, rule)
}

/**
 * Spec §4 Deep link: the pending action, asked again with the searched postcode (ADR 025): the
 * page it opens, the confirm page when it would empty a basket of another store (the link stays
 * pending for the answer), or 'failed'.
 */
async function resumeDeepLink(
  c: Context<AppEnv>,
  link: PendingDeepLink,
  postcode: string
): Promise<FlowOutcomes['deepLink']> {
  const outcome = await decideDeepLink(c, link, { postcode, clearStore: false })
  if (outcome.kind === 'go') return { path: outcome.path }
  if (outcome.kind === 'confirm') {
    writePendingDeepLink(c, link)
    return { path: DEEP_LINK_CONFIRM_PATH }
  }
  return 'failed'
}

/** Spec §4 step 4: the nearest store, selected (its details for the location must load). */
async function selectNearest(
  c: Context<AppEnv>,
  location: GeolocationState,
  searchBy: Record<string, string | number>
): Promise<FlowOutcomes['nearestStore']> {
  const brand = c.var.brand
  try {
    const { stores } = await c.var.backend.post('/stores/search', {
      body: {
        businessId: brand.businessId,
        country: brand.countryCode,
        ...searchBy,
        returnNearestOnly: true,
      },
      schema: StoreSearchResultSchema,
    })
    const nearest = stores[0]
    if (!nearest) return 'none'
    const selected = await c.var.backend.post('/stores/details', {
      body: {
        businessId: brand.businessId,
        seoUrl: nearest.slug,
        postcode: location.postcode,
        country: brand.countryCode,
      },
      schema: StoreDetailsSchema,
    })
    return { slug: selected.slug }
  } catch (error) {
    if (!recoverable(error)) throw error
    return error instanceof AppError && error.code === 'not_found' ? 'none' : 'failed'
  }
}

/** The page the search should return to (`?returnTo=`): a path of this site, or null. */
export function flowReturnPath(query: URLSearchParams): string | null {
  return safeReturnPath(query.get(STORE_SEARCH_QUERY.returnTo))
}

async function runFlow(c: Context<AppEnv>, rule: PostcodeRule): Promise<FlowDestination> {
  const query = new URL(c.req.url).searchParams
  const parsed = parseFlowQuery(query, rule)
  if (!parsed.ok) return parsed.to
  const located = await locate(c, parsed.request, rule)
  if (!located.ok) return located.to
  const { location, searchBy } = located
  writeLocation(c, location)
  // A page asked for the location (e.g. the time-slot page): the shopper carries on there, and a
  // pending deep link waits for a search of its own.
  if (flowReturnPath(query)) return { to: 'return' }

  const pending = readPendingDeepLink(c)
  if (pending) clearPendingDeepLink(c)
  const partial = {
    postcode: location.postcode,
    autoSelectClosestStore: c.var.brand.settings.store.autoSelectClosestStore,
    deepLink: pending ? await resumeDeepLink(c, pending, location.postcode) : null,
  }
  const nearestStore = shouldSelectNearest(partial)
    ? await selectNearest(c, location, searchBy)
    : null
  return flowDestination({ ...partial, nearestStore })
}

/**
 * GET /stores-near-by without a postcode segment: the store search flow of spec §4 for a postcode,
 * an address suggestion or a device location. It saves the location cookie and redirects (303)
 * to the selected store, the results page, or back to the search box with the spec's message.
 * Over the store-search limit it answers the 429 page instead (Retry-After, the message and the
 * search box), so the shopper is told to wait rather than sent somewhere that looks like success.
 */
export async function storeSearchFlow(c: Context<AppEnv>): Promise<Response> {
  const destination = await runFlow(c, brandPostcodeRule(c.var.brand))
  if (destination.to === 'back') setFlash(c, destination.flash)
  const path = destinationPath(destination, {
    back: previousPageOrHome(c),
    savedPostcode: readLocation(c)?.postcode ?? null,
    returnTo: flowReturnPath(new URL(c.req.url).searchParams),
  })
  return redirectTo(c, path, destination.to === 'saved-results' ? 302 : 303)
}
