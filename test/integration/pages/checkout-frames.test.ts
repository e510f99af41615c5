import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { callOf, jsonPost } from '../../support/workers/requests.ts'
import { OrderSummarySchema } from '../../../schemas/checkout.ts'
import {
  FRAMES_SCRIPT_ID,
  FRAMES_SCRIPT_ORIGIN,
  FRAMES_SCRIPT_URL,
} from '../../../client/lib/frames-provider.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { PaymentResultSchema, SavedCardListSchema } from '../../../schemas/payments.ts'
import { FRAMES_FRAME_ORIGIN } from '../../../worker/lib/payments-config.ts'
import { PASSWORD } from '../auth/fixtures.ts'
import { orderBody, plainItem, readyBasket, registerMember } from '../checkout/fixtures.ts'
import { callWith, seedCheckout } from '../payments/fixtures.ts'
import { FRAMES_CARDS, cardToken, framesEnv, tokenise } from '../payments/frames-fixtures.ts'
import { jar } from './cookie-jar.ts'
import { CHECKOUT_LOCATION as LOCATION, ORIGIN, pageClient, testEnv } from './storefront.ts'

/** The storefront with the embedded card frames as the card gateway (local sandbox). */
const framesPages: Env = { ...testEnv, CARD_GATEWAY: 'frames', FRAMES_PUBLIC_KEY: '' }
/** The same with the provider's own frames (a provider test public key). */
const providerPages: Env = {
  ...framesPages,
  FRAMES_PUBLIC_KEY: 'pk_test_6e40a700-d563-43cd-89d0-f9bb17d35e73',
}

const app = createApp()
const { get, postForm } = pageClient(app, '198.51.100')

let itemId = 0

beforeAll(async () => {
  await seedCheckout(env.DB)
  itemId = (await plainItem(700, 4000)).id
})

/** A member with one saved frames card (a Visa ending 5262). */
async function memberWithCard(card: string = FRAMES_CARDS.success) {
  const member = await registerMember()
  const bearer = member.tokens.access_token
  const added = await callWith(
    framesEnv,
    '/member/cards/add',
    { businessId: 1, token: await cardToken(card) },
    bearer
  )
  expect(added.status, JSON.stringify(added.json)).toBe(200)
  const [saved] = SavedCardListSchema.parse(added.json).cards
  if (!saved) throw new Error('no saved card')
  return { ...member, bearer, card: saved }
}

/** The member signed in on the storefront with a basket ready to pay, as the browser's cookies. */
async function signedInAtPayment(member: { email: string; bearer: string }) {
  const ready = await readyBasket({
    items: [{ id: itemId, quantity: 1 }],
    email: member.email,
    bearer: member.bearer,
  })
  let cookies = `sf_basket=${ready.token}; ${LOCATION}`
  cookies = jar(await get('/checkout', cookies, framesPages), cookies)
  const signIn = await postForm(
    '/login',
    { email: member.email, password: PASSWORD, redirect: '/checkout/login' },
    cookies,
    framesPages
  )
  expect(signIn.status).toBe(303)
  cookies = jar(signIn, cookies)
  const payment = await get('/checkout/payment', cookies, framesPages)
  expect(payment.status, (await payment.clone().text()).slice(0, 500)).toBe(200)
  return { ready, cookies, paymentHtml: await payment.text() }
}

/** A JSON call of the island through the storefront's /api (the proxy adds token and bearer). */
async function apiPost(path: string, body: unknown, cookies: string) {
  return callOf(
    await app.request(
      `${ORIGIN}${path}`,
      jsonPost(body, { origin: ORIGIN, cookie: cookies }),
      framesPages
    )
  )
}

async function ordersOf(basketId: number): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from orders where basket_id = ?1')
    .bind(basketId)
    .first<{ n: number }>()
  return row?.n ?? -1
}

describe('a new card with the frames gateway (card step)', () => {
  it('frames the sandbox card form (CSP frame-src self) and places nothing until Pay', async () => {
    const ready = await readyBasket({ items: [{ id: itemId, quantity: 1 }] })
    let cookies = `sf_basket=${ready.token}; ${LOCATION}`
    cookies = jar(await get('/checkout', cookies, framesPages), cookies)
    const page = await get(
      `/checkout/payment/card-form?attempt=${crypto.randomUUID()}`,
      cookies,
      framesPages
    )
    const html = await page.text()
    expect(page.status, html.slice(0, 2000)).toBe(200)
    expect(html).toContain('src="http://localhost/sandbox-gateway/frames/frame/card"')
    expect(html).toContain('title="Secure card details"')
    expect(html).toContain('data-island="CardFrames"')
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("frame-src 'self'")
    // The sandbox needs none of the provider's script.
    expect(html).not.toContain(FRAMES_SCRIPT_URL)
    expect(csp).not.toContain(FRAMES_SCRIPT_ORIGIN)
    expect(await ordersOf(ready.basketId)).toBe(0)
  })
})

/** The CSP nonce of a response. */
function nonceOf(csp: string): string {
  const match = /'nonce-([^']+)'/.exec(csp)
  if (!match?.[1]) throw new Error(`no nonce in ${csp}`)
  return match[1]
}

describe("a new card with the provider's frames (FRAMES_PUBLIC_KEY set)", () => {
  it("renders labelled containers, the nonce'd provider script and the CSP for its origins", async () => {
    const ready = await readyBasket({ items: [{ id: itemId, quantity: 1 }] })
    let cookies = `sf_basket=${ready.token}; ${LOCATION}`
    cookies = jar(await get('/checkout', cookies, providerPages), cookies)
    const payment = await get('/checkout/payment', cookies, providerPages)
    expect(payment.status).toBe(200)
    // Only the card step may load or frame the provider.
    expect(payment.headers.get('content-security-policy')).not.toContain(FRAMES_SCRIPT_ORIGIN)
    expect(payment.headers.get('content-security-policy')).not.toContain(FRAMES_FRAME_ORIGIN)

    const page = await get(
      `/checkout/payment/card-form?attempt=${crypto.randomUUID()}`,
      cookies,
      providerPages
    )
    const html = await page.text()
    expect(page.status, html.slice(0, 2000)).toBe(200)
    expect(html).not.toContain(MESSAGES.cardFormLoadFailed)
    expect(html).toContain('data-island="CardFrames"')
    expect(html).not.toContain('/sandbox-gateway/frames/frame/')
    for (const [field, label] of [
      ['card-number', 'Card number'],
      ['expiry-date', 'Expiry date'],
      ['cvv', 'Security code (CVV)'],
    ]) {
      const id = new RegExp(`id="([\\w-]+-${field})" role="group" aria-labelledby="\\1-label"`)
      const container = id.exec(html)
      expect(container, field).not.toBeNull()
      expect(html).toContain(
        `id="${container?.[1] ?? ''}-label" class="mb-1 block font-semibold">${label}<`
      )
    }
    // The island starts the provider with the key; nothing else about the provider is secret.
    expect(html).toContain(
      '"provider":{"publicKey":"pk_test_6e40a700-d563-43cd-89d0-f9bb17d35e73"}'
    )

    const csp = page.headers.get('content-security-policy') ?? ''
    const tag = new RegExp(`<script id="${FRAMES_SCRIPT_ID}" nonce="([^"]+)" src="([^"]+)"`).exec(
      html
    )
    expect(tag?.[1]).toBe(nonceOf(csp))
    expect(tag?.[2]).toBe(FRAMES_SCRIPT_URL)
    expect(html.split(FRAMES_SCRIPT_URL)).toHaveLength(2)
    expect(csp).toMatch(new RegExp(`script-src 'self' 'nonce-[^']+' ${FRAMES_SCRIPT_ORIGIN};`))
    expect(csp).toContain(`frame-src ${FRAMES_FRAME_ORIGIN}`)
    expect(csp).not.toContain("frame-src 'self'")
    expect(await ordersOf(ready.basketId)).toBe(0)
  })
})

describe('a saved card with the frames gateway (card step)', () => {
  it('offers the saved card on the payment step and asks its CVV in the CVV frame', async () => {
    const member = await memberWithCard()
    const { ready, cookies, paymentHtml } = await signedInAtPayment(member)
    expect(paymentHtml).toContain('Visa •••• 5262')

    const page = await get(
      `/checkout/payment/card-form?cardId=${member.card.cardId}`,
      cookies,
      framesPages
    )
    const html = await page.text()
    expect(page.status, html.slice(0, 2000)).toBe(200)
    expect(html).toContain('src="http://localhost/sandbox-gateway/frames/frame/cvv"')
    expect(html).not.toContain('/sandbox-gateway/frames/frame/card"')
    expect(html).toContain('data-island="CardFrames"')
    expect(html).toContain('Visa •••• 5262')
    expect(html).toContain('title="Secure card security code"')
    expect(page.headers.get('content-security-policy')).toContain("frame-src 'self'")
    // Nothing is placed until Pay.
    expect(await ordersOf(ready.basketId)).toBe(0)
  })

  it('without JavaScript, choosing the saved card goes to its CVV step, placing nothing', async () => {
    const member = await memberWithCard()
    const { ready, cookies } = await signedInAtPayment(member)
    const chosen = await postForm(
      '/checkout/payment',
      { paymentSource: `card-${member.card.cardId}` },
      cookies,
      framesPages
    )
    expect(chosen.status).toBe(303)
    expect(chosen.headers.get('location')).toBe(
      `/checkout/payment/card-form?cardId=${member.card.cardId}`
    )
    expect(await ordersOf(ready.basketId)).toBe(0)
  })

  it("with the provider's frames (no CVV-only frame) does not offer the saved card", async () => {
    const member = await memberWithCard()
    const { ready, cookies } = await signedInAtPayment(member)
    const payment = await get('/checkout/payment', cookies, providerPages)
    expect(payment.status).toBe(200)
    expect(await payment.text()).not.toContain('•••• 5262')
    const page = await get(
      `/checkout/payment/card-form?cardId=${member.card.cardId}`,
      cookies,
      providerPages
    )
    const html = await page.text()
    expect(page.status).toBe(404)
    expect(html).toContain(MESSAGES.cardNotFound)
    expect(html).not.toContain('data-island="CardFrames"')
    expect(html).not.toContain(FRAMES_SCRIPT_URL)
    expect(await ordersOf(ready.basketId)).toBe(0)
  })

  it("refuses another member's card, an unknown id and a malformed one, with no frame", async () => {
    const other = await memberWithCard(FRAMES_CARDS.successMastercard)
    const member = await memberWithCard()
    const { cookies } = await signedInAtPayment(member)
    for (const cardId of [String(other.card.cardId), '999999', 'abc']) {
      const page = await get(`/checkout/payment/card-form?cardId=${cardId}`, cookies, framesPages)
      const html = await page.text()
      expect(page.status, cardId).toBe(404)
      expect(html).toContain(MESSAGES.cardNotFound)
      expect(html).not.toContain('/sandbox-gateway/frames/frame/')
      expect(html).not.toContain('4415')
      expect(html).toContain('href="/checkout/payment"')
    }
  })

  it('pays as the island does: process order, then the saved card with a CVV token', async () => {
    const member = await memberWithCard()
    const { ready, cookies } = await signedInAtPayment(member)
    const order = await apiPost(
      '/api/checkout/process-order',
      {
        ...orderBody(ready, { emailAddress: member.email, paymentGateway: 'frames' }),
        basketToken: undefined,
        businessId: undefined,
        channel: 'web',
        platform: 'web',
      },
      cookies
    )
    expect(order.status, JSON.stringify(order.json)).toBe(200)
    const draft = OrderSummarySchema.parse(order.json)
    // The proxy names the host's brand: its order-number prefix (demo data: Corner Fresh, CF).
    expect(draft.businessOrderId).toMatch(/^CF-[0-9A-Z]{8}$/)
    const payment = {
      idempotencyKey: crypto.randomUUID(),
      draftOrderId: draft.draftOrderId,
      paymentMethod: 'paymentCard',
      paymentGateway: 'frames',
      successUrl: `${ORIGIN}/checkout/success?orderId=${draft.draftOrderId}`,
      failureUrl: `${ORIGIN}/checkout/payment?payment=failed`,
      cancelUrl: `${ORIGIN}/checkout/payment?payment=cancelled`,
      type: 'redirect',
      cardId: member.card.cardId,
    }
    const noCvv = await apiPost('/api/payments/make', payment, cookies)
    expect(noCvv.status).toBe(422)
    expect(JSON.stringify(noCvv.json)).toContain(MESSAGES.cvvRequired)

    const cvv = await tokenise({ type: 'cvv', cvv: '123' })
    expect(cvv.status).toBe(201)
    const paid = await apiPost(
      '/api/payments/make',
      { ...payment, idempotencyKey: crypto.randomUUID(), cvvToken: String(cvv.json.token) },
      cookies
    )
    expect(paid.status, JSON.stringify(paid.json)).toBe(200)
    expect(PaymentResultSchema.parse(paid.json)).toMatchObject({
      status: 'succeeded',
      amount: draft.totals.total,
    })
    const success = await get(
      `/checkout/success?orderId=${draft.draftOrderId}`,
      cookies,
      framesPages
    )
    expect(success.status).toBe(200)
    const page = await success.text()
    expect(page).toContain(draft.businessOrderId)
    // The card that paid, as the gateway reported it.
    expect(page.replace(/<!-- -->/g, '')).toMatch(/Payment<\/dt><dd[^>]*>Visa ending 5262</)
  })
})
