import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { MESSAGES, PAYMENT_FAILED_HELP } from '../../../schemas/messages.ts'
import { SavedCardListSchema } from '../../../schemas/payments.ts'
import { registerMember } from '../auth/fixtures.ts'
import { callWith, draftOrder, orderStatus, resultOf, seedCheckout } from './fixtures.ts'
import {
  FRAMES_CARDS,
  cardToken,
  framesEnv,
  framesPayment,
  sandboxRequest,
  storedText,
  tokenise,
} from './frames-fixtures.ts'
import { deliverEffects } from '../../support/workers/effects.ts'

/** A draft order to pay with the frames card gateway. */
const FRAMES_DRAFT = { environment: framesEnv, gateway: 'frames' } as const

beforeAll(async () => {
  await seedCheckout(env.DB)
})

function pay(body: unknown) {
  return callWith(framesEnv, '/payments/make', body)
}

function refusalOf(answer: { status: number; json: unknown }) {
  return { status: answer.status, message: ApiErrorSchema.parse(answer.json).error.message }
}

async function sandboxPayment(reference: string | null) {
  return env.DB.prepare(
    'select amount, currency, status from sandbox_frames_payments where reference = ?1'
  )
    .bind(reference)
    .first<{ amount: number; currency: string; status: string }>()
}

async function paymentRow(paymentId: number) {
  return env.DB.prepare(
    'select status, amount, gateway, gateway_order_id, external_ref from payments where id = ?1'
  )
    .bind(paymentId)
    .first<{
      status: string
      amount: number
      gateway: string
      gateway_order_id: string
      external_ref: string | null
    }>()
}

describe('sandbox card frames: tokenising', () => {
  it('tokenises a published test card into an opaque token with display fields only', async () => {
    const answer = await tokenise({
      type: 'card',
      number: '4263 9700 0000 5262',
      expiry_month: 12,
      expiry_year: 2039,
      cvv: '123',
    })
    expect(answer.status).toBe(201)
    expect(answer.json).toMatchObject({ type: 'card', scheme: 'Visa', last4: '5262' })
    expect(String(answer.json.token)).toMatch(/^tok_sbx_[a-z0-9]+$/)
    const stored = await storedText()
    expect(stored).not.toContain('4263970000005262')
    expect(stored).not.toContain('"123"')
  })

  it('refuses any other card number, an expired card and a wrong public key; stores nothing', async () => {
    const before = await storedText()
    const unknown = await tokenise({
      type: 'card',
      number: '4111111111111111',
      expiry_month: 12,
      expiry_year: 2039,
      cvv: '123',
    })
    expect(unknown).toMatchObject({ status: 422, json: { error_codes: ['card_number_invalid'] } })
    const expired = await tokenise({
      type: 'card',
      number: FRAMES_CARDS.success,
      expiry_month: 1,
      expiry_year: 2020,
      cvv: '123',
    })
    expect(expired).toMatchObject({ status: 422, json: { error_codes: ['card_expired'] } })
    const wrongKey = await sandboxRequest('/sandbox-gateway/frames/api/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer pk_wrong' },
      body: JSON.stringify({ type: 'cvv', cvv: '123' }),
    })
    expect(wrongKey.status).toBe(401)
    expect(await storedText()).toBe(before)
    expect(before).not.toContain('4111111111111111')
  })

  it('serves the card and CVV frames framable by this site only, posting to this origin', async () => {
    for (const kind of ['card', 'cvv']) {
      const page = await sandboxRequest(`/sandbox-gateway/frames/frame/${kind}`)
      expect(page.status).toBe(200)
      expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN')
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'")
      const html = await page.text()
      expect(html).toContain('frames:tokenized')
      expect(html).toContain('window.location.origin')
      expect(html).toContain(MESSAGES.sandboxBanner)
    }
    const card = await (await sandboxRequest('/sandbox-gateway/frames/frame/card')).text()
    expect(card).toContain('Card number')
    const cvv = await (await sandboxRequest('/sandbox-gateway/frames/frame/cvv')).text()
    expect(cvv).not.toContain('Card number')
    // Every other sandbox page still refuses to be framed.
    const challenge = await sandboxRequest('/sandbox-gateway/frames/challenge/pay_sbx_none')
    expect(challenge.headers.get('x-frame-options')).toBe('DENY')
  })
})

describe('make payment with a frames card', () => {
  it('authorises a success card for the order total and sends the order to the store', async () => {
    const draft = await draftOrder(FRAMES_DRAFT)
    const token = await cardToken(FRAMES_CARDS.success)
    const result = resultOf(await pay(framesPayment(draft, { token })))
    expect(result).toMatchObject({
      status: 'succeeded',
      amount: draft.total,
      draftOrderId: draft.orderId,
      nextUrl: 'http://localhost/checkout/success',
      redirect: null,
    })
    const payment = await paymentRow(result.paymentId)
    expect(payment).toMatchObject({ status: 'authorised', amount: draft.total, gateway: 'frames' })
    expect(payment?.external_ref).toMatch(/^pay_sbx_/)
    expect(await sandboxPayment(payment?.gateway_order_id ?? null)).toEqual({
      amount: draft.total,
      currency: 'GBP',
      status: 'Authorized',
    })
    expect(await orderStatus(draft.orderId)).toBe('sent_to_store')
  })

  it('a declined card fails the attempt; a new attempt with another card pays', async () => {
    const draft = await draftOrder(FRAMES_DRAFT)
    const declined = resultOf(
      await pay(framesPayment(draft, { token: await cardToken(FRAMES_CARDS.declined) }))
    )
    expect(declined).toMatchObject({ status: 'failed', message: PAYMENT_FAILED_HELP })
    expect(await orderStatus(draft.orderId)).toBe('payment_failed')
    const paid = resultOf(
      await pay(framesPayment(draft, { token: await cardToken(FRAMES_CARDS.successMastercard) }))
    )
    expect(paid.status).toBe('succeeded')
    expect(await orderStatus(draft.orderId)).toBe('sent_to_store')
  })

  it('a spent token is refused by the provider: the attempt fails, nothing is charged', async () => {
    const first = await draftOrder(FRAMES_DRAFT)
    const token = await cardToken(FRAMES_CARDS.success)
    expect(resultOf(await pay(framesPayment(first, { token }))).status).toBe('succeeded')
    const second = await draftOrder(FRAMES_DRAFT)
    const replay = resultOf(await pay(framesPayment(second, { token })))
    expect(replay.status).toBe('failed')
    const payment = await paymentRow(replay.paymentId)
    expect(await sandboxPayment(payment?.gateway_order_id ?? null)).toBeNull()
    expect(await orderStatus(second.orderId)).toBe('payment_failed')
  })

  it('a retry with the same idempotency key answers the same payment, charged once', async () => {
    const draft = await draftOrder(FRAMES_DRAFT)
    const body = framesPayment(draft, { token: await cardToken(FRAMES_CARDS.success) })
    const first = resultOf(await pay(body))
    const again = resultOf(await pay(body))
    expect(again).toEqual(first)
    const { n } = (await env.DB.prepare(
      `select count(*) as n from sandbox_frames_payments where reference in
         (select gateway_order_id from payments where order_id = ?1)`
    )
      .bind(draft.orderId)
      .first<{ n: number }>()) ?? { n: -1 }
    expect(n).toBe(1)
  })

  it('refuses a payment without a card token: Card form is not valid, nothing written', async () => {
    const draft = await draftOrder(FRAMES_DRAFT)
    const answer = await pay(framesPayment(draft))
    expect(refusalOf(answer)).toEqual({ status: 422, message: MESSAGES.cardFormInvalid })
    const { n } = (await env.DB.prepare('select count(*) as n from payments where order_id = ?1')
      .bind(draft.orderId)
      .first<{ n: number }>()) ?? { n: -1 }
    expect(n).toBe(0)
  })
})

describe('3-D Secure challenge with frames', () => {
  async function challenged() {
    const draft = await draftOrder(FRAMES_DRAFT)
    const token = await cardToken(FRAMES_CARDS.challenge)
    const result = resultOf(await pay(framesPayment(draft, { token })))
    expect(result.status).toBe('redirect')
    expect(result.redirect?.method).toBe('GET')
    const url = new URL(result.redirect?.url ?? '')
    expect(url.origin).toBe('http://localhost')
    expect(url.pathname).toMatch(/^\/sandbox-gateway\/frames\/challenge\/pay_sbx_/)
    const page = await sandboxRequest(url.pathname)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('3-D Secure challenge')
    return { draft, result, path: url.pathname }
  }

  function verify(draft: { ready: { token: string }; orderId: number }, paymentId: number) {
    return callWith(framesEnv, '/payments/verify', {
      businessId: 1,
      basketToken: draft.ready.token,
      paymentId,
      paymentGateway: 'frames',
      draftOrderId: draft.orderId,
    })
  }

  function decide(path: string, decision: 'authenticate' | 'fail') {
    return sandboxRequest(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision }).toString(),
    })
  }

  it('authenticated: back to successUrl with the payment id, and verify confirms the order', async () => {
    const { draft, result, path } = await challenged()
    expect(await orderStatus(draft.orderId)).toBe('payment_pending')
    const pending = resultOf(await verify(draft, result.paymentId))
    expect(pending.status).toBe('pending')
    const back = await decide(path, 'authenticate')
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toBe(`/checkout/success?paymentId=${result.paymentId}`)
    const verified = resultOf(await verify(draft, result.paymentId))
    expect(verified).toMatchObject({ status: 'succeeded', amount: draft.total })
    expect(await orderStatus(draft.orderId)).toBe('sent_to_store')
    // The challenge is answered once.
    expect((await decide(path, 'fail')).status).toBe(409)
    expect(resultOf(await verify(draft, result.paymentId)).status).toBe('succeeded')
  })

  it('keeps the card the challenge step named, when the answer after it names none (issue 35 item 20)', async () => {
    const { draft, result, path } = await challenged()
    const last4 = FRAMES_CARDS.challenge.slice(-4)
    const card = () =>
      env.DB.prepare('select card_brand, card_last4 from payments where id = ?1')
        .bind(result.paymentId)
        .first<{ card_brand: string | null; card_last4: string | null }>()
    expect(await card()).toEqual({ card_brand: 'visa', card_last4: last4 })
    // A provider whose answer after the challenge leaves the card out.
    await env.DB.prepare(
      `update sandbox_frames_payments set source_id = null
       where id = (select external_ref from payments where id = ?1)`
    )
      .bind(result.paymentId)
      .run()
    expect((await decide(path, 'authenticate')).status).toBe(303)
    expect(resultOf(await verify(draft, result.paymentId)).status).toBe('succeeded')
    expect(await card()).toEqual({ card_brand: 'visa', card_last4: last4 })
    await deliverEffects()
    const email = await env.DB.prepare(
      `select json_extract(payload_json, '$.cardBrand') as brand,
         json_extract(payload_json, '$.cardLast4') as last4
       from outbox o join orders on orders.email = o.recipient
       where o.template = 'order_confirmation' and orders.id = ?1`
    )
      .bind(draft.orderId)
      .first<{ brand: string; last4: string }>()
    expect(email).toEqual({ brand: 'visa', last4 })
  })

  it('failed authentication: back to failureUrl, verify answers failed, the order stays payable', async () => {
    const { draft, result, path } = await challenged()
    const back = await decide(path, 'fail')
    expect(back.headers.get('location')).toBe(
      `/checkout/payment?failed=1&paymentId=${result.paymentId}`
    )
    const verified = resultOf(await verify(draft, result.paymentId))
    expect(verified).toMatchObject({ status: 'failed', message: PAYMENT_FAILED_HELP })
    expect(await orderStatus(draft.orderId)).toBe('payment_failed')
  })
})

describe('saved frames cards', () => {
  it('keeps the card a member asked to save, adds one by token once, pays with it and its CVV', async () => {
    const member = await registerMember()
    const bearer = member.tokens.access_token
    const draft = await draftOrder({ ...FRAMES_DRAFT, bearer, email: member.email })
    const paid = resultOf(
      await pay(
        framesPayment(draft, { token: await cardToken(FRAMES_CARDS.success), saveCard: true })
      )
    )
    expect(paid.status).toBe('succeeded')
    const listed = await callWith(framesEnv, '/member/cards', { businessId: 1 }, bearer)
    const { cards } = SavedCardListSchema.parse(listed.json)
    expect(cards).toEqual([
      expect.objectContaining({
        brand: 'visa',
        last4: '5262',
        expiryMonth: 12,
        expiryYear: 2039,
        gateway: 'frames',
      }),
    ])

    // The same card again through /member/cards/add: 'Card already exists!'.
    const duplicate = await callWith(
      framesEnv,
      '/member/cards/add',
      { businessId: 1, token: await cardToken(FRAMES_CARDS.success) },
      bearer
    )
    expect(refusalOf(duplicate)).toEqual({ status: 422, message: MESSAGES.cardExists })
    const added = await callWith(
      framesEnv,
      '/member/cards/add',
      { businessId: 1, token: await cardToken(FRAMES_CARDS.successMastercard) },
      bearer
    )
    expect(added.status, JSON.stringify(added.json)).toBe(200)
    expect(
      SavedCardListSchema.parse(added.json)
        .cards.map((card) => card.last4)
        .sort()
    ).toEqual(['4415', '5262'])

    const cardId = cards[0]?.cardId
    const next = await draftOrder({ ...FRAMES_DRAFT, bearer, email: member.email })
    const noCvv = await pay(framesPayment(next, { cardId }))
    expect(refusalOf(noCvv)).toEqual({ status: 422, message: MESSAGES.cvvRequired })
    const cvv = await tokenise({ type: 'cvv', cvv: '321' })
    const saved = resultOf(
      await pay(framesPayment(next, { cardId, cvvToken: String(cvv.json.token) }))
    )
    expect(saved).toMatchObject({ status: 'succeeded', amount: next.total })
    expect(await storedText()).not.toContain('4263970000005262')
  })

  it('a guest cannot save a card', async () => {
    const draft = await draftOrder(FRAMES_DRAFT)
    const answer = await pay(
      framesPayment(draft, { token: await cardToken(FRAMES_CARDS.success), saveCard: true })
    )
    expect(refusalOf(answer)).toEqual({ status: 422, message: MESSAGES.savedCardsMembersOnly })
  })
})
