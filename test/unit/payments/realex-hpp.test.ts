import { describe, expect, it } from 'vitest'
import {
  decodeHppResponse,
  encodeHppFields,
  hppRequestHash,
  hppResponseHash,
  hppTimestamp,
  verifyHppResponse,
} from '../../../worker/realex/hpp.ts'

// Test vectors of the official SDKs (rxp-hpp-php, rxp-hpp-java), as quoted in
// shared/reference/security-payments-platform.md §3.
const SECRET = 'mysecret'
const BASE = { merchantId: 'thestore', orderId: 'ORD453-11', amount: '29900', currency: 'EUR' }

describe('Realex HPP request hash', () => {
  it('reproduces the plain request vector', async () => {
    expect(await hppRequestHash({ ...BASE, timestamp: '20120926112654' }, SECRET)).toBe(
      '3c3cac74f2b783598b99af6e43246529346d95d1'
    )
  })

  it('reproduces the card storage vector (PAYER_REF and PMT_REF appended)', async () => {
    const hash = await hppRequestHash(
      {
        ...BASE,
        timestamp: '20130814122239',
        cardStorage: { payerRef: 'PayerRef', paymentRef: 'PaymentRef' },
      },
      SECRET
    )
    expect(hash).toBe('e96eed4869a6d682e8fdbb88703ed81faa58f4df')
  })

  it('reproduces the stored-card vectors, with and without a chosen card', async () => {
    const payer = await hppRequestHash(
      { ...BASE, timestamp: '20130814122239', selectStoredCard: { payerRef: 'newpayer1' } },
      SECRET
    )
    expect(payer).toMatch(/^099b6ef2[0-9a-f]{28}cd80$/)
    const card = await hppRequestHash(
      {
        ...BASE,
        timestamp: '20130814122239',
        selectStoredCard: { payerRef: 'newpayer1', paymentRef: 'mycard1' },
      },
      SECRET
    )
    expect(card).toMatch(/^4106afc4[0-9a-f]{28}dba2$/)
  })

  it('changes with every covered field and with the secret', async () => {
    const base = { ...BASE, timestamp: '20120926112654' }
    const reference = await hppRequestHash(base, SECRET)
    for (const change of [
      { amount: '29901' },
      { orderId: 'ORD453-12' },
      { currency: 'GBP' },
      { merchantId: 'another' },
      { timestamp: '20120926112655' },
    ]) {
      expect(await hppRequestHash({ ...base, ...change }, SECRET)).not.toBe(reference)
    }
    expect(await hppRequestHash(base, 'othersecret')).not.toBe(reference)
  })

  it('writes TIMESTAMP as YYYYMMDDHHMMSS in UTC', () => {
    expect(hppTimestamp(new Date('2026-03-29T00:59:07.123Z'))).toBe('20260329005907')
    expect(hppTimestamp(new Date('2026-07-01T23:05:00.000Z'))).toBe('20260701230500')
  })
})

describe('Realex HPP response', () => {
  const answer = {
    TIMESTAMP: '20130814122239',
    MERCHANT_ID: 'thestore',
    ORDER_ID: 'ORD453-11',
    RESULT: '00',
    MESSAGE: 'Successful',
    PASREF: '3737468273643',
    AUTHCODE: '79347',
    AMOUNT: '29900',
    SHA1HASH: 'f093a0b233daa15f2bf44888f4fe75cb652e7bf0',
  }

  it('reproduces the response vector and accepts the genuine answer', async () => {
    expect(
      await hppResponseHash(
        {
          timestamp: answer.TIMESTAMP,
          merchantId: answer.MERCHANT_ID,
          orderId: answer.ORDER_ID,
          result: answer.RESULT,
          message: answer.MESSAGE,
          pasref: answer.PASREF,
          authcode: answer.AUTHCODE,
        },
        SECRET
      )
    ).toBe(answer.SHA1HASH)
    expect(await verifyHppResponse(answer, SECRET)).toBe(true)
  })

  it('refuses an answer with any covered field or the hash altered, or another secret', async () => {
    for (const field of [
      'TIMESTAMP',
      'MERCHANT_ID',
      'ORDER_ID',
      'RESULT',
      'MESSAGE',
      'PASREF',
      'AUTHCODE',
    ] as const) {
      expect(await verifyHppResponse({ ...answer, [field]: `${answer[field]}x` }, SECRET)).toBe(
        false
      )
    }
    expect(await verifyHppResponse({ ...answer, SHA1HASH: '0'.repeat(40) }, SECRET)).toBe(false)
    expect(await verifyHppResponse({ ...answer, SHA1HASH: undefined }, SECRET)).toBe(false)
    expect(await verifyHppResponse(answer, 'othersecret')).toBe(false)
  })

  it('does not cover AMOUNT: an altered amount still verifies, so it is never trusted', async () => {
    expect(await verifyHppResponse({ ...answer, AMOUNT: '1' }, SECRET)).toBe(true)
  })

  it('round-trips base64-encoded field values and refuses a value that is not base64', () => {
    const encoded = encodeHppFields({ AMOUNT: '100', MESSAGE: 'Café: Successful' })
    expect(encoded.AMOUNT).toBe('MTAw')
    expect(decodeHppResponse(JSON.stringify(encoded), { encoded: true })).toEqual({
      AMOUNT: '100',
      MESSAGE: 'Café: Successful',
    })
    expect(decodeHppResponse('{"AMOUNT":"not base64!"}', { encoded: true })).toBeNull()
    expect(decodeHppResponse('{"AMOUNT":"100"}', { encoded: false })).toEqual({ AMOUNT: '100' })
    expect(decodeHppResponse('[1]', { encoded: false })).toBeNull()
    expect(decodeHppResponse('not json', { encoded: false })).toBeNull()
  })
})
