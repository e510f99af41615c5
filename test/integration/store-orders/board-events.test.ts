import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import type { OrderBoardEvent, OrderBoardNotifier } from '../../../worker/backend/adapters.ts'
import { confirmOrder } from '../../../worker/backend/checkout/orders.ts'
import { createBackend } from '../../../worker/backend/index.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import { deliverEffects } from '../../support/workers/effects.ts'
import { callOf, jsonPost } from '../../support/workers/requests.ts'
import { testEnv } from '../auth/fixtures.ts'
import { paymentBody } from '../payments/fixtures.ts'
import { memberCall, memberOrder, newMember } from '../member/orders-fixtures.ts'
import {
  cashOrder,
  inMinutes,
  placeDraft,
  seedCheckout,
  type SignedInStaff,
  staffMember,
  STORES,
} from './fixtures.ts'

/*
 * The store's live boards hear of every change (ADR 017): a paid order arriving ('placed', from
 * checkout's confirmation) and every action ('updated'), after the batch, and a notifier that
 * throws never breaks the call.
 */

const STORE = STORES.main
let manager: SignedInStaff

beforeAll(async () => {
  await seedCheckout(env.DB)
  manager = await staffMember([{ storeId: STORE, role: 'store_manager' }])
})

function recorder(fail = false): OrderBoardNotifier & { events: Array<OrderBoardEvent> } {
  const events: Array<OrderBoardEvent> = []
  return {
    events,
    publish: (_bindings, event) => {
      events.push(event)
      return fail ? Promise.reject(new Error('board down')) : Promise.resolve()
    },
  }
}

describe('checkout', () => {
  it('announces a placed order once, and a failing board does not fail the confirmation', async () => {
    for (const fail of [false, true]) {
      const board = recorder(fail)
      const draft = await placeDraft(
        'delivery',
        'paymentCash',
        `b.${crypto.randomUUID()}@example.com`
      )
      const now = new Date()
      const confirm = () => confirmOrder(testEnv, { businessId: 1, orderId: draft.orderId, now })
      expect((await confirm()).status).toBe('sent_to_store')
      await confirm()
      const outcomes = await deliverEffects({
        env: { ...testEnv, ...backendAdapters, orderBoard: board },
        now,
      })
      // The board's notice is an effect of the placing (ADR 037): a board that is down leaves
      // it pending for the queue's retry, the order placed all the same.
      expect(outcomes.filter((outcome) => outcome === 'failed')).toHaveLength(fail ? 1 : 0)
      expect(board.events).toEqual([
        {
          businessId: 1,
          storeId: STORE,
          orderId: draft.orderId,
          status: 'sent_to_store',
          change: 'placed',
          at: now.toISOString(),
        },
      ])
      if (fail) {
        // The board is back: the queue's retry tells it.
        const back = recorder()
        await deliverEffects({ env: { ...testEnv, ...backendAdapters, orderBoard: back }, now })
        expect(back.events).toMatchObject([{ orderId: draft.orderId, change: 'placed' }])
      }
    }
  })
})

describe('payments', () => {
  it('a cash order confirmed through /payments/make is announced to its store once', async () => {
    const board = recorder()
    const app = createBackend({ ...backendAdapters, orderBoard: board })
    const draft = await placeDraft(
      'delivery',
      'paymentCash',
      `p.${crypto.randomUUID()}@example.com`
    )
    const body = paymentBody(draft, {
      paymentMethod: 'paymentCash',
      paymentGateway: 'cash',
      cashConfirmed: true,
    })
    for (let i = 0; i < 2; i++) {
      const answer = await callOf(await app.request('/payments/make', jsonPost(body), testEnv))
      expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    }
    await deliverEffects({ env: { ...testEnv, ...backendAdapters, orderBoard: board } })
    await deliverEffects({ env: { ...testEnv, ...backendAdapters, orderBoard: board } })
    expect(board.events).toMatchObject([
      { businessId: 1, storeId: STORE, orderId: draft.orderId, change: 'placed' },
    ])
  })
})

describe('store actions', () => {
  it('publish an update after the batch; a failing board does not fail the action', async () => {
    for (const fail of [false, true]) {
      const board = recorder(fail)
      const app = createBackend({ ...backendAdapters, orderBoard: board })
      const order = await cashOrder()
      const answer = await callOf(
        await app.request(
          '/staff/orders/action',
          jsonPost(
            {
              businessId: 1,
              storeId: STORE,
              orderId: order.orderId,
              expectedStatus: 'sent_to_store',
              action: { type: 'accept', estimatedReadyAt: inMinutes(20) },
            },
            { bearer: manager.bearer, headers: { 'idempotency-key': crypto.randomUUID() } }
          ),
          testEnv
        )
      )
      expect(answer.status).toBe(200)
      expect(board.events).toMatchObject([
        {
          storeId: STORE,
          orderId: order.orderId,
          status: 'store_accepted_picking',
          change: 'updated',
        },
      ])
    }
  })
})

describe('a shopper’s amend', () => {
  it('announces an applied change once, after the batch; a refused one says nothing', async () => {
    const ada = await newMember('Ada')
    const draft = await memberOrder(ada)
    await deliverEffects({ env: { ...testEnv, ...backendAdapters, orderBoard: recorder() } })
    const line = await env.DB.prepare(
      'select id, quantity from order_lines where order_id = ?1 and parent_line_id is null'
    )
      .bind(draft.orderId)
      .first<{ id: number; quantity: number }>()
    const amend = (version: number) =>
      memberCall(
        '/member/orders/amend',
        {
          businessOrderId: draft.businessOrderId,
          version,
          changes: [{ lineId: line!.id, quantity: line!.quantity + 1 }],
        },
        ada
      )
    expect((await amend(0)).status).toBe(200)
    // The same screen sent again is stale: it changes nothing and announces nothing.
    expect((await amend(0)).status).toBe(409)
    const board = recorder()
    const boardEnv = { ...testEnv, ...backendAdapters, orderBoard: board }
    await deliverEffects({ env: boardEnv })
    await deliverEffects({ env: boardEnv })
    expect(board.events).toMatchObject([
      {
        businessId: 1,
        storeId: STORE,
        orderId: draft.orderId,
        status: 'sent_to_store',
        change: 'updated',
      },
    ])
  })
})
