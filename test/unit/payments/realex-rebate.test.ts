import { describe, expect, it } from 'vitest'
import {
  parseRemoteXml,
  remoteAmount,
  remoteRebateHash,
  remoteRebateXml,
  remoteRefundHash,
  remoteVoidHash,
} from '../../../worker/lib/realex-remote-xml.ts'

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
    expect(await remoteVoidHash(VECTOR, 'mysecret')).toBe(
      '91d77fb5990cbec110777216b85afb988dfcc5fa'
    )
  })
})
