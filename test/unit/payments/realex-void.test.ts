import { describe, expect, it } from 'vitest'
import { createRealexGateway } from '../../../worker/backend/payments/realex-gateway.ts'
import {
  REALEX_REMOTE_URLS,
  realexRemoteUrl,
} from '../../../worker/backend/payments/realex-remote.ts'
import { parseRemoteXml } from '../../../worker/realex/remote-xml.ts'
import { realexTestConfig, testAttempt } from './fixtures.ts'

const SECRET = 'remote-api-test-secret-0123456789abcdefghijkl'
const NOW = new Date(Date.UTC(2026, 10, 21, 12, 30, 5))
const TIMESTAMP = '20261121123005'

const CONFIG = realexTestConfig('grocermerchant', SECRET)
const ATTEMPT = testAttempt()

/** sha1(sha1(fields joined by '.') + '.' + secret), written out here independently. */
async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
async function signed(fields: Array<string>): Promise<string> {
  return sha1Hex(`${await sha1Hex(fields.join('.'))}.${SECRET}`)
}

async function responseXml(
  overrides: Partial<Record<'result' | 'message' | 'orderid' | 'merchantid', string>> = {},
  hash?: string
): Promise<string> {
  const values = {
    merchantid: 'grocermerchant',
    orderid: ATTEMPT.gatewayOrderId,
    result: '00',
    message: 'Voided Successfully',
    ...overrides,
  }
  const sha1hash =
    hash ??
    (await signed([
      '20261121123006',
      values.merchantid,
      values.orderid,
      values.result,
      values.message,
      'PASREF-1',
      '',
    ]))
  return `<?xml version="1.0" encoding="UTF-8"?>
<response timestamp="20261121123006">
  <merchantid>${values.merchantid}</merchantid>
  <account>internet</account>
  <orderid>${values.orderid}</orderid>
  <result>${values.result}</result>
  <message>${values.message}</message>
  <pasref>PASREF-1</pasref>
  <authcode></authcode>
  <cvnresult/>
  <timetaken>0</timetaken>
  <sha1hash>${sha1hash}</sha1hash>
</response>`
}

function gatewayWith(fetcher: typeof fetch) {
  return createRealexGateway(CONFIG, {
    now: NOW,
    origin: 'https://shop.example',
    payerExists: false,
    remote: { url: REALEX_REMOTE_URLS.sandbox, fetch: fetcher },
  })
}

describe('Realex remote API void', () => {
  it('posts a signed <request type="void"> naming ORDER_ID and PASREF', async () => {
    const seen: Array<{ url: string; init: RequestInit | undefined }> = []
    const gateway = gatewayWith(async (input, init) => {
      seen.push({ url: String(input), init })
      return new Response(await responseXml(), { headers: { 'content-type': 'text/xml' } })
    })
    const result = await gateway.void(ATTEMPT, 'PASREF-1')
    expect(result).toEqual({
      voided: true,
      definite: true,
      resultCode: '00',
      resultMessage: 'Voided Successfully',
    })
    expect(seen).toHaveLength(1)
    expect(seen[0]?.url).toBe('https://api.sandbox.realexpayments.com/epage-remote.cgi')
    expect(seen[0]?.init?.method).toBe('POST')
    const body = String(seen[0]?.init?.body)
    const request = parseRemoteXml(body, 'request')
    expect(request?.attributes).toEqual({ type: 'void', timestamp: TIMESTAMP })
    expect(request?.fields).toEqual({
      merchantid: 'grocermerchant',
      account: 'internet',
      orderid: 'CF-1001-abc123',
      pasref: 'PASREF-1',
      sha1hash: await signed([TIMESTAMP, 'grocermerchant', 'CF-1001-abc123', '', '', '']),
    })
    // No amount and nothing card-like goes in a void.
    expect(body).not.toMatch(/amount|card|4250/i)
  })

  it('is not voided when the answer is not 00', async () => {
    const gateway = gatewayWith(
      async () => new Response(await responseXml({ result: '508', message: 'Invalid hash' }))
    )
    // A refusal is definite: the gateway answered, signed, and kept the authorisation.
    expect(await gateway.void(ATTEMPT, 'PASREF-1')).toEqual({
      voided: false,
      definite: true,
      resultCode: '508',
      resultMessage: 'Invalid hash',
    })
  })

  it('is not voided when a 00 answer is unsigned, altered or about another order', async () => {
    const forged = gatewayWith(async () => new Response(await responseXml({}, 'a'.repeat(40))))
    expect(await forged.void(ATTEMPT, 'PASREF-1')).toMatchObject({
      voided: false,
      definite: false,
      resultCode: 'bad_signature',
    })
    const other = gatewayWith(async () => new Response(await responseXml({ orderid: 'OTHER-1' })))
    expect(await other.void(ATTEMPT, 'PASREF-1')).toMatchObject({ voided: false })
    const garbage = gatewayWith(() => Promise.resolve(new Response('<html>oops</html>')))
    expect(await garbage.void(ATTEMPT, 'PASREF-1')).toMatchObject({
      voided: false,
      definite: false,
      resultCode: 'bad_answer',
    })
  })

  it('is not voided on an HTTP error, a network error, or without a PASREF', async () => {
    const http = gatewayWith(() => Promise.resolve(new Response('busy', { status: 503 })))
    // No answer we can trust: the void may have happened, so it is asked about, not refused.
    expect(await http.void(ATTEMPT, 'PASREF-1')).toMatchObject({
      voided: false,
      definite: false,
      resultCode: 'http_503',
    })
    const down = gatewayWith(() => Promise.reject(new Error('connection reset')))
    expect(await down.void(ATTEMPT, 'PASREF-1')).toEqual({
      voided: false,
      definite: false,
      resultCode: 'unreachable',
      resultMessage: 'connection reset',
    })
    let called = false
    const noRef = gatewayWith(() => {
      called = true
      return Promise.resolve(new Response(''))
    })
    expect(await noRef.void(ATTEMPT, null)).toMatchObject({ voided: false })
    expect(called).toBe(false)
  })
})

describe('realexRemoteUrl', () => {
  it('is the live API live, the sandbox API with a merchant, the worker itself without one', () => {
    expect(realexRemoteUrl({ PAYMENTS_MODE: 'live', REALEX_MERCHANT_ID: 'm' }, 'https://a.b')).toBe(
      'https://api.realexpayments.com/epage-remote.cgi'
    )
    expect(
      realexRemoteUrl({ PAYMENTS_MODE: 'sandbox', REALEX_MERCHANT_ID: 'm' }, 'https://a.b')
    ).toBe('https://api.sandbox.realexpayments.com/epage-remote.cgi')
    expect(
      realexRemoteUrl({ PAYMENTS_MODE: 'sandbox', REALEX_MERCHANT_ID: '' }, 'https://a.b')
    ).toBe('https://a.b/sandbox-gateway/remote')
  })
})
