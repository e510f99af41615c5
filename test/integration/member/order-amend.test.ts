import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { BasketSchema } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AmendResultSchema, AmendWindowSchema } from '../../../schemas/order-amend.ts'
import { plainItem } from '../checkout/fixtures.ts'
import {
  consumerData,
  draftOrder,
  makePayment,
  paymentBody,
  payOnSandbox,
  resultOf,
  VALID_EXPIRY,
} from '../payments/fixtures.ts'
import {
  errorOf,
  memberCall,
  newMember,
  seedCheckout,
  signInAgain,
  type Member,
} from './orders-fixtures.ts'
import { call } from '../auth/fixtures.ts'
import { deliverEffects } from '../../support/workers/effects.ts'
import { captureOrderPayment } from '../../../worker/backend/payments/capture.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import { detail, staffMember, STORES } from '../store-orders/fixtures.ts'
import { emailedTrackingPaths, tokenOf } from '../tracking/fixtures.ts'

/*
 * Changing a placed order until its cut-off (issue 42, ADR 048) through the API against migrated
 * D1: the business's cut-off at the store's local time across both UK clock changes and a year
 * end, the order priced again as its basket would be, the card refunded the difference once, a
 * higher total refused, and 20 amends at once ending in one consistent order.
 */

interface Placed {
  orderId: number
  businessOrderId: string
  total: number
  itemId: number
}

let price = 0
let itemId = 0
/** A cheaper plain item of the store, to add while amending. */
let extra = { id: 0, price: 0, name: '' }

beforeAll(async () => {
  await seedCheckout(env.DB)
  const item = await plainItem(500, 2500)
  price = item.price
  itemId = item.id
  extra = await plainItem(100, 240, itemId)
})

/** A member's order of three of one item, paid by card on the sandbox or in cash. */
async function placeOrder(
  member: Member,
  method: 'card' | 'cash' = 'card',
  items: ReadonlyArray<{ id: number; quantity: number }> = [{ id: itemId, quantity: 3 }]
): Promise<Placed> {
  const draft = await draftOrder({
    bearer: member.bearer,
    email: member.email,
    method: method === 'card' ? 'paymentCard' : 'paymentCash',
    items,
  })
  if (method === 'cash') {
    const paid = await makePayment(
      paymentBody(draft, {
        paymentMethod: 'paymentCash',
        paymentGateway: 'cash',
        cashConfirmed: true,
      })
    )
    expect(paid.status).toBe('succeeded')
  } else {
    const started = await makePayment(paymentBody(draft))
    const answer = resultOf(
      await consumerData(
        await payOnSandbox(started.redirect!, { cardNumber: '4263970000005262', ...VALID_EXPIRY })
      )
    )
    expect(answer.status).toBe('succeeded')
  }
  return {
    orderId: draft.orderId,
    businessOrderId: draft.businessOrderId,
    total: draft.total,
    itemId,
  }
}

async function lineOf(orderId: number): Promise<{ id: number; quantity: number }> {
  const row = await env.DB.prepare(
    'select id, quantity from order_lines where order_id = ?1 and parent_line_id is null order by position, id'
  )
    .bind(orderId)
    .first<{ id: number; quantity: number }>()
  return row!
}

async function orderMoney(orderId: number) {
  return (await env.DB.prepare(
    `select o.total, o.original_total, o.amend_version,
       (select coalesce(sum(amount_refunded), 0) from payments p where p.order_id = o.id) as refunded
     from orders o where o.id = ?1`
  )
    .bind(orderId)
    .first<{ total: number; original_total: number; amend_version: number; refunded: number }>())!
}

function amend(member: Member, order: Placed, quantity: number, lineId: number, version = 0) {
  return memberCall(
    '/member/orders/amend',
    { businessOrderId: order.businessOrderId, version, changes: [{ lineId, quantity }] },
    member
  )
}

async function window(member: Member, order: Placed) {
  const answer = await memberCall(
    '/member/orders/amend-window',
    { businessOrderId: order.businessOrderId },
    member
  )
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return AmendWindowSchema.parse(answer.json)
}

/** What a fresh basket of the same lines at the same store costs (the basket's own answer). */
async function basketPrice(quantity: number): Promise<number> {
  const answer = await call('/basket/items/add', {
    businessId: 1,
    storeId: 1,
    fulfilmentMethod: 'collection',
    menuItem: { itemId, quantity },
  })
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return BasketSchema.parse(answer.json).totals.total
}

/** What a fresh basket of these items at the same store costs (the basket's own answer). */
async function basketPriceOf(items: ReadonlyArray<{ id: number; quantity: number }>) {
  let token: string | undefined
  let total = 0
  for (const item of items) {
    const answer = await call('/basket/items/add', {
      businessId: 1,
      storeId: 1,
      fulfilmentMethod: 'collection',
      ...(token ? { basketToken: token } : {}),
      menuItem: { itemId: item.id, quantity: item.quantity },
    })
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const basket = BasketSchema.parse(answer.json)
    token ??= basket.basketToken
    total = basket.totals.total
  }
  return total
}

function addAndChange(
  member: Member,
  order: Placed,
  lineId: number,
  quantity: number,
  additions: ReadonlyArray<{ itemId: number; quantity: number }>
) {
  return memberCall(
    '/member/orders/amend',
    {
      businessOrderId: order.businessOrderId,
      version: 0,
      changes: [{ lineId, quantity }],
      additions,
    },
    member
  )
}

async function addedLines(orderId: number) {
  const rows = await env.DB.prepare(
    `select name, quantity, unit_price, total_price from order_lines
     where order_id = ?1 and menu_item_id = ?2 order by id`
  )
    .bind(orderId, extra.id)
    .all<{ name: string; quantity: number; unit_price: number; total_price: number }>()
  return rows.results
}

describe('adding items while amending', () => {
  it('adds an item at its price, re-priced as the basket, and refunds the difference once', async () => {
    const ada = await newMember('Ada')
    const order = await placeOrder(ada)
    const line = await lineOf(order.orderId)
    const answer = await addAndChange(ada, order, line.id, 1, [{ itemId: extra.id, quantity: 2 }])
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const result = AmendResultSchema.parse(answer.json)
    expect(result.total).toBe(
      await basketPriceOf([
        { id: itemId, quantity: 1 },
        { id: extra.id, quantity: 2 },
      ])
    )
    expect(result.refunded).toBe(order.total - result.total)
    expect(await addedLines(order.orderId)).toEqual([
      { name: extra.name, quantity: 2, unit_price: extra.price, total_price: 2 * extra.price },
    ])
    await deliverEffects()
    expect(await orderMoney(order.orderId)).toMatchObject({
      total: result.total,
      amend_version: 1,
      refunded: order.total - result.total,
    })
    // The store console's history names the shopper's change and what went back.
    const manager = await staffMember([{ storeId: STORES.main, role: 'store_manager' }])
    expect((await detail(manager.bearer, STORES.main, order.orderId)).history.at(-1)).toMatchObject(
      { actor: null, role: 'shopper', action: 'shopper_amend', amount: result.refunded }
    )
  })

  it('adds to a cash order by the basket’s rules: not an item out of stock, nor over its limit', async () => {
    const ada = await newMember('Ada')
    const order = await placeOrder(ada, 'cash')
    const line = await lineOf(order.orderId)
    const setItem = (sql: string) => env.DB.prepare(sql).bind(extra.id).run()
    try {
      await setItem('update menu_items set out_of_stock = 1 where id = ?1')
      const gone = await addAndChange(ada, order, line.id, 3, [{ itemId: extra.id, quantity: 1 }])
      expect(gone.status).toBe(409)
      expect(errorOf(gone).message).toBe(MESSAGES.itemUnavailable)
      await setItem('update menu_items set out_of_stock = 0, max_quantity = 1 where id = ?1')
      const over = await addAndChange(ada, order, line.id, 3, [{ itemId: extra.id, quantity: 2 }])
      expect(over.status).toBe(409)
      expect(errorOf(over).message).toContain(MESSAGES.itemLimitReached)
      const unknown = await addAndChange(ada, order, line.id, 3, [
        { itemId: 9_999_999, quantity: 1 },
      ])
      expect(errorOf(unknown).message).toBe(MESSAGES.itemUnavailable)
      expect(await addedLines(order.orderId)).toEqual([])
      expect(await orderMoney(order.orderId)).toMatchObject({
        total: order.total,
        amend_version: 0,
      })
    } finally {
      await setItem('update menu_items set out_of_stock = 0, max_quantity = null where id = ?1')
    }
    // Cash pays at the door: a larger order is simply more to collect.
    const grown = await addAndChange(ada, order, line.id, 3, [{ itemId: extra.id, quantity: 1 }])
    expect(grown.status, JSON.stringify(grown.json)).toBe(200)
    expect(AmendResultSchema.parse(grown.json)).toMatchObject({
      total: await basketPriceOf([
        { id: itemId, quantity: 3 },
        { id: extra.id, quantity: 1 },
      ]),
      refunded: 0,
    })
  })

  it('20 amends adding the same item at once: one line added, one refund', async () => {
    const ada = await newMember('Ada')
    const order = await placeOrder(ada)
    const line = await lineOf(order.orderId)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        addAndChange(ada, order, line.id, 1, [{ itemId: extra.id, quantity: 1 }])
      )
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19)
    const result = AmendResultSchema.parse(answers.find((answer) => answer.status === 200)!.json)
    await deliverEffects()
    expect(await addedLines(order.orderId)).toHaveLength(1)
    expect(await orderMoney(order.orderId)).toMatchObject({
      total: result.total,
      amend_version: 1,
      refunded: order.total - result.total,
    })
  })
})

describe("a guest's amend by the signed tracking link", () => {
  it('changes and adds by the same rules; without the link the order is not found', async () => {
    const email = `guest.${crypto.randomUUID()}@example.com`
    const draft = await draftOrder({
      email,
      method: 'paymentCash',
      items: [{ id: itemId, quantity: 3 }],
    })
    const paid = await makePayment(
      paymentBody(draft, {
        paymentMethod: 'paymentCash',
        paymentGateway: 'cash',
        cashConfirmed: true,
      })
    )
    expect(paid.status).toBe('succeeded')
    const [path] = await emailedTrackingPaths(email, 'order_confirmation')
    const link = { businessId: 1, orderNumber: draft.businessOrderId, token: tokenOf(path ?? '') }
    const opened = await call('/tracking/order/amend-window', link)
    expect(opened.status, JSON.stringify(opened.json)).toBe(200)
    expect(AmendWindowSchema.parse(opened.json)).toMatchObject({ open: true, version: 0 })
    const line = await lineOf(draft.orderId)
    const change = {
      version: 0,
      changes: [{ lineId: line.id, quantity: 2 }],
      additions: [{ itemId: extra.id, quantity: 1 }],
    }
    const stranger = await call('/tracking/order/amend', {
      ...link,
      token: 'not-a-token',
      ...change,
    })
    expect(stranger.status).toBe(404)
    const answer = await call('/tracking/order/amend', { ...link, ...change })
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    expect(AmendResultSchema.parse(answer.json)).toMatchObject({
      version: 1,
      total: await basketPriceOf([
        { id: itemId, quantity: 2 },
        { id: extra.id, quantity: 1 },
      ]),
      refunded: 0,
    })
    expect(await addedLines(draft.orderId)).toHaveLength(1)
  })
})

describe('amend before the cut-off', () => {
  it('re-prices the order as its basket and refunds the difference to the card once', async () => {
    const ada = await newMember('Ada')
    const order = await placeOrder(ada)
    const line = await lineOf(order.orderId)
    expect((await window(ada, order)).open).toBe(true)

    const answer = await amend(ada, order, 2, line.id)
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const result = AmendResultSchema.parse(answer.json)
    expect(result.total).toBe(await basketPrice(2))
    expect(result.refunded).toBe(price)
    // The refund is the batch's outbox effect (ADR 037): the queue gives it to the gateway.
    await deliverEffects()
    expect(await orderMoney(order.orderId)).toMatchObject({
      total: result.total,
      amend_version: 1,
      refunded: order.total - result.total,
    })
    expect(await lineOf(order.orderId)).toMatchObject({ quantity: 2 })

    // The same screen sent again (an older version) changes nothing and refunds nothing more.
    const again = await amend(ada, order, 1, line.id, 0)
    expect(again.status).toBe(409)
    expect(errorOf(again).message).toBe(MESSAGES.amendStale)
    expect((await orderMoney(order.orderId)).refunded).toBe(price)
  })

  it('refuses a higher total than the card paid and changes nothing', async () => {
    const ada = await newMember('Ada')
    const order = await placeOrder(ada)
    const line = await lineOf(order.orderId)
    const answer = await amend(ada, order, 5, line.id)
    expect(answer.status).toBe(409)
    expect(errorOf(answer).message).toBe(MESSAGES.amendNeedsPayment)
    expect(await orderMoney(order.orderId)).toMatchObject({ total: order.total, refunded: 0 })
  })

  it('lets a cash order grow: it is paid at the door', async () => {
    const ada = await newMember('Ada')
    const order = await placeOrder(ada, 'cash')
    const line = await lineOf(order.orderId)
    const answer = await amend(ada, order, 5, line.id)
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    expect(AmendResultSchema.parse(answer.json)).toMatchObject({
      total: await basketPrice(5),
      refunded: 0,
    })
  })

  it('answers another member 404 and a line of another order as not in it', async () => {
    const ada = await newMember('Ada')
    const grace = await newMember('Grace')
    const order = await placeOrder(ada, 'cash')
    const line = await lineOf(order.orderId)
    const theirs = await amend(grace, order, 1, line.id)
    expect(theirs.status).toBe(404)
    const unknown = await amend(ada, order, 1, line.id + 100_000)
    expect(unknown.status).toBe(422)
    expect(errorOf(unknown).message).toBe(MESSAGES.amendUnknownLine)
    const empty = await amend(ada, order, 0, line.id)
    expect(errorOf(empty).message).toBe(MESSAGES.amendEmpty)
  })

  it('a weighed order’s hold is not refunded: picking captures the lower total', async () => {
    const steak = await env.DB.prepare(
      `select id from menu_items where business_id = 1 and name = 'Sirloin steak'`
    ).first<{ id: number }>()
    await env.DB.batch([
      env.DB.prepare('delete from store_menu_items where store_id = 1 and menu_item_id = ?1').bind(
        steak!.id
      ),
      env.DB.prepare('update menu_items set out_of_stock = 0 where id = ?1').bind(steak!.id),
    ])
    const ada = await newMember('Ada')
    const order = await placeOrder(ada, 'card', [
      { id: itemId, quantity: 3 },
      { id: steak!.id, quantity: 3 },
    ])
    const cheddar = await lineOf(order.orderId)
    const answer = await amend(ada, order, 1, cheddar.id)
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const result = AmendResultSchema.parse(answer.json)
    expect(result).toMatchObject({ total: order.total - 2 * price, refunded: 0 })
    await deliverEffects()
    expect(await orderMoney(order.orderId)).toMatchObject({ total: result.total, refunded: 0 })
    const captured = await captureOrderPayment(
      { ...env, ...backendAdapters },
      { orderId: order.orderId, amount: result.total },
      new Date()
    )
    expect(captured.kind).toBe('captured')
  })

  it('20 amends of the same order at once: one wins, one refund, the order is consistent', async () => {
    const ada = await newMember('Ada')
    const order = await placeOrder(ada)
    const line = await lineOf(order.orderId)
    const quantities = Array.from({ length: 20 }, (_, index) => 1 + (index % 2))
    const answers = await Promise.all(quantities.map((q) => amend(ada, order, q, line.id)))
    const won = answers.flatMap((answer, index) => (answer.status === 200 ? [index] : []))
    expect(won).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19)
    const quantity = quantities[won[0]!]!
    const result = AmendResultSchema.parse(answers[won[0]!]!.json)
    expect(result.total).toBe(await basketPrice(quantity))
    await deliverEffects()
    expect(await orderMoney(order.orderId)).toMatchObject({
      total: result.total,
      amend_version: 1,
      refunded: order.total - result.total,
    })
    expect((await lineOf(order.orderId)).quantity).toBe(quantity)
  })
})

describe('the cut-off', () => {
  it('closes when picking starts: a clear error and nothing changes', async () => {
    const ada = await newMember('Ada')
    const order = await placeOrder(ada)
    const line = await lineOf(order.orderId)
    await env.DB.prepare(
      `update orders set status = 'store_accepted_picking', status_code = 40, picking_started_at = ?2 where id = ?1`
    )
      .bind(order.orderId, new Date().toISOString())
      .run()
    expect(await window(ada, order)).toMatchObject({ open: false })
    const answer = await amend(ada, order, 1, line.id)
    expect(answer.status).toBe(409)
    expect(errorOf(answer).message).toBe(MESSAGES.amendClosed)
    expect(await orderMoney(order.orderId)).toMatchObject({ total: order.total, refunded: 0 })
  })

  // N hours before the slot on the store's wall clock (Europe/London): across the spring change
  // 24 hours before a 10:00 slot is 10:00 GMT the day before (23 real hours), across the autumn
  // change 10:00 BST the day before (25 real hours), and a year end moves the date back a year.
  const cases = [
    {
      name: 'clocks go forward',
      slot: ['2027-03-28', '10:00'],
      hours: 24,
      cutoff: '2027-03-27T10:00:00.000Z',
    },
    {
      name: 'clocks go back',
      slot: ['2027-10-31', '10:00'],
      hours: 24,
      cutoff: '2027-10-30T09:00:00.000Z',
    },
    {
      name: 'year end',
      slot: ['2027-01-01', '09:00'],
      hours: 12,
      cutoff: '2026-12-31T21:00:00.000Z',
    },
  ] as const

  for (const { name, slot, hours, cutoff } of cases) {
    it(`${hours} hours before the slot at the store's local time: ${name}`, async () => {
      const ada = await newMember('Ada')
      const order = await placeOrder(ada)
      const line = await lineOf(order.orderId)
      await env.DB.batch([
        env.DB.prepare(
          `update businesses set amend_cutoff = 'hours_before_slot', amend_cutoff_hours = ?1
           where id = 1`
        ).bind(hours),
        env.DB.prepare(`update orders set slot_date = ?2, slot_starts_at = ?3 where id = ?1`).bind(
          order.orderId,
          slot[0],
          slot[1]
        ),
      ])
      try {
        const at = Date.parse(cutoff)
        vi.setSystemTime(at - 60_000)
        const before = await signInAgain(ada)
        expect(await window(before, order)).toEqual({ open: true, until: cutoff, version: 0 })
        vi.setSystemTime(at + 60_000)
        const after = await signInAgain(ada)
        expect((await window(after, order)).open).toBe(false)
        const refused = await amend(after, order, 1, line.id)
        expect(refused.status).toBe(409)
        expect(errorOf(refused).message).toBe(MESSAGES.amendClosed)
        expect(await orderMoney(order.orderId)).toMatchObject({ total: order.total, refunded: 0 })
      } finally {
        await env.DB.prepare(
          `update businesses set amend_cutoff = 'picking_starts', amend_cutoff_hours = 0
           where id = 1`
        ).run()
      }
    })
  }
})
