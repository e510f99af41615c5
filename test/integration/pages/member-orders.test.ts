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
import { jar, setCookieLine } from './cookie-jar.ts'
import { pageClient, pageText } from './storefront.ts'

// The member's order pages as a browser without JavaScript uses them: server-rendered, private,
// forms that post and redirect, another member's order not found.
const app = createApp()
const { get, postForm } = pageClient(app, '198.51.101')

let ada: Member
let cookies = ''
let placed: { orderId: number; businessOrderId: string }
let delivered: { orderId: number; businessOrderId: string }
let othersOrder: string

beforeAll(async () => {
  await seedCheckout(env.DB)
  ada = await newMember('Ada')
  placed = await memberOrder(ada)
  delivered = await memberOrder(ada)
  await deliver(delivered.orderId)
  othersOrder = (await memberOrder(await newMember('Grace'))).businessOrderId
  const signedIn = await postForm('/login', { email: ada.email, password: PASSWORD })
  expect(signedIn.status).toBe(303)
  cookies = jar(signedIn)
})

async function page(path: string, expected = 200): Promise<string> {
  const res = await get(path, cookies)
  expect(res.status, path).toBe(expected)
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  return pageText(await res.text())
}

describe('member pages', () => {
  it('send a signed-out visitor home (spec §6)', async () => {
    for (const path of ['/member', '/member/orders', `/member/orders/${placed.businessOrderId}`]) {
      const res = await get(path)
      expect(res.status, path).toBe(302)
      expect(res.headers.get('location')).toBe('/')
    }
  })

  it('/member greets the member with the latest order and every section', async () => {
    const text = await page('/member')
    expect(text).toContain('Hello, Ada')
    expect(text).toContain(`Order ${delivered.businessOrderId}`)
    // A collection handed over reads as the shopper says it.
    expect(text).toContain('Collected')
    expect(text).toContain('Reorder')
    for (const section of [
      'My orders',
      'Addresses',
      'My details',
      'Saved cards',
      'Change password',
      'Loyalty and store credit',
    ]) {
      expect(text).toContain(section)
    }
  })

  it('/member/orders lists both, filters by status and refuses a bad date', async () => {
    const all = await page('/member/orders')
    expect(all).toContain(placed.businessOrderId)
    expect(all).toContain(delivered.businessOrderId)
    expect(all).not.toContain(othersOrder)
    const onlyDelivered = await page('/member/orders?status=delivered')
    expect(onlyDelivered).toContain(delivered.businessOrderId)
    expect(onlyDelivered).not.toContain(placed.businessOrderId)
    const none = await page('/member/orders?dateFrom=2099-01-01')
    expect(none).toContain('No orders match these filters.')
    const bad = await page('/member/orders?dateFrom=2026-11-25&dateTo=2026-11-01', 422)
    expect(bad).toContain(MESSAGES.memberOrderDateRange)
  })

  it('/member/orders/:orderId shows the order, tracking while offered, and 404s another member’s', async () => {
    const text = await page(`/member/orders/${placed.businessOrderId}`)
    for (const words of [
      'Sent to the store',
      'Subtotal',
      'Original total',
      'Total',
      'Cash when you collect',
    ]) {
      expect(text).toContain(words)
    }
    expect(text).toContain(MESSAGES.orderTrackingSentToStore)
    expect(text).not.toContain('Your review')
    await page(`/member/orders/${othersOrder}`, 404)
    await page('/member/orders/not%20an%20order', 404)
  })

  it('reorders into the basket and goes to it', async () => {
    const res = await postForm(
      `/member/orders/${placed.businessOrderId}/reorder`,
      { fulfilmentMethod: 'collection' },
      cookies
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/basket')
    expect(setCookieLine(res, 'sf_basket')).toMatch(/HttpOnly/)
  })

  it('refuses a review without a rating, then saves one', async () => {
    const path = `/member/orders/${delivered.businessOrderId}`
    expect(await page(path)).toContain('Your review')
    const refused = await postForm(`${path}/review`, { comment: 'Lovely' }, cookies)
    expect(refused.status).toBe(422)
    const refusedText = pageText(await refused.text())
    expect(refusedText).toContain(MESSAGES.ratingRequired)
    const saved = await postForm(`${path}/review`, { starRating: '5', comment: 'Lovely' }, cookies)
    expect(saved.status).toBe(303)
    expect(saved.headers.get('location')).toBe(`${path}?review=saved#review`)
    const after = await page(`${path}?review=saved`)
    expect(after).toContain(MESSAGES.reviewSaved)
    expect(after).toContain('Update review')
  })

  it('shows the store’s rating on its page, and keeps it out of the JSON-LD below the threshold', async () => {
    const res = await get('/stores/checkout-store-9200')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(pageText(html)).toContain('Rated 5.0 out of 5 (1 review)')
    expect(html).toContain('"@type":"GroceryStore"')
    expect(html).not.toContain('AggregateRating')
  })
})
