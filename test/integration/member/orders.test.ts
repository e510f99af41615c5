import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { localDate } from '../../../client/lib/slots.ts'
import { BasketSchema } from '../../../schemas/basket.ts'
import {
  MemberDashboardSchema,
  MemberOrderDetailSchema,
  MemberOrderListSchema,
  MemberReviewSchema,
  ReorderResultSchema,
} from '../../../schemas/member-orders.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { StoreDetailsSchema } from '../../../schemas/stores.ts'
import { plainItem } from '../checkout/fixtures.ts'
import {
  deliver,
  errorOf,
  memberCall,
  memberOrder,
  newMember,
  seedCheckout,
  signInAgain,
  STORES,
  type Member,
} from './orders-fixtures.ts'

/*
 * The member's orders through the API against migrated D1 (spec §7 Member): the list with its
 * filter and paging, one order with every Order field, reorder into the basket, reviews, and the
 * store rating they make. Another member's order numbers answer 404, as if absent.
 */

let ada: Member
let grace: Member
let first: { orderId: number; businessOrderId: string }
let second: { orderId: number; businessOrderId: string }

beforeAll(async () => {
  await seedCheckout(env.DB)
  ada = await newMember('Ada')
  grace = await newMember('Grace')
  first = await memberOrder(ada)
  vi.setSystemTime(Date.now() + 60_000)
  second = await memberOrder(ada)
})

async function list(body: Record<string, unknown>, member: Member = ada) {
  const answer = await memberCall('/member/orders', body, member)
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return MemberOrderListSchema.parse(answer.json)
}

async function detail(businessOrderId: string, member: Member = ada) {
  const answer = await memberCall('/member/orders/order', { businessOrderId }, member)
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return MemberOrderDetailSchema.parse(answer.json)
}

describe('orders list', () => {
  it('answers the member’s placed orders newest first with the count', async () => {
    const answer = await list({})
    expect(answer.orders.map((o) => o.orderId)).toEqual([
      second.businessOrderId,
      first.businessOrderId,
    ])
    expect(answer).toMatchObject({ total: 2, page: 1, limit: 10, pages: 1 })
    expect(answer.orders[0]).toMatchObject({
      status: 'sent_to_store',
      statusLabel: 'Sent to the store',
      statusCode: 20,
      fulfilmentMethod: 'collection',
      store: { id: STORES.main },
      itemsCount: 2,
      trackingOffered: true,
      reviewable: false,
    })
    expect((await list({}, grace)).orders).toEqual([])
  })

  it('pages with limit and page', async () => {
    const page2 = await list({ limit: 1, page: 2 })
    expect(page2.orders.map((o) => o.orderId)).toEqual([first.businessOrderId])
    expect(page2).toMatchObject({ total: 2, page: 2, limit: 1, pages: 2 })
    expect((await list({ limit: 1, page: 3 })).orders).toEqual([])
  })

  it('filters by status and by the local dates placed', async () => {
    expect((await list({ status: 'delivered' })).total).toBe(0)
    expect((await list({ status: 'sent_to_store' })).total).toBe(2)
    const today = localDate(new Date().toISOString(), 'Europe/London')
    expect((await list({ dateFrom: today, dateTo: today })).total).toBe(2)
    expect((await list({ dateFrom: '2099-01-01' })).total).toBe(0)
    expect((await list({ dateTo: '2000-01-01' })).total).toBe(0)
  })

  it(
    'bounds the filter’s days in the shop’s time zone, not London’s',
    { timeout: 20_000 },
    async () => {
      // Placed at 00:30 on 1 April in Amsterdam (CEST since 28 March), 23:30 on 31 March in London.
      const placedAt = '2027-03-31T22:30:00.000Z'
      const was = await env.DB.prepare(
        `select o.placed_at as placedAt, b.time_zone as timeZone
       from orders o join businesses b on b.id = o.business_id where o.id = ?1`
      )
        .bind(first.orderId)
        .first<{ placedAt: string; timeZone: string }>()
      if (!was) throw new Error('the first order is missing')
      const setZone = (zone: string) =>
        env.DB.prepare('update businesses set time_zone = ?1 where id = 1').bind(zone).run()
      await env.DB.prepare('update orders set placed_at = ?1 where id = ?2')
        .bind(placedAt, first.orderId)
        .run()
      try {
        const on = async (date: string) =>
          (await list({ dateFrom: date, dateTo: date })).orders.map((o) => o.orderId)
        // The UK shop: still the last day of March.
        expect(await on('2027-03-31')).toEqual([first.businessOrderId])
        expect(await on('2027-04-01')).toEqual([])
        await setZone('Europe/Amsterdam')
        expect(await on('2027-03-31')).toEqual([])
        expect(await on('2027-04-01')).toEqual([first.businessOrderId])
        expect(
          (await list({ dateFrom: '2027-03-28', dateTo: '2027-04-01' })).orders.map(
            (o) => o.orderId
          )
        ).toEqual([first.businessOrderId])
      } finally {
        await setZone(was.timeZone)
        await env.DB.prepare('update orders set placed_at = ?1 where id = ?2')
          .bind(was.placedAt, first.orderId)
          .run()
      }
    }
  )

  it('refuses a bad filter with a clear message', async () => {
    const range = await memberCall(
      '/member/orders',
      { dateFrom: '2026-11-25', dateTo: '2026-11-01' },
      ada
    )
    expect(range.status).toBe(422)
    expect(errorOf(range).message).toBe(MESSAGES.memberOrderDateRange)
    const date = await memberCall('/member/orders', { dateFrom: '2026-02-30' }, ada)
    expect(date.status).toBe(422)
    expect(errorOf(date).message).toBe(MESSAGES.memberOrderDateInvalid)
    for (const body of [{ status: 'draft' }, { limit: 51 }, { page: 0 }]) {
      expect((await memberCall('/member/orders', body, ada)).status).toBe(422)
    }
  })

  it('needs a member: a guest or no token answers 401', async () => {
    const none = await memberCall('/member/orders', {}, undefined)
    expect(none.status).toBe(401)
    expect(errorOf(none).message).toBe(MESSAGES.loginRequired)
  })
})

describe('one order', () => {
  it('answers every Order field of spec §3, lines, history, payment and the store', async () => {
    const order = await detail(first.businessOrderId)
    expect(order.orderId).toBe(first.businessOrderId)
    expect(order.lines).toHaveLength(1)
    expect(order.lines[0]).toMatchObject({ quantity: 2, mark: null, substitute: null })
    const { money } = order
    expect(money.total).toBe(
      money.originalTotal + money.totalAdjustment - money.refund - money.tipRefund
    )
    expect(money).toMatchObject({ deliveryTip: 0, tipRefund: 0, refund: 0, totalAdjustment: 0 })
    expect(order.paymentMethod).toBe('paymentCash')
    expect(order.paidWith).toMatchObject({ method: 'paymentCash' })
    expect(order.deliveryAddress).toBeNull()
    expect(order.collectionStore?.name).toBe(`Checkout Store ${STORES.main}`)
    expect(order.history.map((h) => h.status)).toEqual(['sent_to_store'])
    expect(order.tracking).toEqual({ message: MESSAGES.orderTrackingSentToStore, driver: null })
    expect(order.review).toBeNull()
  })

  it('answers 404 for another member’s order and for an unknown number', async () => {
    for (const [id, member] of [
      [first.businessOrderId, grace],
      ['NOPE-123', ada],
    ] as const) {
      const answer = await memberCall('/member/orders/order', { businessOrderId: id }, member)
      expect(answer.status).toBe(404)
      expect(errorOf(answer).message).toBe(MESSAGES.orderNotFound)
    }
  })

  it('the dashboard greets the member with their newest order', async () => {
    const answer = await memberCall('/member/dashboard', {}, ada)
    const dashboard = MemberDashboardSchema.parse(answer.json)
    expect(dashboard.firstName).toBe('Ada')
    expect(dashboard.latestOrder?.orderId).toBe(second.businessOrderId)
    const empty = MemberDashboardSchema.parse(
      (await memberCall('/member/dashboard', {}, grace)).json
    )
    expect(empty).toEqual({ firstName: 'Grace', latestOrder: null })
  })
})

describe('reorder', () => {
  const reorder = (body: Record<string, unknown>, member: Member = ada) =>
    memberCall(
      '/member/orders/reorder',
      { businessOrderId: first.businessOrderId, fulfilmentMethod: 'collection', ...body },
      member
    )

  it('adds the order’s lines to a new basket at the same store', async () => {
    const answer = await reorder({})
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const result = ReorderResultSchema.parse(answer.json)
    expect(result.notAdded).toEqual([])
    expect(result.added).toHaveLength(1)
    expect(result.basket?.store?.id).toBe(STORES.main)
    expect(result.basket?.basketToken).toBeTruthy()
    expect(result.basket?.lines.map((l) => l.quantity)).toEqual([2])
  })

  it('asks before replacing a basket of another store, then replaces it', async () => {
    const item = await plainItem(100, 5000)
    const other = BasketSchema.parse(
      (
        await memberCall(
          '/basket/items/add',
          { storeId: STORES.single, fulfilmentMethod: 'collection', menuItem: { itemId: item.id } },
          ada
        )
      ).json
    )
    const basketToken = other.basketToken
    const asked = await reorder({ basketToken })
    expect(asked.status).toBe(409)
    expect(errorOf(asked)).toMatchObject({
      message: MESSAGES.basketOverwrite,
      details: { reason: 'basket_store_conflict' },
    })
    const replaced = ReorderResultSchema.parse(
      (await reorder({ basketToken, overwrite: true })).json
    )
    expect(replaced.basket?.store?.id).toBe(STORES.main)
    expect(replaced.added).toHaveLength(1)
  })

  it('says what could not be added at today’s availability', async () => {
    const [line] = (await detail(first.businessOrderId)).lines
    await env.DB.prepare('update menu_items set out_of_stock = 1 where id = ?1')
      .bind(line?.menuItemId ?? 0)
      .run()
    try {
      const result = ReorderResultSchema.parse((await reorder({})).json)
      expect(result.added).toEqual([])
      expect(result.basket).toBeNull()
      expect(result.notAdded).toEqual([
        expect.objectContaining({ name: line?.name, reason: MESSAGES.itemUnavailable }),
      ])
    } finally {
      await env.DB.prepare('update menu_items set out_of_stock = 0 where id = ?1')
        .bind(line?.menuItemId ?? 0)
        .run()
    }
  })

  it('fails with the spec message when the store does not offer the method', async () => {
    await env.DB.prepare('update stores set delivery_enabled = 0 where id = ?1')
      .bind(STORES.main)
      .run()
    try {
      const answer = await reorder({ fulfilmentMethod: 'delivery' })
      expect(answer.status).toBe(409)
      expect(errorOf(answer)).toMatchObject({
        message: MESSAGES.addItemsFailed,
        details: { reason: 'reorder_failed' },
      })
    } finally {
      await env.DB.prepare('update stores set delivery_enabled = 1 where id = ?1')
        .bind(STORES.main)
        .run()
    }
  })

  it('answers 404 for another member’s order', async () => {
    expect((await reorder({}, grace)).status).toBe(404)
  })
})

describe('reviews and the store rating', () => {
  const review = (body: Record<string, unknown>, member: Member = ada) =>
    memberCall('/member/reviews/add', { orderId: second.businessOrderId, ...body }, member)

  it('refuses an order not delivered yet', async () => {
    const answer = await review({ starRating: 5 })
    expect(answer.status).toBe(409)
    expect(errorOf(answer).message).toBe(MESSAGES.reviewDeliveredOnly)
  })

  it('needs a rating: A rating is required', async () => {
    await deliver(second.orderId)
    for (const starRating of [undefined, '', 0, 6]) {
      const answer = await review({ starRating, comment: 'Lovely' })
      expect(answer.status).toBe(422)
      expect(errorOf(answer).message).toBe(MESSAGES.ratingRequired)
    }
    const long = await review({ starRating: 3, comment: 'x'.repeat(1001) })
    expect(errorOf(long).message).toBe(formatMessage('reviewCommentTooLong', 1000))
  })

  it('reviews a delivered order once, editable for REVIEW_EDIT_DAYS, then closed', async () => {
    const written = await review({ starRating: 4, comment: 'Quick and friendly' })
    expect(written.status, JSON.stringify(written.json)).toBe(200)
    expect(MemberReviewSchema.parse(written.json)).toMatchObject({
      starRating: 4,
      comment: 'Quick and friendly',
      editable: true,
    })
    const changed = MemberReviewSchema.parse((await review({ starRating: 2 })).json)
    expect(changed).toMatchObject({ starRating: 2, comment: null })
    expect(
      (await env.DB.prepare('select count(*) as n from reviews').first<{ n: number }>())?.n
    ).toBe(1)

    const order = await detail(second.businessOrderId)
    expect(order).toMatchObject({ status: 'delivered', tracking: null, reviewable: false })
    expect(order.history.map((h) => h.status)).toEqual([
      'sent_to_store',
      'store_accepted_picking',
      'picked',
      'delivered',
    ])
    expect(order.review?.starRating).toBe(2)

    vi.setSystemTime(Date.now() + 15 * 86_400_000)
    const later = await signInAgain(ada)
    const closed = await review({ starRating: 5 }, later)
    expect(closed.status).toBe(409)
    expect(errorOf(closed).message).toBe(MESSAGES.reviewEditClosed)
    expect((await detail(second.businessOrderId, later)).review).toMatchObject({
      starRating: 2,
      editable: false,
    })
  })

  it('answers 404 to another member reviewing the order', async () => {
    const answer = await review({ starRating: 1 }, grace)
    expect(answer.status).toBe(404)
    expect(errorOf(answer).message).toBe(MESSAGES.orderNotFound)
  })

  it('feeds the store’s rating on its details', async () => {
    const answer = await memberCall(
      '/stores/details',
      { storeId: STORES.main, country: 'GB' },
      undefined
    )
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    expect(StoreDetailsSchema.parse(answer.json).rating).toEqual({ average: 2, count: 1 })
    const other = await memberCall(
      '/stores/details',
      { storeId: STORES.single, country: 'GB' },
      undefined
    )
    expect(StoreDetailsSchema.parse(other.json).rating).toBeNull()
  })
})
