import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { TEXT_MAX_LENGTH } from '../../../schemas/text-limits.ts'
import { HPP_RESPONSE_PATH } from '../../../schemas/payments.ts'
import { BasketSchema } from '../../../schemas/basket.ts'
import { encodeHppFields, hppResponseHash, base64Decode } from '../../../worker/realex/hpp.ts'
import {
  expectOk,
  plainItem,
  readyBasket,
  registerMember,
  seedCheckout,
  STORES,
} from '../checkout/fixtures.ts'
import { PASSWORD } from '../auth/fixtures.ts'
import { downDatabase } from '../../support/workers/down-database.ts'
import { checkoutSteps } from './checkout-steps.ts'
import { jar } from './cookie-jar.ts'
import {
  CHECKOUT_LOCATION as LOCATION,
  pageText as text,
  ORIGIN,
  pageClient,
  testEnv,
} from './storefront.ts'
import { DATED } from '../../support/test-clock.ts'

const app = createApp()
const client = pageClient(app, '198.51.100')
const { get, postForm } = client

/** A store of business 1 that takes no cash, otherwise like the main checkout store. */
const NO_CASH_STORE = 9290

let itemId = 0
let mainSlug = ''

beforeAll(async () => {
  await seedCheckout(env.DB)
  itemId = (await plainItem(1500, 4000)).id
  const store = await env.DB.prepare('select slug from stores where id = ?1')
    .bind(STORES.main)
    .first<{ slug: string }>()
  mainSlug = store?.slug ?? ''
  // Delivers round the test postcode, so the details step asks for an address.
  await env.DB.prepare('update stores set delivery_radius_km = 50 where id = ?1')
    .bind(STORES.main)
    .run()
  await env.DB.batch([
    env.DB.prepare(
      `insert into stores (id, business_id, slug, name, address_line1, town, postcode, latitude,
         longitude, time_zone, days_in_advance, asap_enabled, delivery_lead_minutes,
         collection_lead_minutes, slot_duration_minutes, slot_capacity, accepts_cash)
       select ?1, business_id, 'no-cash-store', 'No Cash Store', address_line1, town, postcode,
         latitude, longitude, time_zone, days_in_advance, asap_enabled, delivery_lead_minutes,
         collection_lead_minutes, slot_duration_minutes, slot_capacity, 0
       from stores where id = ?2`
    ).bind(NO_CASH_STORE, STORES.main),
    env.DB.prepare(
      `insert into store_opening_hours (store_id, fulfilment_method, day_of_week, opens_at,
         closes_at)
       select ?1, 'store', value, '00:00', '00:00' from json_each('[0,1,2,3,4,5,6]')`
    ).bind(NO_CASH_STORE),
  ])
})

const steps = checkoutSteps(client, () => itemId)

/** A basket with a held slot and no checkout details, as the browser's cookies. */
async function basketCookies(
  storeId: number = STORES.main,
  method: 'delivery' | 'collection' = 'collection'
): Promise<string> {
  return (await steps.basket(storeId, method)).cookies
}

/** A guest's valid details. */
const DETAILS = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace.pages@example.com',
  phoneNumber: '07700 900456',
  terms: 'yes',
}

/** Enters checkout as a guest (the guest session's cookies) and posts valid details. */
async function guestWithDetails(storeId: number = STORES.main): Promise<string> {
  return (await steps.guestAtPayment(DETAILS, storeId)).cookies
}

/**
 * Follows a guard's redirect as a browser would and answers the page's text: every redirect must
 * say why on the page it lands on.
 */
async function landing(res: Response, cookies: string): Promise<string> {
  expect(res.status).toBe(302)
  const to = await get(res.headers.get('location') ?? '', jar(res, cookies))
  expect(to.status).toBe(200)
  return text(await to.text())
}

describe('checkout guards (spec §2)', () => {
  it('sends a shopper without a basket home, and an empty basket to its store', async () => {
    const none = await get('/checkout/details', LOCATION)
    expect(none.status).toBe(302)
    expect(none.headers.get('location')).toBe('/')
    expect(await landing(none, LOCATION)).toContain(MESSAGES.checkoutBasketEmpty)

    const empty = BasketSchema.parse(
      await expectOk('/basket', {
        businessId: 1,
        storeId: STORES.main,
        fulfilmentMethod: 'collection',
      })
    )
    const emptyCookies = `sf_basket=${empty.basketToken}; ${LOCATION}`
    const res = await get('/checkout/payment', emptyCookies)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/stores/${mainSlug}`)
    expect(await landing(res, emptyCookies)).toContain(MESSAGES.checkoutBasketEmpty)
  })

  it('sends a basket with a line no longer available to the basket', async () => {
    const item = await plainItem(100, 10000, itemId)
    const ready = await readyBasket({ items: [{ id: item.id, quantity: 1 }], details: false })
    await env.DB.prepare(
      `insert into store_menu_items (store_id, menu_item_id, out_of_stock) values (?1, ?2, 1)`
    )
      .bind(STORES.main, item.id)
      .run()
    const cookies = `sf_basket=${ready.token}; ${LOCATION}`
    const res = await get('/checkout/details', cookies)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/basket')
    expect(await landing(res, cookies)).toContain(MESSAGES.checkoutItemsUnavailable)
  })

  it('sends a lapsed slot to the store time-slot page', DATED, async () => {
    const ready = await readyBasket({ items: [{ id: itemId, quantity: 1 }], details: false })
    await env.DB.prepare(
      `update slot_reservations set expires_at = '2000-01-01T00:00:00.000Z' where basket_id = ?1`
    )
      .bind(ready.basketId)
      .run()
    const cookies = `sf_basket=${ready.token}; ${LOCATION}`
    const res = await get('/checkout/details', cookies)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/stores/${mainSlug}/time-slots?change=1&expired=1`)
    // Said once: by the flash, not again by the page's own notice.
    const page = await landing(res, cookies)
    expect(page.split(MESSAGES.slotExpired)).toHaveLength(2)
  })

  it('sends a basket without a slot to the slot page even with no location, and says why', async () => {
    // A shopper who came from /stores: a delivery basket, no slot, no postcode ever searched.
    const basket = BasketSchema.parse(
      await expectOk('/basket/items/add', {
        businessId: 1,
        storeId: STORES.main,
        fulfilmentMethod: 'delivery',
        menuItem: { itemId, quantity: 2 },
      })
    )
    const cookies = `sf_basket=${basket.basketToken}`
    for (const step of ['/checkout', '/checkout/details', '/checkout/payment']) {
      const res = await get(step, cookies)
      expect(res.status, step).toBe(302)
      expect(res.headers.get('location')).toBe(`/stores/${mainSlug}/time-slots?change=1`)
      const page = await landing(res, cookies)
      expect(page).toContain('You need to select a delivery slot.')
      // The slot page asks where to deliver instead of bouncing back.
      expect(page).toContain('Where should we deliver?')
    }
  })

  it('sends the payment steps back to details until they are done, saying why', async () => {
    let cookies = await basketCookies()
    cookies = jar(await get('/checkout', cookies), cookies)
    for (const step of [
      '/checkout/payment',
      '/checkout/payment/billing-address',
      '/checkout/payment/card-form?attempt=00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await get(step, cookies)
      expect(res.headers.get('location'), step).toBe('/checkout/options')
      expect(await landing(res, cookies)).toContain(MESSAGES.checkoutDetailsFirst)
    }
  })

  it('sends the card step without an attempt to the billing address, saying why', async () => {
    const cookies = await guestWithDetails()
    const res = await get('/checkout/payment/card-form', cookies)
    expect(res.headers.get('location')).toBe('/checkout/payment/billing-address')
    expect(await landing(res, cookies)).toContain(MESSAGES.checkoutBillingFirst)
  })

  it('lets the success page through without a basket (an exempt path)', async () => {
    const res = await get('/checkout/success?orderId=999999', LOCATION)
    expect(res.status).toBe(404)
    expect(text(await res.text())).toContain(MESSAGES.orderViewFailed)
  })
})

describe('/checkout and the details step', () => {
  it('gives a signed-out shopper a guest session and sends them to the options step', async () => {
    const cookies = await basketCookies()
    const res = await get('/checkout', cookies)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/checkout/options')
    expect(res.headers.getSetCookie().some((line) => line.startsWith('sf_access='))).toBe(true)
    const options = await get('/checkout/options', jar(res, cookies))
    const html = await options.text()
    expect(options.headers.get('cache-control')).toBe('private, no-store')
    expect(html).toContain('href="/checkout/details"')
    expect(html).toContain('href="/checkout/login"')
    expect(html).toContain('href="/checkout/create"')
  })

  it('renders the sign-in step posting to /login with checkout as the way back', async () => {
    const res = await get('/checkout/login', await basketCookies())
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('action="/login"')
    expect(html).toContain('name="redirect" value="/checkout/login"')
  })

  it('signs a member in from the sign-in step and goes back to checkout, then to details', async () => {
    const member = await registerMember()
    let cookies = await basketCookies()
    cookies = jar(await get('/checkout', cookies), cookies)
    const signIn = await postForm(
      '/login',
      { email: member.email, password: PASSWORD, redirect: '/checkout/login' },
      cookies
    )
    expect(signIn.status).toBe(303)
    expect(signIn.headers.get('location')).toBe('/checkout')
    cookies = jar(signIn, cookies)
    const options = await get('/checkout/options', cookies)
    expect(options.status).toBe(302)
    expect(options.headers.get('location')).toBe('/checkout/details')
    const login = await get('/checkout/login', cookies)
    expect(login.headers.get('location')).toBe('/checkout')
  })

  it('shows every field error at once, linked to its field, and keeps what was typed', async () => {
    let cookies = await basketCookies(STORES.main, 'delivery')
    cookies = jar(await get('/checkout', cookies), cookies)
    const form = await get('/checkout/details', cookies)
    expect(form.status).toBe(200)
    // The searched postcode fills the empty address.
    expect(await form.text()).toContain('value="M1 1AD"')
    const res = await postForm(
      '/checkout/details',
      { firstName: 'Grace', lastName: '', email: 'not-an-email', phoneNumber: '' },
      cookies
    )
    expect(res.status).toBe(422)
    const html = await res.text()
    expect(html).toContain('value="Grace"')
    expect(html).toContain('aria-describedby="details-lastName-error"')
    expect(html).toContain(
      `id="details-lastName-error" class="mt-1 text-sm font-semibold text-red-700">${MESSAGES.lastNameRequired}`
    )
    expect(html).toContain('id="details-email-error"')
    expect(html).toContain('id="details-phoneNumber-error"')
    expect(text(html)).toContain(MESSAGES.termsRequired)
    expect(html).toContain('id="delivery-addressLine1-error"')
    expect(text(html)).toContain(MESSAGES.addressLine1Required)
    // Nothing was saved: the entry still sends the shopper to options.
    const entry = await get('/checkout', cookies)
    expect(entry.headers.get('location')).toBe('/checkout/options')
  })

  it('saves valid details and moves on to payment; /checkout then goes to payment', async () => {
    const cookies = await guestWithDetails()
    const entry = await get('/checkout', cookies)
    expect(entry.status).toBe(302)
    expect(entry.headers.get('location')).toBe('/checkout/payment')
    const details = await get('/checkout/details', cookies)
    const html = await details.text()
    expect(html).toContain('value="grace.pages@example.com"')
    // The phone as the shopper typed it, not as it is kept (+447700900456; issue 35 item 20).
    expect(html).toContain('value="07700 900456"')
    const review = text(await (await get('/checkout/payment', cookies)).text())
    expect(review).toContain('Your details Grace Hopper grace.pages@example.com 07700 900456')
  })

  it('saves a delivery address with its instructions', async () => {
    let cookies = await basketCookies(STORES.main, 'delivery')
    cookies = jar(await get('/checkout', cookies), cookies)
    const res = await postForm(
      '/checkout/details',
      {
        ...DETAILS,
        addressLine1: '12 Test Road',
        town: 'Manchester',
        postcode: 'M1 1AD',
        instructions: 'Ring twice',
      },
      cookies
    )
    expect(res.status, text(await res.clone().text())).toBe(303)
    const html = await (await get('/checkout/details', cookies)).text()
    expect(html).toContain('value="12 Test Road"')
    expect(html).toContain('Ring twice')
  })

  it('says the limit of a field typed too long, and every input carries that limit', async () => {
    let cookies = await basketCookies()
    cookies = jar(await get('/checkout', cookies), cookies)
    const page = await (await get('/checkout/details', cookies)).text()
    expect(/<input id="details-firstName"[^>]*>/.exec(page)?.[0]).toContain(
      `maxLength="${TEXT_MAX_LENGTH.name}"`
    )
    const res = await postForm(
      '/checkout/details',
      { ...DETAILS, firstName: 'A'.repeat(TEXT_MAX_LENGTH.name + 1) },
      cookies
    )
    expect(res.status).toBe(422)
    const html = text(await res.text())
    expect(html).toContain('First name must be 100 characters or fewer.')
    expect(html).not.toContain(MESSAGES.firstNameRequired)
  })

  it('refuses a guest the email of a member, with both ways to sign in', async () => {
    const member = await registerMember()
    let cookies = await basketCookies()
    cookies = jar(await get('/checkout', cookies), cookies)
    const res = await postForm('/checkout/details', { ...DETAILS, email: member.email }, cookies)
    expect(res.status).toBe(422)
    const html = await res.text()
    expect(text(html)).toContain(MESSAGES.guestEmailRegistered)
    const signInHref = `/checkout/login?email=${encodeURIComponent(member.email)}`
    expect(html).toContain(`href="${signInHref.replaceAll('&', '&amp;')}"`)
    expect(html).toContain('href="/login?otp=send&amp;redirect=%2Fcheckout"')
    // The sign-in form comes with the email the guest typed (issue 35 item 20).
    const login = await (await get(signInHref, cookies)).text()
    expect(login).toMatch(new RegExp(`<input id="login-email"[^>]*value="${member.email}"`))
  })

  it('fills the checkout sign-in with the email of the guest details checkout holds', async () => {
    const cookies = await guestWithDetails()
    const html = await (await get('/checkout/login', cookies)).text()
    expect(html).toMatch(/<input id="login-email"[^>]*value="grace.pages@example.com"/)
    expect(html).toMatch(/<input id="otp-send-identifier"[^>]*value="grace.pages@example.com"/)
    // A hint that is not an email is ignored.
    const odd = await (await get('/checkout/login?email=%3Cb%3E', await basketCookies())).text()
    expect(odd).not.toMatch(/<input id="login-email"[^>]*value="[^"]/)
  })
})

describe('the postcode finder of the delivery address (issue 35 item 20)', () => {
  it('lists the postcode’s addresses and fills the lines with the one picked, keeping what was typed', async () => {
    let cookies = await basketCookies(STORES.main, 'delivery')
    cookies = jar(await get('/checkout', cookies), cookies)
    const row = await env.DB.prepare(
      'select postcode from geo_addresses order by postcode limit 1'
    ).first<{ postcode: string }>()
    const postcode = row?.postcode ?? ''
    const typed = { firstName: 'Grace', email: 'grace.finder@example.com' }
    const found = await postForm(
      '/checkout/details',
      { ...typed, lookupPostcode: postcode.toLowerCase(), findAddress: '1' },
      cookies
    )
    expect(found.status).toBe(200)
    const list = await found.text()
    expect(list).toContain('value="grace.finder@example.com"')
    expect(text(list)).toContain(`Pick your address at ${postcode.toLowerCase()}`)
    const first = /<button[^>]*value="0"[^>]*name="pickAddress"[^>]*>([^<]+)</.exec(list)?.[1]
    expect(first).toContain(postcode)
    // Nothing is saved and no field is refused by a lookup.
    expect(list).not.toContain('id="details-lastName-error"')
    const picked = await postForm(
      '/checkout/details',
      { ...typed, lookupPostcode: postcode.toLowerCase(), pickAddress: '0' },
      cookies
    )
    const filled = await picked.text()
    expect(filled).toMatch(/<input id="delivery-addressLine1"[^>]*value="[^"]+"/)
    expect(filled).toMatch(new RegExp(`<input id="delivery-postcode"[^>]*value="${postcode}"`))
    expect(filled).toContain('value="Grace"')
    const none = await postForm(
      '/checkout/details',
      { ...typed, lookupPostcode: 'nope', findAddress: '1' },
      cookies
    )
    expect(text(await none.text())).toContain(formatMessage('postcodeInvalid', 'nope'))
  })
})

describe('a delivery address outside the store’s area', () => {
  it('is refused at details with the message, collection and other stores, and nothing saved', async () => {
    let cookies = await basketCookies(STORES.main, 'delivery')
    cookies = jar(await get('/checkout', cookies), cookies)
    const fields = {
      ...DETAILS,
      email: 'wick.pages@example.com',
      addressLine1: '1 Harbour Quay',
      town: 'Wick',
      postcode: 'kw1 4yt',
    }
    const refused = await postForm('/checkout/details', fields, cookies)
    expect(refused.status).toBe(422)
    const html = await refused.text()
    expect(text(html)).toMatch(
      /Checkout Store [\d.]+ doesn't deliver to KW1 4YT\. You can collect your order from the store instead, or choose another store\./
    )
    expect(html).toContain(`href="/stores/${mainSlug}/time-slots?method=collection&amp;change=1"`)
    expect(html).toContain('href="/stores-near-by/KW1%204YT"')
    // The shopper's typing comes back to correct.
    expect(html).toContain('value="1 Harbour Quay"')
    const payment = await get('/checkout/payment', cookies)
    expect(payment.headers.get('location')).toBe('/checkout/details')

    const inside = await postForm(
      '/checkout/details',
      { ...fields, addressLine1: '12 Portland Street', town: 'Manchester', postcode: 'M1 1AD' },
      cookies
    )
    expect(inside.status).toBe(303)
    expect(inside.headers.get('location')).toBe('/checkout/payment')
  })
})

describe('the payment step', () => {
  it('sends a shopper without details back to the details step', async () => {
    let cookies = await basketCookies()
    cookies = jar(await get('/checkout', cookies), cookies)
    const res = await get('/checkout/payment', cookies)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/checkout/options')
  })

  it('shows the sandbox banner, the summary and cash where the store takes it', async () => {
    const cookies = await guestWithDetails()
    const res = await get('/checkout/payment', cookies)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(text(html)).toContain('Sandbox mode: no real payments are taken')
    expect(html).toContain('data-island="PaymentForm"')
    expect(html).toContain('value="new-card"')
    expect(html).toContain('value="cash"')
    expect(html).not.toContain('sf_basket=')
  })

  it('frames the steps with the slim checkout header, not the site chrome', async () => {
    const atDetails = await basketCookies()
    const entry = await get('/checkout', atDetails)
    const guest = jar(entry, atDetails)
    const payment = await guestWithDetails()
    for (const [path, cookies] of [
      ['/checkout/details', guest],
      ['/checkout/payment', payment],
    ] as const) {
      const res = await get(path, cookies)
      expect(res.status, path).toBe(200)
      const html = await res.text()
      const header = /<header[^>]*data-checkout-header=""[\s\S]*?<\/header>/.exec(html)?.[0] ?? ''
      // The logo goes back to the basket and says so; the order (2 of the item) and its total.
      expect(header, path).toMatch(/<a href="\/basket" aria-label="[^"]+: back to your basket"/)
      expect(text(header)).toContain('Secure checkout')
      expect(header).toContain('<details')
      expect(text(header)).toMatch(/Order summary \(2 items · £\d+\.\d{2}\)/)
      expect(header).toContain('data-island="SlotCountdown"')
      // No site navigation, search or sign-up: only the legal links at the foot.
      expect(html).not.toContain('aria-label="Main"')
      expect(html).not.toContain('data-island="StayInTouch"')
      const footer = /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? ''
      expect([...footer.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1])).toEqual([
        '/terms',
        '/privacy-policy',
        '/cookie-policy',
      ])
    }
  })

  it('offers no cash where the store does not take it', async () => {
    const cookies = await guestWithDetails(NO_CASH_STORE)
    const html = await (await get('/checkout/payment', cookies)).text()
    expect(html).toContain('value="new-card"')
    expect(html).not.toContain('value="cash"')
  })

  it('says why the shopper is back from the card page', async () => {
    const cookies = await guestWithDetails()
    const failed = text(await (await get('/checkout/payment?payment=failed', cookies)).text())
    expect(failed).toContain(
      'There was an issue processing your payment. No money was taken. Please try again with another card or payment method.'
    )
    const cancelled = text(await (await get('/checkout/payment?payment=cancelled', cookies)).text())
    expect(cancelled).toContain(MESSAGES.paymentCancelled)
  })
})

describe('the payment form without JavaScript', DATED, () => {
  function attemptOf(html: string): string {
    return /name="attempt" value="([^"]+)"/.exec(html)?.[1] ?? ''
  }

  it('asks for a payment source, and for the cash confirmation', async () => {
    const cookies = await guestWithDetails()
    const attempt = attemptOf(await (await get('/checkout/payment', cookies)).text())
    const none = await postForm('/checkout/payment', { attempt }, cookies)
    expect(none.status).toBe(422)
    expect(text(await none.text())).toContain(MESSAGES.paymentSourceRequired)
    const unconfirmed = await postForm(
      '/checkout/payment',
      { attempt, paymentSource: 'cash' },
      cookies
    )
    expect(unconfirmed.status).toBe(422)
    expect(text(await unconfirmed.text())).toContain(MESSAGES.cashConfirmRequired)
    const card = await postForm(
      '/checkout/payment',
      { attempt, paymentSource: 'new-card' },
      cookies
    )
    expect(card.status).toBe(303)
    // The billing step carries the total this page showed, for the card step to charge.
    expect(card.headers.get('location')).toMatch(
      /^\/checkout\/payment\/billing-address\?shownTotal=\d+$/
    )
  })

  it('places a confirmed cash order once, however often it is posted, and shows it', async () => {
    // White label: the order number carries the brand's prefix.
    await env.DB.prepare(
      `update brands set order_number_prefix = 'CASH'
       where id = (select brand_id from brand_hosts where host = 'localhost')`
    ).run()
    const cookies = await guestWithDetails()
    const attempt = attemptOf(await (await get('/checkout/payment', cookies)).text())
    const fields = { attempt, paymentSource: 'cash', cashConfirmed: 'yes' }
    const [first, second] = await Promise.all([
      postForm('/checkout/payment', fields, cookies),
      postForm('/checkout/payment', fields, cookies),
    ])
    const locations = [first, second].map((res) => `${res.status} ${res.headers.get('location')}`)
    const placed = locations.filter((line) => /^303 \/checkout\/success\?orderId=\d+$/.test(line))
    expect(placed.length, locations.join(', ')).toBeGreaterThanOrEqual(1)
    // Once placed, the basket is closed: a late resubmit is stopped by the guards.
    const again = await postForm('/checkout/payment', fields, cookies)
    expect(again.status).toBe(302)
    expect(again.headers.get('location')).not.toMatch(/success/)
    const orders = await env.DB.prepare(
      `select count(*) as n from orders where email = 'grace.pages@example.com' and payment_method = 'paymentCash'`
    ).first<{ n: number }>()
    expect(orders?.n).toBe(1)
    const success = await get(placed[0]?.slice(4) ?? '', cookies)
    expect(success.status).toBe(200)
    const raw = await success.text()
    // The checkout is closed: its earlier steps are no longer links (issue 35 item 20).
    expect(raw).not.toContain('href="/checkout/details"')
    expect(raw).not.toContain('href="/checkout/payment"')
    expect(raw).toMatch(/<a href="\/track\/[^"]+"[^>]*>Track your order</)
    const html = text(raw)
    expect(html).toContain('Thank you for your order')
    expect(html).toMatch(/Order number CASH-[0-9A-Z]{8} /)
    // Collection: where and when to collect, and how it will be paid.
    const store = await env.DB.prepare(
      'select name, address_line1, postcode from stores where id = ?1'
    )
      .bind(STORES.main)
      .first<{ name: string; address_line1: string; postcode: string }>()
    expect(html).toMatch(/Ready for collection \S+/)
    expect(html).toContain(`Collect from ${store?.name} ${store?.address_line1}`)
    expect(html).toContain(store?.postcode)
    expect(html).toContain('Payment Cash when you collect')
    expect(html).toContain('Order texts to 07700 900456')
  })

  it('refuses cash where the store does not take it', async () => {
    const cookies = await guestWithDetails(NO_CASH_STORE)
    const attempt = attemptOf(await (await get('/checkout/payment', cookies)).text())
    const res = await postForm(
      '/checkout/payment',
      { attempt, paymentSource: 'cash', cashConfirmed: 'yes' },
      cookies
    )
    expect(res.status).toBe(422)
    expect(text(await res.text())).toContain(MESSAGES.paymentSourceRequired)
  })
})

/** Billing (same as delivery), then the card form: the signed request for the card page. */
async function cardFormFields(cookies: string) {
  const billing = await get('/checkout/payment/billing-address', cookies)
  expect(billing.status).toBe(200)
  const attempt = /name="attempt" value="([^"]+)"/.exec(await billing.text())?.[1] ?? ''
  const posted = await postForm(
    '/checkout/payment/billing-address',
    {
      attempt,
      sameAsDelivery: 'no',
      addressLine1: '1 Card Street',
      town: 'Manchester',
      postcode: 'M1 1AD',
    },
    cookies
  )
  expect(posted.status, await posted.clone().text()).toBe(303)
  const cardForm = await get(posted.headers.get('location') ?? '', jar(posted, cookies))
  const html = await cardForm.text()
  expect(cardForm.status, text(html)).toBe(200)
  expect(
    cardForm.headers.getSetCookie().some((line) => line.startsWith('sf_checkout_order='))
  ).toBe(true)
  expect(html).toContain('Continue to secure payment')
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([A-Z_0-9]+)" value="([^"]*)"/g)].map((match) => [
      match[1] ?? '',
      base64Decode(match[2] ?? '') ?? '',
    ])
  )
  return { fields, cookies: jar(cardForm, cookies) }
}

async function hppAnswer(fields: Record<string, string>, result: string) {
  const answer = {
    TIMESTAMP: fields.TIMESTAMP ?? '',
    MERCHANT_ID: fields.MERCHANT_ID ?? '',
    ACCOUNT: fields.ACCOUNT ?? '',
    ORDER_ID: fields.ORDER_ID ?? '',
    AMOUNT: fields.AMOUNT ?? '',
    RESULT: result,
    MESSAGE: result === '00' ? '[ test system ] Authorised' : '[ test system ] Declined',
    PASREF: 'pasref-page-test',
    AUTHCODE: result === '00' ? '12345' : '',
  }
  const SHA1HASH = await hppResponseHash(
    {
      timestamp: answer.TIMESTAMP,
      merchantId: answer.MERCHANT_ID,
      orderId: answer.ORDER_ID,
      result: answer.RESULT,
      message: answer.MESSAGE,
      pasref: answer.PASREF,
      authcode: answer.AUTHCODE,
    },
    env.REALEX_SHARED_SECRET
  )
  return { ...answer, SHA1HASH }
}

describe('the hosted card page answer', () => {
  it('takes a genuine signed answer without cookies and shows the placed order', async () => {
    const { fields, cookies } = await cardFormFields(await guestWithDetails())
    expect(fields.ORDER_ID).toBeTruthy()
    const answer = await hppAnswer(fields, '00')
    // The gateway posts cross-site: no cookies, no Origin of ours.
    const res = await app.request(
      `${ORIGIN}${HPP_RESPONSE_PATH}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://pay.example',
        },
        body: new URLSearchParams({
          hppResponse: JSON.stringify(encodeHppFields(answer)),
        }).toString(),
      },
      testEnv
    )
    expect(res.status).toBe(303)
    const location = res.headers.get('location') ?? ''
    expect(location).toMatch(/^\/checkout\/success\?orderId=\d+$/)
    const summary = encodeURIComponent(
      JSON.stringify({ itemCount: 2, total: 1000, storeSlug: mainSlug })
    )
    const success = await get(location, `${cookies}; sf_basket_summary=${summary}`)
    expect(success.status).toBe(200)
    const html = text(await success.text())
    expect(html).toContain('Thank you for your order')
    expect(html).toMatch(/Order number \S+/)
    expect(html).toContain('Continue shopping')
    const lastOrder = success.headers
      .getSetCookie()
      .find((line) => line.startsWith('sf_last_order='))
    expect(decodeURIComponent(lastOrder ?? '')).toContain(mainSlug)
    const cleared = success.headers
      .getSetCookie()
      .find((line) => line.startsWith('sf_3ds_pending='))
    expect(cleared).toMatch(/Max-Age=0/)
  })

  it('sends the shopper to the changed-total page when the coupon ran out meanwhile (issue 36.3)', async () => {
    const { fields } = await cardFormFields(await guestWithDetails())
    // The order was priced with a one-use coupon whose use another order took meanwhile.
    const code = `GONE${Date.now()}`
    await env.DB.batch([
      env.DB.prepare(
        `insert into coupons (business_id, code, kind, value, minimum_spend, max_redemptions,
           redemption_count)
         values (1, ?1, 'amount', 100, 0, 1, 1)`
      ).bind(code),
      env.DB.prepare(
        `update orders set coupon_id = (select id from coupons where code = ?1)
         where id = (select order_id from payments where gateway_order_id = ?2)`
      ).bind(code, fields.ORDER_ID ?? ''),
    ])
    const res = await postForm(HPP_RESPONSE_PATH, {
      hppResponse: JSON.stringify(encodeHppFields(await hppAnswer(fields, '00'))),
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/checkout/payment?payment=changed')
    const payment = await env.DB.prepare(
      `select status, void_reason from payments where gateway_order_id = ?1`
    )
      .bind(fields.ORDER_ID ?? '')
      .first()
    // Not kept: its void is owed (this answer is not the sandbox's, so the gateway cannot void it
    // here; one-charge.test.ts sees a real void).
    expect(payment).toMatchObject({ void_reason: 'order_superseded' })
  })

  it('keeps a genuine answer it could not record, and places the order once when sent again', async () => {
    const { fields } = await cardFormFields(await guestWithDetails())
    const hppResponse = JSON.stringify(encodeHppFields(await hppAnswer(fields, '00')))
    const send = (bindings: Env) =>
      app.request(
        `${ORIGIN}${HPP_RESPONSE_PATH}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ hppResponse }).toString(),
        },
        bindings
      )
    // The database is out of reach as the card page answers: not "payment failed", but the
    // answer kept in a page that sends it again.
    const down = await send({ ...testEnv, DB: downDatabase(env.DB) })
    expect(down.status).toBe(503)
    const page = await down.text()
    expect(text(page)).toContain(MESSAGES.paymentPending)
    const kept = /name="hppResponse" value="([^"]*)"/.exec(page)?.[1] ?? ''
    expect(kept.replaceAll('&quot;', '"')).toBe(hppResponse)
    expect(page).toContain(`action="${HPP_RESPONSE_PATH}"`)

    const again = await send(testEnv)
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toMatch(/^\/checkout\/success\?orderId=\d+$/)
    expect((await send(testEnv)).headers.get('location')).toBe(again.headers.get('location'))
    const placed = await env.DB.prepare(
      `select p.status as payment, o.status as status from payments p
       join orders o on o.id = p.order_id where p.gateway_order_id = ?1`
    )
      .bind(fields.ORDER_ID ?? '')
      .first<{ payment: string; status: string }>()
    expect(placed).toMatchObject({ payment: 'authorised', status: 'sent_to_store' })
  })

  it('treats a forged answer as a failed payment', async () => {
    const { fields } = await cardFormFields(await guestWithDetails())
    const answer = { ...(await hppAnswer(fields, '101')), RESULT: '00' }
    const res = await postForm(HPP_RESPONSE_PATH, {
      hppResponse: JSON.stringify(encodeHppFields(answer)),
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/checkout/payment?payment=failed')
  })
})

describe('the Content-Security-Policy for the hosted card page', () => {
  it('allows posting to and framing the Realex page only when a merchant is configured', async () => {
    const local = (await get('/faqs')).headers.get('content-security-policy') ?? ''
    expect(local).toContain("form-action 'self';")
    expect(local).not.toContain('realexpayments')

    const sandbox = await get('/faqs', '', { ...testEnv, REALEX_MERCHANT_ID: 'merchant' })
    const sandboxPolicy = sandbox.headers.get('content-security-policy') ?? ''
    expect(sandboxPolicy).toContain("form-action 'self' https://pay.sandbox.realexpayments.com;")
    expect(sandboxPolicy).toContain('frame-src https://pay.sandbox.realexpayments.com;')

    const live = await get('/faqs', '', {
      ...testEnv,
      REALEX_MERCHANT_ID: 'merchant',
      PAYMENTS_MODE: 'live',
    })
    expect(live.headers.get('content-security-policy')).toContain(
      "form-action 'self' https://pay.realexpayments.com;"
    )
  })
})
