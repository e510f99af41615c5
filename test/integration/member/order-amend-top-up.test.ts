import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AmendResultSchema, AmendTopUpAnswerSchema } from '../../../schemas/order-amend.ts'
import { captureOrderPayment } from '../../../worker/backend/payments/capture.ts'
import { refundPayment } from '../../../worker/backend/payments/refunds.ts'
import { settleUnansweredPayments } from '../../../worker/backend/payments/unanswered-payments.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import { plainItem } from '../checkout/fixtures.ts'
import { call } from '../auth/fixtures.ts'
import {
  alterResponse,
  consumerData,
  draftOrder,
  makePayment,
  ORIGIN,
  paymentBody,
  payOnSandbox,
  resultOf,
  VALID_EXPIRY,
} from '../payments/fixtures.ts'
import { errorOf, memberCall, newMember, seedCheckout, type Member } from './orders-fixtures.ts'
import { requirePaymentSandbox } from '../../../worker/backend/adapters.ts'
import { wireAdapters } from '../../../worker/backend/order-subscribers.ts'
import { captureFinal } from '../../../worker/backend/store-orders/effects.ts'
import { deliverEffects } from '../../support/workers/effects.ts'
import {
  actOk,
  finishPicking,
  inMinutes,
  staffMember,
  STORES,
  type SignedInStaff,
} from '../store-orders/fixtures.ts'

/*
 * Paying the difference of an amend (issue 42, ADR 059) against migrated D1 and the local hosted
 * card page: the change waits, the order as it was, until the top-up's signed answer; then one
 * guarded batch applies it. A refused card, a change overtaken by another and a forged answer
 * change nothing; 20 copies of the answer at once apply it once; picking captures the settled
 * payment's money first and the top-up's hold for the rest, never more than it holds.
 */

const GOOD_CARD = { cardNumber: '4263970000005262', ...VALID_EXPIRY }
const DECLINED_CARD = { cardNumber: '4000120000001154', ...VALID_EXPIRY }
const PAYMENT_URLS = {
  successUrl: `${ORIGIN}/member/orders/amend?paid=1`,
  failureUrl: `${ORIGIN}/member/orders/amend?payment=failed`,
  cancelUrl: `${ORIGIN}/member/orders/amend?payment=cancelled`,
}

let itemId = 0
let price = 0
let manager: SignedInStaff

beforeAll(async () => {
  await seedCheckout(env.DB)
  manager = await staffMember([{ storeId: STORES.main, role: 'store_manager' }])
  const item = await plainItem(400, 1800)
  itemId = item.id
  price = item.price
})

interface Placed {
  orderId: number
  businessOrderId: string
  total: number
  lineId: number
}

/** A member's card order of three of the item, settled at once on the sandbox page. */
async function cardOrder(member: Member): Promise<Placed> {
  const draft = await draftOrder({
    bearer: member.bearer,
    email: member.email,
    method: 'paymentCard',
    items: [{ id: itemId, quantity: 3 }],
  })
  const started = await makePayment(paymentBody(draft))
  expect(
    resultOf(await consumerData(await payOnSandbox(started.redirect!, GOOD_CARD))).status
  ).toBe('succeeded')
  const line = await env.DB.prepare(
    'select id from order_lines where order_id = ?1 and parent_line_id is null'
  )
    .bind(draft.orderId)
    .first<{ id: number }>()
  return {
    orderId: draft.orderId,
    businessOrderId: draft.businessOrderId,
    total: draft.total,
    lineId: line!.id,
  }
}

function raise(member: Member, order: Placed, quantity: number, version = 0) {
  return memberCall(
    '/member/orders/amend',
    {
      businessOrderId: order.businessOrderId,
      version,
      changes: [{ lineId: order.lineId, quantity }],
      paymentUrls: PAYMENT_URLS,
    },
    member
  )
}

function answer(hppResponse: string) {
  return call('/amend/top-up/answer', { businessId: 1, hppResponse })
}

async function orderState(orderId: number) {
  const [order, lines, payments, history, notices] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare('select total, original_total, amend_version from orders where id = ?1').bind(
      orderId
    ),
    env.DB.prepare('select id, quantity, total_price from order_lines where order_id = ?1').bind(
      orderId
    ),
    env.DB.prepare(
      `select id, status, amount, capture_later, captured_amount, void_reason, voided_at,
         amend_pending_id, gateway_order_id
       from payments where order_id = ?1 order by id`
    ).bind(orderId),
    env.DB.prepare(
      `select count(*) as n from order_history where order_id = ?1 and action = 'shopper_amend'`
    ).bind(orderId),
    env.DB.prepare(
      `select count(*) as n from effects where effect_key like ?1 and kind = 'order_amend_notice'`
    ).bind(`order:${orderId}:amend:%`),
  ])
  return {
    order: order!.results[0] as { total: number; original_total: number; amend_version: number },
    lines: lines!.results,
    payments: payments!.results as Array<{
      id: number
      status: string
      amount: number
      capture_later: number
      captured_amount: number | null
      void_reason: string | null
      voided_at: string | null
      amend_pending_id: number | null
      gateway_order_id: string
    }>,
    history: (history!.results[0] as { n: number }).n,
    notices: (notices!.results[0] as { n: number }).n,
  }
}

/** The order's pending changes' statuses, oldest first. */
async function pendingStatuses(orderId: number): Promise<Array<string>> {
  const { results } = await env.DB.prepare(
    'select status from amend_pending where order_id = ?1 order by id'
  )
    .bind(orderId)
    .all<{ status: string }>()
  return results.map((row) => row.status)
}

describe('paying the difference of an amend', () => {
  it('holds the change until the difference is authorised, then applies it once', async () => {
    const ada = await newMember('Ada')
    const order = await cardOrder(ada)
    const before = await orderState(order.orderId)

    const asked = await raise(ada, order, 5)
    expect(asked.status, JSON.stringify(asked.json)).toBe(200)
    const held = AmendResultSchema.parse(asked.json)
    expect(held.payment).not.toBeNull()
    const payment = held.payment!
    expect(payment.amount).toBe(payment.total - order.total)
    expect(payment.total).toBeGreaterThanOrEqual(order.total + 2 * price - 1)
    // Until the card answers, the order is as it was: lines, total, version.
    expect(held).toMatchObject({ version: 0, total: order.total, refunded: 0 })
    const waiting = await orderState(order.orderId)
    expect(waiting.order).toEqual(before.order)
    expect(waiting.lines).toEqual(before.lines)

    const hppResponse = await payOnSandbox(payment.redirect, GOOD_CARD)
    const applied = AmendTopUpAnswerSchema.parse((await answer(hppResponse)).json)
    expect(applied).toEqual({ outcome: 'applied', nextUrl: PAYMENT_URLS.successUrl })
    // A replay answers the same and changes nothing more.
    expect(AmendTopUpAnswerSchema.parse((await answer(hppResponse)).json)).toEqual(applied)

    const after = await orderState(order.orderId)
    expect(after.order).toEqual({
      total: payment.total,
      original_total: payment.total,
      amend_version: 1,
    })
    expect(after.lines).toMatchObject([{ id: order.lineId, quantity: 5 }])
    expect(after.history).toBe(1)
    expect(after.notices).toBe(1)
    // Two kept payments: the checkout's settled one and the top-up held for the difference.
    expect(after.payments).toMatchObject([
      { status: 'authorised', amount: order.total, capture_later: 0, void_reason: null },
      {
        status: 'authorised',
        amount: payment.amount,
        capture_later: 1,
        captured_amount: null,
        void_reason: null,
      },
    ])

    // Picking (one line short): the settled money counts first, the hold takes the rest.
    const picked = payment.total - 1
    const captured = await captureOrderPayment(
      { ...env, ...backendAdapters },
      { orderId: order.orderId, amount: picked },
      new Date()
    )
    expect(captured).toEqual({ kind: 'captured', amount: picked - order.total })
    const ledger = await env.DB.prepare(
      'select amount, auto_settle, captured_amount from sandbox_hpp_requests where order_id = ?1'
    )
      .bind(after.payments[1]!.gateway_order_id)
      .first()
    // The sandbox's ledger keeps the amount as the page posted it (text).
    expect(ledger).toEqual({
      amount: String(payment.amount),
      auto_settle: 0,
      captured_amount: picked - order.total,
    })
  })

  it('a refused card changes nothing and sends the shopper back to say so', async () => {
    const ada = await newMember('Ada')
    const order = await cardOrder(ada)
    const before = await orderState(order.orderId)
    const held = AmendResultSchema.parse((await raise(ada, order, 4)).json)
    const refused = AmendTopUpAnswerSchema.parse(
      (await answer(await payOnSandbox(held.payment!.redirect, DECLINED_CARD))).json
    )
    expect(refused).toEqual({ outcome: 'not_taken', nextUrl: PAYMENT_URLS.failureUrl })
    const after = await orderState(order.orderId)
    expect(after.order).toEqual(before.order)
    expect(after.lines).toEqual(before.lines)
    expect(after.history).toBe(0)
    expect(after.payments[1]).toMatchObject({ status: 'declined' })
  })

  it('a change overtaken by another is not applied: its authorisation is voided', async () => {
    const ada = await newMember('Ada')
    const order = await cardOrder(ada)
    const held = AmendResultSchema.parse((await raise(ada, order, 6)).json)
    // Meanwhile a smaller change on another screen is made (the card covers it): version 1.
    const lower = await memberCall(
      '/member/orders/amend',
      {
        businessOrderId: order.businessOrderId,
        version: 0,
        changes: [{ lineId: order.lineId, quantity: 2 }],
      },
      ada
    )
    expect(lower.status, JSON.stringify(lower.json)).toBe(200)
    // The change waiting for its payment is superseded by the one applied, not left pending.
    expect(await pendingStatuses(order.orderId)).toEqual(['superseded'])
    const lowered = await orderState(order.orderId)
    const late = AmendTopUpAnswerSchema.parse(
      (await answer(await payOnSandbox(held.payment!.redirect, GOOD_CARD))).json
    )
    expect(late).toEqual({ outcome: 'not_taken', nextUrl: PAYMENT_URLS.cancelUrl })
    const after = await orderState(order.orderId)
    expect(after.order).toEqual(lowered.order)
    expect(after.lines).toEqual(lowered.lines)
    expect(after.payments[1]).toMatchObject({
      status: 'cancelled',
      void_reason: 'attempt_superseded',
    })
    expect(after.payments[1]!.voided_at).not.toBeNull()
  })

  it('a newer top-up supersedes the change the older one was for', async () => {
    const ada = await newMember('Ada')
    const order = await cardOrder(ada)
    const older = AmendResultSchema.parse((await raise(ada, order, 5)).json)
    const newer = AmendResultSchema.parse((await raise(ada, order, 6)).json)
    expect(await pendingStatuses(order.orderId)).toEqual(['superseded', 'pending'])
    // The older page paid after all: nothing of its change is applied, its hold is voided.
    const late = AmendTopUpAnswerSchema.parse(
      (await answer(await payOnSandbox(older.payment!.redirect, GOOD_CARD))).json
    )
    expect(late.outcome).toBe('not_taken')
    const paid = AmendTopUpAnswerSchema.parse(
      (await answer(await payOnSandbox(newer.payment!.redirect, GOOD_CARD))).json
    )
    expect(paid.outcome).toBe('applied')
    expect(await pendingStatuses(order.orderId)).toEqual(['superseded', 'applied'])
    expect((await orderState(order.orderId)).order.total).toBe(newer.payment!.total)
  })

  it('refuses a forged answer, and the checkout’s address for a top-up', async () => {
    const ada = await newMember('Ada')
    const order = await cardOrder(ada)
    const before = await orderState(order.orderId)
    const held = AmendResultSchema.parse((await raise(ada, order, 4)).json)
    const hppResponse = await payOnSandbox(held.payment!.redirect, GOOD_CARD)
    const forged = await answer(
      alterResponse(hppResponse, { RESULT: '00', AMOUNT: '1', ORDER_ID: 'x' })
    )
    expect(forged.status).toBe(422)
    // The checkout's own address never confirms or applies a top-up.
    expect((await consumerData(hppResponse)).status).toBe(404)
    expect((await orderState(order.orderId)).order).toEqual(before.order)
    // The genuine answer at its own address still applies the change.
    expect(AmendTopUpAnswerSchema.parse((await answer(hppResponse)).json).outcome).toBe('applied')
  })

  it('a top-up whose answer was lost: the cron voids the authorisation and changes nothing', async () => {
    const ada = await newMember('Ada')
    const order = await cardOrder(ada)
    const before = await orderState(order.orderId)
    const held = AmendResultSchema.parse((await raise(ada, order, 4)).json)
    // Paid on the card page, but its answer never reached us.
    await payOnSandbox(held.payment!.redirect, GOOD_CARD)
    const topUp = (await orderState(order.orderId)).payments[1]!
    const created = await env.DB.prepare('select created_at from payments where id = ?1')
      .bind(topUp.id)
      .first<{ created_at: string }>()
    await settleUnansweredPayments(
      { ...env, ...backendAdapters },
      new Date(Date.parse(created!.created_at) + 20 * 60_000),
      50
    )
    const after = await orderState(order.orderId)
    expect(after.order).toEqual(before.order)
    expect(after.lines).toEqual(before.lines)
    expect(after.payments[1]).toMatchObject({
      status: 'cancelled',
      void_reason: 'attempt_superseded',
    })
    expect(after.payments[1]!.voided_at).not.toBeNull()
  })

  it('without return addresses a higher total is refused as before', async () => {
    const ada = await newMember('Ada')
    const order = await cardOrder(ada)
    const refused = await memberCall(
      '/member/orders/amend',
      {
        businessOrderId: order.businessOrderId,
        version: 0,
        changes: [{ lineId: order.lineId, quantity: 5 }],
      },
      ada
    )
    expect(refused.status).toBe(409)
    expect(errorOf(refused).message).toBe(MESSAGES.amendNeedsPayment)
  })

  it(
    '20 copies of the answer at once: the change is applied exactly once',
    { timeout: 20_000 },
    async () => {
      const ada = await newMember('Ada')
      const order = await cardOrder(ada)
      const held = AmendResultSchema.parse((await raise(ada, order, 5)).json)
      const hppResponse = await payOnSandbox(held.payment!.redirect, GOOD_CARD)
      const answers = await Promise.all(Array.from({ length: 20 }, () => answer(hppResponse)))
      for (const one of answers) {
        expect(AmendTopUpAnswerSchema.parse(one.json).outcome).toBe('applied')
      }
      const after = await orderState(order.orderId)
      expect(after.order.amend_version).toBe(1)
      expect(after.order.total).toBe(held.payment!.total)
      expect(after.history).toBe(1)
      expect(after.notices).toBe(1)
      expect(after.payments.filter((p) => p.void_reason === null)).toHaveLength(2)
    }
  )

  it(
    '20 amends at once racing a paid change: exactly one change is applied',
    { timeout: 20_000 },
    async () => {
      const ada = await newMember('Ada')
      const order = await cardOrder(ada)
      const held = AmendResultSchema.parse((await raise(ada, order, 5)).json)
      const hppResponse = await payOnSandbox(held.payment!.redirect, GOOD_CARD)
      const lowers = Array.from({ length: 19 }, () =>
        memberCall(
          '/member/orders/amend',
          {
            businessOrderId: order.businessOrderId,
            version: 0,
            changes: [{ lineId: order.lineId, quantity: 2 }],
          },
          ada
        )
      )
      const [paid, ...others] = await Promise.all([answer(hppResponse), ...lowers])
      const outcome = AmendTopUpAnswerSchema.parse(paid!.json).outcome
      const lowered = others.filter((one) => one.status === 200).length
      // One of the twenty won: the paid change or one lower change, never both.
      expect(lowered + (outcome === 'applied' ? 1 : 0)).toBe(1)
      const after = await orderState(order.orderId)
      expect(after.order.amend_version).toBe(1)
      expect(after.history).toBe(1)
      const topUp = after.payments[1]!
      if (outcome === 'applied') {
        expect(after.lines).toMatchObject([{ quantity: 5 }])
        expect(topUp.void_reason).toBeNull()
      } else {
        expect(after.lines).toMatchObject([{ quantity: 2 }])
        expect(topUp.void_reason).toBe('attempt_superseded')
      }
    }
  )
})

/** The sandbox ledger's entries of every payment of the order that took money, oldest first. */
async function ledgerOf(orderId: number) {
  const { results } = await env.DB.prepare(
    `select gateway_order_id from payments where order_id = ?1 and status != 'pending'
       and status != 'declined' order by id`
  )
    .bind(orderId)
    .all<{ gateway_order_id: string }>()
  const ledger = await requirePaymentSandbox(backendAdapters).ledger(env.DB)
  return results.map((row) =>
    ledger.find((entry) => entry.gatewayOrderId === row.gateway_order_id)!
  )
}

/** A card order with one paid top-up: the order's total after it. */
async function paidTopUp(member: Member): Promise<Placed & { topUp: number }> {
  const order = await cardOrder(member)
  const held = AmendResultSchema.parse((await raise(member, order, 5)).json)
  const applied = await answer(await payOnSandbox(held.payment!.redirect, GOOD_CARD))
  expect(AmendTopUpAnswerSchema.parse(applied.json).outcome).toBe('applied')
  return { ...order, total: held.payment!.total, topUp: held.payment!.amount }
}

describe('an order paid by its checkout payment and a top-up', () => {
  it('picking done captures the top-up for what the settled payment does not pay', async () => {
    const ada = await newMember('Ada')
    const order = await paidTopUp(ada)
    const store = STORES.main
    await actOk(manager.bearer, store, order.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(15),
    })
    await finishPicking(manager.bearer, store, order.orderId)
    const [settled, topUp] = await ledgerOf(order.orderId)
    // Both authorisations taken: the checkout's at once, the top-up's at picking, in full.
    expect(settled).toMatchObject({ captured: order.total - order.topUp, refunded: 0, voided: 0 })
    expect(topUp).toMatchObject({ authorised: order.topUp, captured: order.topUp, refunded: 0 })
    expect(settled!.captured + topUp!.captured).toBe(order.total)
  })

  it('picked below what was settled: the top-up takes nothing and the excess goes back once', async () => {
    const ada = await newMember('Ada')
    const order = await paidTopUp(ada)
    const settledAmount = order.total - order.topUp
    const effectsEnv = { ...env, ...wireAdapters(backendAdapters) }
    const picked = settledAmount - 100
    for (let run = 0; run < 2; run++) {
      // A rerun of the effect answers what the first did and moves no money again.
      expect(
        await captureFinal(effectsEnv, { id: order.orderId, business_id: 1 }, picked, new Date())
      ).toBe(100)
    }
    const [settled, topUp] = await ledgerOf(order.orderId)
    expect(settled).toMatchObject({ captured: settledAmount, refunded: 100 })
    expect(topUp).toMatchObject({ captured: 0 })
  })

  it('a cancel gives everything back: the top-up voided, the settled payment refunded', async () => {
    const ada = await newMember('Ada')
    const order = await paidTopUp(ada)
    await actOk(manager.bearer, STORES.main, order.orderId, 'sent_to_store', {
      type: 'cancel',
      reason: 'Shopper asked',
    })
    const [settled, topUp] = await ledgerOf(order.orderId)
    expect(settled).toMatchObject({ refunded: order.total - order.topUp })
    expect(topUp!.voided).toBe(topUp!.captured)
    for (const entry of [settled!, topUp!]) {
      expect(entry.captured - entry.refunded - entry.voided).toBe(0)
    }
  })
})

/** An amend without return addresses: within what the payments cover, or refused. */
function change(member: Member, order: Placed, quantity: number, version: number) {
  return memberCall(
    '/member/orders/amend',
    {
      businessOrderId: order.businessOrderId,
      version,
      changes: [{ lineId: order.lineId, quantity }],
    },
    member
  )
}

/** The order's refund rows: reference, amount and status, oldest first. */
async function refundRows(orderId: number) {
  const { results } = await env.DB.prepare(
    `select r.reference, r.amount, r.status from payment_refunds r
     join payments p on p.id = r.payment_id where p.order_id = ?1 order by r.id`
  )
    .bind(orderId)
    .all<{ reference: string; amount: number; status: string }>()
  return results
}

/**
 * A settled card order lowered to one item (its refund owed, the effect not run yet), then raised
 * to five by a paid top-up: an order with two payments and a refund still on its way.
 */
async function refundOnItsWay(member: Member) {
  const order = await cardOrder(member)
  const lowered = AmendResultSchema.parse((await change(member, order, 1, 0)).json)
  const owed = order.total - lowered.total
  expect(await refundRows(order.orderId)).toEqual([
    { reference: `o${order.orderId}-amend-1`, amount: owed, status: 'owed' },
  ])
  const held = AmendResultSchema.parse((await raise(member, order, 5, 1)).json)
  // The settled payment covers only what it keeps: the money owed back is not counted.
  expect(held.payment!.amount).toBe(held.payment!.total - lowered.total)
  const applied = await answer(await payOnSandbox(held.payment!.redirect, GOOD_CARD))
  expect(AmendTopUpAnswerSchema.parse(applied.json).outcome).toBe('applied')
  return { order, owed, total: held.payment!.total, topUp: held.payment!.amount }
}

/** Picking done of every line as ordered, then the effects: the ledger of the order's payments. */
async function pickAll(orderId: number) {
  await actOk(manager.bearer, STORES.main, orderId, 'sent_to_store', {
    type: 'accept',
    estimatedReadyAt: inMinutes(15),
  })
  await finishPicking(manager.bearer, STORES.main, orderId)
  await deliverEffects()
  return ledgerOf(orderId)
}

describe('a refund an amend owes, still on its way', () => {
  it(
    'counts as gone at once: an amend above what the payments keep needs a top-up',
    { timeout: 20_000 },
    async () => {
      const ada = await newMember('Ada')
      const { order, owed, total, topUp } = await refundOnItsWay(ada)
      // Seven items: within the payments if the refund on its way were counted as kept.
      const seven = AmendResultSchema.parse((await raise(ada, order, 7, 2)).json)
      expect(seven.payment!.total).toBeLessThanOrEqual(order.total + topUp)
      expect(seven.payment!.amount).toBe(seven.payment!.total - total)
      const refused = await change(ada, order, 7, 2)
      expect(refused.status).toBe(409)
      expect(errorOf(refused).message).toBe(MESSAGES.amendNeedsPayment)
      expect((await orderState(order.orderId)).order).toMatchObject({ total, amend_version: 2 })

      // The refund's effect gives back exactly what was owed, once; picking takes the rest.
      await deliverEffects()
      expect(await refundRows(order.orderId)).toEqual([
        { reference: `o${order.orderId}-amend-1`, amount: owed, status: 'done' },
      ])
      const [settled, held] = await pickAll(order.orderId)
      expect(settled).toMatchObject({ captured: order.total, refunded: owed })
      expect(held).toMatchObject({ authorised: topUp, captured: topUp, refunded: 0 })
      expect(settled!.captured - settled!.refunded + held!.captured - held!.refunded).toBe(total)
    }
  )

  it(
    'twenty runs of its effect at once give back what was owed once, never more',
    { timeout: 20_000 },
    async () => {
      const ada = await newMember('Ada')
      const order = await cardOrder(ada)
      const lowered = AmendResultSchema.parse((await change(ada, order, 1, 0)).json)
      const owed = order.total - lowered.total
      const payments = { ...env, ...backendAdapters }
      const paymentId = (await orderState(order.orderId)).payments[0]!.id
      const request = {
        businessId: 1,
        paymentId,
        reference: `o${order.orderId}-amend-1`,
        reason: 'Order changed by the shopper',
      }
      const runs = await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          refundPayment(payments, { ...request, amount: owed }, new Date())
        )
      )
      for (const run of runs) expect(run.status).toBe('fulfilled')
      // Asked for more under its reference: refused, nothing moves.
      await expect(
        refundPayment(payments, { ...request, amount: owed + 1 }, new Date())
      ).rejects.toMatchObject({ code: 'conflict' })
      await deliverEffects()
      expect(await refundRows(order.orderId)).toEqual([
        { reference: request.reference, amount: owed, status: 'done' },
      ])
      const [settled] = await ledgerOf(order.orderId)
      expect(settled).toMatchObject({ captured: order.total, refunded: owed })
    }
  )

  it(
    '20 amends lowering and raising while it lands: picking captures, captured − refunded = picked',
    { timeout: 60_000 },
    async () => {
      const ada = await newMember('Ada')
      const { order, total, topUp } = await refundOnItsWay(ada)
      // Twenty raises to seven items (within the payments only if the refund on its way were
      // kept), half of them with return addresses, while the refund's effect lands.
      const [raises] = await Promise.all([
        Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            index % 2 === 0 ? raise(ada, order, 7, 2) : change(ada, order, 7, 2)
          )
        ),
        deliverEffects(),
      ])
      for (const [index, one] of raises.entries()) {
        if (index % 2 === 1) {
          expect(one.status).toBe(409)
          expect(errorOf(one).message).toBe(MESSAGES.amendNeedsPayment)
          continue
        }
        // Never applied without its payment; the difference asked of what the payments keep.
        const held = AmendResultSchema.parse(one.json).payment!
        expect(held.amount).toBe(held.total - total)
      }
      expect((await orderState(order.orderId)).order).toMatchObject({ total, amend_version: 2 })

      // Then twenty lowering and raising at once: at most one change within the payments wins.
      const quantities = [2, 4, 6, 8]
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => {
          const quantity = quantities[index % quantities.length]!
          return index % 3 === 0 ? raise(ada, order, quantity, 2) : change(ada, order, quantity, 2)
        })
      )
      const won = answers.filter(
        (one) => one.status === 200 && AmendResultSchema.parse(one.json).payment === null
      )
      expect(won.length).toBeLessThanOrEqual(1)
      for (const one of answers) {
        if (one.status !== 200) {
          expect([MESSAGES.amendStale, MESSAGES.amendNeedsPayment]).toContain(errorOf(one).message)
        }
      }
      expect((await orderState(order.orderId)).order.amend_version).toBe(2 + won.length)

      const [settled, held] = await pickAll(order.orderId)
      // The hold was captured, for no more than it holds: never refused as over-authorised.
      const after = await orderState(order.orderId)
      expect(after.payments[1]).toMatchObject({ status: 'captured' })
      expect(held!.captured).toBeLessThanOrEqual(topUp)
      expect(settled!.captured - settled!.refunded + held!.captured - held!.refunded).toBe(
        after.order.total
      )
      expect(settled!.refunded).toBeLessThanOrEqual(settled!.captured)
      // Every refund asked for was given back: nothing is left owed.
      for (const row of await refundRows(order.orderId)) expect(row.status).toBe('done')
    }
  )
})
