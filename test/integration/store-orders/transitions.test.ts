import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import {
  act,
  actOk,
  board,
  cashOrder,
  errorMessage,
  historyOf,
  inMinutes,
  publicStatus,
  seedCheckout,
  shopperEmails,
  type SignedInStaff,
  staffMember,
  STORES,
  finishPicking,
} from './fixtures.ts'

/*
 * Each transition of the order state machine through /staff/orders/action against migrated D1:
 * the status moves, the history row says who and why, the shopper is emailed the spec's tracking
 * message, and the public order-status call answers the new state.
 */

const STORE = STORES.main
let manager: SignedInStaff
let picker: SignedInStaff
let driver: SignedInStaff

beforeAll(async () => {
  await seedCheckout(env.DB)
  manager = await staffMember([{ storeId: STORE, role: 'store_manager' }])
  picker = await staffMember([{ storeId: STORE, role: 'picker' }])
  driver = await staffMember([{ storeId: STORE, role: 'driver' }])
})

describe('a delivery from Sent to Store to Delivered', () => {
  it('moves through every in-progress status with history and emails', async () => {
    const order = await cashOrder()
    const listed = await board(manager.bearer, STORE)
    const onBoard = listed.orders.find((o) => o.orderId === order.orderId)
    expect(onBoard).toMatchObject({
      status: 'sent_to_store',
      statusLabel: 'Sent to Store',
      allowedActions: ['accept', 'reject', 'cancel'],
    })

    const accepted = await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(30),
    })
    expect(accepted.status).toBe('store_accepted_picking')
    expect(accepted.statusCode).toBe(40)

    const [line] = accepted.departments.flatMap((d) => d.lines)
    if (!line) throw new Error('no line')
    const marked = await actOk(picker.bearer, STORE, order.orderId, 'store_accepted_picking', {
      type: 'mark_line',
      lineId: line.lineId,
      version: 0,
      mark: 'picked',
    })
    expect(marked.departments.flatMap((d) => d.lines)[0]).toMatchObject({ mark: 'picked' })
    // Picking has started: too late to cancel.
    expect(marked.allowedActions).not.toContain('cancel')

    const picked = await finishPicking(picker.bearer, STORE, order.orderId)
    expect(picked.status).toBe('picked')

    const assigned = await actOk(manager.bearer, STORE, order.orderId, 'picked', {
      type: 'assign_driver',
      driverId: driver.id,
    })
    expect(assigned.driver).toEqual({ staffId: driver.id, name: 'Sam Staff' })

    const driverBoard = await board(driver.bearer, STORE)
    expect(driverBoard.orders.map((o) => o.orderId)).toEqual([order.orderId])
    const enRoute = await actOk(driver.bearer, STORE, order.orderId, 'picked', {
      type: 'start_route',
    })
    expect(enRoute.status).toBe('en_route')
    const delivered = await actOk(driver.bearer, STORE, order.orderId, 'en_route', {
      type: 'deliver',
    })
    expect(delivered.status).toBe('delivered')
    expect(delivered.statusCode).toBe(100)
    expect(delivered.history.map((h) => [h.action, h.from, h.to, h.role])).toEqual([
      ['accept', 'sent_to_store', 'store_accepted_picking', 'store_manager'],
      ['mark_line', 'store_accepted_picking', 'store_accepted_picking', 'picker'],
      ['finish_picking', 'store_accepted_picking', 'picked', 'picker'],
      ['assign_driver', 'picked', 'picked', 'store_manager'],
      ['start_route', 'picked', 'en_route', 'driver'],
      ['deliver', 'en_route', 'delivered', 'driver'],
    ])

    const emails = await shopperEmails(order.email)
    expect(emails.map((e) => e.message)).toEqual([
      MESSAGES.orderTrackingAccepted,
      MESSAGES.orderTrackingEnRoute,
      MESSAGES.orderTrackingDelivered,
    ])
    expect(await publicStatus(order)).toBe('delivered')
  })

  it('records a delivery problem with its reason', async () => {
    const order = await cashOrder()
    await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(20),
    })
    await finishPicking(picker.bearer, STORE, order.orderId)
    await actOk(manager.bearer, STORE, order.orderId, 'picked', {
      type: 'assign_driver',
      driverId: driver.id,
    })
    await actOk(driver.bearer, STORE, order.orderId, 'picked', { type: 'start_route' })
    const failed = await actOk(driver.bearer, STORE, order.orderId, 'en_route', {
      type: 'unable_to_deliver',
      reason: 'Nobody home',
    })
    expect(failed).toMatchObject({ status: 'unable_to_deliver', closingReason: 'Nobody home' })
    expect((await shopperEmails(order.email)).at(-1)?.message).toBe(
      `${MESSAGES.orderTrackingDeliveryProblem} The store said: Nobody home`
    )
  })
})

describe('collection', () => {
  it('Picked → ready for collection → collected (Delivered)', async () => {
    const order = await cashOrder('collection')
    await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(15),
    })
    await finishPicking(picker.bearer, STORE, order.orderId)
    const early = await act(picker.bearer, STORE, order.orderId, 'picked', { type: 'collected' })
    expect(early.status).toBe(409)
    const ready = await actOk(picker.bearer, STORE, order.orderId, 'picked', {
      type: 'ready_for_collection',
    })
    expect(ready.readyForCollection).toBe(true)
    const collected = await actOk(picker.bearer, STORE, order.orderId, 'picked', {
      type: 'collected',
    })
    expect(collected.status).toBe('delivered')
    expect((await shopperEmails(order.email)).map((e) => e.message)).toEqual([
      MESSAGES.orderTrackingAccepted,
      MESSAGES.orderTrackingReadyForCollection,
      MESSAGES.orderTrackingDelivered,
    ])
  })
})

describe('reject and cancel', () => {
  it('reject needs a reason, then ends the order and releases the slot place', async () => {
    const order = await cashOrder()
    const slotBefore = await reservedPlaces(order.orderId)
    const blank = await act(manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'reject',
      reason: '  ',
    })
    expect([blank.status, errorMessage(blank)]).toEqual([422, MESSAGES.orderActionReasonRequired])
    const rejected = await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'reject',
      reason: 'Closing early',
    })
    expect(rejected).toMatchObject({ status: 'store_rejected', closingReason: 'Closing early' })
    expect(rejected.money.total).toBe(0)
    expect(rejected.money.refund + rejected.money.tipRefund).toBe(rejected.money.originalTotal)
    expect(await reservedPlaces(order.orderId)).toBe(slotBefore - 1)
    // Cash is paid at the door: nothing was taken. The email gives the store's reason.
    expect((await shopperEmails(order.email)).at(-1)?.message).toBe(
      `${MESSAGES.orderTrackingRejectedCash} ${formatMessage('orderTrackingStoreReason', 'Closing early')}`
    )
    expect(await publicStatus(order)).toBe('store_rejected')
  })

  it('cancel before picking, and once a line is marked (issue 35 item 6)', async () => {
    const order = await cashOrder()
    const cancelled = await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'cancel',
      reason: 'Shopper phoned',
    })
    expect(cancelled.status).toBe('cancelled')

    const started = await cashOrder()
    const accepted = await actOk(manager.bearer, STORE, started.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(30),
    })
    const lineId = accepted.departments[0]?.lines[0]?.lineId ?? 0
    await actOk(picker.bearer, STORE, started.orderId, 'store_accepted_picking', {
      type: 'mark_line',
      lineId,
      version: 0,
      mark: 'picked',
    })
    const late = await act(manager.bearer, STORE, started.orderId, 'store_accepted_picking', {
      type: 'cancel',
      reason: 'Shopper phoned',
    })
    expect(late.status).toBe(200)
    expect(await historyOf(started.orderId)).toHaveLength(3)
    expect(await publicStatus(started)).toBe('cancelled')
  })

  it('refuses a stale expected status with the current one', async () => {
    const order = await cashOrder()
    const stale = await act(manager.bearer, STORE, order.orderId, 'picked', {
      type: 'assign_driver',
      driverId: driver.id,
    })
    expect([stale.status, errorMessage(stale)]).toEqual([
      409,
      'This order is now Sent to Store, so this can no longer be done.',
    ])
  })

  it('refuses an estimated ready time in the past', async () => {
    const order = await cashOrder()
    const past = await act(manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(-1),
    })
    expect([past.status, errorMessage(past)]).toEqual([422, MESSAGES.orderReadyTimePast])
  })
})

async function reservedPlaces(orderId: number): Promise<number> {
  const row = await env.DB.prepare(
    `select t.reserved_count from time_slots t
     join slot_reservations r on r.time_slot_id = t.id where r.order_id = ?1`
  )
    .bind(orderId)
    .first<{ reserved_count: number }>()
  return row?.reserved_count ?? 0
}
