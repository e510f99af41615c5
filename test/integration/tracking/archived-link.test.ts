import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { TRACKING_LINK_DAYS, trackingPath, trackingReceiptPath } from '../../../schemas/tracking.ts'
import { archiveOldOrders } from '../../../worker/backend/order-archive/service.ts'
import { signTrackingToken } from '../../../worker/backend/tracking/token.ts'
import { deliver } from '../member/orders-fixtures.ts'
import { cashOrder, seedCheckout } from '../store-orders/fixtures.ts'
import { orderNumberOf } from './fixtures.ts'

/*
 * ADR 050: a guest's signed tracking link to an order since archived to R2 shows its receipt,
 * from the archive file, even past the link's tracking days (a guest has no other way to it);
 * only a link made for that order while it was online opens it (ids are given again after an
 * order is archived, ADR 047).
 */

const DAY = 86_400_000
const THREE_YEARS = 3 * 365 * DAY

beforeAll(async () => {
  await seedCheckout(env.DB)
})

/**
 * A collected guest order placed three years ago, archived an hour ago (its business keeps
 * orders 24 months by default), and the link its confirmation carried.
 */
async function archivedGuestOrder() {
  const order = await cashOrder('collection')
  await deliver(order.orderId)
  const orderNumber = await orderNumberOf(order.orderId)
  const placedAt = new Date(Date.now() - THREE_YEARS)
  await env.DB.prepare('update orders set placed_at = ?2 where id = ?1')
    .bind(order.orderId, placedAt.toISOString())
    .run()
  const run = await archiveOldOrders(env.DB, env.ORDER_ARCHIVE, new Date(Date.now() - 3_600_000))
  expect(run.archived).toBeGreaterThan(0)
  const online = await env.DB.prepare('select count(*) as n from orders where id = ?1')
    .bind(order.orderId)
    .first<{ n: number }>()
  expect(online?.n).toBe(0)
  const link = await linkOf(order.orderId, placedAt)
  return { orderId: order.orderId, orderNumber, link }
}

/** The link made for an order at `madeAt`, as trackingLinkFor signs it: its days long over. */
const linkOf = (orderId: number, madeAt: Date) =>
  signTrackingToken(
    env.SESSION_SECRET,
    { businessId: 1, orderId },
    new Date(madeAt.getTime() + TRACKING_LINK_DAYS * DAY)
  )

async function statusOf(path: string): Promise<number> {
  const page = await SELF.fetch(`http://localhost${path}`)
  await page.body?.cancel()
  return page.status
}

describe("a guest's signed link to an archived order", () => {
  it('shows its receipt on the tracking page and on the receipt page', async () => {
    const { orderNumber, link } = await archivedGuestOrder()

    const tracking = await SELF.fetch(`http://localhost${trackingPath(orderNumber, link)}`)
    const html = await tracking.text()
    expect(tracking.status, html.slice(0, 300)).toBe(200)
    expect(html).toContain(`Receipt · Order ${orderNumber}`)
    expect(html).toContain('Paid with')
    // No tracking left to go back to.
    expect(html).not.toContain('Back to the order')

    const receipt = await SELF.fetch(`http://localhost${trackingReceiptPath(orderNumber, link)}`)
    expect(receipt.status).toBe(200)
    expect(await receipt.text()).toContain(`Receipt · Order ${orderNumber}`)
  })

  it('is not found without the link, with a tampered link or with a link of another order', async () => {
    const online = await cashOrder('collection')
    const { orderId, orderNumber, link } = await archivedGuestOrder()
    expect(online.orderId).not.toBe(orderId)
    for (const path of [
      trackingPath(orderNumber),
      trackingPath(orderNumber, `${link.slice(0, -2)}AA`),
      trackingPath(orderNumber, await linkOf(online.orderId, new Date())),
      trackingReceiptPath(orderNumber, await linkOf(online.orderId, new Date())),
    ]) {
      expect(await statusOf(path), path).toBe(404)
    }
  })

  it('is not opened by the link of a later order that was given its id', async () => {
    const { orderId, orderNumber } = await archivedGuestOrder()
    // Ids are never given again (every key AUTOINCREMENT, ADR 063): the later order has its own,
    // and its link opens nothing under the archived order's number.
    const later = await cashOrder('collection')
    expect(later.orderId).toBeGreaterThan(orderId)
    const laterLink = await linkOf(later.orderId, new Date())
    expect(await statusOf(trackingPath(orderNumber, laterLink))).toBe(404)
    expect(await statusOf(trackingReceiptPath(orderNumber, laterLink))).toBe(404)
  })
})
