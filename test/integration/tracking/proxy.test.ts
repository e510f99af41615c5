import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  TrackingSnapshotSchema,
  trackingPath,
  trackingReceiptPath,
} from '../../../schemas/tracking.ts'
import { signTrackingToken } from '../../../worker/backend/tracking/token.ts'
import { cashOrder, seedCheckout } from '../store-orders/fixtures.ts'
import { orderNumberOf } from './fixtures.ts'

beforeAll(async () => {
  await seedCheckout(env.DB)
})

const poll = (body: Record<string, unknown>) =>
  SELF.fetch('http://localhost/api/tracking/order', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
    body: JSON.stringify(body),
  })

describe('POST /api/tracking/order (the page polling through the proxy)', () => {
  it("answers the link holder's snapshot, and a stranger 404", async () => {
    const order = await cashOrder()
    const orderNumber = await orderNumberOf(order.orderId)
    const token = await signTrackingToken(
      env.SESSION_SECRET,
      { businessId: 1, orderId: order.orderId },
      new Date(Date.now() + 86_400_000)
    )
    const answer = await poll({ orderNumber, token })
    expect(answer.status).toBe(200)
    expect(TrackingSnapshotSchema.parse(await answer.json()).status).toBe('sent_to_store')
    // A basket token in the body is dropped: only the cookie's counts.
    const stranger = await poll({ orderNumber, basketToken: order.basketToken })
    expect(stranger.status).toBe(404)
    await stranger.body?.cancel()
  })
})

describe("GET /track/:orderNumber/receipt (a guest's printable receipt)", () => {
  const linkOf = async (orderId: number) =>
    signTrackingToken(
      env.SESSION_SECRET,
      { businessId: 1, orderId },
      new Date(Date.now() + 86_400_000)
    )

  it('opens by the signed link of the tracking page, as the member’s receipt; a stranger 404', async () => {
    const order = await cashOrder()
    const other = await cashOrder()
    const orderNumber = await orderNumberOf(order.orderId)
    const token = await linkOf(order.orderId)
    const tracking = await SELF.fetch(`http://localhost${trackingPath(orderNumber, token)}`)
    const trackingHtml = await tracking.text()
    expect(trackingHtml).toContain(
      `href="${trackingReceiptPath(orderNumber, token).replaceAll('&', '&amp;')}"`
    )

    const receipt = await SELF.fetch(`http://localhost${trackingReceiptPath(orderNumber, token)}`)
    expect(receipt.status).toBe(200)
    const html = await receipt.text()
    expect(html).toContain(`Receipt · Order ${orderNumber}`)
    expect(html).toContain('Paid with')
    expect(html).toContain(`href="${trackingPath(orderNumber, token)}"`)

    for (const path of [
      trackingReceiptPath(orderNumber),
      trackingReceiptPath(orderNumber, await linkOf(other.orderId)),
    ]) {
      const refused = await SELF.fetch(`http://localhost${path}`)
      expect(refused.status, path).toBe(404)
      expect(await refused.text()).not.toContain('Receipt · Order')
    }
  })
})
