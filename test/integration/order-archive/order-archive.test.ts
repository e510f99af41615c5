import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MemberOrderDetailSchema, MemberOrderListSchema } from '../../../schemas/member-orders.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  ArchiveFileSchema,
  ArchivedOrderSchema,
  ArchiveRestoreSchema,
  OrderArchiveSettingsSchema,
} from '../../../schemas/order-archive.ts'
import {
  archiveKey,
  archiveOldOrders,
  eraseFromArchive,
  type ArchiveBucket,
} from '../../../worker/backend/order-archive/service.ts'
import { otherGrocer } from '../../support/workers/seed.ts'
import { OTHER } from '../catalogue/fixtures.ts'
import {
  deliver,
  errorOf,
  memberCall,
  memberOrder,
  newMember,
  seedCheckout,
  type Member,
} from '../member/orders-fixtures.ts'
import { lastCodeTo } from '../member/profile-fixtures.ts'
import { auditRows, operatorCall } from '../operator/fixtures.ts'
import { seedStaff, signIn } from '../staff/fixtures.ts'

/*
 * Old orders archived to R2 (issue 40, ADR 050) against migrated D1 and the pool's R2: the cron
 * moves a finished order older than the business's months to one file and deletes its rows; the
 * member still lists it and downloads the same receipt; an operator restores it, once however
 * many press at the same time. The age is measured from the clock the cron is given.
 */

let ada: Member
let grace: Member
let operator: string
let otherOperator: string

beforeAll(async () => {
  await seedCheckout(env.DB)
  await env.DB.batch(otherGrocer(env.DB))
  ada = await newMember('Ada')
  grace = await newMember('Grace')
  operator = (await signIn((await seedStaff({ operator: true })).email)).access_token
  const other = await seedStaff({ operator: true, businessId: OTHER.businessId })
  otherOperator = (await signIn(other.email, OTHER.businessId)).access_token
})

/** A delivered order of Ada's, and its receipt as she reads it online. */
async function deliveredOrder() {
  const draft = await memberOrder(ada)
  await deliver(draft.orderId)
  const answer = await memberCall(
    '/member/orders/order',
    { businessOrderId: draft.businessOrderId },
    ada
  )
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return { ...draft, receipt: MemberOrderDetailSchema.parse(answer.json) }
}

/** The instant `months` calendar months after the order was placed, plus `ms`. */
function monthsAfter(placedAt: string, months: number, ms: number): Date {
  const at = new Date(placedAt)
  at.setUTCMonth(at.getUTCMonth() + months)
  return new Date(at.getTime() + ms)
}

async function orderRowCount(orderId: number): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from orders where id = ?1')
    .bind(orderId)
    .first<{ n: number }>()
  return row?.n ?? 0
}

const archived = (member: Member, businessOrderId: string, extra: Record<string, unknown> = {}) =>
  memberCall('/member/orders/archived', { businessOrderId, ...extra }, member)

describe('archive, download and restore', () => {
  it('keeps an order until it is old enough, then lists it archived with the same receipt, and restores it', async () => {
    const order = await deliveredOrder()
    const placed = order.receipt.placedAt

    // One millisecond short of 24 months (the default) it stays; just past, it goes.
    const early = await archiveOldOrders(env.DB, env.ORDER_ARCHIVE, monthsAfter(placed, 24, -1))
    expect(early.archived).toBe(0)
    expect(await orderRowCount(order.orderId)).toBe(1)
    const run = await archiveOldOrders(env.DB, env.ORDER_ARCHIVE, monthsAfter(placed, 24, 1))
    expect(run).toEqual({ archived: 1, failed: 0 })
    expect(await orderRowCount(order.orderId)).toBe(0)
    const lines = await env.DB.prepare('select count(*) as n from order_lines where order_id = ?1')
      .bind(order.orderId)
      .first<{ n: number }>()
    expect(lines?.n).toBe(0)
    expect(await env.ORDER_ARCHIVE.head(archiveKey(1, order.businessOrderId))).not.toBeNull()

    // Her history still lists it, marked archived, with its number, date and total.
    const list = MemberOrderListSchema.parse((await memberCall('/member/orders', {}, ada)).json)
    expect(list.orders.find((o) => o.orderId === order.businessOrderId)).toMatchObject({
      archived: true,
      status: 'delivered',
      placedAt: placed,
      total: order.receipt.total,
      itemsCount: order.receipt.itemsCount,
      reviewable: false,
    })
    // Online it is gone; the download answers the receipt she saw.
    expect(
      (await memberCall('/member/orders/order', { businessOrderId: order.businessOrderId }, ada))
        .status
    ).toBe(404)
    const download = await archived(ada, order.businessOrderId)
    expect(download.status, JSON.stringify(download.json)).toBe(200)
    expect(MemberOrderDetailSchema.parse(download.json)).toEqual(order.receipt)

    // A rerun finds nothing left to do.
    expect(await archiveOldOrders(env.DB, env.ORDER_ARCHIVE, monthsAfter(placed, 25, 0))).toEqual({
      archived: 0,
      failed: 0,
    })

    // The operator finds it by number and restores it: the receipt online is the same again.
    const found = await operatorCall(
      '/staff/operator/order-archive/find',
      { businessOrderId: order.businessOrderId },
      operator
    )
    expect(found.status, JSON.stringify(found.json)).toBe(200)
    expect(ArchivedOrderSchema.parse(found.json)).toMatchObject({
      orderId: order.businessOrderId,
      total: order.receipt.total,
    })
    const restore = await operatorCall(
      '/staff/operator/order-archive/restore',
      { businessOrderId: order.businessOrderId },
      operator
    )
    expect(ArchiveRestoreSchema.parse(restore.json)).toEqual({
      orderId: order.businessOrderId,
      restored: true,
    })
    const back = await memberCall(
      '/member/orders/order',
      { businessOrderId: order.businessOrderId },
      ada
    )
    expect(back.status).toBe(200)
    expect(MemberOrderDetailSchema.parse(back.json)).toEqual(order.receipt)
    expect((await archived(ada, order.businessOrderId)).status).toBe(404)
    // Back online for another 24 months from its restore: a run just short of them leaves it.
    const { restored_at: restoredAt } = (await env.DB.prepare(
      'select restored_at from orders where id = ?1'
    )
      .bind(order.orderId)
      .first<{ restored_at: string }>()) ?? { restored_at: '' }
    expect(
      (await archiveOldOrders(env.DB, env.ORDER_ARCHIVE, monthsAfter(restoredAt, 24, -1))).archived
    ).toBe(0)
    expect(await orderRowCount(order.orderId)).toBe(1)
  }, 60_000)

  it('answers another member, another brand and another business as if the order did not exist', async () => {
    const order = await deliveredOrder()
    // Placed on the demo's first brand: its other brands' sites do not show it (ADR 012).
    await env.DB.prepare('update orders set brand_id = 1 where id = ?1').bind(order.orderId).run()
    await archiveOldOrders(env.DB, env.ORDER_ARCHIVE, monthsAfter(order.receipt.placedAt, 24, 1))
    const own = await archived(ada, order.businessOrderId, { brandId: 1 })
    expect(own.status, JSON.stringify(own.json)).toBe(200)

    const strangers = [
      await archived(grace, order.businessOrderId),
      await archived(ada, order.businessOrderId, { brandId: 2 }),
    ]
    for (const answer of strangers) {
      expect(answer.status).toBe(404)
      expect(errorOf(answer).message).toBe(MESSAGES.orderNotFound)
    }
    const otherBusiness = await operatorCall(
      '/staff/operator/order-archive/find',
      { businessOrderId: order.businessOrderId },
      otherOperator,
      OTHER.businessId
    )
    expect(otherBusiness.status).toBe(404)
    expect(errorOf(otherBusiness).message).toBe(MESSAGES.archivedOrderNotFound)
  }, 60_000)

  it('keeps the order in D1 when the file cannot be written', async () => {
    const order = await deliveredOrder()
    const failing: ArchiveBucket = {
      put: () => Promise.reject(new Error('R2 is down')),
      get: (key) => env.ORDER_ARCHIVE.get(key),
    }
    const run = await archiveOldOrders(env.DB, failing, monthsAfter(order.receipt.placedAt, 24, 1))
    expect(run.archived).toBe(0)
    expect(run.failed).toBeGreaterThanOrEqual(1)
    const still = await memberCall(
      '/member/orders/order',
      { businessOrderId: order.businessOrderId },
      ada
    )
    expect(MemberOrderDetailSchema.parse(still.json)).toEqual(order.receipt)
    expect((await archived(ada, order.businessOrderId)).status).toBe(404)
  }, 60_000)

  it('restores once when 20 operators press Restore at the same time', async () => {
    const order = await deliveredOrder()
    await archiveOldOrders(env.DB, env.ORDER_ARCHIVE, monthsAfter(order.receipt.placedAt, 24, 1))
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        operatorCall(
          '/staff/operator/order-archive/restore',
          { businessOrderId: order.businessOrderId },
          operator
        )
      )
    )
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200))
    const restored = answers.filter((a) => ArchiveRestoreSchema.parse(a.json).restored)
    expect(restored).toHaveLength(1)
    expect(await orderRowCount(order.orderId)).toBe(1)
    const audits = (await auditRows()).filter(
      (row) => row.action === 'order_archive.restore' && row.summary.includes(order.businessOrderId)
    )
    expect(audits).toHaveLength(1)
    const back = await memberCall(
      '/member/orders/order',
      { businessOrderId: order.businessOrderId },
      ada
    )
    expect(MemberOrderDetailSchema.parse(back.json)).toEqual(order.receipt)
  }, 60_000)
})

describe('the months a business keeps orders online', () => {
  it('reads 24 by default, refuses months out of range and keeps a valid change', async () => {
    const read = () => operatorCall('/staff/operator/order-archive', {}, operator)
    expect(OrderArchiveSettingsSchema.parse((await read()).json)).toEqual({ months: 24 })
    for (const months of [5, 121, 12.5]) {
      const refused = await operatorCall(
        '/staff/operator/order-archive/update',
        { months },
        operator
      )
      expect(refused.status).toBe(422)
      expect(errorOf(refused).message).toBe(
        'Keep orders online for a whole number of months from 6 to 120.'
      )
    }
    expect(OrderArchiveSettingsSchema.parse((await read()).json)).toEqual({ months: 24 })
    const saved = await operatorCall(
      '/staff/operator/order-archive/update',
      { months: 36 },
      operator
    )
    expect(saved.status).toBe(200)
    expect(OrderArchiveSettingsSchema.parse((await read()).json)).toEqual({ months: 36 })
  })
})

describe('"forget me" in the archive', () => {
  it("rewrites the member's archived order files without them, keeping the accounting record", async () => {
    const hedy = await newMember('Hedy')
    const draft = await memberOrder(hedy)
    await deliver(draft.orderId)
    const placed = (
      await env.DB.prepare('select placed_at from orders where id = ?1')
        .bind(draft.orderId)
        .first<{ placed_at: string }>()
    )?.placed_at
    const run = await archiveOldOrders(
      env.DB,
      env.ORDER_ARCHIVE,
      monthsAfter(String(placed), 121, 1)
    )
    expect(run.archived).toBeGreaterThanOrEqual(1)
    const key = archiveKey(1, draft.businessOrderId)
    const before = await (await env.ORDER_ARCHIVE.get(key))?.text()
    expect(before).toContain(hedy.email)
    const index = () =>
      env.DB.prepare('select email_hash, total from archived_orders where business_order_id = ?1')
        .bind(draft.businessOrderId)
        .first<{ email_hash: string | null; total: number }>()
    expect((await index())?.email_hash).toMatch(/^[0-9a-f]{64}$/)

    expect((await memberCall('/member/forget-me/request', {}, hedy)).status).toBe(200)
    const code = await lastCodeTo(hedy.email, 'forget_me_code')
    const confirmed = await memberCall(
      '/member/forget-me/confirm',
      { confirmationCode: code },
      hedy
    )
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200)

    const text = (await (await env.ORDER_ARCHIVE.get(key))?.text()) ?? ''
    expect(text).not.toContain(hedy.email)
    expect(text).not.toContain('Hedy')
    const file = ArchiveFileSchema.parse(JSON.parse(text))
    expect(file.erasedAt).toBeDefined()
    expect(file.receipt.deliveryAddress).toBeNull()
    expect(file.tables.find((t) => t.name === 'orders')?.rows[0]).toMatchObject({
      email: '',
      first_name: '',
      phone: null,
      delivery_address_json: null,
      total: file.receipt.total,
    })
    // The record stays: the index row, its total and the file's lines.
    expect(await index()).toEqual({ email_hash: null, total: file.receipt.total })
    expect(file.receipt.lines.length).toBeGreaterThan(0)
  })

  it('stops before anything in D1 when a file cannot be rewritten', async () => {
    const lin = await newMember('Lin')
    const draft = await memberOrder(lin)
    await deliver(draft.orderId)
    const placed = (
      await env.DB.prepare('select placed_at from orders where id = ?1')
        .bind(draft.orderId)
        .first<{ placed_at: string }>()
    )?.placed_at
    await archiveOldOrders(env.DB, env.ORDER_ARCHIVE, monthsAfter(String(placed), 121, 1))
    const failing: ArchiveBucket = {
      get: (key) => env.ORDER_ARCHIVE.get(key),
      put: () => Promise.reject(new Error('R2 is down')),
    }
    const customer = await env.DB.prepare('select id from customers where email = ?1')
      .bind(lin.email)
      .first<{ id: number }>()
    await expect(
      eraseFromArchive(
        env.DB,
        failing,
        { businessId: 1, customerId: Number(customer?.id), email: lin.email },
        new Date()
      )
    ).rejects.toThrow('R2 is down')
    const text =
      (await (await env.ORDER_ARCHIVE.get(archiveKey(1, draft.businessOrderId)))?.text()) ?? ''
    expect(text).toContain(lin.email)
    const row = await env.DB.prepare(
      'select email_hash from archived_orders where business_order_id = ?1'
    )
      .bind(draft.businessOrderId)
      .first<{ email_hash: string | null }>()
    expect(row?.email_hash).not.toBeNull()
  })
})
