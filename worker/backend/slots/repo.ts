import type { FulfilmentMethod } from '../../../schemas/constants.ts'

interface TimeZoneRow {
  business_time_zone: string
  store_id: number | null
  store_time_zone: string | null
}

/**
 * The time zone of a business, or of one of its stores. Null when the business does not exist;
 * `storeFound` is false when a storeId was given but is not one of the business's stores.
 */
export async function findTimeZone(
  db: D1Database,
  businessId: number,
  storeId: number | undefined
): Promise<{ timeZone: string; storeFound: boolean } | null> {
  const row = await db
    .prepare(
      `select b.time_zone as business_time_zone, s.id as store_id, s.time_zone as store_time_zone
       from businesses b left join stores s on s.business_id = b.id and s.id = ?2
       where b.id = ?1`
    )
    .bind(businessId, storeId ?? null)
    .first<TimeZoneRow>()
  if (!row) return null
  if (storeId === undefined) return { timeZone: row.business_time_zone, storeFound: true }
  return {
    timeZone: row.store_time_zone ?? row.business_time_zone,
    storeFound: row.store_id !== null,
  }
}

/** A store's slot terms (migration 0003), beside the schedule the stores repo reads. */
export interface SlotSettings {
  asapEnabled: boolean
  deliveryLeadMinutes: number
  collectionLeadMinutes: number
  slotDurationMinutes: number
  slotCapacity: number
}

interface SlotSettingsRow {
  asap_enabled: number
  delivery_lead_minutes: number
  collection_lead_minutes: number
  slot_duration_minutes: number
  slot_capacity: number
}

/** The statement reading a store's slot terms, for a batch; slotSettingsFrom reads its result. */
export function slotSettingsStatement(
  db: D1Database,
  businessId: number,
  storeId: number
): D1PreparedStatement {
  return db
    .prepare(
      `select asap_enabled, delivery_lead_minutes, collection_lead_minutes, slot_duration_minutes,
         slot_capacity
       from stores where business_id = ?1 and id = ?2 and is_active = 1`
    )
    .bind(businessId, storeId)
}

/** The slot terms slotSettingsStatement read; null when the store is no active store. */
export function slotSettingsFrom(result: D1Result<unknown> | undefined): SlotSettings | null {
  const row = (result?.results as Array<SlotSettingsRow> | undefined)?.[0]
  if (!row) return null
  return {
    asapEnabled: row.asap_enabled === 1,
    deliveryLeadMinutes: row.delivery_lead_minutes,
    collectionLeadMinutes: row.collection_lead_minutes,
    slotDurationMinutes: row.slot_duration_minutes,
    slotCapacity: row.slot_capacity,
  }
}

/** The slot terms of an active store of the business; null when there is none. */
export async function findSlotSettings(
  db: D1Database,
  businessId: number,
  storeId: number
): Promise<SlotSettings | null> {
  return slotSettingsFrom(await slotSettingsStatement(db, businessId, storeId).all())
}

/** A stored slot's place count as reads see it: lapsed holds no longer take a place. */
export interface SlotUsage {
  slotDate: string
  startsAt: string
  capacity: number
  taken: number
  blocked: boolean
}

interface SlotUsageRow {
  slot_date: string
  starts_at: string
  capacity: number
  taken: number
  is_blocked: number
}

/**
 * The statement reading the stored slots of a store and method between two local dates. Without
 * `to`, up to `from` + the store's days in advance + 2 days: a caller that does not know the
 * store's today yet (its zone and days ahead come in the same batch) starts from the UTC day
 * before and reads a day or two more than it needs, which it never looks up.
 */
export function slotUsageStatement(
  db: D1Database,
  storeId: number,
  method: FulfilmentMethod,
  from: string,
  to: string | null,
  now: Date
): D1PreparedStatement {
  return db
    .prepare(
      `select t.slot_date, t.starts_at, t.capacity, t.is_blocked,
         t.reserved_count - (select count(*) from slot_reservations r
           where r.time_slot_id = t.id and r.status = 'held' and r.expires_at <= ?5) as taken
       from time_slots t
       where t.store_id = ?1 and t.fulfilment_method = ?2 and t.slot_date between ?3 and
         coalesce(?4, date(?3, '+' || ((select days_in_advance from stores where id = ?1) + 2)
           || ' days'))`
    )
    .bind(storeId, method, from, to, now.toISOString())
}

/** Rows of slotUsageStatement, keyed `date time`. */
export function slotUsageFrom(result: D1Result<unknown> | undefined): Map<string, SlotUsage> {
  const usage = new Map<string, SlotUsage>()
  for (const row of (result?.results ?? []) as Array<SlotUsageRow>) {
    usage.set(`${row.slot_date} ${row.starts_at}`, {
      slotDate: row.slot_date,
      startsAt: row.starts_at,
      capacity: row.capacity,
      taken: row.taken,
      blocked: row.is_blocked === 1,
    })
  }
  return usage
}
