import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { HPP_RESPONSE_PATH } from '../../../schemas/payments.ts'
import { hppRequestHash } from '../../../worker/realex/hpp.ts'
import {
  RETURN_URLS,
  STORES,
  call,
  draftOrder,
  makePayment,
  orderStatus,
  paymentBody,
  paymentState,
  resultOf,
  seedCheckout,
} from './fixtures.ts'
import { DATED } from '../../support/test-clock.ts'

beforeAll(async () => {
  await seedCheckout(env.DB)
})

afterEach(async () => {
  await env.DB.prepare(
    'update stores set is_temporarily_closed = 0, accepts_cash = 1, accepts_card = 1 where id = ?1'
  )
    .bind(STORES.main)
    .run()
})

function decoded(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, atob(value)]))
}

async function refusal(body: unknown, status: number) {
  const answer = await call('/payments/make', body)
  expect(answer.status, JSON.stringify(answer.json)).toBe(status)
  return ApiErrorSchema.parse(answer.json).error
}

describe('make payment with a card (Realex hosted page)', () => {
  it('answers the signed hosted page request: fields, base64 values and hash', async () => {
    const draft = await draftOrder()
    const result = await makePayment(paymentBody(draft))
    expect(result).toMatchObject({
      status: 'redirect',
      draftOrderId: draft.orderId,
      businessOrderId: draft.businessOrderId,
      amount: draft.total,
      currency: 'GBP',
      nextUrl: null,
    })
    expect(result.redirect).toMatchObject({
      url: 'http://localhost/sandbox-gateway/hpp/pay',
      method: 'POST',
    })
    const fields = decoded(result.redirect!.fields)
    expect(fields).toMatchObject({
      MERCHANT_ID: 'localsandbox',
      ACCOUNT: 'internet',
      AMOUNT: String(draft.total),
      CURRENCY: 'GBP',
      AUTO_SETTLE_FLAG: '1',
      HPP_VERSION: '2',
      MERCHANT_RESPONSE_URL: `http://localhost${HPP_RESPONSE_PATH}`,
    })
    expect(fields.HPP_CUSTOMER_EMAIL).toMatch(/@example\.com$/)
    expect(fields.TIMESTAMP).toMatch(/^\d{14}$/)
    expect(fields.ORDER_ID).toMatch(/^[A-Za-z0-9_-]{1,50}$/)
    expect(fields.ORDER_ID?.startsWith(draft.businessOrderId.replace(/[^A-Za-z0-9_-]/g, ''))).toBe(
      true
    )
    expect(fields.CARD_STORAGE_ENABLE).toBeUndefined()
    const expected = await hppRequestHash(
      {
        timestamp: fields.TIMESTAMP ?? '',
        merchantId: 'localsandbox',
        orderId: fields.ORDER_ID ?? '',
        amount: String(draft.total),
        currency: 'GBP',
      },
      env.REALEX_SHARED_SECRET
    )
    expect(fields.SHA1HASH).toBe(expected)
    expect(await orderStatus(draft.orderId)).toBe('payment_pending')
  })

  it('producer data answers the same signed request of the pending attempt', async () => {
    const draft = await draftOrder()
    const started = await makePayment(paymentBody(draft))
    const answer = await call('/checkout/hpp/producer-data', {
      businessId: 1,
      basketToken: draft.ready.token,
      orderId: draft.orderId,
      paymentId: started.paymentId,
    })
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const produced = answer.json as { url: string; fields: Record<string, string> }
    expect(produced.url).toBe(started.redirect!.url)
    const fields = decoded(produced.fields)
    expect(fields.ORDER_ID).toBe(decoded(started.redirect!.fields).ORDER_ID)
    expect(fields.AMOUNT).toBe(String(draft.total))
    expect(fields.SHA1HASH).toBe(
      await hppRequestHash(
        {
          timestamp: fields.TIMESTAMP ?? '',
          merchantId: fields.MERCHANT_ID ?? '',
          orderId: fields.ORDER_ID ?? '',
          amount: fields.AMOUNT ?? '',
          currency: fields.CURRENCY ?? '',
        },
        env.REALEX_SHARED_SECRET
      )
    )
    const stranger = await draftOrder()
    const refused = await call('/checkout/hpp/producer-data', {
      businessId: 1,
      basketToken: stranger.ready.token,
      orderId: draft.orderId,
      paymentId: started.paymentId,
    })
    expect(refused.status).toBe(404)
  })

  it('takes the amount from the order, never from the body', async () => {
    const draft = await draftOrder()
    const result = await makePayment(paymentBody(draft, { amount: 1, total: 1 }))
    expect(result.amount).toBe(draft.total)
    expect(decoded(result.redirect!.fields).AMOUNT).toBe(String(draft.total))
  })

  it('refuses card numbers and security codes anywhere in the body; nothing stored or logged', async () => {
    const draft = await draftOrder()
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
      vi.spyOn(console, level)
    )
    const before = await paymentState(draft.orderId)
    const withPan = paymentBody(draft, { cardNumber: '4263970000005262' })
    const withCvv = paymentBody(draft, { cvv: '123' })
    const bodies = [
      withPan,
      withCvv,
      paymentBody(draft, { card: { pan: '4263970000005262' } }),
      { number: '4263970000005262' },
    ]
    for (const body of bodies) {
      const error = await refusal(body, 422)
      expect(error.message).toBe(MESSAGES.cardDetailsNotAccepted)
    }
    expect(await paymentState(draft.orderId)).toEqual(before)
    const logged = JSON.stringify(spies.flatMap((spy) => spy.mock.calls))
    expect(logged).not.toContain('4263970000005262')
    for (const spy of spies) spy.mockRestore()
    const keys = await env.DB.prepare(
      `select count(*) as n from idempotency_keys where idempotency_key in (?1, ?2)`
    )
      .bind(withPan.idempotencyKey, withCvv.idempotencyKey)
      .first<{ n: number }>()
    expect(keys?.n).toBe(0)
  })

  it('refuses return addresses that are not on a host of the business', async () => {
    const draft = await draftOrder()
    for (const field of ['successUrl', 'failureUrl', 'cancelUrl']) {
      const error = await refusal(
        paymentBody(draft, { [field]: 'https://evil.example.net/checkout/success' }),
        422
      )
      expect(error.message).toBe(MESSAGES.paymentReturnUrlInvalid)
      expect(error.fields?.[0]?.field).toBe(field)
    }
    expect(await orderStatus(draft.orderId)).toBe('draft')
  })

  it('refuses a store that closed between the draft and the payment, nothing written', async () => {
    const draft = await draftOrder()
    await env.DB.prepare('update stores set is_temporarily_closed = 1 where id = ?1')
      .bind(STORES.main)
      .run()
    const before = await paymentState(draft.orderId)
    const error = await refusal(paymentBody(draft), 409)
    expect(error.message).toBe(MESSAGES.storeClosedCheckout)
    expect(await paymentState(draft.orderId)).toEqual(before)
  })

  it('refuses another basket holder (not found) and a gateway that does not fit the method', async () => {
    const draft = await draftOrder()
    const stranger = await draftOrder()
    const error = await refusal(paymentBody(draft, { basketToken: stranger.ready.token }), 404)
    expect(error.message).toBe(MESSAGES.orderNotFound)
    const gateway = await refusal(paymentBody(draft, { paymentGateway: 'cash' }), 422)
    expect(gateway.message).toBe(MESSAGES.paymentGatewayMismatch)
  })

  it('a guest cannot save a card', async () => {
    const draft = await draftOrder()
    const error = await refusal(paymentBody(draft, { saveCard: true }), 422)
    expect(error.message).toBe(MESSAGES.savedCardsMembersOnly)
  })
})

describe('make payment idempotency', () => {
  it(
    '50 concurrent identical calls make one payment; the same key with another body is 422',
    { timeout: 20_000 },
    async () => {
      const draft = await draftOrder()
      const body = paymentBody(draft)
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => call('/payments/make', body))
      )
      for (const answer of answers) expect([200, 409]).toContain(answer.status)
      const ok = answers.filter((answer) => answer.status === 200).map(resultOf)
      expect(ok.length).toBeGreaterThan(0)
      for (const result of ok) expect(result.paymentId).toBe(ok[0]?.paymentId)
      const rows = await env.DB.prepare('select count(*) as n from payments where order_id = ?1')
        .bind(draft.orderId)
        .first<{ n: number }>()
      expect(rows?.n).toBe(1)
      // A retry after the race answers the stored attempt.
      expect((await makePayment(body)).paymentId).toBe(ok[0]?.paymentId)
      const error = await refusal({ ...body, cancelUrl: `${RETURN_URLS.cancelUrl}?other=1` }, 422)
      expect(error.message).toBe(MESSAGES.idempotencyKeyReused)
    }
  )
})

describe('cash', DATED, () => {
  it('needs the shopper to confirm the amount, then places the order', async () => {
    const draft = await draftOrder({ method: 'paymentCash' })
    const cash = { paymentMethod: 'paymentCash', paymentGateway: 'cash' }
    const before = await paymentState(draft.orderId)
    for (const cashConfirmed of [undefined, false]) {
      const error = await refusal(
        paymentBody(draft, { ...cash, ...(cashConfirmed === undefined ? {} : { cashConfirmed }) }),
        422
      )
      expect(error.message).toBe(MESSAGES.cashConfirmRequired)
    }
    expect(await paymentState(draft.orderId)).toEqual(before)
    const result = await makePayment(paymentBody(draft, { ...cash, cashConfirmed: true }))
    expect(result).toMatchObject({
      status: 'succeeded',
      amount: draft.total,
      nextUrl: RETURN_URLS.successUrl,
      redirect: null,
    })
    const order = await env.DB.prepare(
      'select status, status_code, cash_confirmed from orders where id = ?1'
    )
      .bind(draft.orderId)
      .first()
    expect(order).toEqual({ status: 'sent_to_store', status_code: 20, cash_confirmed: 1 })
    // Paid orders cannot be paid again.
    const again = await refusal(paymentBody(draft, { ...cash, cashConfirmed: true }), 409)
    expect(again.message).toBe(MESSAGES.orderAlreadyPaid)
  })

  it('is refused when the store stopped taking cash', async () => {
    const draft = await draftOrder({ method: 'paymentCash' })
    await env.DB.prepare('update stores set accepts_cash = 0 where id = ?1').bind(STORES.main).run()
    const error = await refusal(
      paymentBody(draft, {
        paymentMethod: 'paymentCash',
        paymentGateway: 'cash',
        cashConfirmed: true,
      }),
      409
    )
    expect(error.message).toBe(MESSAGES.cashNotAccepted)
    expect(await orderStatus(draft.orderId)).toBe('draft')
  })
})

describe('methods still to come', () => {
  it('refuses a wallet payment without its token data, nothing written', async () => {
    const apple = await draftOrder({ method: 'applePay' })
    const before = await paymentState(apple.orderId)
    const error = await refusal(paymentBody(apple, { paymentMethod: 'applePay' }), 422)
    expect(error.message).toBe(MESSAGES.applePayAvailability)
    expect(await paymentState(apple.orderId)).toEqual(before)
    const google = await draftOrder({ method: 'googlePay' })
    const unchanged = await paymentState(google.orderId)
    const refused = await refusal(paymentBody(google, { paymentMethod: 'googlePay' }), 422)
    expect(refused.message).toBe(MESSAGES.googlePayFailed)
    expect(await paymentState(google.orderId)).toEqual(unchanged)
  })
})
