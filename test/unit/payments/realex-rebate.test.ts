import { describe, expect, it } from 'vitest'
import {
  parseRemoteXml,
  remoteAmount,
  remoteRebateHash,
  remoteRebateXml,
  remoteRefundHash,
  remoteCancelCardXml,
  remoteOrderHash,
  remoteQueryXml,
  remoteSettleXml,
  remoteVoidXml,
} from '../../../worker/realex/remote-xml.ts'

/*
 * The remote API's rebate and void messages against fixed vectors. The inputs are the reference's
 * HPP vector (reference/security-payments-platform.md §3: 20120926112654, thestore, ORD453-11,
 * 29900 EUR, mysecret); the expected digests were computed independently (Python hashlib) from the
 * SDKs' formula, with the card number empty (a trailing dot for the rebate, three for the void).
 */
const VECTOR = {
  merchantId: 'thestore',
  account: 'internet',
  orderId: 'ORD453-11',
  pasref: '3737468273643',
  authcode: '79347',
  amount: 29900,
  currency: 'EUR',
  timestamp: '20120926112654',
}

describe('the Realex rebate', () => {
  it('signs TIMESTAMP.MERCHANT_ID.ORDER_ID.AMOUNT.CURRENCY. with sha1 (the SDK vector)', async () => {
    expect(await remoteRebateHash(VECTOR, 'mysecret')).toBe(
      'c2cb9b5e1a241a45d4016ffcf5e5e787500cfe80'
    )
  })

  it('signs the same string with sha256 when asked (generateNewHash)', async () => {
    expect(await remoteRebateHash(VECTOR, 'mysecret', 'sha256')).toBe(
      '90349c85e27cfe11d3c6cc74815012277ff3dec676cd44351e1fa5966661d4b8'
    )
  })

  it('differs from the card page hash of the same fields (the empty card number counts)', async () => {
    expect(await remoteRebateHash(VECTOR, 'mysecret')).not.toBe(
      '3c3cac74f2b783598b99af6e43246529346d95d1'
    )
  })

  it('carries the refund hash: sha1 of the rebate password', async () => {
    expect(await remoteRefundHash('rebate')).toBe('fe528c20a04fb494f796591392ede2d36140b471')
  })

  it('writes the request the sandbox and Realex read back, amount in pence', async () => {
    const xml = await remoteRebateXml(VECTOR, { secret: 'mysecret', rebatePassword: 'rebate' })
    const parsed = parseRemoteXml(xml, 'request')
    expect(parsed?.attributes).toEqual({ type: 'rebate', timestamp: '20120926112654' })
    expect(parsed?.fields).toMatchObject({
      merchantid: 'thestore',
      account: 'internet',
      orderid: 'ORD453-11',
      pasref: '3737468273643',
      authcode: '79347',
      refundhash: 'fe528c20a04fb494f796591392ede2d36140b471',
      sha1hash: 'c2cb9b5e1a241a45d4016ffcf5e5e787500cfe80',
    })
    expect(remoteAmount(xml)).toEqual({ amount: 29900, currency: 'EUR' })
    const sha256 = await remoteRebateXml(
      VECTOR,
      { secret: 'mysecret', rebatePassword: 'rebate' },
      'sha256'
    )
    expect(parseRemoteXml(sha256, 'request')?.fields.sha256hash).toBe(
      '90349c85e27cfe11d3c6cc74815012277ff3dec676cd44351e1fa5966661d4b8'
    )
  })

  it.each([0, -1, 1.5, 100_000_000_000])('refuses an amount of %s pence', async (amount) => {
    await expect(
      remoteRebateXml({ ...VECTOR, amount }, { secret: 'mysecret', rebatePassword: 'rebate' })
    ).rejects.toThrow(RangeError)
  })
})

describe('the Realex void', () => {
  it('signs TIMESTAMP.MERCHANT_ID.ORDER_ID... with amount, currency and card empty', async () => {
    expect(await remoteOrderHash(VECTOR, 'mysecret')).toBe(
      '91d77fb5990cbec110777216b85afb988dfcc5fa'
    )
  })
})

describe('the remote request envelope (one builder for every request)', () => {
  const odd = { ...VECTOR, merchantId: 'the<&>store', pasref: 'P"1' }

  it('writes a void as Realex reads it, values escaped and the signature last', async () => {
    expect(await remoteVoidXml(odd, 'mysecret')).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<request type="void" timestamp="20120926112654">',
        '<merchantid>the&lt;&amp;&gt;store</merchantid>',
        '<account>internet</account>',
        '<orderid>ORD453-11</orderid>',
        '<pasref>P&quot;1</pasref>',
        `<sha1hash>${await remoteOrderHash(odd, 'mysecret')}</sha1hash>`,
        '</request>',
      ].join('\n')
    )
  })

  it('gives every request type the same opening, elements in order and closing', async () => {
    const card = { merchantId: 'thestore', payerRef: 'payer', pmtRef: 'card', timestamp: '1' }
    const requests = {
      query: await remoteQueryXml(VECTOR, 'mysecret'),
      settle: await remoteSettleXml(VECTOR, 'mysecret'),
      'card-cancel-card': await remoteCancelCardXml(card, 'mysecret'),
    }
    for (const [type, xml] of Object.entries(requests)) {
      expect(xml.split('\n').at(1)).toMatch(new RegExp(`^<request type="${type}" timestamp=`))
      expect(xml.split('\n').slice(-2).join('')).toMatch(
        /^<sha1hash>[0-9a-f]{40}<\/sha1hash><\/request>$/
      )
    }
    expect(parseRemoteXml(requests.query, 'request')?.fields).toEqual({
      merchantid: 'thestore',
      account: 'internet',
      orderid: 'ORD453-11',
      sha1hash: await remoteOrderHash(VECTOR, 'mysecret'),
    })
    expect(requests['card-cancel-card']).toContain(
      '<card>\n<ref>card</ref>\n<payerref>payer</payerref>\n</card>'
    )
    expect(remoteAmount(requests.settle)).toEqual({ amount: 29900, currency: 'EUR' })
  })
})
