import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { MemberOrderDetailSchema } from '../../../schemas/member-orders.ts'
import { RejectSubstituteResultSchema } from '../../../schemas/order-changes.ts'
import type { StoreOrderDetail } from '../../../schemas/store-orders.ts'
import { writeRejection } from '../../../worker/backend/substitute-review/repo.ts'
import { plainItem } from '../checkout/fixtures.ts'
import { call } from '../auth/fixtures.ts'
import { errorOf, memberCall, memberOrder, newMember } from '../member/orders-fixtures.ts'
import { emailedTrackingPaths, orderNumberOf, snapshotOf, tokenOf } from '../tracking/fixtures.ts'
import {
  actOk,
  cardOrder,
  detail,
  expectLedgerBalances,
  finishPicking,
  orderTotal,
  refundRowsOf,
  shopperEmails,
  type SignedInStaff,
  staffCall,
  storeTeam,
  STORES,
  substituteCheaper,
} from './fixtures.ts'
import { pickOrder } from '../../support/workers/picked-orders.ts'

/*
 * Reviewing what picking changed (issue 42, ADR 043): the changes on the tracking page (a guest
 * by the signed link) and the member's order, the picked email saying so; a substitute rejected
 * until the order leaves the store, or handed back at the door, refunded once through the
 * payment's gateway. Over every card order here: captured − refunded − voided = total.
 */

const STORE = STORES.main
const RACERS = 20
let manager: SignedInStaff
let picker: SignedInStaff
let driver: SignedInStaff
const cardOrders: Array<number> = []

beforeAll(async () => {
  ;({ manager, picker, driver } = await storeTeam())
})

afterAll(async () => {
  await expectLedgerBalances(cardOrders)
})

/** A card delivery of two items: the first substituted a penny cheaper, the second short by 2. */
async function pickedWithChanges() {
  const first = await plainItem(500, 2500)
  const second = await plainItem(100, 2500, first.id)
  const order = await cardOrder('delivery', [
    { id: first.id, quantity: 1 },
    { id: second.id, quantity: 3 },
  ])
  cardOrders.push(order.orderId)
  const { substitute, picked } = await pickOrder({ manager, picker }, order.orderId, {
    substitute: (lines) => lines.find((line) => line.menuItemId === first.id),
    short: {
      line: (lines) => lines.find((line) => line.menuItemId === second.id),
      pickedQuantity: 1,
    },
  })
  if (!substitute || !picked) throw new Error('not picked as planned')
  const orderNumber = await orderNumberOf(order.orderId)
  const [path] = await emailedTrackingPaths(order.email, 'order_confirmation')
  return {
    order,
    orderNumber,
    token: tokenOf(path ?? ''),
    picked,
    lineId: substitute.line.lineId,
    substitute: substitute.item,
    charged: substitute.item.price,
  }
}

function rejectByLink(orderNumber: string, token: string, lineId: number) {
  return call('/tracking/order/reject-substitute', { businessId: 1, orderNumber, token, lineId })
}

function handBack(orderId: number, lineId: number, bearer = driver.bearer) {
  return staffCall(
    '/staff/deliveries/hand-back',
    { businessId: 1, storeId: STORE, orderId, lineId },
    bearer
  )
}

async function onTheRoad(orderId: number): Promise<StoreOrderDetail> {
  await actOk(manager.bearer, STORE, orderId, 'picked', {
    type: 'assign_driver',
    driverId: driver.id,
  })
  return actOk(driver.bearer, STORE, orderId, 'picked', { type: 'start_route' })
}

const messageOf = (answer: { json: unknown }) => errorOf(answer as never).message

describe('the changes once picked', { timeout: 60_000 }, () => {
  it('are listed on the tracking page and in the picked email', async () => {
    const { order, orderNumber, substitute } = await pickedWithChanges()
    const snapshot = await snapshotOf(order, orderNumber)
    expect(snapshot.changes?.canReject).toBe(true)
    expect(snapshot.changes?.lines).toMatchObject([
      {
        kind: 'substituted',
        supplied: { name: substitute.name, quantity: 1 },
        chargedPrice: substitute.price,
        rejected: null,
      },
      { kind: 'short', ordered: { quantity: 3 }, supplied: { quantity: 1 } },
    ])
    const email = (await shopperEmails(order.email)).at(-1)
    expect(email?.message).toContain('Your order has changes: 1 × ')
    expect(email?.message).toContain(
      'You can reject a substitute until your order leaves the store.'
    )
  })
})

describe('rejecting a substitute at review', { timeout: 60_000 }, () => {
  it('by the guest link: the line is refunded once through the gateway; again is refused', async () => {
    const { order, orderNumber, token, lineId, charged, substitute } = await pickedWithChanges()
    const before = await orderTotal(order.orderId)
    const answer = await rejectByLink(orderNumber, token, lineId)
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const result = RejectSubstituteResultSchema.parse(answer.json)
    expect(result.refunded).toBe(charged)
    expect(result.changes.lines[0]).toMatchObject({ rejected: 'review', refunded: charged })
    expect(await orderTotal(order.orderId)).toBe(before - charged)
    expect(await refundRowsOf(order.orderId)).toContainEqual({
      kind: 'refund',
      amount: charged,
      reference: `o${order.orderId}-sub${lineId}`,
      status: 'done',
    })
    const email = (await shopperEmails(order.email)).at(-1)
    expect(email?.message).toBe(
      formatMessage('substituteRejectedRefund', substitute.name, formatMoney(charged))
    )
    // The store console's history says the shopper sent it back (migration 0102).
    expect((await detail(manager.bearer, STORE, order.orderId)).history.at(-1)).toMatchObject({
      actor: null,
      role: 'shopper',
      action: 'reject_substitute',
      amount: charged,
    })
    const again = await rejectByLink(orderNumber, token, lineId)
    expect(again.status).toBe(409)
    expect(messageOf(again)).toBe(MESSAGES.substituteAlreadyRejected)
    // Nobody else can: a link of another order is as if this one did not exist.
    const stranger = await rejectByLink(orderNumber, 'not-a-token', lineId)
    expect(stranger.status).toBe(404)
  })

  it(`${RACERS} rejections of one line at once refund it once`, async () => {
    const { order, orderNumber, token, lineId, charged } = await pickedWithChanges()
    const before = await orderTotal(order.orderId)
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () => rejectByLink(orderNumber, token, lineId))
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(RACERS - 1)
    expect(await orderTotal(order.orderId)).toBe(before - charged)
    const refunds = (await refundRowsOf(order.orderId)).filter((row) =>
      row.reference.startsWith(`o${order.orderId}-sub`)
    )
    expect(refunds).toEqual([
      {
        kind: 'refund',
        amount: charged,
        reference: `o${order.orderId}-sub${lineId}`,
        status: 'done',
      },
    ])
  })

  it('is refused once the order has left the store: the driver records it at the door', async () => {
    const { order, orderNumber, token, lineId, charged } = await pickedWithChanges()
    await onTheRoad(order.orderId)
    const late = await rejectByLink(orderNumber, token, lineId)
    expect(late.status).toBe(409)
    expect(messageOf(late)).toBe(MESSAGES.substituteRejectTooLate)
    const before = await orderTotal(order.orderId)
    const handed = await handBack(order.orderId, lineId)
    expect(handed.status, JSON.stringify(handed.json)).toBe(200)
    expect(RejectSubstituteResultSchema.parse(handed.json).changes.lines[0]).toMatchObject({
      rejected: 'door',
      refunded: charged,
    })
    expect(await orderTotal(order.orderId)).toBe(before - charged)
    expect((await detail(manager.bearer, STORE, order.orderId)).history.at(-1)).toMatchObject({
      role: 'driver',
      action: 'reject_substitute',
      amount: charged,
    })
    const twice = await handBack(order.orderId, lineId)
    expect(twice.status).toBe(409)
    expect(messageOf(twice)).toBe(MESSAGES.substituteAlreadyRejected)
    // Once delivered nothing more is handed back.
    await actOk(driver.bearer, STORE, order.orderId, 'en_route', { type: 'deliver' })
    expect(
      (await refundRowsOf(order.orderId)).filter((row) => row.reference.includes('-sub'))
    ).toHaveLength(1)
  })

  it('at the door only by the driver of the delivery, only while on its way', async () => {
    const { order, lineId } = await pickedWithChanges()
    const early = await handBack(order.orderId, lineId)
    expect(early.status).toBe(404)
    await onTheRoad(order.orderId)
    const other = await staffCall(
      '/staff/deliveries/hand-back',
      { businessId: 1, storeId: STORE, orderId: order.orderId, lineId },
      picker.bearer
    )
    expect(other.status).toBe(403)
  })

  it("by a member on their order's page (cash: the total falls, nothing at the gateway)", async () => {
    const member = await newMember()
    const draft = await memberOrder(member)
    const accepted = await actOk(manager.bearer, STORE, draft.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    })
    const line = accepted.departments[0]?.lines[0]
    if (!line) throw new Error('no line')
    const substitute = await substituteCheaper(picker.bearer, draft.orderId, line)
    await finishPicking(picker.bearer, STORE, draft.orderId)
    const shown = MemberOrderDetailSchema.parse(
      (await memberCall('/member/orders/order', { businessOrderId: draft.businessOrderId }, member))
        .json
    )
    expect(shown.changes?.lines).toMatchObject([
      { kind: 'substituted', lineId: line.lineId, supplied: { name: substitute.item.name } },
    ])
    const before = await orderTotal(draft.orderId)
    const answer = await memberCall(
      '/member/orders/reject-substitute',
      { businessOrderId: draft.businessOrderId, lineId: line.lineId },
      member
    )
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    expect(await orderTotal(draft.orderId)).toBe(before - substitute.item.price)
    expect(await refundRowsOf(draft.orderId)).toEqual([])
    const stranger = await memberCall(
      '/member/orders/reject-substitute',
      { businessOrderId: draft.businessOrderId, lineId: line.lineId },
      await newMember('Bo')
    )
    expect(stranger.status).toBe(404)
  })
})

describe('the rejection statement', { timeout: 120_000 }, () => {
  it('never gives back more than the line was charged, whatever amounts are asked at once', async () => {
    const { order, lineId } = await pickedWithChanges()
    const row = await env.DB.prepare(`select total, refund from orders where id = ?1`)
      .bind(order.orderId)
      .first<{ total: number; refund: number }>()
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2000 }),
        fc.array(fc.integer({ min: 0, max: 4000 }), { minLength: 1, maxLength: 8 }),
        async (charged, asked) => {
          // A fresh substitute on the line, charged `charged`; the order as it was picked.
          await env.DB.batch([
            env.DB.prepare(
              `update order_line_picks set charged_price = ?2, rejected_at = null,
                 rejected_by = null, rejected_staff_id = null, rejected_amount = null,
                 rejected_token = null, refunded_quantity = 0
               where order_line_id = ?1`
            ).bind(lineId, charged),
            env.DB.prepare(
              `update orders set total = ?2, refund = ?3, status = 'picked' where id = ?1`
            ).bind(order.orderId, row?.total ?? 0, row?.refund ?? 0),
            env.DB.prepare(`delete from effects where effect_key like ?1`).bind(
              `order:${order.orderId}:substitute:%`
            ),
          ])
          const won = await Promise.all(
            asked.map((amount) =>
              writeRejection(env.DB, {
                orderId: order.orderId,
                businessId: 1,
                storeId: STORE,
                lineId,
                amount,
                by: 'review',
                name: 'x',
                driverId: null,
                token: crypto.randomUUID(),
                at: new Date().toISOString(),
              })
            )
          )
          const after = await env.DB.prepare(
            `select o.total, o.refund, k.rejected_amount from orders o
             join order_line_picks k on k.order_id = o.id and k.order_line_id = ?2
             where o.id = ?1`
          )
            .bind(order.orderId, lineId)
            .first<{ total: number; refund: number; rejected_amount: number | null }>()
          const given = (after?.refund ?? 0) - (row?.refund ?? 0)
          expect(won.filter(Boolean).length).toBe(asked.includes(charged) ? 1 : 0)
          expect(given).toBe(asked.includes(charged) ? charged : 0)
          expect(given).toBeLessThanOrEqual(charged)
          expect((row?.total ?? 0) - (after?.total ?? 0)).toBe(given)
        }
      ),
      { numRuns: 25 }
    )
    // Put the order back as picked for the ledger check: nothing was given back at the gateway.
    await env.DB.prepare(`update orders set total = ?2, refund = ?3 where id = ?1`)
      .bind(order.orderId, row?.total ?? 0, row?.refund ?? 0)
      .run()
  })
})
