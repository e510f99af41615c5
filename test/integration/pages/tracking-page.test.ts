import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createApp } from '../../../worker/app.ts'
import { PASSWORD } from '../auth/fixtures.ts'
import {
  deliver,
  memberOrder,
  newMember,
  seedCheckout,
  type Member,
} from '../member/orders-fixtures.ts'
import { jar } from './cookie-jar.ts'
import { pageClient, pageText, testEnv } from './storefront.ts'
import { signTrackingToken } from '../../../worker/backend/tracking/token.ts'

// The tracking page as a browser without JavaScript sees it: every state in words, private and
// never indexed, and the same 404 for another member's order, a stranger and a made-up number.
const app = createApp()
const { get, postForm } = pageClient(app, '198.51.119')

let ada: Member
let cookies = ''
let placed: string
let placedId: number
let delivered: string
let othersOrder: string

beforeAll(async () => {
  await seedCheckout(env.DB)
  ada = await newMember('Ada')
  const first = await memberOrder(ada)
  placed = first.businessOrderId
  placedId = first.orderId
  const done = await memberOrder(ada)
  await deliver(done.orderId)
  delivered = done.businessOrderId
  othersOrder = (await memberOrder(await newMember('Grace'))).businessOrderId
  const signedIn = await postForm('/login', { email: ada.email, password: PASSWORD })
  expect(signedIn.status).toBe(303)
  cookies = jar(signedIn)
})

async function trackingPage(orderNumber: string, expected = 200, cookie = cookies) {
  const res = await get(`/track/${encodeURIComponent(orderNumber)}`, cookie)
  expect(res.status, orderNumber).toBe(expected)
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  return res.text()
}

describe('the tracking page', () => {
  it('shows an order sent to the store: status, tracking message, timeline, when and the store', async () => {
    const html = await trackingPage(placed)
    expect(html).toContain('<meta name="robots" content="noindex')
    const text = pageText(html)
    expect(text).toContain(`Order ${placed}`)
    expect(text).toContain(MESSAGES.orderTrackingSentToStore)
    // A shopper's words, not the console's ('Store Accepted / Picking'); a collection is collected.
    expect(text).not.toContain('Store Accepted / Picking')
    for (const step of ['Sent to the store', 'Being picked', 'Packed', 'Collected']) {
      expect(text).toContain(step)
    }
    expect(text).toContain('Collection')
    expect(text).toContain('Collect from')
    // A collection has no driver: no map, and nothing said about one.
    expect(html).not.toContain('data-testid="tracking-map"')
    expect(html).toContain('data-island="TrackingLive"')
  })

  it('shows a delivered order with every step done and nothing live', async () => {
    const html = await trackingPage(delivered)
    expect(pageText(html)).toContain('Collected')
    expect(html).not.toContain('data-step-state="current"')
    expect(html).not.toContain('data-step-state="upcoming"')
  })

  it('answers 404 for another member’s order, a stranger and an order that does not exist', async () => {
    await trackingPage(othersOrder, 404)
    await trackingPage(placed, 404, '')
    await trackingPage('NSM-NOTANORDER', 404)
    await trackingPage('x'.repeat(60), 404)
  })

  it('is linked from the member’s order page', async () => {
    const res = await get(`/member/orders/${encodeURIComponent(placed)}`, cookies)
    expect(await res.text()).toContain(`href="/track/${placed}"`)
  })

  it("opens for the email's signed link without any session; not for another order, a tampered or an expired link", async () => {
    const link = (orderId: number, expiresAt: Date) =>
      signTrackingToken(testEnv.SESSION_SECRET, { businessId: 1, orderId }, expiresAt)
    const later = new Date(Date.now() + 86_400_000)
    const token = await link(placedId, later)
    const open = await get(`/track/${placed}?t=${encodeURIComponent(token)}`)
    expect(open.status).toBe(200)
    expect(pageText(await open.text())).toContain(MESSAGES.orderTrackingSentToStore)
    // The link names its order: it opens no other, and an altered or lapsed one opens nothing.
    expect((await get(`/track/${othersOrder}?t=${encodeURIComponent(token)}`)).status).toBe(404)
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    expect((await get(`/track/${placed}?t=${encodeURIComponent(tampered)}`)).status).toBe(404)
    const lapsed = await link(placedId, new Date(Date.now() - 1000))
    expect((await get(`/track/${placed}?t=${encodeURIComponent(lapsed)}`)).status).toBe(404)
  })
})
