import type {
  OpeningHours,
  OrderStatus,
  StoreDetails,
  StoreDirectory,
} from '../../../schemas/stores.ts'
import type { Coordinates } from '../../../schemas/location.ts'
import { ofCallingBrand } from '../order-brand.ts'
import { type BoundingBox, flatDistanceSql } from '../geo.ts'
import type { DeliveryZone } from './delivery.ts'
import { ratingsByStore, storeRatingsStatement } from './ratings-repo.ts'

/** A store's rating as read: the raw average and the count of its reviews. */
export interface StoreRatingRaw {
  average: number
  count: number
}

// --- Rows --------------------------------------------------------------------------------------

/** The columns a search result and the availability/delivery computations need. */
export type AddressColumns = Pick<
  StoreSummaryRow,
  'address_line1' | 'address_line2' | 'town' | 'county' | 'postcode' | 'country_code'
>

interface StoreSummaryRow {
  id: number
  slug: string
  name: string
  address_line1: string
  address_line2: string | null
  town: string
  county: string | null
  postcode: string
  country_code: string
  latitude: number
  longitude: number
  time_zone: string
  image_url: string | null
  days_in_advance: number
  is_temporarily_closed: number
  delivery_enabled: number
  delivery_radius_km: number | null
  delivery_fee: number
  minimum_spend: number
  free_delivery_threshold: number | null
  collection_enabled: number
  collection_fee: number
  collection_minimum_spend: number
  service_fee: number
  accepts_card: number
  accepts_apple_pay: number
  accepts_google_pay: number
  accepts_cash: number
  paused_until: string | null
}

interface StoreRow extends StoreSummaryRow {
  business_id: number
  description: string | null
  phone: string | null
  email: string | null
}

interface OpeningHoursRow {
  store_id: number
  fulfilment_method: keyof StoreDetails['openingHours']
  day_of_week: number
  opens_at: string
  closes_at: string
}

interface ClosureRow {
  store_id: number
  closed_on: string
}

interface ZoneRow {
  store_id: number
  kind: DeliveryZone['kind']
  radius_km: number | null
  outcode: string | null
  delivery_fee: number | null
  minimum_spend: number | null
}

interface OrderStatusRow {
  business_order_id: string
  status: OrderStatus['status']
  fulfilment_method: OrderStatus['fulfilmentMethod']
  updated_at: string
  store_id: number
  store_slug: string
  store_name: string
}

// --- Mapped types ------------------------------------------------------------------------------

/** A store as the search sees it (columns of the summary, mapped). */
export interface StoreCandidate {
  id: number
  slug: string
  name: string
  address: {
    addressLine1: string
    addressLine2: string | null
    town: string
    county: string | null
    postcode: string
    country: string
  }
  location: { latitude: number; longitude: number }
  timeZone: string
  imageUrl: string | null
  daysInAdvance: number
  temporarilyClosed: boolean
  delivery: {
    enabled: boolean
    radiusKm: number | null
    fee: number
    minimumSpend: number
    freeDeliveryThreshold: number | null
  }
  collection: { enabled: boolean; fee: number; minimumSpend: number }
  serviceFee: number
  payments: { card: boolean; applePay: boolean; googlePay: boolean; cash: boolean }
}

/** What availability and delivery need besides the store row, per store. */
export interface StoreSchedule {
  openingHours: StoreDetails['openingHours']
  /** Local dates (YYYY-MM-DD) from about yesterday on. */
  closures: Array<string>
  /** Active zones only. */
  zones: Array<DeliveryZone>
  /** A manager's pause: no new orders before this instant (stores.paused_until). */
  pausedUntil?: string | null
}

export type StoreDetailsRecord = Omit<StoreDetails, 'availability' | 'atLocation'>

const SUMMARY_COLUMNS = `s.id, s.slug, s.name, s.address_line1, s.address_line2, s.town, s.county,
  s.postcode, s.country_code, s.latitude, s.longitude, s.time_zone, s.image_url, s.days_in_advance,
  s.is_temporarily_closed, s.delivery_enabled, s.delivery_radius_km, s.delivery_fee,
  s.minimum_spend, s.free_delivery_threshold, s.collection_enabled, s.collection_fee,
  s.collection_minimum_spend, s.service_fee, s.accepts_card, s.accepts_apple_pay, s.accepts_google_pay,
  s.accepts_cash, s.paused_until`

/**
 * The ids of the store search's candidates: the index stores_search_box bounds them to the
 * business's active stores in the latitude band of the search box and tests the longitude on its
 * entries, so no table row is read; nearest the centre first by the equirectangular approximation
 * (?8 is the squared cosine of the centre's latitude), at most ?9. Within the 40 km of a search
 * the approximation is off by under 0.1%, so with a margin of extra candidates the exact order
 * computed afterwards is the same.
 */
const CANDIDATE_IDS_SQL = `select s.id from stores s
  where s.business_id = ?1 and s.is_active = 1
    and s.latitude between ?2 and ?3 and s.longitude between ?4 and ?5
  order by ${flatDistanceSql(
    { latitude: 's.latitude', longitude: 's.longitude' },
    { latitude: '?6', longitude: '?7', cosLatitude: '?8' }
  )}
  limit ?9`

/**
 * The candidate query of the store search: the rows of the candidate ids only (sorting the whole
 * rows of every store in the box read them all). Unordered: the service orders by exact distance.
 * Exported so the benchmark can print its query plan.
 */
export const CANDIDATE_SQL = `select ${SUMMARY_COLUMNS} from stores s
  where s.id in (${CANDIDATE_IDS_SQL})`

/** The store's postal address from its row (search, details, the directory and orders alike). */
export function addressOf(row: AddressColumns): StoreCandidate['address'] {
  return {
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    town: row.town,
    county: row.county,
    postcode: row.postcode,
    country: row.country_code,
  }
}

function toCandidate(row: StoreSummaryRow): StoreCandidate {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    address: addressOf(row),
    location: { latitude: row.latitude, longitude: row.longitude },
    timeZone: row.time_zone,
    imageUrl: row.image_url,
    daysInAdvance: row.days_in_advance,
    temporarilyClosed: row.is_temporarily_closed === 1,
    delivery: {
      enabled: row.delivery_enabled === 1,
      radiusKm: row.delivery_radius_km,
      fee: row.delivery_fee,
      minimumSpend: row.minimum_spend,
      freeDeliveryThreshold: row.free_delivery_threshold,
    },
    collection: {
      enabled: row.collection_enabled === 1,
      fee: row.collection_fee,
      minimumSpend: row.collection_minimum_spend,
    },
    serviceFee: row.service_fee,
    payments: {
      card: row.accepts_card === 1,
      applePay: row.accepts_apple_pay === 1,
      googlePay: row.accepts_google_pay === 1,
      cash: row.accepts_cash === 1,
    },
  }
}

// Closures before this many days ago can no longer matter (a window opened yesterday at most).
const CLOSURE_LOOKBACK_DAYS = 2

function closuresFrom(now: Date): string {
  return new Date(now.getTime() - CLOSURE_LOOKBACK_DAYS * 86_400_000).toISOString().slice(0, 10)
}

type SqlParam = string | number | null

/**
 * The three schedule statements for the stores an id subquery names; the subquery's parameters
 * are ?1…?n, and the first closure date that still matters follows them.
 */
function scheduleStatements(
  db: D1Database,
  idsSql: string,
  params: ReadonlyArray<SqlParam>,
  now: Date
): Array<D1PreparedStatement> {
  return [
    db
      .prepare(
        `select store_id, fulfilment_method, day_of_week, opens_at, closes_at
         from store_opening_hours where store_id in (${idsSql})
         order by store_id, day_of_week, opens_at`
      )
      .bind(...params),
    db
      .prepare(
        `select store_id, closed_on from store_closures
         where store_id in (${idsSql}) and closed_on >= ?${params.length + 1}`
      )
      .bind(...params, closuresFrom(now)),
    db
      .prepare(
        `select store_id, kind, radius_km, outcode, delivery_fee, minimum_spend
         from delivery_zones where store_id in (${idsSql}) and is_active = 1 order by id`
      )
      .bind(...params),
  ]
}

function emptySchedule(): StoreSchedule {
  return { openingHours: { delivery: [], collection: [], store: [] }, closures: [], zones: [] }
}

function collectSchedules(
  ids: ReadonlyArray<number>,
  [hours, closures, zones]: Array<D1Result<unknown> | undefined>
): Map<number, StoreSchedule> {
  const schedules = new Map<number, StoreSchedule>(ids.map((id) => [id, emptySchedule()]))
  for (const row of (hours?.results ?? []) as Array<OpeningHoursRow>) {
    const entry: OpeningHours = {
      dayOfWeek: row.day_of_week,
      opensAt: row.opens_at,
      closesAt: row.closes_at,
    }
    schedules.get(row.store_id)?.openingHours[row.fulfilment_method].push(entry)
  }
  for (const row of (closures?.results ?? []) as Array<ClosureRow>) {
    schedules.get(row.store_id)?.closures.push(row.closed_on)
  }
  for (const row of (zones?.results ?? []) as Array<ZoneRow>) {
    schedules.get(row.store_id)?.zones.push({
      kind: row.kind,
      radiusKm: row.radius_km,
      outcode: row.outcode,
      deliveryFee: row.delivery_fee,
      minimumSpend: row.minimum_spend,
    })
  }
  return schedules
}

/**
 * The active stores of the business inside a box, nearest its centre first (at most `limit`),
 * with their opening hours, current closures and active delivery zones: one round trip, the
 * schedule statements selecting their stores with the candidate query itself.
 */
export async function findNearestCandidates(
  db: D1Database,
  businessId: number,
  centre: Coordinates,
  box: BoundingBox,
  limit: number,
  now: Date
): Promise<{
  candidates: Array<StoreCandidate>
  schedules: Map<number, StoreSchedule>
  ratings: Map<number, StoreRatingRaw>
}> {
  const cosLatitude = Math.cos((centre.latitude * Math.PI) / 180)
  const params: Array<SqlParam> = [
    businessId,
    box.minLatitude,
    box.maxLatitude,
    box.minLongitude,
    box.maxLongitude,
    centre.latitude,
    centre.longitude,
    cosLatitude,
    limit,
  ]
  const [candidates, ratings, ...schedule] = await db.batch([
    db.prepare(CANDIDATE_SQL).bind(...params),
    storeRatingsStatement(db, CANDIDATE_IDS_SQL, params),
    ...scheduleStatements(db, CANDIDATE_IDS_SQL, params, now),
  ])
  const rows = (candidates?.results ?? []) as Array<StoreSummaryRow>
  const schedules = collectSchedules(
    rows.map((row) => row.id),
    schedule
  )
  for (const row of rows) {
    const found = schedules.get(row.id)
    if (found) found.pausedUntil = row.paused_until
  }
  return { candidates: rows.map(toCandidate), ratings: ratingsByStore(ratings), schedules }
}

/** Which store: by its slug (seoUrl), by id, or both (then both must match). */
export interface StoreLookup {
  seoUrl?: string | undefined
  storeId?: number | undefined
}

// The same store filter for every statement of the details batch: ?1 business, ?2 slug, ?3 id.
const STORE_MATCH = `s.business_id = ?1 and s.is_active = 1
  and (?2 is null or s.slug = ?2) and (?3 is null or s.id = ?3)`

/** What findStoreDetails answers: the store, its schedule and its rating. */
export interface StoreDetailsFound {
  store: StoreDetailsRecord
  schedule: StoreSchedule
  rating: StoreRatingRaw | undefined
}

/**
 * The statements of findStoreDetails, for a caller that runs them in a batch of its own beside
 * other reads (the basket's answer, ADR 065); storeDetailsFrom reads their results.
 */
export function storeDetailsStatements(
  db: D1Database,
  businessId: number,
  lookup: StoreLookup,
  now: Date
): Array<D1PreparedStatement> {
  const params = [businessId, lookup.seoUrl ?? null, lookup.storeId ?? null] as const
  const ids = `select s.id from stores s where ${STORE_MATCH}`
  return [
    db
      .prepare(
        `select ${SUMMARY_COLUMNS}, s.business_id, s.description, s.phone, s.email
         from stores s where ${STORE_MATCH} limit 1`
      )
      .bind(...params),
    storeRatingsStatement(db, ids, params),
    ...scheduleStatements(db, ids, params, now),
  ]
}

/** The store storeDetailsStatements' results describe, or null when none matched. */
export function storeDetailsFrom(
  results: ReadonlyArray<D1Result<unknown>>
): StoreDetailsFound | null {
  const [stores, ratings, ...schedule] = results
  const row = (stores?.results as Array<StoreRow> | undefined)?.[0]
  if (!row) return null
  const { openingHours, ...rest } =
    collectSchedules([row.id], schedule).get(row.id) ?? emptySchedule()
  const candidate = toCandidate(row)
  return {
    store: {
      id: row.id,
      businessId: row.business_id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      phone: row.phone,
      email: row.email,
      address: candidate.address,
      location: candidate.location,
      timeZone: row.time_zone,
      imageUrl: row.image_url,
      daysInAdvance: row.days_in_advance,
      temporarilyClosed: candidate.temporarilyClosed,
      delivery: {
        enabled: candidate.delivery.enabled,
        radiusKm: candidate.delivery.radiusKm,
        fee: candidate.delivery.fee,
        minimumSpend: candidate.delivery.minimumSpend,
        freeDeliveryThreshold: candidate.delivery.freeDeliveryThreshold,
      },
      collection: candidate.collection,
      serviceFee: candidate.serviceFee,
      payments: candidate.payments,
      openingHours,
    },
    schedule: { openingHours, ...rest, pausedUntil: row.paused_until },
    rating: ratingsByStore(ratings).get(row.id),
  }
}

/**
 * An active store of the business with its opening hours, current closures and active delivery
 * zones; one round trip. Null when not found.
 */
export async function findStoreDetails(
  db: D1Database,
  businessId: number,
  lookup: StoreLookup,
  now: Date
): Promise<StoreDetailsFound | null> {
  return storeDetailsFrom(await db.batch(storeDetailsStatements(db, businessId, lookup, now)))
}

/** An order's status and store, by its order number within the business. */
export type OrderStatusRecord = Pick<
  OrderStatus,
  'businessOrderId' | 'status' | 'fulfilmentMethod' | 'store' | 'updatedAt'
>

/**
 * An order's status and store by its order number, within the business and, given the calling
 * brand, that brand (another brand's order is as if absent). Null when unknown.
 */
export async function findOrderStatus(
  db: D1Database,
  businessId: number,
  businessOrderId: string,
  brandId?: number
): Promise<OrderStatusRecord | null> {
  const row = await db
    .prepare(
      `select o.business_order_id, o.status, o.fulfilment_method, o.updated_at,
         s.id as store_id, s.slug as store_slug, s.name as store_name
       from orders o join stores s on s.id = o.store_id
       where o.business_id = ?1 and o.business_order_id = ?2 and ${ofCallingBrand('?3')}`
    )
    .bind(businessId, businessOrderId, brandId ?? null)
    .first<OrderStatusRow>()
  if (!row) return null
  return {
    businessOrderId: row.business_order_id,
    status: row.status,
    fulfilmentMethod: row.fulfilment_method,
    store: { id: row.store_id, slug: row.store_slug, name: row.store_name },
    updatedAt: row.updated_at,
  }
}

type DirectoryRow = Pick<StoreSummaryRow, 'id' | 'slug' | 'name'> & AddressColumns

/** A page of the business's active stores, by town then name, with the total; one round trip. */
export async function findStoreDirectory(
  db: D1Database,
  businessId: number,
  page: number,
  limit: number
): Promise<StoreDirectory> {
  const [count, rows] = await db.batch([
    db
      .prepare('select count(*) as total from stores where business_id = ?1 and is_active = 1')
      .bind(businessId),
    db
      .prepare(
        `select id, slug, name, address_line1, address_line2, town, county, postcode, country_code
         from stores where business_id = ?1 and is_active = 1
         order by town, name, id limit ?2 offset ?3`
      )
      .bind(businessId, limit, (page - 1) * limit),
  ])
  const total = (count?.results as Array<{ total: number }> | undefined)?.[0]?.total ?? 0
  return {
    stores: ((rows?.results ?? []) as Array<DirectoryRow>).map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      address: addressOf(row),
    })),
    page,
    limit,
    total,
  }
}

/** A store's slug and name by id, or null. */
export async function findStoreName(
  db: D1Database,
  storeId: number
): Promise<{ slug: string; name: string } | null> {
  return db
    .prepare('select slug, name from stores where id = ?1')
    .bind(storeId)
    .first<{ slug: string; name: string }>()
}

/** The payment methods a store takes (flags), or null when it is not the business's. */
export function findStorePaymentOptions(
  db: D1Database,
  businessId: number,
  storeId: number
): Promise<{
  accepts_card: number
  accepts_apple_pay: number
  accepts_google_pay: number
  accepts_cash: number
} | null> {
  return db
    .prepare(
      `select accepts_card, accepts_apple_pay, accepts_google_pay, accepts_cash from stores
       where id = ?1 and business_id = ?2`
    )
    .bind(storeId, businessId)
    .first()
}
