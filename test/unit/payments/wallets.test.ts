import { describe, expect, it } from 'vitest'
import { hppHash } from '../../../worker/realex/hpp.ts'
import { isApplePayValidationUrl } from '../../../worker/backend/payments/apple-pay.ts'
import { authMobileHash, realexWalletCharge } from '../../../worker/backend/payments/wallets.ts'
import { realexTestConfig, testAttempt } from './fixtures.ts'

const SECRET = 'realex-wallet-test-secret-0123456789abcdefghij'

const CONFIG = realexTestConfig('grocer', SECRET)

const ATTEMPT = testAttempt({
  paymentId: 9,
  orderId: 4,
  businessOrderId: 'CF-2002',
  gatewayOrderId: 'CF-2002-xyz',
  amount: 1999,
  method: 'googlePay',
  token: '{"signature":"MEUC","protocolVersion":"ECv2","signedMessage":"{\\"a\\":1}"}',
})

const NOW = new Date('2026-11-21T12:00:00Z')
const TIMESTAMP = '20261121120000'

async function signedResponse(result: string, overrides: Record<string, string> = {}) {
  const fields = {
    merchantid: 'grocer',
    orderid: 'CF-2002-xyz',
    result,
    message: result === '00' ? 'AUTH CODE: 12345' : 'DECLINED',
    pasref: 'PASREF123',
    authcode: result === '00' ? '12345' : '',
    ...overrides,
  }
  const hash = await hppHash(
    [TIMESTAMP, 'grocer', 'CF-2002-xyz', result, fields.message, 'PASREF123', fields.authcode],
    SECRET
  )
  const xml = [
    `<response timestamp="${TIMESTAMP}">`,
    ...Object.entries(fields).map(([name, value]) => `<${name}>${value}</${name}>`),
    `<sha1hash>${overrides.sha1hash ?? hash}</sha1hash>`,
    '</response>',
  ].join('')
  return xml
}

function fakeRemote(answer: string, status = 200) {
  const sent: Array<{ url: string; body: string }> = []
  const fetcher: typeof fetch = (input, init) => {
    sent.push({ url: String(input), body: String(init?.body) })
    return Promise.resolve(new Response(answer, { status }))
  }
  return { sent, fetcher }
}

describe('Realex auth-mobile (wallet tokens)', () => {
  it('Google Pay: posts the token, amount and currency signed over all of them', async () => {
    const remote = fakeRemote(await signedResponse('00'))
    const charge = await realexWalletCharge(CONFIG, ATTEMPT, 'googlePay', {
      url: 'https://api.sandbox.realexpayments.com/epage-remote.cgi',
      fetch: remote.fetcher,
      now: NOW,
    })
    expect(charge).toEqual({
      ref: 'PASREF123',
      outcome: {
        kind: 'authorised',
        externalRef: 'PASREF123',
        authCode: '12345',
        resultCode: '00',
        resultMessage: 'AUTH CODE: 12345',
        storedCard: null,
      },
    })
    const body = remote.sent[0]?.body ?? ''
    expect(remote.sent[0]?.url).toBe('https://api.sandbox.realexpayments.com/epage-remote.cgi')
    expect(body).toContain(`<request type="auth-mobile" timestamp="${TIMESTAMP}">`)
    expect(body).toContain('<mobile>pay-with-google</mobile>')
    expect(body).toContain('<amount currency="GBP">1999</amount>')
    expect(body).toContain('<orderid>CF-2002-xyz</orderid>')
    expect(body).toContain('&quot;signature&quot;')
    const expected = await hppHash(
      [TIMESTAMP, 'grocer', 'CF-2002-xyz', '1999', 'GBP', ATTEMPT.token ?? ''],
      SECRET
    )
    expect(body).toContain(`<sha1hash>${expected}</sha1hash>`)
  })

  it('Apple Pay: the amount is in the token, so AMOUNT and CURRENCY are empty in the hash', async () => {
    const input = {
      timestamp: TIMESTAMP,
      merchantId: 'grocer',
      account: 'internet',
      orderId: 'o1',
      amount: 1999,
      currency: 'GBP',
      wallet: 'applePay' as const,
      token: 'tok',
    }
    expect(await authMobileHash(input, SECRET)).toBe(
      await hppHash([TIMESTAMP, 'grocer', 'o1', '', '', 'tok'], SECRET)
    )
    const remote = fakeRemote(await signedResponse('00'))
    await realexWalletCharge(CONFIG, { ...ATTEMPT, method: 'applePay' }, 'applePay', {
      url: 'https://remote.example',
      fetch: remote.fetcher,
      now: NOW,
    })
    expect(remote.sent[0]?.body).toContain('<mobile>apple-pay</mobile>')
    expect(remote.sent[0]?.body).not.toContain('<amount')
  })

  it('a decline is declined; an unsigned or altered authorisation is never authorised', async () => {
    const remote = { url: 'https://remote.example', now: NOW }
    const declined = await realexWalletCharge(CONFIG, ATTEMPT, 'googlePay', {
      ...remote,
      fetch: fakeRemote(await signedResponse('101')).fetcher,
    })
    expect(declined.outcome.kind).toBe('declined')
    const forged = await realexWalletCharge(CONFIG, ATTEMPT, 'googlePay', {
      ...remote,
      fetch: fakeRemote(await signedResponse('00', { sha1hash: '0'.repeat(40) })).fetcher,
    })
    expect(forged.outcome).toMatchObject({ kind: 'failed', resultCode: 'bad_signature' })
    const otherOrder = await realexWalletCharge(CONFIG, ATTEMPT, 'googlePay', {
      ...remote,
      fetch: fakeRemote(await signedResponse('00', { orderid: 'someone-else' })).fetcher,
    })
    expect(otherOrder.outcome.kind).toBe('failed')
    const down = await realexWalletCharge(CONFIG, ATTEMPT, 'googlePay', {
      ...remote,
      fetch: () => Promise.reject(new Error('offline')),
    })
    expect(down.outcome.kind).toBe('failed')
  })
})

describe('Apple Pay validation URL allow-list', () => {
  it.each([
    ['https://apple-pay-gateway.apple.com/paymentservices/startSession', true],
    ['https://apple-pay-gateway-cert.apple.com/paymentservices/startSession', true],
    ['https://apple-pay-gateway-nc-pod5.apple.com/paymentservices/startSession', true],
    ['https://cn-apple-pay-gateway.apple.com/paymentservices/startSession', true],
    ['https://apple-pay-gateway.apple.com.evil.com/startSession', false],
    ['https://www.apple.com/startSession', false],
    ['https://apple-pay-gateway.apple.com:444/startSession', false],
    ['http://apple-pay-gateway.apple.com/startSession', false],
    ['not a url', false],
  ])('%s → %s', (url, allowed) => {
    expect(isApplePayValidationUrl(url)).toBe(allowed)
  })
})
