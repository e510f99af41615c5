import { describe, expect, it } from 'vitest'
import {
  hppOutcome,
  splitRealexToken,
  storedCardOf,
} from '../../../worker/backend/payments/realex-gateway.ts'

const REFS = { payerRef: 'b1c7', pmtRef: 'card-CF-1-abc' }
const SAVED = {
  PMT_SETUP: '00',
  SAVED_PAYER_REF: 'b1c7',
  SAVED_PMT_REF: 'card-CF-1-abc',
  SAVED_PMT_TYPE: 'MC',
  SAVED_PMT_DIGITS: '542523xxxxxx4415',
  SAVED_PMT_EXPDATE: '1129',
  SAVED_PMT_NAME: 'Ada Lovelace',
}

describe('hppOutcome', () => {
  it('00 is authorised with the references', () => {
    expect(hppOutcome({ RESULT: '00', MESSAGE: 'OK', PASREF: 'P1', AUTHCODE: 'A1' })).toEqual({
      kind: 'authorised',
      externalRef: 'P1',
      authCode: 'A1',
      resultCode: '00',
      resultMessage: 'OK',
      storedCard: null,
    })
  })
  it.each(['101', '102', '103', '111'])('%s is a decline', (code) => {
    expect(hppOutcome({ RESULT: code, MESSAGE: 'no' })).toMatchObject({ kind: 'declined' })
  })
  it.each(['205', '501', '508', ''])('%s is a failure', (code) => {
    expect(hppOutcome({ RESULT: code })).toMatchObject({ kind: 'failed', resultCode: code })
  })
})

describe('storedCardOf', () => {
  it('keeps display fields under the refs we asked for', () => {
    expect(storedCardOf(SAVED, REFS)).toEqual({
      token: 'b1c7:card-CF-1-abc',
      brand: 'mastercard',
      last4: '4415',
      expiryMonth: 11,
      expiryYear: 2029,
      cardholderName: 'Ada Lovelace',
    })
  })
  it('ignores a card stored under another PMT_REF, a failed setup or malformed fields', () => {
    expect(storedCardOf({ ...SAVED, SAVED_PMT_REF: 'other' }, REFS)).toBeNull()
    expect(storedCardOf({ ...SAVED, PMT_SETUP: '501' }, REFS)).toBeNull()
    expect(storedCardOf({ ...SAVED, SAVED_PMT_TYPE: 'AMEX' }, REFS)).toBeNull()
    expect(storedCardOf({ ...SAVED, SAVED_PMT_EXPDATE: '1329' }, REFS)).toBeNull()
    expect(storedCardOf({ ...SAVED, SAVED_PMT_DIGITS: 'xxxx' }, REFS)).toBeNull()
  })
})

describe('splitRealexToken', () => {
  it('reads payer_ref:pmt_ref only', () => {
    expect(splitRealexToken('b1c7:card-1')).toEqual({ payerRef: 'b1c7', pmtRef: 'card-1' })
    expect(splitRealexToken('b1c7')).toBeNull()
    expect(splitRealexToken('a:b:c')).toBeNull()
  })
})
