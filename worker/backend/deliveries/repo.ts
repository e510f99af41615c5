/*
 * Deliveries on the road (ADR 004: this domain's SQL): the driver's position on the order, which
 * the shopper's tracking (/checkout/driver-location) reads, and what the local driver simulator
 * needs to drive a demo delivery.
 */

/** What the location route checks before it writes. */
export interface DeliveryRow {
  id: number
  status: string
  fulfilment_method: 'delivery' | 'collection'
  driver_id: number | null
}

/** An order of this store of this business (null: none, which answers 404 like another's). */
export function findStoreDelivery(
  db: D1Database,
  businessId: number,
  storeId: number,
  orderId: number
): Promise<DeliveryRow | null> {
  return db
    .prepare(
      `select id, status, fulfilment_method, driver_id from orders
        where id = ?1 and business_id = ?2 and store_id = ?3`
    )
    .bind(orderId, businessId, storeId)
    .first<DeliveryRow>()
}

export interface DriverPosition {
  orderId: number
  driverId: number
  latitude: number
  longitude: number
  /** The app clock's instant, ISO 8601: what the shopper's map shows as "updated". */
  at: string
  /** A position stored after this instant is recent enough: this one is not stored. */
  notAfter: string
}

/**
 * Stores the position only while the order is still en route with this driver and the last one is
 * at least the throttle interval old: one conditional update, so two fixes racing store one and a
 * delivery marked delivered meanwhile keeps its last position. Answers whether it was stored.
 */
export async function storeDriverPosition(
  db: D1Database,
  position: DriverPosition
): Promise<boolean> {
  const result = await db
    .prepare(
      `update orders set driver_latitude = ?1, driver_longitude = ?2, driver_updated_at = ?3
        where id = ?4 and status = 'en_route' and driver_id = ?5
          and (driver_updated_at is null or driver_updated_at <= ?6)`
    )
    .bind(
      position.latitude,
      position.longitude,
      position.at,
      position.orderId,
      position.driverId,
      position.notAfter
    )
    .run()
  return result.meta.changes === 1
}

/** The last stored position's instant (null: none yet). */
export async function findDriverPositionTime(
  db: D1Database,
  orderId: number
): Promise<string | null> {
  const row = await db
    .prepare(`select driver_updated_at from orders where id = ?1`)
    .bind(orderId)
    .first<{ driver_updated_at: string | null }>()
  return row?.driver_updated_at ?? null
}

/** What the local driver simulator drives: the store, the address and who carries it. */
export interface SimulatedDeliveryRow {
  id: number
  business_id: number
  store_id: number
  status: string
  driver_id: number | null
  driver_email: string | null
  store_latitude: number
  store_longitude: number
  delivery_latitude: number | null
  delivery_longitude: number | null
}

export function findSimulatedDelivery(
  db: D1Database,
  businessId: number,
  orderId: number
): Promise<SimulatedDeliveryRow | null> {
  return db
    .prepare(
      `select o.id, o.business_id, o.store_id, o.status, o.driver_id, d.email as driver_email,
          s.latitude as store_latitude, s.longitude as store_longitude,
          o.delivery_latitude, o.delivery_longitude
        from orders o
        join stores s on s.id = o.store_id
        left join staff_accounts d on d.id = o.driver_id
        where o.id = ?1 and o.business_id = ?2`
    )
    .bind(orderId, businessId)
    .first<SimulatedDeliveryRow>()
}

/** A delivery on the driver's round, with what the route order reads. */
export interface RouteDeliveryRow {
  id: number
  fulfilment_timing: 'asap' | 'future'
  slot_date: string | null
  slot_starts_at: string | null
  slot_ends_at: string | null
  placed_at: string
  delivery_latitude: number | null
  delivery_longitude: number | null
}

/** The driver's deliveries still to do at the store: picked or en route, assigned to them. */
export async function driverDeliveries(
  db: D1Database,
  input: { businessId: number; storeId: number; driverId: number }
): Promise<Array<RouteDeliveryRow>> {
  const { results } = await db
    .prepare(
      `select id, fulfilment_timing, slot_date, slot_starts_at, slot_ends_at, placed_at,
          delivery_latitude, delivery_longitude
        from orders
        where store_id = ?1 and business_id = ?2 and driver_id = ?3
          and fulfilment_method = 'delivery' and status in ('picked', 'en_route')
          and placed_at is not null
        limit 200`
    )
    .bind(input.storeId, input.businessId, input.driverId)
    .all<RouteDeliveryRow>()
  return results
}

/** Where the store is and its country (the route's start and its distance unit). */
export function findStorePlace(
  db: D1Database,
  businessId: number,
  storeId: number
): Promise<{ latitude: number; longitude: number; country_code: string } | null> {
  return db
    .prepare(
      `select latitude, longitude, country_code from stores where id = ?1 and business_id = ?2`
    )
    .bind(storeId, businessId)
    .first<{ latitude: number; longitude: number; country_code: string }>()
}
