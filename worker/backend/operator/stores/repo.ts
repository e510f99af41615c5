// The operator console's store reads and change statements (ADR 004: SQL only here). Every
// read is scoped by business_id; every change is a statement the service batches with its audit.

import type {
  OperatorClosure,
  OperatorZone,
  StoreDetailsInput,
  StoreFulfilment,
  StoreHoursRequest,
  StoreZoneRequest,
} from '../../../../schemas/operator-stores.ts'
import type { FulfilmentMethod } from '../../../../schemas/constants.ts'

/** A store as the console reads it: its columns, then the schedule alongside. */
export interface StoreRecord extends StoreFulfilment {
  id: number
  name: string
  slug: string
  description: string | null
  phone: string | null
  email: string | null
  addressLine1: string
  addressLine2: string | null
  town: string
  county: string | null
  postcode: string
  latitude: number
  longitude: number
  timeZone: string
  isActive: boolean
  temporarilyClosed: boolean
}

export interface HoursRecord {
  method: 'delivery' | 'collection' | 'store'
  dayOfWeek: number
  opensAt: string
  closesAt: string
}

interface StoreRow {
  id: number
  name: string
  slug: string
  description: string | null
  phone: string | null
  email: string | null
  address_line1: string
  address_line2: string | null
  town: string
  county: string | null
  postcode: string
  latitude: number
  longitude: number
  time_zone: string
  is_active: number
  is_temporarily_closed: number
  delivery_enabled: number
  collection_enabled: number
  delivery_radius_km: number | null
  delivery_fee: number
  collection_fee: number
  service_fee: number
  free_delivery_threshold: number | null
  minimum_spend: number
  collection_minimum_spend: number
  asap_enabled: number
  delivery_lead_minutes: number
  collection_lead_minutes: number
  slot_duration_minutes: number
  slot_capacity: number
  days_in_advance: number
  max_basket_items: number | null
  accepts_card: number
  accepts_apple_pay: number
  accepts_google_pay: number
  accepts_cash: number
}

const STORE_COLUMNS = `id, name, slug, description, phone, email, address_line1, address_line2, town,
  county, postcode, latitude, longitude, time_zone, is_active, is_temporarily_closed,
  delivery_enabled, collection_enabled, delivery_radius_km, delivery_fee, collection_fee,
  service_fee, free_delivery_threshold, minimum_spend, collection_minimum_spend, asap_enabled,
  delivery_lead_minutes, collection_lead_minutes, slot_duration_minutes, slot_capacity,
  days_in_advance, max_basket_items, accepts_card, accepts_apple_pay, accepts_google_pay,
  accepts_cash`

function storeOf(row: StoreRow): StoreRecord {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    phone: row.phone,
    email: row.email,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    town: row.town,
    county: row.county,
    postcode: row.postcode,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.time_zone,
    isActive: row.is_active === 1,
    temporarilyClosed: row.is_temporarily_closed === 1,
    deliveryEnabled: row.delivery_enabled === 1,
    collectionEnabled: row.collection_enabled === 1,
    deliveryRadiusKm: row.delivery_radius_km,
    deliveryFee: row.delivery_fee,
    collectionFee: row.collection_fee,
    serviceFee: row.service_fee,
    freeDeliveryThreshold: row.free_delivery_threshold,
    minimumSpend: row.minimum_spend,
    collectionMinimumSpend: row.collection_minimum_spend,
    asapEnabled: row.asap_enabled === 1,
    deliveryLeadMinutes: row.delivery_lead_minutes,
    collectionLeadMinutes: row.collection_lead_minutes,
    slotDurationMinutes: row.slot_duration_minutes,
    slotCapacity: row.slot_capacity,
    daysInAdvance: row.days_in_advance,
    maxBasketItems: row.max_basket_items,
    acceptsCard: row.accepts_card === 1,
    acceptsApplePay: row.accepts_apple_pay === 1,
    acceptsGooglePay: row.accepts_google_pay === 1,
    acceptsCash: row.accepts_cash === 1,
  }
}

type ZoneRow = Omit<OperatorZone, 'isActive'> & { isActive: number }

const zoneOf = (row: ZoneRow): OperatorZone => ({ ...row, isActive: row.isActive === 1 })

/** Every store of the business (active or not), by name. */
export async function listStores(db: D1Database, businessId: number): Promise<Array<StoreRecord>> {
  const { results } = await db
    .prepare(`select ${STORE_COLUMNS} from stores where business_id = ?1 order by name, id`)
    .bind(businessId)
    .all<StoreRow>()
  return results.map(storeOf)
}

/** One store of the business, or null (another business's id is not found). */
export async function findStore(
  db: D1Database,
  businessId: number,
  storeId: number
): Promise<StoreRecord | null> {
  const row = await db
    .prepare(`select ${STORE_COLUMNS} from stores where id = ?1 and business_id = ?2`)
    .bind(storeId, businessId)
    .first<StoreRow>()
  return row ? storeOf(row) : null
}

/** The store's schedule: all opening hours, closures from `fromDate` on, and every zone. */
export async function findSchedule(
  db: D1Database,
  storeId: number,
  fromDate: string
): Promise<{
  hours: Array<HoursRecord>
  closures: Array<OperatorClosure>
  zones: Array<OperatorZone>
}> {
  const [hours, closures, zones] = await db.batch([
    db
      .prepare(
        `select fulfilment_method as method, day_of_week as dayOfWeek, opens_at as opensAt,
                closes_at as closesAt
           from store_opening_hours where store_id = ?1
          order by fulfilment_method, day_of_week, opens_at`
      )
      .bind(storeId),
    db
      .prepare(
        `select id, closed_on as closedOn, reason from store_closures
          where store_id = ?1 and closed_on >= ?2 order by closed_on`
      )
      .bind(storeId, fromDate),
    db
      .prepare(
        `select id, kind, radius_km as radiusKm, outcode, delivery_fee as deliveryFee,
                minimum_spend as minimumSpend, is_active as isActive
           from delivery_zones where store_id = ?1 order by id`
      )
      .bind(storeId),
  ])
  return {
    hours: (hours?.results ?? []) as Array<HoursRecord>,
    closures: (closures?.results ?? []) as Array<OperatorClosure>,
    zones: ((zones?.results ?? []) as Array<ZoneRow>).map(zoneOf),
  }
}

/** Whether another store of the business already has the slug. */
export async function slugTaken(
  db: D1Database,
  businessId: number,
  slug: string,
  exceptId: number | null
): Promise<boolean> {
  const row = await db
    .prepare(`select 1 as taken from stores where business_id = ?1 and slug = ?2 and id != ?3`)
    .bind(businessId, slug, exceptId ?? 0)
    .first<{ taken: number }>()
  return row !== null
}

/** Whether an outcode is a UK postcode district we know (migration 0002's geo_outcodes). */
export async function outcodeKnown(db: D1Database, outcode: string): Promise<boolean> {
  const row = await db
    .prepare(`select 1 as known from geo_outcodes where outcode = ?1`)
    .bind(outcode)
    .first<{ known: number }>()
  return row !== null
}

type Located = StoreDetailsInput & { latitude: number; longitude: number; postcode: string }

const detailParams = (details: Located) => [
  details.name,
  details.slug,
  details.description,
  details.phone,
  details.email,
  details.addressLine1,
  details.addressLine2,
  details.town,
  details.county,
  details.postcode,
  details.latitude,
  details.longitude,
  details.timeZone,
  details.isActive ? 1 : 0,
]

/** Inserts a store with its id (fulfilment settings at the table's defaults). */
export function insertStoreStatement(
  db: D1Database,
  businessId: number,
  storeId: number,
  details: Located,
  at: string
): D1PreparedStatement {
  return db
    .prepare(
      `insert into stores (name, slug, description, phone, email, address_line1, address_line2,
         town, county, postcode, latitude, longitude, time_zone, is_active, business_id,
         created_at, updated_at, id)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?16, ?17)`
    )
    .bind(...detailParams(details), businessId, at, storeId)
}

export function updateStoreStatement(
  db: D1Database,
  businessId: number,
  storeId: number,
  details: Located,
  at: string
): D1PreparedStatement {
  return db
    .prepare(
      `update stores set name = ?1, slug = ?2, description = ?3, phone = ?4, email = ?5,
         address_line1 = ?6, address_line2 = ?7, town = ?8, county = ?9, postcode = ?10,
         latitude = ?11, longitude = ?12, time_zone = ?13, is_active = ?14, updated_at = ?17
       where id = ?15 and business_id = ?16`
    )
    .bind(...detailParams(details), storeId, businessId, at)
}

const flag = (value: boolean) => (value ? 1 : 0)

export function updateFulfilmentStatement(
  db: D1Database,
  businessId: number,
  storeId: number,
  terms: StoreFulfilment,
  at: string
): D1PreparedStatement {
  return db
    .prepare(
      `update stores set delivery_enabled = ?1, collection_enabled = ?2, delivery_radius_km = ?3,
         delivery_fee = ?4, collection_fee = ?5, service_fee = ?6, free_delivery_threshold = ?7,
         minimum_spend = ?8, collection_minimum_spend = ?9, asap_enabled = ?10,
         delivery_lead_minutes = ?11, collection_lead_minutes = ?12, slot_duration_minutes = ?13,
         slot_capacity = ?14, days_in_advance = ?15, max_basket_items = ?16, accepts_card = ?17,
         accepts_apple_pay = ?18, accepts_google_pay = ?19, accepts_cash = ?20, updated_at = ?21
       where id = ?22 and business_id = ?23`
    )
    .bind(
      flag(terms.deliveryEnabled),
      flag(terms.collectionEnabled),
      terms.deliveryRadiusKm,
      terms.deliveryFee,
      terms.collectionFee,
      terms.serviceFee,
      terms.freeDeliveryThreshold,
      terms.minimumSpend,
      terms.collectionMinimumSpend,
      flag(terms.asapEnabled),
      terms.deliveryLeadMinutes,
      terms.collectionLeadMinutes,
      terms.slotDurationMinutes,
      terms.slotCapacity,
      terms.daysInAdvance,
      terms.maxBasketItems,
      flag(terms.acceptsCard),
      flag(terms.acceptsApplePay),
      flag(terms.acceptsGooglePay),
      flag(terms.acceptsCash),
      at,
      storeId,
      businessId
    )
}

export function switchStatement(
  db: D1Database,
  businessId: number,
  storeId: number,
  temporarilyClosed: boolean,
  at: string
): D1PreparedStatement {
  return db
    .prepare(
      `update stores set is_temporarily_closed = ?1, updated_at = ?2
       where id = ?3 and business_id = ?4`
    )
    .bind(flag(temporarilyClosed), at, storeId, businessId)
}

/** Replaces one method's week: delete its rows, insert the ranges given. */
export function replaceHoursStatements(
  db: D1Database,
  storeId: number,
  method: FulfilmentMethod | 'store',
  days: StoreHoursRequest['days']
): Array<D1PreparedStatement> {
  const inserts = days.flatMap((day) =>
    day.ranges.map((range) =>
      db
        .prepare(
          `insert into store_opening_hours (store_id, fulfilment_method, day_of_week, opens_at, closes_at)
           values (?1, ?2, ?3, ?4, ?5)`
        )
        .bind(storeId, method, day.dayOfWeek, range.opensAt, range.closesAt)
    )
  )
  return [
    db
      .prepare(`delete from store_opening_hours where store_id = ?1 and fulfilment_method = ?2`)
      .bind(storeId, method),
    ...inserts,
  ]
}

export async function closureTaken(
  db: D1Database,
  storeId: number,
  closedOn: string
): Promise<boolean> {
  const row = await db
    .prepare(`select 1 as taken from store_closures where store_id = ?1 and closed_on = ?2`)
    .bind(storeId, closedOn)
    .first<{ taken: number }>()
  return row !== null
}

export function insertClosureStatement(
  db: D1Database,
  storeId: number,
  closedOn: string,
  reason: string | null
): D1PreparedStatement {
  return db
    .prepare(`insert into store_closures (store_id, closed_on, reason) values (?1, ?2, ?3)`)
    .bind(storeId, closedOn, reason)
}

/** A closure of the store (so of the business the store was found in), or null. */
export function findClosure(
  db: D1Database,
  storeId: number,
  closureId: number
): Promise<OperatorClosure | null> {
  return db
    .prepare(
      `select id, closed_on as closedOn, reason from store_closures where id = ?1 and store_id = ?2`
    )
    .bind(closureId, storeId)
    .first<OperatorClosure>()
}

export function deleteClosureStatement(
  db: D1Database,
  storeId: number,
  closureId: number
): D1PreparedStatement {
  return db
    .prepare(`delete from store_closures where id = ?1 and store_id = ?2`)
    .bind(closureId, storeId)
}

/** A zone of the store, or null. */
export async function findZone(
  db: D1Database,
  storeId: number,
  zoneId: number
): Promise<OperatorZone | null> {
  const row = await db
    .prepare(
      `select id, kind, radius_km as radiusKm, outcode, delivery_fee as deliveryFee,
              minimum_spend as minimumSpend, is_active as isActive
         from delivery_zones where id = ?1 and store_id = ?2`
    )
    .bind(zoneId, storeId)
    .first<ZoneRow>()
  return row ? zoneOf(row) : null
}

type ZoneValues = Pick<StoreZoneRequest, 'kind' | 'deliveryFee' | 'minimumSpend' | 'isActive'> & {
  radiusKm: number | null
  outcode: string | null
}

const zoneParams = (zone: ZoneValues) => [
  zone.kind,
  zone.kind === 'radius' ? zone.radiusKm : null,
  zone.kind === 'outcode' ? zone.outcode : null,
  zone.deliveryFee,
  zone.minimumSpend,
  flag(zone.isActive),
]

export function insertZoneStatement(
  db: D1Database,
  storeId: number,
  zone: ZoneValues
): D1PreparedStatement {
  return db
    .prepare(
      `insert into delivery_zones (kind, radius_km, outcode, delivery_fee, minimum_spend, is_active, store_id)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7)`
    )
    .bind(...zoneParams(zone), storeId)
}

export function updateZoneStatement(
  db: D1Database,
  storeId: number,
  zoneId: number,
  zone: ZoneValues
): D1PreparedStatement {
  return db
    .prepare(
      `update delivery_zones set kind = ?1, radius_km = ?2, outcode = ?3, delivery_fee = ?4,
         minimum_spend = ?5, is_active = ?6
       where id = ?7 and store_id = ?8`
    )
    .bind(...zoneParams(zone), zoneId, storeId)
}

export function deleteZoneStatement(
  db: D1Database,
  storeId: number,
  zoneId: number
): D1PreparedStatement {
  return db
    .prepare(`delete from delivery_zones where id = ?1 and store_id = ?2`)
    .bind(zoneId, storeId)
}
