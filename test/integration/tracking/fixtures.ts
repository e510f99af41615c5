import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { type TrackingSnapshot, TrackingSnapshotSchema } from '../../../schemas/tracking.ts'
import type { Call } from '../../support/workers/requests.ts'
import { call } from '../auth/fixtures.ts'
import type { PaidOrder } from '../store-orders/fixtures.ts'
import { deliverEffects } from '../../support/workers/effects.ts'

/*
 * Live tracking through the API (ADR 019): the order's number, the signed link its emails carry,
 * the snapshot call as the page makes it.
 */

export async function orderNumberOf(orderId: number): Promise<string> {
  const row = await env.DB.prepare(`select business_order_id from orders where id = ?1`)
    .bind(orderId)
    .first<{ business_order_id: string }>()
  return row?.business_order_id ?? ''
}

/** The tracking paths of the shopper's emails of one template, oldest first. */
export async function emailedTrackingPaths(
  email: string,
  template: 'order_confirmation' | 'order_status'
): Promise<Array<string>> {
  await deliverEffects()
  const { results } = await env.DB.prepare(
    `select payload_json from outbox where recipient = ?1 and template = ?2 order by id`
  )
    .bind(email, template)
    .all<{ payload_json: string }>()
  return results.map((row) =>
    String((JSON.parse(row.payload_json) as Record<string, unknown>).trackingPath)
  )
}

/** The signed token of a tracking path (its `t` query). */
export function tokenOf(path: string): string {
  return new URL(path, 'https://localhost').searchParams.get('t') ?? ''
}

/** POST /tracking/order as the page makes it. */
export function track(body: Record<string, unknown>, bearer?: string): Promise<Call> {
  return call('/tracking/order', { businessId: 1, ...body }, bearer ? { bearer } : {})
}

/** The shopper's own snapshot (by the basket token), expecting 200. */
export async function snapshotOf(order: PaidOrder, orderNumber: string): Promise<TrackingSnapshot> {
  const answer = await track({ orderNumber, basketToken: order.basketToken })
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return TrackingSnapshotSchema.parse(answer.json)
}

export async function storedDriverPosition(orderId: number) {
  return env.DB.prepare(
    `select driver_latitude, driver_longitude, driver_updated_at from orders where id = ?1`
  )
    .bind(orderId)
    .first()
}
