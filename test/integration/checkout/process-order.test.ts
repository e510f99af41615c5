import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { BasketSchema } from '../../../schemas/basket.ts'
import { OrderSummarySchema } from '../../../schemas/checkout.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  call,
  expectOk,
  expectRefused,
  guestBearer,
  orderBody,
  orderTables,
  plainItem,
  readyBasket,
  registerMember,
  seedCheckout,
  STORES,
} from './fixtures.ts'
import { DATED } from '../../support/test-clock.ts'

let cheap: { id: number; price: number }
let dear: { id: number; price: number }
let guest: string

beforeAll(async () => {
  await seedCheckout(env.DB)
  cheap = await plainItem(200, 400)
  dear = await plainItem(401, 900, cheap.id)
  guest = await guestBearer()
})

async function processOrder(body: unknown, bearer = guest) {
  return OrderSummarySchema.parse(await expectOk('/checkout/process-order', body, bearer))
}

async function basketOf(token: string) {
  return BasketSchema.parse(await expectOk('/basket', { businessId: 1, basketToken: token }))
}

describe('process-order', () => {
  it('makes a draft whose lines and totals are the basket’s, for the delivery address', async () => {
    const ready = await readyBasket({
      method: 'delivery',
      items: [
        { id: cheap.id, quantity: 2 },
        { id: dear.id, quantity: 1 },
      ],
    })
    const basket = await basketOf(ready.token)
    const order = await processOrder(orderBody(ready))
    expect(order.status).toBe('draft')
    expect(order.statusCode).toBeNull()
    expect(order.businessOrderId).toMatch(/^[A-Z]{1,3}-[0-9A-HJKMNP-TV-Z]{8}$/)
    expect(order.lines).toEqual(
      basket.lines.map((line) => ({
        name: line.name,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        totalPrice: line.lineTotal,
        selections: [],
        weighing: null,
      }))
    )
    expect(order.totals).toEqual({
      subtotal: basket.totals.subtotal,
      discountTotal: basket.totals.dealDiscount + basket.totals.couponDiscount,
      deliveryCost: basket.totals.deliveryFee,
      serviceFee: basket.totals.serviceFee,
      deliveryTip: basket.totals.tip,
      creditApplied: basket.totals.creditApplied,
      total: basket.totals.total,
      currency: 'GBP',
    })
    expect(order.totals.subtotal).toBe(cheap.price * 2 + dear.price)
    expect(order).toMatchObject({
      storeId: STORES.main,
      fulfilmentMethod: 'delivery',
      fulfilmentTiming: 'future',
      slotDate: ready.date,
      slotStartsAt: ready.time,
      paymentMethod: 'paymentCard',
      paymentGateway: 'realex',
      contact: {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace.hopper@example.com',
        phoneNumber: '+447700900456',
      },
      deliveryAddress: { addressLine1: '12 Test Road', town: 'Manchester', postcode: 'M1 1AD' },
    })
    const row = await env.DB.prepare(
      'select basket_id, basket_version, customer_id from orders where id = ?1'
    )
      .bind(order.draftOrderId)
      .first()
    expect(row).toEqual({
      basket_id: ready.basketId,
      basket_version: basket.version,
      customer_id: null,
    })
  })

  it('ignores prices and totals sent in the body', async () => {
    const ready = await readyBasket({ items: [{ id: dear.id, quantity: 3 }] })
    const order = await processOrder(
      orderBody(ready, {
        total: 1,
        subtotal: 1,
        totals: { total: 1 },
        lines: [{ name: 'Free', quantity: 3, unitPrice: 0, totalPrice: 0 }],
      })
    )
    expect(order.totals.subtotal).toBe(dear.price * 3)
    expect(order.lines).toEqual([
      {
        name: expect.any(String),
        quantity: 3,
        unitPrice: dear.price,
        totalPrice: dear.price * 3,
        selections: [],
        weighing: null,
      },
    ])
  })

  it('answers the same draft for the same key, refuses the key with another body', async () => {
    const ready = await readyBasket({ items: [{ id: cheap.id, quantity: 1 }] })
    const body = orderBody(ready)
    const first = await processOrder(body)
    const again = await processOrder(body)
    expect(again).toEqual(first)
    const count = await env.DB.prepare('select count(*) as n from orders where basket_id = ?1')
      .bind(ready.basketId)
      .first<{ n: number }>()
    expect(count?.n).toBe(1)
    const before = await orderTables()
    const reused = await expectRefused(
      '/checkout/process-order',
      { ...body, channel: 'ios' },
      422,
      guest
    )
    expect(reused.message).toBe(MESSAGES.idempotencyKeyReused)
    expect(await orderTables()).toEqual(before)
  })

  it(
    'makes exactly one order for 50 concurrent identical calls; each answers it',
    { timeout: 20_000 },
    async () => {
      const ready = await readyBasket({ items: [{ id: cheap.id, quantity: 1 }] })
      const body = orderBody(ready)
      const results = await Promise.all(
        Array.from({ length: 50 }, () => call('/checkout/process-order', body, { bearer: guest }))
      )
      // The key is claimed in the draft's batch (ADR 069): a duplicate's batch fails on it, writes
      // nothing, and answers the order the first one made (no 409 while it runs).
      const ok = results.filter((result) => result.status === 200)
      expect(results.map((result) => result.status)).toEqual(results.map(() => 200))
      const ids = new Set(ok.map((result) => OrderSummarySchema.parse(result.json).draftOrderId))
      expect(ids.size).toBe(1)
      const count = await env.DB.prepare('select count(*) as n from orders where basket_id = ?1')
        .bind(ready.basketId)
        .first<{ n: number }>()
      expect(count?.n).toBe(1)
    }
  )

  it('supersedes the basket’s earlier draft with a new one', async () => {
    const ready = await readyBasket({ items: [{ id: cheap.id, quantity: 1 }] })
    const first = await processOrder(orderBody(ready))
    const second = await processOrder(orderBody(ready))
    expect(second.draftOrderId).not.toBe(first.draftOrderId)
    const { results } = await env.DB.prepare(
      'select id, status from orders where basket_id = ?1 order by id'
    )
      .bind(ready.basketId)
      .all()
    expect(results).toEqual([
      { id: first.draftOrderId, status: 'cancelled' },
      { id: second.draftOrderId, status: 'draft' },
    ])
  })

  it('needs a bearer token', async () => {
    const ready = await readyBasket({ items: [{ id: cheap.id, quantity: 1 }] })
    const result = await call('/checkout/process-order', orderBody(ready))
    expect(result.status).toBe(401)
  })

  it('records the member who placed it', async () => {
    const member = await registerMember()
    const ready = await readyBasket({
      items: [{ id: cheap.id, quantity: 1 }],
      email: member.email,
      bearer: member.tokens.access_token,
    })
    const order = await processOrder(
      orderBody(ready, { emailAddress: member.email }),
      member.tokens.access_token
    )
    const row = await env.DB.prepare('select customer_id from orders where id = ?1')
      .bind(order.draftOrderId)
      .first<{ customer_id: number | null }>()
    expect(row?.customer_id).toEqual(expect.any(Number))
  })
})

describe('process-order refusals (nothing written)', () => {
  async function refused(body: unknown, status: number, bearer = guest) {
    const before = await orderTables()
    const error = await expectRefused('/checkout/process-order', body, status, bearer)
    expect(await orderTables()).toEqual(before)
    return error
  }

  it('refuses when the store is closed', DATED, async () => {
    const ready = await readyBasket({ items: [{ id: cheap.id, quantity: 1 }] })
    await env.DB.prepare('update stores set is_temporarily_closed = 1 where id = ?1')
      .bind(STORES.main)
      .run()
    try {
      const error = await refused(orderBody(ready), 409)
      expect(error.message).toBe(MESSAGES.storeClosedCheckout)
      expect(error.details).toEqual({ reason: 'store_closed' })
    } finally {
      await env.DB.prepare('update stores set is_temporarily_closed = 0 where id = ?1')
        .bind(STORES.main)
        .run()
    }
  })

  it('refuses a method the store does not take', async () => {
    const ready = await readyBasket({ items: [{ id: cheap.id, quantity: 1 }] })
    await env.DB.prepare(
      `update stores set accepts_card = 0, accepts_apple_pay = 0, accepts_google_pay = 0,
         accepts_cash = 0 where id = ?1`
    )
      .bind(STORES.main)
      .run()
    try {
      const cases = [
        ['paymentCard', 'realex', MESSAGES.cardNotAccepted],
        ['applePay', 'realex', MESSAGES.applePayNotAccepted],
        ['googlePay', 'realex', MESSAGES.googlePayNotAccepted],
        ['paymentCash', 'cash', MESSAGES.cashNotAccepted],
      ] as const
      for (const [paymentMethod, paymentGateway, message] of cases) {
        const error = await refused(orderBody(ready, { paymentMethod, paymentGateway }), 409)
        expect(error.message).toBe(message)
      }
    } finally {
      await env.DB.prepare(
        `update stores set accepts_card = 1, accepts_apple_pay = 1, accepts_google_pay = 1,
           accepts_cash = 1 where id = ?1`
      )
        .bind(STORES.main)
        .run()
    }
  })

  it('refuses a lapsed slot hold with slot_expired', DATED, async () => {
    const ready = await readyBasket({ items: [{ id: cheap.id, quantity: 1 }] })
    await env.DB.prepare(
      `update slot_reservations set expires_at = '2000-01-01T00:00:00.000Z' where basket_id = ?1`
    )
      .bind(ready.basketId)
      .run()
    const error = await refused(orderBody(ready), 409)
    expect(error.message).toBe(MESSAGES.slotExpired)
    expect(error.details).toEqual({ reason: 'slot_expired' })
  })

  it('refuses an empty basket and a minimum spend shortfall', async () => {
    const ready = await readyBasket({ items: [{ id: cheap.id, quantity: 1 }] })
    await env.DB.prepare('update stores set collection_minimum_spend = 100000 where id = ?1')
      .bind(STORES.main)
      .run()
    try {
      const error = await refused(orderBody(ready), 409)
      expect(error.message).toBe(MESSAGES.checkoutDetailsFailed)
      expect(error.details).toEqual({ reason: 'minimum_spend' })
    } finally {
      await env.DB.prepare('update stores set collection_minimum_spend = 0 where id = ?1')
        .bind(STORES.main)
        .run()
    }
    await env.DB.prepare('delete from basket_lines where basket_id = ?1').bind(ready.basketId).run()
    const empty = await refused(orderBody(ready), 409)
    expect(empty.message).toBe(MESSAGES.checkoutDetailsFailed)
    expect(empty.details).toEqual({ reason: 'empty' })
  })

  it('refuses a line the store no longer sells', async () => {
    const ready = await readyBasket({ items: [{ id: dear.id, quantity: 1 }] })
    await env.DB.prepare(
      `insert into store_menu_items (store_id, menu_item_id, is_available) values (?1, ?2, 0)`
    )
      .bind(STORES.main, dear.id)
      .run()
    try {
      const error = await refused(orderBody(ready), 409)
      expect(error.message).toBe(MESSAGES.checkoutDetailsFailed)
      expect(error.details).toEqual({ reason: 'unavailable_lines' })
    } finally {
      await env.DB.prepare('delete from store_menu_items where store_id = ?1 and menu_item_id = ?2')
        .bind(STORES.main, dear.id)
        .run()
    }
  })

  it('refuses a body that does not match the basket with basketChanged', async () => {
    const ready = await readyBasket({ items: [{ id: cheap.id, quantity: 1 }] })
    const mismatches = [
      { storeId: STORES.single },
      { fulfilmentMethod: 'delivery' },
      { fulfilmentDetails: { timing: 'asap', timeSlotDate: ready.date } },
      { fulfilmentDetails: { timing: 'future', timeSlotDate: ready.date, timeSlotTime: '23:30' } },
    ]
    for (const mismatch of mismatches) {
      const error = await refused(orderBody(ready, mismatch), 409)
      expect(error.message).toBe(MESSAGES.basketChanged)
    }
  })

  it('refuses a gateway that does not match the method (422)', async () => {
    const ready = await readyBasket({ items: [{ id: cheap.id, quantity: 1 }] })
    const cash = await refused(orderBody(ready, { paymentGateway: 'cash' }), 422)
    expect(cash.fields?.map((field) => field.field)).toEqual(['paymentGateway'])
    const card = await refused(
      orderBody(ready, { paymentMethod: 'paymentCash', paymentGateway: 'realex' }),
      422
    )
    expect(card.fields?.map((field) => field.field)).toEqual(['paymentGateway'])
  })

  it('refuses missing terms and delivery address with checkoutDetailsFailed (422)', async () => {
    const ready = await readyBasket({
      method: 'delivery',
      items: [{ id: cheap.id, quantity: 1 }],
      details: false,
    })
    const error = await refused(orderBody(ready), 422)
    expect(error.message).toBe(MESSAGES.checkoutDetailsFailed)
    expect(error.fields?.map((field) => field.field)).toEqual(['termsAccepted', 'deliveryAddress'])
  })

  it('refuses a guest using a member’s email', async () => {
    const member = await registerMember()
    const ready = await readyBasket({ items: [{ id: cheap.id, quantity: 1 }] })
    const error = await refused(orderBody(ready, { emailAddress: member.email }), 409)
    expect(error.message).toBe(MESSAGES.guestEmailRegistered)
    expect(error.details).toEqual({ reason: 'member_email' })
  })

  it('refuses bad input with field errors', async () => {
    const ready = await readyBasket({ items: [{ id: cheap.id, quantity: 1 }] })
    const error = await refused(orderBody(ready, { phoneNumber: '12345', idempotencyKey: '' }), 422)
    expect(error.fields?.map((field) => field.message)).toEqual(
      expect.arrayContaining([MESSAGES.mobileInvalid, MESSAGES.idempotencyKeyInvalid])
    )
  })
})

describe('process-order lines', () => {
  it('freezes a meal deal with its choices as child lines', async () => {
    const sections = await env.DB.prepare(
      `select ds.id as section_id,
         (select dsi.menu_item_id from deal_section_items dsi join menu_items m on m.id = dsi.menu_item_id
          where dsi.deal_section_id = ds.id and m.out_of_stock = 0 and m.age_restriction is null
          order by dsi.extra_cost, dsi.position limit 1) as item_id
       from deal_sections ds where ds.deal_id = 1 order by ds.position`
    ).all<{ section_id: number; item_id: number }>()
    const ready = await readyBasket({ items: [{ id: cheap.id, quantity: 1 }] })
    const withDeal = BasketSchema.parse(
      await expectOk('/basket/meal-deals/add', {
        businessId: 1,
        basketToken: ready.token,
        storeId: STORES.main,
        dealId: 1,
        choices: sections.results.map((row) => ({
          sectionId: row.section_id,
          itemId: row.item_id,
        })),
      })
    )
    const meal = withDeal.mealDeals[0]
    expect(meal?.available).toBe(true)
    const order = await processOrder(orderBody(ready))
    expect(order.lines).toEqual([
      expect.objectContaining({ quantity: 1, unitPrice: cheap.price }),
      {
        name: meal?.name,
        quantity: 1,
        unitPrice: meal?.unitPrice,
        totalPrice: meal?.lineTotal,
        selections: meal?.choices.map((choice) => choice.name),
        weighing: null,
      },
    ])
    expect(order.totals.subtotal).toBe(withDeal.totals.subtotal)
    const children = await env.DB.prepare(
      `select count(*) as n from order_lines where order_id = ?1 and kind = 'meal_deal_choice'
         and parent_line_id is not null`
    )
      .bind(order.draftOrderId)
      .first<{ n: number }>()
    expect(children?.n).toBe(sections.results.length)
  })
})
