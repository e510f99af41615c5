import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { CouponResultSchema, LOCAL_ROBOT_CHECK_TOKEN } from '../../../schemas/basket.ts'
import { OrderSummarySchema, type OrderSummary } from '../../../schemas/checkout.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../../worker/lib/errors.ts'
import {
  assertPayable,
  confirmOrder,
  findOrderById,
  findPayableOrder,
} from '../../../worker/backend/checkout/orders.ts'
import { orderPaymentStateStatement } from '../../../worker/backend/checkout/orders-repo.ts'
import {
  expectOk,
  orderBody,
  type ReadyBasket,
  readyBasket,
  seedCheckoutForGuest,
  STORES,
} from './fixtures.ts'
import { deliverEffects } from '../../support/workers/effects.ts'
import { DATED } from '../../support/test-clock.ts'

let item: { id: number; price: number }
let guest: string

beforeAll(async () => {
  ;({ item, guest } = await seedCheckoutForGuest(200, 400))
})

async function draftFor(ready: ReadyBasket, overrides: Record<string, unknown> = {}) {
  return OrderSummarySchema.parse(
    await expectOk('/checkout/process-order', orderBody(ready, overrides), guest)
  )
}

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run()
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

const confirm = (order: OrderSummary) =>
  confirmOrder(env, { businessId: 1, orderId: order.draftOrderId, now: new Date() })

async function outboxFor(businessOrderId: string) {
  await deliverEffects()
  const { results } = await env.DB.prepare(
    `select recipient, template, payload_json from outbox
     where template = 'order_confirmation' and json_extract(payload_json, '$.businessOrderId') = ?1`
  )
    .bind(businessOrderId)
    .all<{ recipient: string; template: string; payload_json: string }>()
  return results
}

describe('confirmOrder', DATED, () => {
  it('sends the order to the store, confirms the slot, checks out the basket, emails once', async () => {
    const ready = await readyBasket({ items: [{ id: item.id, quantity: 2 }] })
    const draft = await draftFor(ready)
    const placed = await confirm(draft)
    expect(placed).toMatchObject({
      draftOrderId: draft.draftOrderId,
      status: 'sent_to_store',
      statusCode: 20,
      totals: draft.totals,
      lines: draft.lines,
    })
    expect(placed.placedAt).not.toBeNull()
    const [reservation, basket, history] = await env.DB.batch([
      env.DB.prepare('select status, order_id from slot_reservations where basket_id = ?1').bind(
        ready.basketId
      ),
      env.DB.prepare('select status from baskets where id = ?1').bind(ready.basketId),
      env.DB.prepare(
        'select status, status_code from order_status_history where order_id = ?1 order by id'
      ).bind(draft.draftOrderId),
    ])
    expect(reservation?.results).toEqual([{ status: 'confirmed', order_id: draft.draftOrderId }])
    expect(basket?.results).toEqual([{ status: 'checked_out' }])
    expect(history?.results).toEqual([
      { status: 'draft', status_code: null },
      { status: 'sent_to_store', status_code: 20 },
    ])
    const mail = await outboxFor(draft.businessOrderId)
    expect(mail).toHaveLength(1)
    expect(mail[0]?.recipient).toBe('grace.hopper@example.com')
    expect(JSON.parse(mail[0]?.payload_json ?? '{}')).toMatchObject({
      status: 'sent_to_store',
      message: 'Your order has been sent to the store.',
    })

    const again = await confirm(draft)
    expect(again).toEqual(placed)
    expect(await outboxFor(draft.businessOrderId)).toHaveLength(1)
    const payable = await findPayableOrder(env.DB, {
      businessId: 1,
      orderId: draft.draftOrderId,
      basketToken: ready.token,
    })
    expect(payable.status).toBe('sent_to_store')
    const paid = await refusal(() => assertPayable(env.DB, payable, 'paymentCard', new Date()))
    expect(paid.message).toBe(MESSAGES.orderAlreadyPaid)
  })

  it("emails each food item's allergens and the page of its full food information (issue 41)", async () => {
    await env.DB.prepare(
      `update menu_items set allergens_contains = '["gluten","milk"]',
         allergens_may_contain = '["tree-nuts"]' where id = ?1`
    )
      .bind(item.id)
      .run()
    const ready = await readyBasket({ items: [{ id: item.id, quantity: 1 }] })
    const draft = await draftFor(ready)
    await confirm(draft)
    const page = await env.DB.prepare(
      `select '/stores/' || st.slug || '/category/' || c.slug || '/' || m.slug as path, m.name
       from menu_items m join categories c on c.id = m.category_id, stores st
       where m.id = ?1 and st.id = ?2`
    )
      .bind(item.id, ready.storeId)
      .first<{ path: string; name: string }>()
    const [mail] = await outboxFor(draft.businessOrderId)
    expect(JSON.parse(mail?.payload_json ?? '{}')).toMatchObject({
      foodInformation: `${page?.name ?? ''}: Contains: cereals containing gluten, milk. May contain: nuts. Full food information: ${page?.path ?? ''}`,
    })
  })

  it('keeps a paid order whose hold lapsed: takes the place again, or records it when full', async () => {
    const lapsed = await readyBasket({
      storeId: STORES.single,
      items: [{ id: item.id, quantity: 1 }],
    })
    const draft = await draftFor(lapsed)
    // The hold lapsed and was swept: its place went back to the slot.
    await env.DB.batch([
      env.DB.prepare(
        `update slot_reservations set status = 'expired', expires_at = '2000-01-01T00:00:00.000Z'
         where basket_id = ?1`
      ).bind(lapsed.basketId),
      env.DB.prepare(
        `update time_slots set reserved_count = reserved_count - 1
         where id = (select time_slot_id from slot_reservations where basket_id = ?1)`
      ).bind(lapsed.basketId),
    ])
    const placed = await confirm(draft)
    expect(placed.status).toBe('sent_to_store')
    const slot = await env.DB.prepare(
      `select r.status, t.reserved_count, t.capacity from slot_reservations r
       join time_slots t on t.id = r.time_slot_id where r.basket_id = ?1`
    )
      .bind(lapsed.basketId)
      .first()
    expect(slot).toEqual({ status: 'confirmed', reserved_count: 1, capacity: 1 })

    // Same again, but another shopper took the place meanwhile: the order is still placed.
    const full = await readyBasket({
      storeId: STORES.single,
      items: [{ id: item.id, quantity: 1 }],
    })
    const fullDraft = await draftFor(full)
    await env.DB.batch([
      env.DB.prepare(
        `update slot_reservations set status = 'expired', expires_at = '2000-01-01T00:00:00.000Z'
         where basket_id = ?1`
      ).bind(full.basketId),
    ])
    const kept = await confirm(fullDraft)
    expect(kept.status).toBe('sent_to_store')
    const note = await env.DB.prepare(
      `select note from order_status_history where order_id = ?1 and note is not null`
    )
      .bind(fullDraft.draftOrderId)
      .first()
    expect(note).toEqual({ note: 'slot_not_held' })
    const counts = await env.DB.prepare(
      `select reserved_count, capacity from time_slots
       where id = (select time_slot_id from slot_reservations where basket_id = ?1)`
    )
      .bind(full.basketId)
      .first()
    expect(counts).toEqual({ reserved_count: 1, capacity: 1 })
  })

  it('redeems ONEONLY once under concurrent confirms of two orders; the other is not placed', async () => {
    const drafts: Array<OrderSummary> = []
    for (let index = 0; index < 2; index++) {
      const ready = await readyBasket({ items: [{ id: item.id, quantity: 6 }] })
      const applied = CouponResultSchema.parse(
        await expectOk('/basket/coupon/apply', {
          businessId: 1,
          basketToken: ready.token,
          coupon: 'ONEONLY',
          verifyToken: LOCAL_ROBOT_CHECK_TOKEN,
        })
      )
      expect(applied.errorCode).toBeUndefined()
      expect(applied.basket.totals.couponDiscount).toBe(300)
      drafts.push(await draftFor(ready))
    }
    expect(drafts.map((draft) => draft.totals.discountTotal)).toEqual([300, 300])
    const outcomes = await Promise.allSettled(drafts.map((draft) => confirm(draft)))
    const placed = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []))
    expect(placed.map((order) => order.status)).toEqual(['sent_to_store'])
    expect(placed[0]?.totals.discountTotal).toBe(300)
    const [refused] = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []))
    // Issue 36.3: the loser is refused with the basket's new total (coupon-claim.test.ts).
    expect(refused).toMatchObject({ message: MESSAGES.basketPricesChanged })
    const [redemptions, coupon] = await env.DB.batch([
      env.DB.prepare(
        `select order_id, amount, status from coupon_redemptions
         where coupon_id = (select id from coupons where code = 'ONEONLY' and business_id = 1)`
      ),
      env.DB.prepare(
        `select redemption_count from coupons where code = 'ONEONLY' and business_id = 1`
      ),
    ])
    expect(redemptions?.results).toEqual([
      { order_id: placed[0]?.draftOrderId, amount: 300, status: 'redeemed' },
    ])
    expect(coupon?.results).toEqual([{ redemption_count: 1 }])
  })
})

describe('payable orders', () => {
  it('finds the order for its basket holder only', async () => {
    const ready = await readyBasket({ items: [{ id: item.id, quantity: 1 }] })
    const other = await readyBasket({ items: [{ id: item.id, quantity: 1 }] })
    const draft = await draftFor(ready)
    const payable = await findPayableOrder(env.DB, {
      businessId: 1,
      orderId: draft.draftOrderId,
      basketToken: ready.token,
    })
    expect(payable).toMatchObject({
      orderId: draft.draftOrderId,
      businessOrderId: draft.businessOrderId,
      storeId: STORES.main,
      basketId: ready.basketId,
      status: 'draft',
      total: draft.totals.total,
      currency: 'GBP',
      paymentMethod: 'paymentCard',
      paymentGateway: 'realex',
      contact: { email: 'grace.hopper@example.com', phone: '+447700900456' },
      billingAddress: null,
    })
    const notYours = await refusal(() =>
      findPayableOrder(env.DB, {
        businessId: 1,
        orderId: draft.draftOrderId,
        basketToken: other.token,
      })
    )
    expect(notYours.message).toBe(MESSAGES.orderNotFound)
    expect(await findOrderById(env.DB, 2, draft.draftOrderId)).toBeNull()
    await expect(assertPayable(env.DB, payable, 'paymentCard', new Date())).resolves.toBeUndefined()
  })

  it('refuses to pay a superseded draft, a changed basket, another method or a lapsed slot', async () => {
    const ready = await readyBasket({ items: [{ id: item.id, quantity: 1 }] })
    const first = await draftFor(ready)
    const firstPayable = await findPayableOrder(env.DB, {
      businessId: 1,
      orderId: first.draftOrderId,
      basketToken: ready.token,
    })
    const second = await draftFor(ready)
    const superseded = await refusal(() =>
      assertPayable(env.DB, firstPayable, 'paymentCard', new Date())
    )
    expect(superseded.message).toBe(MESSAGES.basketChanged)
    const payable = await findPayableOrder(env.DB, {
      businessId: 1,
      orderId: second.draftOrderId,
      basketToken: ready.token,
    })
    const method = await refusal(() => assertPayable(env.DB, payable, 'applePay', new Date()))
    expect(method.message).toBe(MESSAGES.basketChanged)
    const later = new Date(Date.now() + 60 * 60_000)
    const lapsed = await refusal(() => assertPayable(env.DB, payable, 'paymentCard', later))
    expect(lapsed.message).toBe(MESSAGES.slotExpired)
    await env.DB.prepare('update baskets set version = version + 1 where id = ?1')
      .bind(ready.basketId)
      .run()
    const changed = await refusal(() => assertPayable(env.DB, payable, 'paymentCard', new Date()))
    expect(changed.message).toBe(MESSAGES.basketChanged)
  })

  it('moves an unpaid order to payment_pending and payment_failed, never a placed one', async () => {
    const ready = await readyBasket({ items: [{ id: item.id, quantity: 1 }] })
    const draft = await draftFor(ready)
    const status = () =>
      env.DB.prepare('select status from orders where id = ?1')
        .bind(draft.draftOrderId)
        .first<{ status: string }>()
    await orderPaymentStateStatement(env.DB, draft.draftOrderId, 'payment_pending').run()
    expect(await status()).toEqual({ status: 'payment_pending' })
    await orderPaymentStateStatement(env.DB, draft.draftOrderId, 'payment_failed').run()
    expect(await status()).toEqual({ status: 'payment_failed' })
    await confirm(draft)
    await orderPaymentStateStatement(env.DB, draft.draftOrderId, 'payment_failed').run()
    expect(await status()).toEqual({ status: 'sent_to_store' })
  })
})
