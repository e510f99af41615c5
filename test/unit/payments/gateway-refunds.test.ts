import { describe, expect, it } from 'vitest'
import { FRAMES_API_URLS } from '../../../worker/backend/payments/frames-config.ts'
import { createFramesGateway } from '../../../worker/backend/payments/frames-gateway.ts'
import { createRealexGateway } from '../../../worker/backend/payments/realex-gateway.ts'
import { REALEX_REMOTE_URLS } from '../../../worker/backend/payments/realex-remote.ts'
import { hppResponseHash } from '../../../worker/realex/hpp.ts'
import {
  parseRemoteXml,
  remoteAmount,
  remoteRebateHash,
  remoteRefundHash,
} from '../../../worker/realex/remote-xml.ts'
import { realexTestConfig, testAttempt } from './fixtures.ts'

/*
 * The refund calls of each card gateway adapter against stubbed providers: what they send, and
 * which answers count as refunded, refused (definite) or unknown (never resent, reconciled).
 */

const SECRET = 'remote-api-test-secret-0123456789abcdefghijkl'
const NOW = new Date(Date.UTC(2026, 10, 25, 9, 15, 0))
const TIMESTAMP = '20261125091500'
const ATTEMPT = testAttempt({ authCode: 'AUTH77' })
const REFUND = { amount: 750, reference: 'rf-77-1' }

async function rebateAnswer(result: string, message: string, sign = true): Promise<string> {
  const hash = sign
    ? await hppResponseHash(
        {
          timestamp: TIMESTAMP,
          merchantId: 'grocermerchant',
          orderId: ATTEMPT.gatewayOrderId,
          result,
          message,
          pasref: 'PASREF-9',
          authcode: '',
        },
        SECRET
      )
    : 'b'.repeat(40)
  return `<response timestamp="${TIMESTAMP}"><merchantid>grocermerchant</merchantid>
<orderid>${ATTEMPT.gatewayOrderId}</orderid><result>${result}</result>
<message>${message}</message><pasref>PASREF-9</pasref><authcode></authcode>
<sha1hash>${hash}</sha1hash></response>`
}

function realexWith(fetcher: typeof fetch, rebatePassword: string | null = 'rebate-pass') {
  return createRealexGateway(realexTestConfig('grocermerchant', SECRET), {
    now: NOW,
    origin: 'https://shop.example',
    payerExists: false,
    remote: { url: REALEX_REMOTE_URLS.sandbox, fetch: fetcher, rebatePassword },
  })
}

describe('Realex refund (remote rebate)', () => {
  it('posts a signed rebate naming ORDER_ID, PASREF, AUTHCODE and the pence', async () => {
    let body = ''
    const gateway = realexWith(async (_input, init) => {
      body = String(init?.body)
      return new Response(await rebateAnswer('00', 'Rebated Successfully'))
    })
    expect(await gateway.refund(ATTEMPT, 'PASREF-9', REFUND)).toEqual({
      refunded: true,
      definite: true,
      resultCode: '00',
      resultMessage: 'Rebated Successfully',
      actionRef: null,
    })
    const request = parseRemoteXml(body, 'request')
    expect(request?.attributes).toEqual({ type: 'rebate', timestamp: TIMESTAMP })
    expect(request?.fields).toMatchObject({
      orderid: ATTEMPT.gatewayOrderId,
      pasref: 'PASREF-9',
      authcode: 'AUTH77',
      refundhash: await remoteRefundHash('rebate-pass'),
      sha1hash: await remoteRebateHash(
        {
          merchantId: 'grocermerchant',
          account: 'internet',
          orderId: ATTEMPT.gatewayOrderId,
          pasref: 'PASREF-9',
          authcode: 'AUTH77',
          amount: 750,
          currency: 'GBP',
          timestamp: TIMESTAMP,
        },
        SECRET
      ),
    })
    expect(remoteAmount(body)).toEqual({ amount: 750, currency: 'GBP' })
  })

  it('a refusal is definite; no answer or an unsigned 00 is unknown', async () => {
    const refused = realexWith(async () => new Response(await rebateAnswer('509', 'Too much')))
    expect(await refused.refund(ATTEMPT, 'PASREF-9', REFUND)).toMatchObject({
      refunded: false,
      definite: true,
      resultCode: '509',
    })
    const forged = realexWith(async () => new Response(await rebateAnswer('00', 'OK', false)))
    expect(await forged.refund(ATTEMPT, 'PASREF-9', REFUND)).toMatchObject({
      refunded: false,
      definite: false,
      resultCode: 'bad_signature',
    })
    const down = realexWith(() => Promise.reject(new Error('reset')))
    expect(await down.refund(ATTEMPT, 'PASREF-9', REFUND)).toMatchObject({
      refunded: false,
      definite: false,
      resultCode: 'unreachable',
    })
  })

  it('sends nothing without a rebate password or a PASREF', async () => {
    let calls = 0
    const count = () => {
      calls++
      return Promise.resolve(new Response(''))
    }
    expect(await realexWith(count, null).refund(ATTEMPT, 'PASREF-9', REFUND)).toMatchObject({
      refunded: false,
      definite: true,
      resultCode: 'unavailable',
    })
    expect(await realexWith(count).refund(ATTEMPT, null, REFUND)).toMatchObject({
      definite: true,
      resultCode: 'no_pasref',
    })
    expect(calls).toBe(0)
  })
})

describe('frames refund (POST /payments/{id}/refunds)', () => {
  const SETTINGS = {
    apiUrl: FRAMES_API_URLS.sandbox,
    publicKey: 'pk_sbox_public',
    secretKey: 'sk_sbox_secret_0123456789abcdefghijklmnopqrstuvwxyz',
    localSandbox: false,
  }

  it('posts the pence and our reference, with the reference as idempotency key', async () => {
    const seen: Array<{ url: string; init: RequestInit }> = []
    const gateway = createFramesGateway(SETTINGS, (url, init) => {
      seen.push({ url, init })
      return Promise.resolve(
        Response.json({ action_id: 'act_1', reference: 'rf-77-1' }, { status: 202 })
      )
    })
    expect(await gateway.refund(ATTEMPT, 'pay_abc', REFUND)).toEqual({
      refunded: true,
      definite: true,
      resultCode: '202',
      resultMessage: 'Refunded',
      actionRef: 'act_1',
    })
    expect(seen[0]?.url).toBe('https://api.sandbox.checkout.com/payments/pay_abc/refunds')
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual({ amount: 750, reference: 'rf-77-1' })
    expect(seen[0]?.init.headers).toMatchObject({ 'cko-idempotency-key': 'rf-77-1' })
  })

  it('a 4xx is a definite refusal with its error code; a 5xx or no answer is unknown', async () => {
    const refused = createFramesGateway(SETTINGS, () =>
      Promise.resolve(
        Response.json(
          { error_type: 'request_invalid', error_codes: ['refund_amount_exceeds_balance'] },
          { status: 422 }
        )
      )
    )
    expect(await refused.refund(ATTEMPT, 'pay_abc', REFUND)).toMatchObject({
      refunded: false,
      definite: true,
      resultCode: 'refund_amount_exceeds_balance',
    })
    const broken = createFramesGateway(SETTINGS, () =>
      Promise.resolve(new Response('oops', { status: 502 }))
    )
    expect(await broken.refund(ATTEMPT, 'pay_abc', REFUND)).toMatchObject({ definite: false })
    const down = createFramesGateway(SETTINGS, () => Promise.reject(new Error('reset')))
    expect(await down.refund(ATTEMPT, 'pay_abc', REFUND)).toMatchObject({
      definite: false,
      resultCode: 'unreachable',
    })
  })
})
