import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { BasketSchema } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { expectOk, plainItem, seedCheckout, STORES } from '../checkout/fixtures.ts'
import { checkoutSteps } from './checkout-steps.ts'
import { jar } from './cookie-jar.ts'
import { pageText as text, ORIGIN, pageClient, testEnv } from './storefront.ts'

// Honest prices (README): the page that takes payment charges only the total the shopper was last
// shown. Two "tabs" share the shopper's cookies: one shows the payment page, the other changes the
// basket, then the first pays.

const app = createApp()
const client = pageClient(app, '198.51.101')
const { get, postForm } = client
const steps = checkoutSteps(client, () => itemId)

let itemId = 0
let otherItemId = 0

beforeAll(async () => {
  await seedCheckout(env.DB)
  itemId = (await plainItem(1500, 4000)).id
  otherItemId = (await plainItem(100, 1000, itemId)).id
})

const field = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1] ?? ''

/** A guest at the payment step (collection): the cookies and the basket token. */
function guestAtPayment(email: string) {
  const details = { firstName: 'Ada', lastName: 'Tabs', email, phoneNumber: '07700 900789' }
  return steps.guestAtPayment({ ...details, terms: 'yes' })
}

/** The other tab adds an item: the basket's total goes up. */
async function changeBasketElsewhere(token: string): Promise<number> {
  const basket = BasketSchema.parse(
    await expectOk('/basket/items/add', {
      businessId: 1,
      basketToken: token,
      storeId: STORES.main,
      menuItem: { itemId: otherItemId, quantity: 1 },
    })
  )
  return basket.totals.total
}

async function ordersOf(email: string): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from orders where email = ?1')
    .bind(email)
    .first<{ n: number }>()
  return row?.n ?? 0
}

describe('a basket changed in another tab after the payment page was shown', () => {
  it('is not charged: the payment page says so and shows the new total, then takes payment', async () => {
    const email = 'ada.tabs.cash@example.com'
    const { cookies, token } = await guestAtPayment(email)
    const shown = await (await get('/checkout/payment', cookies)).text()
    const shownTotal = field(shown, 'shownTotal')
    expect(Number(shownTotal)).toBeGreaterThan(0)

    const newTotal = await changeBasketElsewhere(token)
    expect(newTotal).toBeGreaterThan(Number(shownTotal))

    const pay = { attempt: field(shown, 'attempt'), paymentSource: 'cash', cashConfirmed: 'yes' }
    const refused = await postForm('/checkout/payment', { ...pay, shownTotal }, cookies)
    expect(refused.status).toBe(303)
    expect(refused.headers.get('location')).toBe('/checkout/payment?payment=changed')
    expect(await ordersOf(email)).toBe(0)

    const page = await (await get('/checkout/payment?payment=changed', cookies)).text()
    expect(text(page)).toContain(
      `${MESSAGES.basketPricesChanged} Your new total is ${formatMoney(newTotal)}.`
    )
    expect(field(page, 'shownTotal')).toBe(String(newTotal))

    // Paying from the page that shows the new total goes through.
    const placed = await postForm(
      '/checkout/payment',
      { ...pay, attempt: field(page, 'attempt'), shownTotal: field(page, 'shownTotal') },
      cookies
    )
    expect(placed.status).toBe(303)
    expect(placed.headers.get('location')).toMatch(/^\/checkout\/success\?orderId=\d+$/)
    const order = await env.DB.prepare('select total from orders where email = ?1')
      .bind(email)
      .first<{ total: number }>()
    expect(order?.total).toBe(newTotal)
  })

  it('stops the card hand-over too: no draft order, back to the payment page', async () => {
    const email = 'ada.tabs.card@example.com'
    const { cookies, token } = await guestAtPayment(email)
    const shown = await (await get('/checkout/payment', cookies)).text()
    const shownTotal = field(shown, 'shownTotal')
    const toBilling = await postForm(
      '/checkout/payment',
      { attempt: field(shown, 'attempt'), paymentSource: 'new-card', shownTotal },
      cookies
    )
    expect(toBilling.status).toBe(303)
    const billingPath = toBilling.headers.get('location') ?? ''
    expect(billingPath).toBe(`/checkout/payment/billing-address?shownTotal=${shownTotal}`)
    const billing = await (await get(billingPath, cookies)).text()
    expect(field(billing, 'shownTotal')).toBe(shownTotal)

    await changeBasketElsewhere(token)

    const posted = await postForm(
      '/checkout/payment/billing-address',
      {
        attempt: field(billing, 'attempt'),
        shownTotal,
        sameAsDelivery: 'no',
        addressLine1: '1 Card Street',
        town: 'Manchester',
        postcode: 'M1 1AD',
      },
      cookies
    )
    expect(posted.status).toBe(303)
    const cardForm = await get(posted.headers.get('location') ?? '', jar(posted, cookies))
    expect(cardForm.status).toBe(303)
    expect(cardForm.headers.get('location')).toBe('/checkout/payment?payment=changed')
    expect(
      cardForm.headers.getSetCookie().some((line) => line.startsWith('sf_checkout_order='))
    ).toBe(false)
    expect(await ordersOf(email)).toBe(0)
  })

  it("refuses the island's process order with the new total, then takes the shown one", async () => {
    const email = 'ada.tabs.api@example.com'
    const { cookies, token } = await guestAtPayment(email)
    const shown = await (await get('/checkout/payment', cookies)).text()
    const props = /data-island-props="PaymentForm"[^>]*>(.*?)<\/script>/.exec(shown)?.[1] ?? '{}'
    const { order } = JSON.parse(props) as { order: Record<string, unknown> }
    expect(order.expectedTotal).toBe(Number(field(shown, 'shownTotal')))
    const newTotal = await changeBasketElsewhere(token)

    const processOrder = (expectedTotal: unknown, key: string) =>
      app.request(
        `${ORIGIN}/api/checkout/process-order`,
        {
          method: 'POST',
          headers: { cookie: cookies, 'content-type': 'application/json', origin: ORIGIN },
          body: JSON.stringify({
            ...order,
            expectedTotal,
            idempotencyKey: key,
            paymentMethod: 'paymentCash',
            paymentGateway: 'cash',
          }),
        },
        testEnv
      )
    const refused = await processOrder(order.expectedTotal, crypto.randomUUID())
    expect(refused.status).toBe(409)
    const envelope = ApiErrorSchema.parse(await refused.json())
    expect(envelope.error.message).toBe(MESSAGES.basketPricesChanged)
    expect(envelope.error.details).toMatchObject({ reason: 'total_changed', total: newTotal })
    expect(await ordersOf(email)).toBe(0)

    const taken = await processOrder(newTotal, crypto.randomUUID())
    expect(taken.status, await taken.clone().text()).toBe(200)
    expect(await ordersOf(email)).toBe(1)
  })
})
