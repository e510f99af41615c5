import { DEFAULT_COUNTRY_CODE } from '../../../schemas/constants.ts'
import {
  OrderStatusRequestSchema,
  OrderStatusSchema,
  StoreDetailsRequestSchema,
  StoreDetailsSchema,
  StoreDirectoryRequestSchema,
  StoreDirectorySchema,
  StoreNearbyRequestSchema,
  StoreSearchRequestSchema,
  StoreSearchResultSchema,
} from '../../../schemas/stores.ts'
import { createGeocoder } from '../location/create-geocoder.ts'
import { rateLimit } from '../rate-limit.ts'
import { createDomain } from '../route-registry.ts'
import { findStoreDirectory } from './repo.ts'
import { orderStatus, searchLocation, searchStores, storeDetails, storesNear } from './service.ts'
import { now } from '../../lib/clock.ts'

/** Stores (spec §7): search, nearby, details or select, order status. */
export const stores = createDomain('Stores')

// Store answers carry availability (open/closed now), so they are kept briefly.
const STORE_ANSWER_TTL_SECONDS = 60
// A device id identifies the shopper's device, not the question: shoppers share the entry.
const STORE_ANSWER_CACHE = { ttlSeconds: STORE_ANSWER_TTL_SECONDS, ignoredInputs: ['deviceId'] }

const searchLimiter = (env: Env) => env.STORE_SEARCH_LIMITER
const detailsLimiter = (env: Env) => env.STORE_DETAILS_LIMITER
// Registered before the routes so an over-limit call is refused before its input is read.
stores.app.use('/stores/search', rateLimit('store-search', searchLimiter))
stores.app.use('/stores/nearby', rateLimit('store-search', searchLimiter))
stores.app.use('/stores/details', rateLimit('store-details', detailsLimiter))

stores.post(
  '/stores/search',
  {
    edge: { cache: { scope: 'store-search', ...STORE_ANSWER_CACHE } },
    summary: 'Stores nearest a postcode, or coordinates, with availability and delivery there',
    description:
      'A postcode is checked against the business postcode rules and geocoded; coordinates are ' +
      'used as given (returnNearestOnly → at most one store). Up to 20 active stores within 40 km, ' +
      'nearest first. Rate limited per shopper (429 with Retry-After).',
    body: StoreSearchRequestSchema,
    response: StoreSearchResultSchema,
    errors: ['not_found', 'rate_limited'],
  },
  async ({ body }, c) =>
    searchStores(c.env.DB, createGeocoder(c.env), body, {
      nearestOnly: body.returnNearestOnly,
      now: now(c.env),
    })
)

stores.post(
  '/stores/nearby',
  {
    edge: { cache: { scope: 'store-nearby', ...STORE_ANSWER_CACHE } },
    summary: 'Stores nearest coordinates, with availability and delivery there',
    body: StoreNearbyRequestSchema,
    response: StoreSearchResultSchema,
    errors: ['rate_limited'],
  },
  async ({ body }, c) => {
    const location = await searchLocation(c.env.DB, createGeocoder(c.env), {
      businessId: body.businessId,
      country: DEFAULT_COUNTRY_CODE,
      lat: body.lat,
      lng: body.lng,
    })
    return storesNear(c.env.DB, body.businessId, location, {
      nearestOnly: body.returnNearestOnly,
      now: now(c.env),
    })
  }
)

stores.post(
  '/stores/details',
  {
    edge: { cache: { scope: 'store-details', ...STORE_ANSWER_CACHE } },
    summary: "A store's details, opening hours and availability, by seoUrl (its slug) or storeId",
    description:
      'With a postcode (checked against the business postcode rules) the answer says whether ' +
      'and at what fee and minimum the store delivers there (atLocation).',
    body: StoreDetailsRequestSchema,
    response: StoreDetailsSchema,
    errors: ['not_found', 'rate_limited'],
  },
  ({ body }, c) => storeDetails(c.env.DB, createGeocoder(c.env), body, now(c.env))
)

stores.post(
  '/stores/order-status',
  {
    edge: { brandScoped: true },
    summary: "An order's status by its order number (businessOrderId), without personal data",
    body: OrderStatusRequestSchema,
    response: OrderStatusSchema,
    errors: ['not_found'],
  },
  ({ body }, c) => orderStatus(c.env.DB, body.businessId, body.businessOrderId, body.brandId)
)

stores.post(
  '/stores/directory',
  {
    edge: { cache: { scope: 'store-directory', ttlSeconds: STORE_ANSWER_TTL_SECONDS } },
    summary: 'Every active store of the business, by town then name, a page at a time',
    body: StoreDirectoryRequestSchema,
    response: StoreDirectorySchema,
  },
  ({ body }, c) => findStoreDirectory(c.env.DB, body.businessId, body.page, body.limit)
)
