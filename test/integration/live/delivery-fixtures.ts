import { env } from 'cloudflare:test'
import type { OrderStatusName } from '../../../schemas/order-states.ts'
import { STATUS_CODE, isProgressStatus } from '../../../schemas/order-states.ts'
import { insertRow } from '../../support/workers/seed.ts'

let orderCounter = 0

export interface DeliverySeed {
  storeId: number
  status: OrderStatusName
  driverId: number | null
  method?: 'delivery' | 'collection'
  customerId?: number | null
  /** Where the order goes (the simulator drives there). */
  delivery?: { lat: number; lng: number }
}

/** An order of the demo business straight into D1, in the status the test needs. */
export async function seedDeliveryOrder(
  seed: DeliverySeed
): Promise<{ id: number; number: string }> {
  orderCounter += 1
  const number = `LIVE-${Date.now()}-${orderCounter}`
  const row = await insertRow(env.DB, 'orders', {
    businessId: 1,
    storeId: seed.storeId,
    customerId: seed.customerId ?? null,
    businessOrderId: number,
    status: seed.status,
    statusCode: isProgressStatus(seed.status) ? STATUS_CODE[seed.status] : null,
    fulfilmentMethod: seed.method ?? 'delivery',
    fulfilmentTiming: 'asap',
    firstName: 'Pat',
    lastName: 'Shopper',
    email: 'pat@example.com',
    deliveryLatitude: seed.delivery?.lat ?? 53.4839,
    deliveryLongitude: seed.delivery?.lng ?? -2.2251,
    subtotal: 1000,
    originalTotal: 1000,
    total: 1000,
    driverId: seed.driverId,
    placedAt: new Date().toISOString(),
  }).run()
  return { id: Number(row.meta.last_row_id), number }
}

export interface StoredPosition {
  driver_latitude: number | null
  driver_longitude: number | null
  driver_updated_at: string | null
}

/** The position stored on the order. */
export async function storedPosition(orderId: number): Promise<StoredPosition | null> {
  return env.DB.prepare(
    `select driver_latitude, driver_longitude, driver_updated_at from orders where id = ?1`
  )
    .bind(orderId)
    .first<StoredPosition>()
}

export async function setOrderStatus(orderId: number, status: OrderStatusName): Promise<void> {
  await env.DB.prepare(`update orders set status = ?2, status_code = ?3 where id = ?1`)
    .bind(orderId, status, isProgressStatus(status) ? STATUS_CODE[status] : null)
    .run()
}
