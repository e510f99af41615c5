import { describe, expect, it } from 'vitest'
import { ApiRequestError } from '../../../client/lib/api.ts'
import {
  keysAfterRefusal,
  newPaymentKeys,
  paymentRefusal,
} from '../../../client/lib/place-order.ts'

/*
 * The keys of the payment step's next try after a refused call (ADR 069): a try whose body is
 * the same keeps its keys, so the backend answers a retry once; a try with a new single-use token
 * (a frames token, a wallet's token data) must not send the old payment key with another body,
 * which the backend refuses.
 */
function refusalOf(status: number) {
  const refusal = paymentRefusal(new ApiRequestError(status, 'refused'))
  if (refusal === null) throw new Error('no refusal')
  return refusal
}

describe('keysAfterRefusal', () => {
  const keys = newPaymentKeys()

  it('ends the attempt on a refusal the same request would get again', () => {
    for (const status of [400, 404, 422]) {
      expect(keysAfterRefusal(keys, refusalOf(status), false)).toBeNull()
      expect(keysAfterRefusal(keys, refusalOf(status), true)).toBeNull()
    }
  })

  it('keeps both keys for a retry that sends the same body (a server error, in progress)', () => {
    for (const status of [0, 409, 500, 503]) {
      expect(keysAfterRefusal(keys, refusalOf(status), false)).toBe(keys)
    }
  })

  it('gives a single-use token a new payment key and keeps the order key', () => {
    for (const status of [0, 409, 500, 503]) {
      const next = keysAfterRefusal({ ...keys, choice: 'applePay' }, refusalOf(status), true)
      expect(next?.orderKey).toBe(keys.orderKey)
      expect(next?.paymentKey).not.toBe(keys.paymentKey)
      expect(next?.paymentKey).toMatch(/^[0-9a-f-]{36}$/)
      expect(next?.choice).toBe('applePay')
    }
  })
})
