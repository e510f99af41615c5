import type { Coordinates, PostcodeLocation } from '../../../schemas/location.ts'
import { sayIn } from '../../../schemas/message-catalogue.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  isProgressStatus,
  ORDER_STATUS_LABELS,
  STATUS_CODE,
} from '../../../schemas/order-states.ts'
import type {
  OrderStatus,
  StoreAtLocation,
  StoreDetails,
  StoreRating,
  StoreSearchResult,
  StoreSummary,
} from '../../../schemas/stores.ts'
import { AppError } from '../../lib/errors.ts'
import { businessLocale } from '../businesses-repo.ts'
import { boundingBox, distanceKm } from '../geo.ts'
import type { Geocoder } from '../location/geocoder.ts'
import { checkPostcode, postcodeRuleFor } from '../../../schemas/postcode.ts'
import { requireBusinessPostcode } from '../location/postcode-rules-repo.ts'
import { availabilityInput, storeAvailability } from './availability.ts'
import { deliveryAtPlace } from './delivery.ts'
import {
  findOrderStatus,
  findStoreDetails,
  findNearestCandidates,
  type StoreCandidate,
  type StoreLookup,
  type StoreRatingRaw,
  type StoreSchedule,
} from './repo.ts'

/** Nothing farther is offered (the results page then shows the interest form). */
export const SEARCH_RADIUS_KM = 40
/** At most this many stores in a search answer. */
export const SEARCH_RESULT_LIMIT = 20
// Extra candidates beyond the limit: the database's approximate order can differ from the exact
// one only between stores within a fraction of a percent of the same distance.
const CANDIDATE_MARGIN = 5

type SearchLocation = StoreSearchResult['fulfilmentLocation']

/**
 * Active stores of the business nearest a point within the search radius, nearest first, at most
 * `limit`, with their schedules. The database orders candidates by an approximate distance; the
 * exact (great-circle) distance here decides, over a margin of extra candidates.
 */
export async function nearestStores(
  db: D1Database,
  businessId: number,
  centre: Coordinates,
  limit: number,
  now: Date
): Promise<{
  nearest: Array<{ store: StoreCandidate; km: number }>
  schedules: Map<number, StoreSchedule>
  ratings: Map<number, StoreRatingRaw>
}> {
  const { candidates, schedules, ratings } = await findNearestCandidates(
    db,
    businessId,
    centre,
    boundingBox(centre, SEARCH_RADIUS_KM),
    limit + CANDIDATE_MARGIN,
    now
  )
  const nearest = candidates
    .map((store) => ({ store, km: distanceKm(centre, store.location) }))
    // A store in the box's corner is farther than the radius: keep the circle only.
    .filter(({ km }) => km <= SEARCH_RADIUS_KM)
    .sort((a, b) => a.km - b.km || a.store.id - b.store.id)
    .slice(0, limit)
  return { nearest, schedules, ratings }
}

/** The parts of a store (summary or details) that availability and delivery read. */
interface StoreTerms {
  timeZone: string
  daysInAdvance: number
  temporarilyClosed: boolean
  delivery: { enabled: boolean; radiusKm: number | null; fee: number; minimumSpend: number }
  collection: { enabled: boolean }
}

function availabilityOf(store: StoreTerms, schedule: StoreSchedule, now: Date) {
  return storeAvailability(availabilityInput(store, schedule), now)
}

/** The search answer for a place: nearest stores with availability and delivery there. */
export async function storesNear(
  db: D1Database,
  businessId: number,
  location: SearchLocation,
  options: { nearestOnly: boolean; now: Date }
): Promise<StoreSearchResult> {
  const limit = options.nearestOnly ? 1 : SEARCH_RESULT_LIMIT
  const { nearest, schedules, ratings } = await nearestStores(
    db,
    businessId,
    location,
    limit,
    options.now
  )
  const stores = nearest.map(({ store }): StoreSummary => {
    const schedule = schedules.get(store.id) ?? {
      openingHours: { delivery: [], collection: [], store: [] },
      closures: [],
      zones: [],
    }
    const here = deliveryAtPlace(store, store.location, schedule.zones, location)
    return {
      id: store.id,
      slug: store.slug,
      name: store.name,
      address: store.address,
      location: store.location,
      imageUrl: store.imageUrl,
      timeZone: store.timeZone,
      distanceKm: here.distanceKm,
      distanceMiles: here.distanceMiles,
      availability: availabilityOf(store, schedule, options.now),
      delivery: {
        enabled: store.delivery.enabled,
        availableToLocation: here.deliveryAvailable,
        fee: here.deliveryFee,
        minimumSpend: here.minimumSpend,
        freeDeliveryThreshold: store.delivery.freeDeliveryThreshold,
      },
      collection: store.collection,
      serviceFee: store.serviceFee,
      daysInAdvance: store.daysInAdvance,
      payments: store.payments,
      rating: ratingOf(ratings.get(store.id)),
    }
  })
  return { stores, fulfilmentLocation: location }
}

/** What a store search was asked for (after the request schema). */
export interface SearchInput {
  businessId: number
  country: string
  postcode?: string | undefined
  lat?: number | undefined
  lng?: number | undefined
}

/**
 * Where a search looks from. A postcode is checked against the business's rules first (spec §4
 * step 1). With coordinates too (an address search) the point is used as given with that
 * postcode; with the postcode alone it is geocoded (unknown → 'Unable to find location'); with
 * coordinates alone the nearest postcode is looked up (none near → postcode null).
 */
export async function searchLocation(
  db: D1Database,
  geocoder: Geocoder,
  input: SearchInput
): Promise<SearchLocation> {
  return (await locate(db, geocoder, input, earlyGeocode(geocoder, input))).location
}

/**
 * The stores nearest where a search looks from (searchLocation, then storesNear). A search by
 * postcode alone starts its geocode and its store search with the postcode as the country's
 * default rule writes it, beside the read of the business's own rules; those answers are used
 * only when the business's rule gives the same postcode (ADR 035), else the search runs again
 * from the checked postcode. A refusal by the business's rule is answered as before.
 */
export async function searchStores(
  db: D1Database,
  geocoder: Geocoder,
  input: SearchInput,
  options: { nearestOnly: boolean; now: Date }
): Promise<StoreSearchResult> {
  const early = earlyGeocode(geocoder, input)
  const earlyStores = early?.location.then((place) =>
    place ? storesNear(db, input.businessId, place, options) : null
  )
  // A guess the rules overrule is never awaited: its failure must not surface as unhandled.
  earlyStores?.catch(() => undefined)
  const { location, guessed } = await locate(db, geocoder, input, early)
  const found = guessed ? await earlyStores : null
  return found ?? storesNear(db, input.businessId, location, options)
}

/** A search's place, and whether it is the early geocode's answer (the guess held). */
async function locate(
  db: D1Database,
  geocoder: Geocoder,
  input: SearchInput,
  early: EarlyGeocode | undefined
): Promise<{ location: SearchLocation; guessed: boolean }> {
  const postcode =
    input.postcode === undefined
      ? undefined
      : await requireBusinessPostcode(db, input.businessId, input.postcode, input.country)
  if (input.lat !== undefined && input.lng !== undefined) {
    const point = { latitude: input.lat, longitude: input.lng }
    if (postcode !== undefined) {
      return { location: { postcode, ...point, precision: 'postcode' }, guessed: false }
    }
    const nearest = await geocoder.coordinatesToPostcode(point)
    return {
      location: { postcode: nearest?.postcode ?? null, ...point, precision: 'postcode' },
      guessed: false,
    }
  }
  if (postcode === undefined) {
    throw new AppError('validation_error', MESSAGES.postcodeRequired, {
      fields: [{ field: 'postcode', message: MESSAGES.postcodeRequired }],
    })
  }
  const guessed = early?.postcode === postcode
  const located = guessed
    ? await early.location
    : await geocoder.postcodeToCoordinates(postcode, input.country)
  if (!located) throw new AppError('not_found', MESSAGES.locationNotFound)
  return { location: located, guessed }
}

/** A geocode started before the business's rules were read, and the postcode it asked for. */
interface EarlyGeocode {
  postcode: string
  location: Promise<PostcodeLocation | null>
}

/**
 * The geocoder's answer for a search by postcode alone, started while the business's rules are
 * read (ADR 035's guess then check, here on the postcode): the postcode as the country's default
 * rule writes it. Nothing is started for what the default rule refuses, so a typing error never
 * reaches the geocoder.
 */
function earlyGeocode(geocoder: Geocoder, input: SearchInput): EarlyGeocode | undefined {
  const byPostcodeAlone = input.lat === undefined || input.lng === undefined
  if (!byPostcodeAlone || input.postcode === undefined) return undefined
  const rule = postcodeRuleFor([], input.country)
  const check = rule ? checkPostcode(input.postcode, rule) : null
  if (!check?.ok) return undefined
  const location = geocoder.postcodeToCoordinates(check.postcode, input.country)
  // A guess the rules overrule is never awaited: its failure must not surface as unhandled.
  location.catch(() => undefined)
  return { postcode: check.postcode, location }
}

/** Store details with availability now, and delivery to a postcode when one is given. */
export async function storeDetails(
  db: D1Database,
  geocoder: Geocoder,
  input: StoreLookup & { businessId: number; postcode?: string | undefined; country: string },
  now: Date
): Promise<StoreDetails> {
  // The postcode is checked before anything is looked up, so a bad one always gets its message.
  const postcode =
    input.postcode === undefined
      ? undefined
      : await requireBusinessPostcode(db, input.businessId, input.postcode, input.country)
  const found = await findStoreDetails(db, input.businessId, input, now)
  if (!found) throw new AppError('not_found', MESSAGES.storeNotFound)
  const { store, schedule } = found
  let here: StoreAtLocation | null = null
  const { latitude, longitude } = store.location
  if (postcode !== undefined && latitude !== null && longitude !== null) {
    // A postcode the geocoder does not know leaves the store shown without delivery terms.
    const place = await geocoder.postcodeToCoordinates(postcode, input.country)
    if (place) here = deliveryAtPlace(store, { latitude, longitude }, schedule.zones, place)
  }
  return {
    ...store,
    availability: availabilityOf(store, schedule, now),
    atLocation: here,
    rating: ratingOf(found.rating),
  }
}

/**
 * A store's rating as answered: the average to one decimal place. Store answers are kept in KV
 * for a minute (worker/lib/public-cache.ts), so a new review shows within that minute.
 */
export function ratingOf(raw: { average: number; count: number } | undefined): StoreRating | null {
  return raw ? { average: Math.round(raw.average * 10) / 10, count: raw.count } : null
}

// --- Order status (spec §4) ------------------------------------------------------------------

type Status = OrderStatus['status']

// The shopper's tracking ends at Delivered as at the failure states: only a refund may follow
// (ADR 017), and that is not progress to follow.
const FINAL_STATUSES: ReadonlySet<Status> = new Set([
  'delivered',
  'store_rejected',
  'refunded',
  'declined',
  'cancelled',
  'unable_to_deliver',
])

const TRACKABLE_STATUSES: ReadonlySet<Status> = new Set([
  'sent_to_store',
  'store_accepted_picking',
  'picked',
  'en_route',
])

/** Where an order is, by its order number; unknown → 'Unable to view order, please try again.' */
export async function orderStatus(
  db: D1Database,
  businessId: number,
  businessOrderId: string,
  brandId?: number
): Promise<OrderStatus> {
  const order = await findOrderStatus(db, businessId, businessOrderId, brandId)
  if (!order) throw new AppError('not_found', MESSAGES.orderViewFailed)
  // The label is words for the shopper: in the business's language, as the backend says the rest.
  const say = sayIn(await businessLocale(db, businessId))
  return {
    ...order,
    statusCode: isProgressStatus(order.status) ? STATUS_CODE[order.status] : null,
    label: say(ORDER_STATUS_LABELS[order.status]),
    terminal: FINAL_STATUSES.has(order.status),
    // A driver is tracked only for deliveries.
    trackable: order.fulfilmentMethod === 'delivery' && TRACKABLE_STATUSES.has(order.status),
  }
}
