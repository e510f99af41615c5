import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { BasketSchema } from '../../../schemas/basket.ts'
import { OrderSummarySchema } from '../../../schemas/checkout.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { releaseAbandonedCredit } from '../../../worker/backend/credit/abandoned.ts'
import { expectOk } from '../checkout/fixtures.ts'
import { makePayment, paymentBody } from '../payments/fixtures.ts'
import { newMember, seedCheckout } from '../member/orders-fixtures.ts'
import {
  balanceOf,
  customerIdOf,
  draftOf,
  giveCredit,
  memberBasket,
  orderLedger,
  orderMoney,
  payCash,
  processOrder,
} from './fixtures.ts'

/*
 * Store credit at checkout (ADR 020): the basket's totals spend it, process-order writes the
 * spend in its own batch (two tabs cannot both spend the same credit), an unpaid draft gives it
 * back when superseded or abandoned.
 */

beforeAll(async () => {
  await seedCheckout(env.DB)
})

describe('credit in basket totals', () => {
  it('a guest basket has no credit; a member basket spends it unless turned off', async () => {
    const member = await newMember()
    const customerId = await customerIdOf(member.email)
    await giveCredit(customerId, 500)
    const { ready, total } = await memberBasket(member)
    const guest = BasketSchema.parse(
      await expectOk('/basket', { businessId: 1, basketToken: ready.token })
    )
    expect(guest.totals).toMatchObject({ creditAvailable: null, creditApplied: 0, useCredit: true })

    const claimed = BasketSchema.parse(
      await expectOk('/basket/claim', { businessId: 1, basketToken: ready.token }, member.bearer)
    )
    expect(claimed.totals).toMatchObject({
      creditAvailable: 500,
      creditApplied: 500,
      total: total - 500,
    })
    const off = BasketSchema.parse(
      await expectOk(
        '/basket/credit',
        { businessId: 1, basketToken: ready.token, useCredit: false },
        member.bearer
      )
    )
    expect(off.totals).toMatchObject({ creditApplied: 0, useCredit: false, total })
    expect(off.version).toBeGreaterThan(claimed.version)
    const on = BasketSchema.parse(
      await expectOk(
        '/basket/credit',
        { businessId: 1, basketToken: ready.token, useCredit: true },
        member.bearer
      )
    )
    expect(on.totals.total).toBe(total - 500)
  })
})

describe('spending at checkout', () => {
  it('lowers the order total and the payment amount; the ledger holds the spend', async () => {
    const member = await newMember()
    const customerId = await customerIdOf(member.email)
    await giveCredit(customerId, 500)
    const { ready, total } = await memberBasket(member)
    const draft = await draftOf(member, ready)
    expect(draft.total).toBe(total - 500)
    expect(await orderMoney(draft.orderId)).toMatchObject({
      credit_applied: 500,
      original_total: total - 500,
      total: total - 500,
    })
    expect(await orderLedger(draft.orderId)).toEqual([['order_payment', -500]])
    expect(await balanceOf(customerId)).toBe(0)
    await payCash(draft)
    const payment = await env.DB.prepare('select amount from payments where order_id = ?1')
      .bind(draft.orderId)
      .first<{ amount: number }>()
    expect(payment?.amount).toBe(total - 500)
  })

  it('two tabs spending the same £5: one order, the other refused, never below zero', async () => {
    const member = await newMember()
    const customerId = await customerIdOf(member.email)
    await giveCredit(customerId, 500)
    const first = await memberBasket(member)
    const second = await memberBasket(member)
    const answers = await Promise.all([
      processOrder(member, first.ready),
      processOrder(member, second.ready),
    ])
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([200, 409])
    const refused = answers.find((answer) => answer.status === 409)
    expect((refused?.json as { error: { message: string } }).error.message).toBe(
      MESSAGES.creditChanged
    )
    expect(await balanceOf(customerId)).toBe(0)
    const { results } = await env.DB.prepare(
      `select o.id from orders o join customers c on c.id = o.customer_id where c.id = ?1`
    )
      .bind(customerId)
      .all()
    expect(results).toHaveLength(1)
  })

  it('a superseded draft gives its credit back; the new draft spends it again', async () => {
    const member = await newMember()
    const customerId = await customerIdOf(member.email)
    await giveCredit(customerId, 700)
    const { ready } = await memberBasket(member)
    const first = await draftOf(member, ready)
    expect(await balanceOf(customerId)).toBe(0)
    const second = await draftOf(member, ready)
    expect((await orderMoney(first.orderId))?.status).toBe('cancelled')
    expect(await orderLedger(first.orderId)).toEqual([
      ['order_payment', -700],
      ['order_credit_returned', 700],
    ])
    expect(await orderLedger(second.orderId)).toEqual([['order_payment', -700]])
    expect(await balanceOf(customerId)).toBe(0)
  })

  it('an unpaid draft left for a day gives its credit back, once', async () => {
    const member = await newMember()
    const customerId = await customerIdOf(member.email)
    await giveCredit(customerId, 300)
    const { ready } = await memberBasket(member)
    const draft = await draftOf(member, ready)
    const later = new Date(Date.now() + 25 * 3_600_000)
    expect(await releaseAbandonedCredit(env.DB, later)).toBeGreaterThanOrEqual(1)
    expect(await releaseAbandonedCredit(env.DB, later)).toBe(0)
    expect((await orderMoney(draft.orderId))?.status).toBe('cancelled')
    expect(await orderLedger(draft.orderId)).toEqual([
      ['order_payment', -300],
      ['order_credit_returned', 300],
    ])
    expect(await balanceOf(customerId)).toBe(300)
  })

  it('credit covering everything confirms the order with no gateway call', async () => {
    const member = await newMember()
    const customerId = await customerIdOf(member.email)
    const { ready, total } = await memberBasket(member)
    await giveCredit(customerId, total + 250)
    const placed = await processOrder(member, ready, 'paymentCard')
    expect(placed.status, JSON.stringify(placed.json)).toBe(200)
    const draft = OrderSummarySchema.parse(placed.json)
    expect(draft.totals).toMatchObject({ creditApplied: total, total: 0 })
    const result = await makePayment(
      paymentBody({ ready, orderId: draft.draftOrderId, businessOrderId: '', total: 0, bearer: '' })
    )
    expect(result).toMatchObject({ status: 'succeeded', amount: 0, redirect: null })
    expect(await orderMoney(draft.draftOrderId)).toMatchObject({
      status: 'sent_to_store',
      credit_applied: total,
      total: 0,
    })
    const payments = await env.DB.prepare(
      'select gateway, amount, gateway_order_id from payments where order_id = ?1'
    )
      .bind(draft.draftOrderId)
      .all()
    expect(payments.results).toEqual([{ gateway: 'cash', amount: 0, gateway_order_id: null }])
    expect(await balanceOf(customerId)).toBe(250)
  })
})
