import { describe, expect, it } from 'vitest'
import { createRealexGateway } from '../../../worker/backend/payments/realex-gateway.ts'
import { REALEX_REMOTE_URLS } from '../../../worker/backend/payments/realex-remote.ts'
import { parseRemoteXml } from '../../../worker/realex/remote-xml.ts'
import { realexTestConfig } from '../payments/fixtures.ts'

// Realex card storage's card-cancel-card, as the Realex adapter's forgetCard sends and reads it.
const SECRET = 'remote-api-test-secret-0123456789abcdefghijkl'
const NOW = new Date(Date.UTC(2026, 10, 25, 12, 0, 0))
const TIMESTAMP = '20261125120000'

async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
async function signed(fields: Array<string>): Promise<string> {
  return sha1Hex(`${await sha1Hex(fields.join('.'))}.${SECRET}`)
}

/** A signed answer of card storage: no order, so ORDER_ID, PASREF and AUTHCODE are empty. */
async function answer(result: string, message: string, hash?: string): Promise<Response> {
  const timestamp = '20261125120001'
  const sha1hash =
    hash ?? (await signed([timestamp, 'grocermerchant', '', result, message, '', '']))
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>
<response timestamp="${timestamp}">
  <merchantid>grocermerchant</merchantid>
  <orderid></orderid>
  <result>${result}</result>
  <message>${message}</message>
  <sha1hash>${sha1hash}</sha1hash>
</response>`)
}

function gatewayWith(fetcher: typeof fetch) {
  return createRealexGateway(realexTestConfig('grocermerchant', SECRET), {
    now: NOW,
    origin: 'https://shop.example',
    payerExists: false,
    remote: { url: REALEX_REMOTE_URLS.sandbox, fetch: fetcher },
  })
}

describe('Realex forgetCard (card-cancel-card)', () => {
  it('posts a signed request naming the payer and card references, and reads a signed 00', async () => {
    const bodies: Array<string> = []
    const gateway = gatewayWith(async (_input, init) => {
      bodies.push(String(init?.body))
      return answer('00', 'Successful')
    })
    expect(await gateway.forgetCard('b1c7:pm-1')).toEqual({
      forgotten: true,
      resultCode: '00',
      resultMessage: 'Successful',
    })
    const request = parseRemoteXml(bodies[0] ?? '', 'request')
    expect(request?.attributes).toEqual({ type: 'card-cancel-card', timestamp: TIMESTAMP })
    expect(request?.fields).toEqual({
      merchantid: 'grocermerchant',
      ref: 'pm-1',
      payerref: 'b1c7',
      sha1hash: await signed([TIMESTAMP, 'grocermerchant', 'b1c7', 'pm-1']),
    })
  })

  it('counts a card the gateway no longer holds as forgotten', async () => {
    const gateway = gatewayWith(() => answer('520', 'There is no such card for this payer'))
    expect(await gateway.forgetCard('b1c7:pm-1')).toMatchObject({ forgotten: true })
  })

  it('is not forgotten on a refusal, a forged answer, no answer or an unreadable token', async () => {
    expect(
      await gatewayWith(() => answer('508', 'Invalid hash')).forgetCard('b1c7:pm-1')
    ).toMatchObject({ forgotten: false, resultCode: '508' })
    expect(
      await gatewayWith(() => answer('00', 'Successful', 'a'.repeat(40))).forgetCard('b1c7:pm-1')
    ).toMatchObject({ forgotten: false, resultCode: 'bad_signature' })
    expect(
      await gatewayWith(() => Promise.reject(new Error('down'))).forgetCard('b1c7:pm-1')
    ).toMatchObject({ forgotten: false, resultCode: 'unreachable' })
    let called = false
    const gateway = gatewayWith(() => {
      called = true
      return answer('00', 'Successful')
    })
    expect(await gateway.forgetCard('no-refs')).toMatchObject({ forgotten: false })
    expect(called).toBe(false)
  })
})
