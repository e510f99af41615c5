import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { StoreOrderDetailSchema } from '../../../schemas/store-orders.ts'
import { nextState } from '../../../schemas/order-states.ts'
import { applyAction } from '../../../worker/backend/store-orders/actions.ts'
import { findStoreOrder } from '../../../worker/backend/orders/repo.ts'
import { progressOf } from '../../../worker/backend/store-orders/view.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import { registerMember, testEnv } from '../auth/fixtures.ts'
import {
  act,
  actOk,
  board,
  cardOrder,
  cashOrder,
  errorMessage,
  historyOf,
  inMinutes,
  placeDraft,
  seedCheckout,
  shopperEmails,
  type SignedInStaff,
  staffCall,
  staffMember,
  STORES,
  finishPicking,
} from './fixtures.ts'

/*
 * Who may do what (ADR 017, ADR 009 addendum), and what happens when two calls meet: two staff at
 * once (one wins, the other is told where the order is now) and a double click (the same answer,
 * nothing done twice).
 */

const STORE = STORES.main
const OTHER_STORE = STORES.single
let manager: SignedInStaff
let secondManager: SignedInStaff
let picker: SignedInStaff
let otherPicker: SignedInStaff
let driver: SignedInStaff
let operator: SignedInStaff

beforeAll(async () => {
  await seedCheckout(env.DB)
  manager = await staffMember([{ storeId: STORE, role: 'store_manager' }])
  secondManager = await staffMember([{ storeId: STORE, role: 'store_manager' }])
  picker = await staffMember([{ storeId: STORE, role: 'picker' }])
  otherPicker = await staffMember([{ storeId: OTHER_STORE, role: 'picker' }])
  driver = await staffMember([{ storeId: STORE, role: 'driver' }])
  operator = await staffMember([], true)
})

const accept = { type: 'accept', estimatedReadyAt: inMinutes(45) } as const

describe('two staff at once', () => {
  it('two accepts: one 200, one 409 with the current status; one history row', async () => {
    const order = await cashOrder()
    const answers = await Promise.all([
      act(manager.bearer, STORE, order.orderId, 'sent_to_store', accept),
      act(secondManager.bearer, STORE, order.orderId, 'sent_to_store', accept),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const lost = answers.find((a) => a.status === 409)
    expect(lost && errorMessage(lost)).toBe(
      'This order is now Store Accepted / Picking, so this can no longer be done.'
    )
    expect(await historyOf(order.orderId)).toHaveLength(1)
    expect(await shopperEmails(order.email)).toHaveLength(1)
  })

  it('accept and reject: exactly one wins and only its effects happen', async () => {
    const order = await cardOrder()
    const answers = await Promise.all([
      act(manager.bearer, STORE, order.orderId, 'sent_to_store', accept),
      act(secondManager.bearer, STORE, order.orderId, 'sent_to_store', {
        type: 'reject',
        reason: 'No staff',
      }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const winner = StoreOrderDetailSchema.parse(answers.find((a) => a.status === 200)?.json)
    const lost = answers.find((a) => a.status === 409)
    expect(lost && errorMessage(lost)).toBe(
      `This order is now ${winner.statusLabel}, so this can no longer be done.`
    )
    const history = await historyOf(order.orderId)
    expect(history).toHaveLength(1)
    const refunds = await env.DB.prepare(
      `select count(*) as n from payment_refunds r join payments p on p.id = r.payment_id
       where p.order_id = ?1`
    )
      .bind(order.orderId)
      .first<{ n: number }>()
    expect(refunds?.n).toBe(winner.status === 'store_rejected' ? 1 : 0)
  })
})

describe('a double click', () => {
  it('the same Idempotency-Key answers the same and acts once', async () => {
    const order = await cashOrder()
    const key = crypto.randomUUID()
    const first = await act(manager.bearer, STORE, order.orderId, 'sent_to_store', accept, key)
    const second = await act(manager.bearer, STORE, order.orderId, 'sent_to_store', accept, key)
    expect(first.status).toBe(200)
    expect(second).toEqual(first)
    expect(await historyOf(order.orderId)).toHaveLength(1)
    expect(await shopperEmails(order.email)).toHaveLength(1)
  })

  it('two clicks at once with one key: one acts, nothing twice', async () => {
    const order = await cashOrder()
    const key = crypto.randomUUID()
    const answers = await Promise.all([
      act(manager.bearer, STORE, order.orderId, 'sent_to_store', accept, key),
      act(manager.bearer, STORE, order.orderId, 'sent_to_store', accept, key),
    ])
    expect(answers.map((a) => a.status)).toContain(200)
    expect(await historyOf(order.orderId)).toHaveLength(1)
  })

  it('takes the key from the body too (the /api proxy forwards no such header)', async () => {
    const order = await cashOrder()
    const body = {
      businessId: 1,
      storeId: STORE,
      orderId: order.orderId,
      expectedStatus: 'sent_to_store',
      action: accept,
      idempotencyKey: crypto.randomUUID(),
    }
    const first = await staffCall('/staff/orders/action', body, manager.bearer)
    const second = await staffCall('/staff/orders/action', body, manager.bearer)
    expect(first.status).toBe(200)
    expect(second).toEqual(first)
    expect(await historyOf(order.orderId)).toHaveLength(1)
  })

  it('an action without an Idempotency-Key is refused', async () => {
    const order = await cashOrder()
    const answer = await staffCall(
      '/staff/orders/action',
      {
        businessId: 1,
        storeId: STORE,
        orderId: order.orderId,
        expectedStatus: 'sent_to_store',
        action: accept,
      },
      manager.bearer
    )
    expect([answer.status, errorMessage(answer)]).toEqual([422, MESSAGES.idempotencyKeyInvalid])
  })
})

describe('roles', () => {
  it('a picker of store A gets 404 on store B, its board and its orders', async () => {
    const order = await cashOrder()
    const boardB = await staffCall(
      '/staff/orders/board',
      { businessId: 1, storeId: STORE },
      otherPicker.bearer
    )
    expect(boardB.status).toBe(404)
    const detailB = await staffCall(
      '/staff/orders/detail',
      { businessId: 1, storeId: STORE, orderId: order.orderId },
      otherPicker.bearer
    )
    expect(detailB.status).toBe(404)
    // Its own store does not hold the order either.
    const viaOwnStore = await staffCall(
      '/staff/orders/detail',
      { businessId: 1, storeId: OTHER_STORE, orderId: order.orderId },
      otherPicker.bearer
    )
    expect(viaOwnStore.status).toBe(404)
  })

  it('a picker cannot accept; a driver cannot refund; a driver sees only their deliveries', async () => {
    const order = await cashOrder()
    const byPicker = await act(picker.bearer, STORE, order.orderId, 'sent_to_store', accept)
    expect([byPicker.status, errorMessage(byPicker)]).toEqual([403, MESSAGES.orderActionWrongRole])
    // Not assigned: the driver does not see the order at all.
    const unseen = await act(driver.bearer, STORE, order.orderId, 'sent_to_store', accept)
    expect(unseen.status).toBe(404)

    await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', accept)
    await finishPicking(picker.bearer, STORE, order.orderId)
    await actOk(manager.bearer, STORE, order.orderId, 'picked', {
      type: 'assign_driver',
      driverId: driver.id,
    })
    await actOk(driver.bearer, STORE, order.orderId, 'picked', { type: 'start_route' })
    await actOk(driver.bearer, STORE, order.orderId, 'en_route', { type: 'deliver' })
    const refund = await act(driver.bearer, STORE, order.orderId, 'delivered', {
      type: 'refund_order',
      reason: 'Damaged',
      cashReturn: 'door',
    })
    expect([refund.status, errorMessage(refund)]).toEqual([403, MESSAGES.orderActionWrongRole])
    const byOperator = await actOk(operator.bearer, STORE, order.orderId, 'delivered', {
      type: 'refund_order',
      reason: 'Damaged',
      cashReturn: 'door',
    })
    expect(byOperator.status).toBe('refunded')
  })

  it('a shopper token gets 401 on every /staff/orders call', async () => {
    const order = await cashOrder()
    const shopper = await registerMember()
    const bearer = shopper.tokens.access_token
    const body = { businessId: 1, storeId: STORE, orderId: order.orderId }
    for (const [path, extra] of [
      ['/staff/orders/board', {}],
      ['/staff/orders/detail', {}],
      ['/staff/orders/action', { expectedStatus: 'sent_to_store', action: accept }],
    ] as const) {
      const answer = await staffCall(path, { ...body, ...extra }, bearer, crypto.randomUUID())
      expect([path, answer.status]).toEqual([path, 401])
    }
  })

  it('assigns only a driver of the store', async () => {
    const order = await cashOrder()
    await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', accept)
    const notADriver = await act(manager.bearer, STORE, order.orderId, 'store_accepted_picking', {
      type: 'assign_driver',
      driverId: picker.id,
    })
    expect([notADriver.status, errorMessage(notADriver)]).toEqual([
      422,
      MESSAGES.orderDriverNotAtStore,
    ])
  })
})

describe('the batch decides, not the read', () => {
  it('an action decided on a stale read writes nothing: no history, money, slot or mark', async () => {
    const order = await cardOrder()
    const stale = await findStoreOrder(env.DB, 1, STORE, order.orderId)
    if (!stale) throw new Error('no order')
    await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', accept)
    const actor = { role: 'store_manager', staffId: secondManager.id } as const
    const reject = { type: 'reject', reason: 'Too busy' } as const
    const decided = nextState(progressOf(stale), reject, actor)
    if (!decided.ok) throw new Error('the stale read should allow the reject')
    const deps = { env: { ...testEnv, ...backendAdapters }, now: new Date() }
    await expect(applyAction(deps, stale, reject, actor, decided)).rejects.toMatchObject({
      code: 'conflict',
      message: 'This order is now Store Accepted / Picking, so this can no longer be done.',
    })
    const after = await env.DB.prepare(
      `select status, closing_reason, total, refund,
         (select count(*) from order_history where order_id = o.id) as history,
         (select count(*) from payment_refunds r join payments p on p.id = r.payment_id
          where p.order_id = o.id) as refunds,
         (select status from slot_reservations where order_id = o.id) as slot
       from orders o where id = ?1`
    )
      .bind(order.orderId)
      .first()
    expect(after).toEqual({
      status: 'store_accepted_picking',
      closing_reason: null,
      total: order.total,
      refund: 0,
      history: 1,
      refunds: 0,
      slot: 'confirmed',
    })
  })
})

describe('orders that were never placed', () => {
  it('a superseded draft (cancelled before payment) is not on the board and has no detail', async () => {
    const draft = await placeDraft(
      'delivery',
      'paymentCard',
      `d.${crypto.randomUUID()}@example.com`
    )
    // What checkout does to a draft a newer one replaces: cancelled, never placed.
    await env.DB.prepare(`update orders set status = 'cancelled' where id = ?1`)
      .bind(draft.orderId)
      .run()
    const orders = (await board(manager.bearer, STORE)).orders
    expect(orders.some((order) => order.orderId === draft.orderId)).toBe(false)
    const answer = await staffCall(
      '/staff/orders/detail',
      { businessId: 1, storeId: STORE, orderId: draft.orderId },
      manager.bearer
    )
    expect(answer.status).toBe(404)
  })
})
