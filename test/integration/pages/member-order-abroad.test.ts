import { env } from 'cloudflare:test'
import { beforeAll, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { PASSWORD } from '../auth/fixtures.ts'
import { memberOrder, newMember, seedCheckout } from '../member/orders-fixtures.ts'
import { jar } from './cookie-jar.ts'
import { pageClient, pageText } from './storefront.ts'

/*
 * The member's order page of a business that speaks Dutch (issue 43, ADR 061): the status, its
 * history, the tracking message and the named discounts come from the backend in the business's
 * language. The demo's first business reads nl-NL once the member's order is placed.
 */
const app = createApp()
const { get, postForm } = pageClient(app, '198.51.141')

let cookies = ''
let orderNumber = ''

beforeAll(async () => {
  await seedCheckout(env.DB)
  const ada = await newMember('Ada')
  const placed = await memberOrder(ada)
  orderNumber = placed.businessOrderId
  // Checkout recorded a coupon before the order's terms were kept (orders/named-discounts.ts).
  await env.DB.prepare(
    `update orders set pricing_terms_json = null, coupon_code = 'WELKOM5', coupon_discount = 100,
       discount_total = 100 where id = ?1`
  )
    .bind(placed.orderId)
    .run()
  await env.DB.prepare(
    `update businesses set locale = 'nl-NL', country_code = 'NL', time_zone = 'Europe/Amsterdam'
     where id = 1`
  ).run()
  const signedIn = await postForm('/login', { email: ada.email, password: PASSWORD })
  expect(signedIn.status).toBe(303)
  cookies = jar(signedIn)
})

it('says the order’s status, history, tracking message and coupon in Dutch', async () => {
  const res = await get(`/member/orders/${orderNumber}`, cookies)
  expect(res.status).toBe(200)
  const text = pageText(await res.text())
  expect(text).toContain('Naar de winkel gestuurd')
  expect(text).toContain('Je bestelling is naar de winkel gestuurd.')
  expect(text).toContain('Kortingscode WELKOM5')
  expect(text).not.toMatch(/Sent to the store|Your order has been|Coupon WELKOM5/)
})

it('offers no UK postcode finder on the member’s address form abroad: the address is typed', async () => {
  const res = await get('/member/addresses', cookies)
  expect(res.status).toBe(200)
  const html = await res.text()
  expect(html).toContain('id="address-form"')
  expect(html).not.toContain('id="lookup-postcode"')
  expect(html).not.toContain('data-island="AddressFinder"')
})
