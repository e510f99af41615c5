import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { MESSAGES, PAYMENT_FAILED_HELP } from '../../../schemas/messages.ts'
import {
  SANDBOX_SESSION_SECONDS,
  sandboxSessionSignature,
  validateApplePayMerchant,
} from '../../../worker/backend/payments/apple-pay.ts'
import { testEnv } from '../auth/fixtures.ts'
import {
  STORES,
  callWith,
  draftOrder,
  orderStatus,
  resultOf,
  seedCheckout,
  type Draft,
} from './fixtures.ts'
import { type Wallet, framesEnv, framesPayment, walletToken } from './frames-fixtures.ts'

beforeAll(async () => {
  await seedCheckout(env.DB)
})

afterEach(async () => {
  await env.DB.prepare(
    'update stores set accepts_apple_pay = 1, accepts_google_pay = 1 where id = ?1'
  )
    .bind(STORES.main)
    .run()
})

function walletPayment(
  draft: Draft,
  wallet: Wallet,
  tokenData: string | undefined,
  gateway: 'realex' | 'frames' = 'realex'
) {
  return framesPayment(draft, {
    paymentMethod: wallet,
    paymentGateway: gateway,
    ...(tokenData === undefined
      ? {}
      : wallet === 'applePay'
        ? { appleTokenData: tokenData }
        : { googleTokenData: tokenData }),
  })
}

function refusalOf(answer: { status: number; json: unknown }) {
  return { status: answer.status, message: ApiErrorSchema.parse(answer.json).error.message }
}

async function paymentOf(paymentId: number) {
  return env.DB.prepare('select status, amount, method, gateway from payments where id = ?1')
    .bind(paymentId)
    .first()
}

describe('wallet payments through Realex (local sandbox)', () => {
  it.each(['applePay', 'googlePay'] as const)(
    '%s: an approved sandbox token pays the order total',
    async (wallet) => {
      const draft = await draftOrder({ method: wallet })
      const result = resultOf(
        await callWith(
          testEnv,
          '/payments/make',
          walletPayment(draft, wallet, await walletToken(wallet))
        )
      )
      expect(result).toMatchObject({ status: 'succeeded', amount: draft.total })
      expect(await paymentOf(result.paymentId)).toEqual({
        status: 'authorised',
        amount: draft.total,
        method: wallet,
        gateway: 'realex',
      })
      expect(await orderStatus(draft.orderId)).toBe('sent_to_store')
    }
  )

  it('a declined sandbox token fails the attempt and the order stays payable', async () => {
    const draft = await draftOrder({ method: 'applePay' })
    const result = resultOf(
      await callWith(
        testEnv,
        '/payments/make',
        walletPayment(draft, 'applePay', await walletToken('applePay', 'decline'))
      )
    )
    expect(result).toMatchObject({ status: 'failed', message: PAYMENT_FAILED_HELP })
    expect(await orderStatus(draft.orderId)).toBe('payment_failed')
  })

  it('refuses a replayed, altered or other-wallet token: nothing is authorised', async () => {
    const token = await walletToken('applePay')
    const first = await draftOrder({ method: 'applePay' })
    expect(
      resultOf(await callWith(testEnv, '/payments/make', walletPayment(first, 'applePay', token)))
        .status
    ).toBe('succeeded')

    const declinedToken = await walletToken('applePay', 'decline')
    const altered = declinedToken.replace('"decline"', '"approve"')
    const googleToken = await walletToken('googlePay')
    for (const tokenData of [token, altered, googleToken]) {
      const draft = await draftOrder({ method: 'applePay' })
      const result = resultOf(
        await callWith(testEnv, '/payments/make', walletPayment(draft, 'applePay', tokenData))
      )
      expect(result.status).toBe('failed')
      expect(await orderStatus(draft.orderId)).toBe('payment_failed')
    }
  })

  it('answers the spec messages for a missing token and a store that does not take the wallet', async () => {
    const apple = await draftOrder({ method: 'applePay' })
    expect(
      refusalOf(
        await callWith(testEnv, '/payments/make', walletPayment(apple, 'applePay', undefined))
      )
    ).toEqual({ status: 422, message: MESSAGES.applePayAvailability })
    const google = await draftOrder({ method: 'googlePay' })
    expect(
      refusalOf(
        await callWith(testEnv, '/payments/make', walletPayment(google, 'googlePay', undefined))
      )
    ).toEqual({ status: 422, message: MESSAGES.googlePayFailed })

    await env.DB.prepare(
      'update stores set accepts_apple_pay = 0, accepts_google_pay = 0 where id = ?1'
    )
      .bind(STORES.main)
      .run()
    const token = await walletToken('applePay')
    expect(
      refusalOf(await callWith(testEnv, '/payments/make', walletPayment(apple, 'applePay', token)))
    ).toEqual({ status: 409, message: MESSAGES.applePayNotAccepted })
    expect(
      refusalOf(
        await callWith(
          testEnv,
          '/payments/make',
          walletPayment(google, 'googlePay', await walletToken('googlePay'))
        )
      )
    ).toEqual({ status: 409, message: MESSAGES.googlePayNotAccepted })
    expect(await orderStatus(apple.orderId)).not.toBe('sent_to_store')
  })
})

describe('wallet payments through the frames provider (local sandbox)', () => {
  it('exchanges the wallet token at the provider and charges the order total once', async () => {
    const draft = await draftOrder({
      environment: framesEnv,
      method: 'googlePay',
      gateway: 'frames',
    })
    const token = await walletToken('googlePay')
    const result = resultOf(
      await callWith(
        framesEnv,
        '/payments/make',
        walletPayment(draft, 'googlePay', token, 'frames')
      )
    )
    expect(result).toMatchObject({ status: 'succeeded', amount: draft.total })
    const charged = await env.DB.prepare(
      `select s.amount, s.status from sandbox_frames_payments s
         join payments p on p.gateway_order_id = s.reference where p.id = ?1`
    )
      .bind(result.paymentId)
      .first()
    expect(charged).toEqual({ amount: draft.total, status: 'Authorized' })

    const again = await draftOrder({
      environment: framesEnv,
      method: 'googlePay',
      gateway: 'frames',
    })
    const replay = resultOf(
      await callWith(
        framesEnv,
        '/payments/make',
        walletPayment(again, 'googlePay', token, 'frames')
      )
    )
    expect(replay.status).toBe('failed')
  })
})

describe('Apple Pay merchant validation', () => {
  function validate(body: Record<string, unknown>) {
    return callWith(testEnv, '/payments/apple-pay/validate-merchant', {
      businessId: 1,
      storeId: STORES.main,
      validationURL: 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession',
      domain: 'localhost',
      ...body,
    })
  }

  it('answers a signed sandbox merchant session for 5 minutes', async () => {
    const before = Date.now()
    const answer = await validate({})
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const { signature, ...session } = answer.json as Record<string, unknown>
    expect(session).toMatchObject({
      merchantIdentifier: 'merchant.sandbox.local',
      domainName: 'localhost',
      displayName: (
        await env.DB.prepare('select name from stores where id = ?1')
          .bind(STORES.main)
          .first<{ name: string }>()
      )?.name,
      sandbox: true,
    })
    const epoch = Number(session.epochTimestamp)
    expect(epoch).toBeGreaterThanOrEqual(before)
    expect(Number(session.expiresAt) - epoch).toBe(SANDBOX_SESSION_SECONDS * 1000)
    expect(signature).toBe(await sandboxSessionSignature(testEnv.REALEX_SHARED_SECRET, session))
  })

  it.each([
    'https://apple-pay-gateway.evil.com/paymentservices/startSession',
    'https://apple.com.evil.com/startSession',
    'https://apple-pay-gateway.apple.com:8443/paymentservices/startSession',
    'https://evilapple-pay-gateway.apple.com/startSession',
    'http://apple-pay-gateway.apple.com/paymentservices/startSession',
  ])('refuses a validation URL that is not an Apple Pay gateway: %s', async (validationURL) => {
    expect(refusalOf(await validate({ validationURL }))).toEqual({
      status: 422,
      message: MESSAGES.applePayAvailability,
    })
  })

  it("refuses a domain that is not one of the business's hosts", async () => {
    expect(refusalOf(await validate({ domain: 'shop.example.org' }))).toEqual({
      status: 422,
      message: MESSAGES.applePayAvailability,
    })
  })

  it('answers the spec message when the store does not take Apple Pay', async () => {
    await env.DB.prepare('update stores set accepts_apple_pay = 0 where id = ?1')
      .bind(STORES.main)
      .run()
    expect(refusalOf(await validate({}))).toEqual({
      status: 409,
      message: MESSAGES.applePayNotAccepted,
    })
  })
})

describe('Apple Pay merchant validation with a merchant (mTLS fetcher)', () => {
  const VALIDATION_URL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession'

  function withCertificate(answer: Response | Error) {
    const sent: Array<{ url: string; body: unknown }> = []
    const certificate = {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push({ url: String(input), body: JSON.parse(String(init?.body)) })
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
      },
    } as Pick<Fetcher, 'fetch'>
    return {
      sent,
      env: {
        ...testEnv,
        APPLE_PAY_MERCHANT_ID: 'merchant.com.example.grocer',
        APPLE_PAY_CERTIFICATE: certificate,
      },
    }
  }

  const input = {
    businessId: 1,
    storeId: STORES.main,
    validationURL: VALIDATION_URL,
    domain: 'localhost',
  }

  it("posts the merchant's identity to Apple and answers Apple's session as it came", async () => {
    const session = {
      epochTimestamp: 1,
      expiresAt: 2,
      merchantSessionIdentifier: 'SSH1',
      signature: 'abc',
    }
    const fake = withCertificate(Response.json(session))
    expect(await validateApplePayMerchant(fake.env, input, new Date())).toEqual(session)
    expect(fake.sent).toEqual([
      {
        url: VALIDATION_URL,
        body: {
          merchantIdentifier: 'merchant.com.example.grocer',
          displayName: expect.any(String),
          initiative: 'web',
          initiativeContext: 'localhost',
        },
      },
    ])
  })

  it('never calls a host that is not Apple, and answers the spec message when Apple fails', async () => {
    const fake = withCertificate(Response.json({}))
    await expect(
      validateApplePayMerchant(
        fake.env,
        { ...input, validationURL: 'https://apple-pay-gateway.example.com/startSession' },
        new Date()
      )
    ).rejects.toMatchObject({ status: 422, message: MESSAGES.applePayAvailability })
    expect(fake.sent).toEqual([])
    for (const answer of [new Response('nope', { status: 400 }), new Error('tls handshake')]) {
      await expect(
        validateApplePayMerchant(withCertificate(answer).env, input, new Date())
      ).rejects.toMatchObject({ status: 502, message: MESSAGES.applePayAvailability })
    }
  })
})
