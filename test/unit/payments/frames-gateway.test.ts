import { describe, expect, it } from 'vitest'
import {
  createFramesGateway,
  type FramesFetch,
} from '../../../worker/backend/payments/frames-gateway.ts'
import { FRAMES_API_URLS } from '../../../worker/backend/payments/frames-config.ts'
import { FRAMES_FRAME_ORIGIN } from '../../../worker/lib/payments-config.ts'
import { FRAMES_SCRIPT_ORIGIN } from '../../../client/lib/frames-provider.ts'
import {
  contentSecurityPolicy,
  framesOrigin,
  framesScriptOrigin,
} from '../../../worker/middleware/security-headers.ts'
import type { PaymentAttempt } from '../../../worker/backend/payments/gateway.ts'

const SETTINGS = {
  apiUrl: FRAMES_API_URLS.sandbox,
  publicKey: 'pk_sbox_public',
  secretKey: 'sk_sbox_secret_0123456789abcdefghijklmnopqrstuvwxyz',
  localSandbox: false,
}

const ATTEMPT: PaymentAttempt = {
  businessId: 1,
  paymentId: 77,
  orderId: 5,
  businessOrderId: 'CF-1001',
  gatewayOrderId: 'CF-1001-abc',
  amount: 5250,
  currency: 'GBP',
  method: 'paymentCard',
  responseUrl: '',
  successUrl: 'https://shop.example.com/checkout/success',
  failureUrl: 'https://shop.example.com/checkout/payment?failed=1',
  cancelUrl: 'https://shop.example.com/checkout/payment',
  customer: {
    customerId: null,
    email: 'ada@example.com',
    phone: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
  },
  billingAddress: null,
  saveCard: true,
  savedCardToken: null,
  token: 'tok_abc',
}

interface Sent {
  url: string
  method: string
  headers: Record<string, string>
  body: unknown
}

/** A fake provider: records each request and answers `status` with `json`. */
function fakeFetch(status: number, json: unknown): { fetch: FramesFetch; sent: Array<Sent> } {
  const sent: Array<Sent> = []
  return {
    sent,
    fetch: (input, init) => {
      sent.push({
        url: input,
        method: init.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      })
      return Promise.resolve(Response.json(json, { status }))
    },
  }
}

const AUTHORISED = {
  id: 'pay_123',
  status: 'Authorized',
  approved: true,
  response_code: '10000',
  response_summary: 'Approved',
  auth_code: '770687',
  source: {
    id: 'src_456',
    type: 'card',
    scheme: 'Visa',
    last4: '4242',
    expiry_month: 6,
    expiry_year: 2030,
  },
}

describe('frames payments API adapter', () => {
  it('posts the token, the stored amount, the reference and 3-D Secure with the secret key', async () => {
    const fake = fakeFetch(201, AUTHORISED)
    const gateway = createFramesGateway(SETTINGS, fake.fetch)
    await gateway.start(ATTEMPT)
    expect(fake.sent).toHaveLength(1)
    const [request] = fake.sent
    expect(request).toMatchObject({
      url: 'https://api.sandbox.checkout.com/payments',
      method: 'POST',
      headers: {
        authorization: `Bearer ${SETTINGS.secretKey}`,
        'content-type': 'application/json',
        'cko-idempotency-key': 'CF-1001-abc',
      },
      body: {
        source: { type: 'token', token: 'tok_abc' },
        amount: 5250,
        currency: 'GBP',
        reference: 'CF-1001-abc',
        capture: true,
        '3ds': { enabled: true },
        success_url: 'https://shop.example.com/checkout/success?paymentId=77',
        failure_url: 'https://shop.example.com/checkout/payment?failed=1&paymentId=77',
      },
    })
    expect(JSON.stringify(request?.body)).not.toContain('pk_sbox_public')
  })

  it('maps the answers: authorised (with the kept card), declined, challenge, failed', async () => {
    const authorised = await createFramesGateway(SETTINGS, fakeFetch(201, AUTHORISED).fetch).charge(
      ATTEMPT
    )
    expect(authorised).toEqual({
      ref: 'pay_123',
      outcome: {
        kind: 'authorised',
        externalRef: 'pay_123',
        authCode: '770687',
        resultCode: '10000',
        resultMessage: 'Approved',
        storedCard: {
          token: 'src_456',
          brand: 'visa',
          last4: '4242',
          expiryMonth: 6,
          expiryYear: 2030,
          cardholderName: null,
        },
        // The card that paid, for the order confirmation.
        paidCard: { brand: 'visa', last4: '4242' },
      },
    })
    const declined = await createFramesGateway(
      SETTINGS,
      fakeFetch(201, {
        id: 'pay_9',
        status: 'Declined',
        approved: false,
        response_code: '20005',
        response_summary: 'Declined - Do Not Honour',
      }).fetch
    ).start(ATTEMPT)
    expect(declined).toEqual({
      kind: 'declined',
      resultCode: '20005',
      resultMessage: 'Declined - Do Not Honour',
    })
    const challenge = await createFramesGateway(
      SETTINGS,
      fakeFetch(202, {
        id: 'pay_3ds',
        status: 'Pending',
        _links: { redirect: { href: 'https://3ds.example.com/challenge/1' } },
      }).fetch
    ).charge(ATTEMPT)
    expect(challenge).toEqual({
      ref: 'pay_3ds',
      outcome: {
        kind: 'redirect',
        redirect: { url: 'https://3ds.example.com/challenge/1', method: 'GET', fields: {} },
        // The challenge answer named no card (no `source`), so none is kept for the attempt.
        paidCard: null,
      },
    })
    const invalid = await createFramesGateway(
      SETTINGS,
      fakeFetch(422, { error_type: 'request_invalid', error_codes: ['token_invalid'] }).fetch
    ).start(ATTEMPT)
    expect(invalid).toEqual({
      kind: 'failed',
      resultCode: 'token_invalid',
      resultMessage: 'request_invalid',
    })
    // An approved answer is still not an authorisation when the provider says approved: false.
    const notApproved = await createFramesGateway(
      SETTINGS,
      fakeFetch(201, { ...AUTHORISED, approved: false }).fetch
    ).start(ATTEMPT)
    expect(notApproved.kind).toBe('declined')
  })

  it('a network failure is a failed attempt, never an authorisation', async () => {
    const gateway = createFramesGateway(SETTINGS, () => Promise.reject(new Error('offline')))
    expect((await gateway.start(ATTEMPT)).kind).toBe('failed')
    expect(await gateway.status(ATTEMPT, 'pay_1')).toEqual({ kind: 'pending' })
    expect((await gateway.void(ATTEMPT, 'pay_1')).voided).toBe(false)
  })

  it('pays a saved card by its source id and the CVV frame token', async () => {
    const fake = fakeFetch(201, AUTHORISED)
    await createFramesGateway(SETTINGS, fake.fetch).start({
      ...ATTEMPT,
      savedCardToken: 'src_456',
      token: 'tok_cvv',
      saveCard: false,
    })
    expect(fake.sent[0]?.body).toMatchObject({
      source: { type: 'id', id: 'src_456', cvv_token: 'tok_cvv' },
      amount: 5250,
    })
  })

  it('reads the status after a challenge and voids with the secret key', async () => {
    const statusFake = fakeFetch(200, { ...AUTHORISED, id: 'pay_3ds' })
    const gateway = createFramesGateway(SETTINGS, statusFake.fetch)
    const status = await gateway.status(ATTEMPT, 'pay_3ds')
    expect(status.kind).toBe('authorised')
    expect(statusFake.sent[0]).toMatchObject({
      url: 'https://api.sandbox.checkout.com/payments/pay_3ds',
      method: 'GET',
      headers: { authorization: `Bearer ${SETTINGS.secretKey}` },
    })
    const stillPending = await createFramesGateway(
      SETTINGS,
      fakeFetch(200, { id: 'pay_3ds', status: 'Pending', _links: { redirect: { href: 'x' } } })
        .fetch
    ).status(ATTEMPT, 'pay_3ds')
    expect(stillPending).toEqual({ kind: 'pending' })

    const voidFake = fakeFetch(202, { action_id: 'act_1' })
    const voided = await createFramesGateway(SETTINGS, voidFake.fetch).void(ATTEMPT, 'pay_123')
    expect(voided).toMatchObject({ voided: true })
    expect(voidFake.sent[0]).toMatchObject({
      url: 'https://api.sandbox.checkout.com/payments/pay_123/voids',
      method: 'POST',
      headers: { authorization: `Bearer ${SETTINGS.secretKey}` },
    })
    const refused = await createFramesGateway(SETTINGS, fakeFetch(403, {}).fetch).void(
      ATTEMPT,
      'pay_123'
    )
    expect(refused.voided).toBe(false)
  })

  it('exchanges wallet token data for a card token with the public key', async () => {
    const fake = fakeFetch(201, { type: 'applepay', token: 'tok_wallet' })
    const token = await createFramesGateway(SETTINGS, fake.fetch).walletToken({
      wallet: 'applePay',
      tokenData: JSON.stringify({ version: 'EC_v1', data: 'abc' }),
    })
    expect(token).toBe('tok_wallet')
    expect(fake.sent[0]).toMatchObject({
      url: 'https://api.sandbox.checkout.com/tokens',
      headers: { authorization: 'Bearer pk_sbox_public' },
      body: { type: 'applepay', token_data: { version: 'EC_v1', data: 'abc' } },
    })
    const notJson = await createFramesGateway(SETTINGS, fake.fetch).walletToken({
      wallet: 'googlePay',
      tokenData: 'not json',
    })
    expect(notJson).toBeNull()
  })
})

describe('CSP for the card frames', () => {
  const base = { PAYMENTS_MODE: 'sandbox', CARD_GATEWAY: 'frames', FRAMES_PUBLIC_KEY: '' }

  it("frames the local sandbox from 'self', the provider from its origin, nothing for Realex", () => {
    expect(framesOrigin(base)).toBe("'self'")
    expect(framesOrigin({ ...base, FRAMES_PUBLIC_KEY: 'pk_sbox_x' })).toBe(FRAMES_FRAME_ORIGIN)
    expect(framesOrigin({ ...base, CARD_GATEWAY: 'realex' })).toBeNull()
    const csp = contentSecurityPolicy('n0nce', false, { framesOrigin: FRAMES_FRAME_ORIGIN })
    expect(csp).toContain(`frame-src ${FRAMES_FRAME_ORIGIN}`)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(contentSecurityPolicy('n0nce', false, { frameable: true })).toContain(
      "frame-ancestors 'self'"
    )
  })

  it("runs the provider's script from its origin only with a provider key", () => {
    expect(framesScriptOrigin(base)).toBeNull()
    expect(framesScriptOrigin({ ...base, CARD_GATEWAY: 'realex' })).toBeNull()
    expect(
      framesScriptOrigin({ ...base, CARD_GATEWAY: 'realex', FRAMES_PUBLIC_KEY: 'pk_x' })
    ).toBeNull()
    expect(framesScriptOrigin({ ...base, FRAMES_PUBLIC_KEY: 'pk_sbox_x' })).toBe(
      FRAMES_SCRIPT_ORIGIN
    )
    const csp = contentSecurityPolicy('n0nce', false, { framesScriptOrigin: FRAMES_SCRIPT_ORIGIN })
    expect(csp).toContain(`script-src 'self' 'nonce-n0nce' ${FRAMES_SCRIPT_ORIGIN};`)
    expect(contentSecurityPolicy('n0nce')).toContain("script-src 'self' 'nonce-n0nce';")
  })
})
