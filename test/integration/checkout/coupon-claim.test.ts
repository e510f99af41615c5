import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  BasketSchema,
  CouponResultSchema,
  LOCAL_ROBOT_CHECK_TOKEN,
} from '../../../schemas/basket.ts'
import { OrderSummarySchema, type OrderSummary } from '../../../schemas/checkout.ts'
import { TOTAL_CHANGED_REASON } from '../../../schemas/constants.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../../worker/lib/errors.ts'
import {
  assertPayable,
  confirmOrder,
  findPayableOrder,
} from '../../../worker/backend/checkout/orders.ts'
import {
  expectOk,
  orderBody,
  type ReadyBasket,
  readyBasket,
  seedCheckoutForGuest,
} from './fixtures.ts'

// Issue 36.3: a coupon's use limits hold when orders are confirmed, whatever the concurrency.

let item: { id: number; price: number }
let guest: string

beforeAll(async () => {
  ;({ item, guest } = await seedCheckoutForGuest(200, 400))
})

let couponCounter = 0

/** A £1-off coupon with these limits (no minimum spend): its code. */
async function couponWith(max: number | null, perCustomer: number | null): Promise<string> {
  const code = `LIMIT${++couponCounter}X${Date.now()}`
  await env.DB.prepare(
    `insert into coupons (business_id, code, kind, value, minimum_spend, max_redemptions,
       max_redemptions_per_customer)
     values (1, ?1, 'amount', 100, 0, ?2, ?3)`
  )
    .bind(code, max, perCustomer)
    .run()
  return code
}

interface Draft {
  ready: ReadyBasket
  order: OrderSummary
  email: string
}

/** A guest's basket with the coupon applied, checked out to a draft order (not paid yet). */
async function draftWithCoupon(code: string, email: string): Promise<Draft> {
  const ready = await readyBasket({ items: [{ id: item.id, quantity: 6 }], email })
  const applied = CouponResultSchema.parse(
    await expectOk('/basket/coupon/apply', {
      businessId: 1,
      basketToken: ready.token,
      coupon: code,
      verifyToken: LOCAL_ROBOT_CHECK_TOKEN,
    })
  )
  expect(applied.errorCode).toBeUndefined()
  const order = OrderSummarySchema.parse(
    await expectOk('/checkout/process-order', orderBody(ready, { emailAddress: email }), guest)
  )
  expect(order.totals.discountTotal).toBe(100)
  return { ready, order, email }
}

const confirm = (draft: Draft) =>
  confirmOrder(env, { businessId: 1, orderId: draft.order.draftOrderId, now: new Date() })

/** Every confirm at once: each placed summary, or the refusal. */
function confirmAll(drafts: ReadonlyArray<Draft>) {
  return Promise.all(
    drafts.map((draft) =>
      confirm(draft).then(
        (placed) => ({ placed, refused: null }),
        (refused: unknown) => {
          if (!(refused instanceof AppError)) throw refused
          return { placed: null, refused }
        }
      )
    )
  )
}

async function couponState(code: string) {
  const [coupon, redemptions] = await env.DB.batch([
    env.DB.prepare(`select redemption_count from coupons where code = ?1`).bind(code),
    env.DB.prepare(
      `select r.order_id, r.email, r.amount from coupon_redemptions r
       join coupons c on c.id = r.coupon_id where c.code = ?1 and r.status = 'redeemed'`
    ).bind(code),
  ])
  return {
    count: (coupon?.results[0] as { redemption_count: number }).redemption_count,
    redemptions: (redemptions?.results ?? []) as Array<{
      order_id: number
      email: string
      amount: number
    }>,
  }
}

async function basketOf(draft: Draft) {
  return BasketSchema.parse(
    await expectOk('/basket', { businessId: 1, basketToken: draft.ready.token })
  )
}

describe('a one-use coupon under 20 concurrent orders', () => {
  it('gives its discount to exactly one; the others are refused with the new total, unplaced', async () => {
    const code = await couponWith(1, null)
    const drafts: Array<Draft> = []
    for (let index = 0; index < 20; index++) {
      drafts.push(await draftWithCoupon(code, `race${index}@example.com`))
    }
    const outcomes = await confirmAll(drafts)

    const placed = outcomes.filter((outcome) => outcome.placed !== null)
    expect(placed).toHaveLength(1)
    expect(placed[0]?.placed).toMatchObject({ status: 'sent_to_store' })
    expect(placed[0]?.placed?.totals.discountTotal).toBe(100)
    const { count, redemptions } = await couponState(code)
    expect(count).toBe(1)
    expect(redemptions).toEqual([
      { order_id: placed[0]?.placed?.draftOrderId, email: expect.any(String), amount: 100 },
    ])

    for (const [index, outcome] of outcomes.entries()) {
      if (outcome.placed) continue
      const draft = drafts[index]!
      expect(outcome.refused).toMatchObject({
        code: 'conflict',
        message: MESSAGES.basketPricesChanged,
        // The basket's total without the coupon: the draft's plus the £1 it no longer takes off.
        details: { reason: TOTAL_CHANGED_REASON, total: draft.order.totals.total + 100 },
      })
      // Nothing of the order was placed; the basket lost the coupon and prices without it.
      const row = await env.DB.prepare(
        `select o.status, o.placed_at, b.status as basket_status,
           (select count(*) from order_status_history h where h.order_id = o.id
              and h.status = 'sent_to_store') as history,
           (select count(*) from slot_reservations s where s.order_id = o.id
              and s.status = 'confirmed') as confirmed_slots
         from orders o join baskets b on b.id = o.basket_id where o.id = ?1`
      )
        .bind(draft.order.draftOrderId)
        .first()
      expect(row).toEqual({
        status: 'draft',
        placed_at: null,
        basket_status: 'active',
        history: 0,
        confirmed_slots: 0,
      })
      const basket = await basketOf(draft)
      expect(basket.coupon).toBeNull()
      expect(basket.totals.total).toBe(draft.order.totals.total + 100)
    }
  }, 120_000)

  it('refuses to take payment for an order whose coupon ran out, before any charge', async () => {
    const code = await couponWith(1, null)
    const first = await draftWithCoupon(code, 'first@example.com')
    const second = await draftWithCoupon(code, 'second@example.com')
    expect((await confirm(first)).status).toBe('sent_to_store')
    const payable = await findPayableOrder(env.DB, {
      businessId: 1,
      orderId: second.order.draftOrderId,
      basketToken: second.ready.token,
    })
    await expect(assertPayable(env.DB, payable, 'paymentCard', new Date())).rejects.toMatchObject({
      message: MESSAGES.basketPricesChanged,
      details: { reason: TOTAL_CHANGED_REASON, total: second.order.totals.total + 100 },
    })
    expect((await couponState(code)).count).toBe(1)
  }, 30_000)

  it('holds the per-shopper limit too: one email, one use', async () => {
    const code = await couponWith(null, 1)
    const drafts = await Promise.all([
      draftWithCoupon(code, 'same@example.com'),
      draftWithCoupon(code, 'same@example.com'),
    ])
    const outcomes = await confirmAll(drafts)
    expect(outcomes.filter((outcome) => outcome.placed !== null)).toHaveLength(1)
    expect((await couponState(code)).count).toBe(1)
  }, 30_000)
})

describe('the claim (property)', () => {
  it('never exceeds either limit and leaves no use unclaimed that an order could take', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          max: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
          perCustomer: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null }),
          // Which of three shoppers places each order.
          shoppers: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 6 }),
        }),
        async ({ max, perCustomer, shoppers }) => {
          const code = await couponWith(max, perCustomer)
          const drafts: Array<Draft> = []
          for (const shopper of shoppers) {
            drafts.push(await draftWithCoupon(code, `p${couponCounter}s${shopper}@example.com`))
          }
          const outcomes = await confirmAll(drafts)
          const placed = outcomes.filter((outcome) => outcome.placed !== null).length
          const { count, redemptions } = await couponState(code)

          // The model: each shopper's orders up to their limit, all of it up to the total limit.
          const perShopper = new Map<string, number>()
          for (const draft of drafts) {
            perShopper.set(draft.email, (perShopper.get(draft.email) ?? 0) + 1)
          }
          const wanted = [...perShopper.values()].reduce(
            (sum, orders) => sum + Math.min(orders, perCustomer ?? orders),
            0
          )
          expect(placed).toBe(Math.min(wanted, max ?? wanted))
          expect(count).toBe(placed)
          expect(redemptions).toHaveLength(placed)
          for (const email of perShopper.keys()) {
            const used = redemptions.filter((r) => r.email === email).length
            expect(used).toBeLessThanOrEqual(perCustomer ?? Infinity)
          }
          // Every placed order holds its use; every refused one holds none and was not placed.
          for (const [index, outcome] of outcomes.entries()) {
            const orderId = drafts[index]!.order.draftOrderId
            const held = redemptions.some((r) => r.order_id === orderId)
            expect(held).toBe(outcome.placed !== null)
            if (outcome.refused) {
              expect(outcome.refused.details).toMatchObject({ reason: TOTAL_CHANGED_REASON })
            }
          }
        }
      ),
      { numRuns: 6 }
    )
  }, 180_000)
})
