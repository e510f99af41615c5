import type { OrderStatus } from '../../../schemas/checkout.ts'
import { ofCallingBrand } from '../order-brand.ts'

/*
 * What live tracking reads (ADR 004: this domain's SQL; ADR 019): one order with its store's
 * point and the delivery point (never the address text), and when it reached each status.
 */

export interface TrackedOrderRow {
  id: number
  business_id: number
  store_id: number
  business_order_id: string
  customer_id: number | null
  basket_id: number | null
  status: OrderStatus
  fulfilment_method: 'delivery' | 'collection'
  fulfilment_timing: 'asap' | 'future'
  slot_date: string | null
  slot_starts_at: string | null
  slot_ends_at: string | null
  estimated_ready_at: string | null
  placed_at: string | null
  payment_method: string | null
  total: number
  original_total: number
  credit_applied: number
  total_adjustment: number
  refund: number
  tip_refund: number
  closing_reason: string | null
  /** Refunds and voids done on the order's payments (cash: recorded). */
  given_back: number
  /** Store credit given back to the member for the order. */
  credit_returned: number
  delivery_latitude: number | null
  delivery_longitude: number | null
  driver_latitude: number | null
  driver_longitude: number | null
  driver_updated_at: string | null
  store_name: string
  store_phone: string | null
  store_latitude: number
  store_longitude: number
}

const TRACKED_SELECT = `select o.id, o.business_id, o.store_id, o.business_order_id, o.customer_id, o.basket_id,
    o.status, o.fulfilment_method, o.fulfilment_timing, o.slot_date, o.slot_starts_at,
    o.slot_ends_at, o.estimated_ready_at, o.placed_at, o.payment_method, o.total,
    o.original_total, o.credit_applied, o.total_adjustment, o.refund, o.tip_refund,
    o.closing_reason,
    coalesce((select sum(r.amount) from payment_refunds r join payments p on p.id = r.payment_id
      where p.order_id = o.id and r.status = 'done'), 0) as given_back,
    coalesce((select sum(l.amount) from customer_credit_ledger l where l.order_id = o.id
      and l.kind in ('order_credit_returned', 'refund_as_credit')), 0) as credit_returned,
    o.delivery_latitude, o.delivery_longitude, o.driver_latitude, o.driver_longitude,
    o.driver_updated_at, s.name as store_name, s.phone as store_phone,
    s.latitude as store_latitude, s.longitude as store_longitude
  from orders o join stores s on s.id = o.store_id`

/** The order with this number of the business (null also for another brand's order, ADR 012). */
export function findTrackedOrder(
  db: D1Database,
  businessId: number,
  orderNumber: string,
  brandId?: number
): Promise<TrackedOrderRow | null> {
  return db
    .prepare(
      `${TRACKED_SELECT} where o.business_order_id = ?1 and o.business_id = ?2
        and ${ofCallingBrand('?3')}`
    )
    .bind(orderNumber, businessId, brandId ?? null)
    .first<TrackedOrderRow>()
}

/** The order by its id (the publishers: a committed action, a driver's position). */
export function findTrackedOrderById(
  db: D1Database,
  businessId: number,
  orderId: number
): Promise<TrackedOrderRow | null> {
  return db
    .prepare(`${TRACKED_SELECT} where o.id = ?1 and o.business_id = ?2`)
    .bind(orderId, businessId)
    .first<TrackedOrderRow>()
}

/** When the order first reached each status it moved to (the store console's history). */
export async function statusReachedTimes(
  db: D1Database,
  orderId: number
): Promise<Array<{ status: string; at: string }>> {
  const { results } = await db
    .prepare(
      `select to_status as status, min(at) as at from order_history
        where order_id = ?1 and role <> 'shopper' group by to_status`
    )
    .bind(orderId)
    .all<{ status: string; at: string }>()
  return results
}

/**
 * Forgets the driver's position of an order that is no longer Driver en Route (ADR 019
 * retention). The location route stores positions only while en route, so once the order has
 * moved on nothing can write one back after this.
 */
export async function forgetDriverPosition(db: D1Database, orderId: number): Promise<void> {
  await db
    .prepare(
      `update orders set driver_latitude = null, driver_longitude = null, driver_updated_at = null
        where id = ?1 and status <> 'en_route'
          and (driver_latitude is not null or driver_longitude is not null
            or driver_updated_at is not null)`
    )
    .bind(orderId)
    .run()
}
