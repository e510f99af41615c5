import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { hppResponseHash } from '../../../worker/realex/hpp.ts'
import {
  VALID_EXPIRY,
  alterResponse,
  call,
  consumerData,
  decodeResponse,
  draftOrder,
  makePayment,
  orderStatus,
  payOnSandbox,
  paymentBody,
  paymentState,
  resultOf,
  seedCheckout,
  type Draft,
} from './fixtures.ts'
import { deliverEffects } from '../../support/workers/effects.ts'

beforeAll(async () => {
  await seedCheckout(env.DB)
})

/** A draft with a started attempt and the page's signed answer for a successful test card. */
async function answeredAttempt(): Promise<{ draft: Draft; response: string; paymentId: number }> {
  const draft = await draftOrder()
  const started = await makePayment(paymentBody(draft))
  const response = await payOnSandbox(started.redirect!, {
    cardNumber: '4263970000005262',
    ...VALID_EXPIRY,
  })
  return { draft, response, paymentId: started.paymentId }
}

describe('hosted card page consumer data', () => {
  const HASHED = ['TIMESTAMP', 'MERCHANT_ID', 'ORDER_ID', 'RESULT', 'MESSAGE', 'PASREF', 'AUTHCODE']

  for (const field of [...HASHED, 'SHA1HASH']) {
    it(`refuses an answer whose ${field} was altered, and changes nothing`, async () => {
      const { draft, response } = await answeredAttempt()
      const before = await paymentState(draft.orderId)
      const original = decodeResponse(response)[field] ?? ''
      const altered =
        field === 'SHA1HASH'
          ? original.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))
          : `${original}1`
      const answer = await consumerData(alterResponse(response, { [field]: altered }))
      expect(answer.status, JSON.stringify(answer.json)).toBe(422)
      expect(ApiErrorSchema.parse(answer.json).error.message).toBe(MESSAGES.paymentAnswerInvalid)
      expect(await paymentState(draft.orderId)).toEqual(before)
      expect(await orderStatus(draft.orderId)).toBe('payment_pending')
    })
  }

  it('refuses a forged answer signed with another secret', async () => {
    const { draft, response } = await answeredAttempt()
    const before = await paymentState(draft.orderId)
    const fields = decodeResponse(response)
    const forgedHash = await hppResponseHash(
      {
        timestamp: fields.TIMESTAMP ?? '',
        merchantId: fields.MERCHANT_ID ?? '',
        orderId: fields.ORDER_ID ?? '',
        result: '00',
        message: 'ok',
        pasref: 'x',
        authcode: 'y',
      },
      'not-the-shared-secret-0123456789abcdef'
    )
    const answer = await consumerData(
      alterResponse(response, { MESSAGE: 'ok', PASREF: 'x', AUTHCODE: 'y', SHA1HASH: forgedHash })
    )
    expect(answer.status).toBe(422)
    expect(await paymentState(draft.orderId)).toEqual(before)
  })

  it('refuses an answer that is not base64 JSON', async () => {
    for (const hppResponse of ['not json', '{"RESULT":"%%%"}', '[1,2]']) {
      const answer = await consumerData(hppResponse)
      expect(answer.status).toBe(422)
    }
  })

  it('keeps the stored amount when AMOUNT is altered (it is not covered by the hash)', async () => {
    const { draft, response } = await answeredAttempt()
    const result = resultOf(await consumerData(alterResponse(response, { AMOUNT: '1' })))
    expect(result).toMatchObject({ status: 'succeeded', amount: draft.total })
    const row = await env.DB.prepare('select amount from payments where order_id = ?1')
      .bind(draft.orderId)
      .first<{ amount: number }>()
    expect(row?.amount).toBe(draft.total)
  })

  it('refuses a validly signed answer for an ORDER_ID it never issued', async () => {
    const { response } = await answeredAttempt()
    const fields = decodeResponse(response)
    const orderId = 'UNKNOWN-ORDER-1'
    const hash = await hppResponseHash(
      {
        timestamp: fields.TIMESTAMP ?? '',
        merchantId: fields.MERCHANT_ID ?? '',
        orderId,
        result: fields.RESULT ?? '',
        message: fields.MESSAGE ?? '',
        pasref: fields.PASREF ?? '',
        authcode: fields.AUTHCODE ?? '',
      },
      env.REALEX_SHARED_SECRET
    )
    const answer = await consumerData(
      alterResponse(response, { ORDER_ID: orderId, SHA1HASH: hash })
    )
    expect(answer.status).toBe(404)
    expect(ApiErrorSchema.parse(answer.json).error.message).toBe(MESSAGES.paymentNotFound)
  })

  it('refuses the answer of one order posted for another', async () => {
    const { response } = await answeredAttempt()
    const other = await draftOrder()
    const answer = await consumerData(response, other.orderId)
    expect(answer.status).toBe(404)
    expect(await orderStatus(other.orderId)).toBe('draft')
  })

  it('10 concurrent replays of one answer: one paid transition, identical answers, no 5xx', async () => {
    const { draft, response } = await answeredAttempt()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => consumerData(response, draft.orderId))
    )
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const results = answers.map(resultOf)
    for (const result of results) expect(result).toEqual(results[0])
    expect(results[0]?.status).toBe('succeeded')
    await deliverEffects()
    const [history, outbox, payments] = await env.DB.batch([
      env.DB.prepare(
        `select count(*) as n from order_status_history
         where order_id = ?1 and status = 'sent_to_store' and note is null`
      ).bind(draft.orderId),
      env.DB.prepare(`select count(*) as n from outbox where payload_json like ?1`).bind(
        `%${draft.businessOrderId}%`
      ),
      env.DB.prepare(`select status, completed_at from payments where order_id = ?1`).bind(
        draft.orderId
      ),
    ])
    expect(history?.results[0]).toEqual({ n: 1 })
    expect(outbox?.results[0]).toEqual({ n: 1 })
    expect(payments?.results).toHaveLength(1)
    expect(await orderStatus(draft.orderId)).toBe('sent_to_store')
    // A later replay still answers the same.
    expect(resultOf(await consumerData(response))).toEqual(results[0])
  })

  it('verify payment answers the state after the return, for the basket holder only', async () => {
    const { draft, response, paymentId } = await answeredAttempt()
    const verify = (basketToken: string) =>
      call('/payments/verify', {
        businessId: 1,
        basketToken,
        paymentId,
        paymentGateway: 'realex',
        draftOrderId: draft.orderId,
      })
    expect(resultOf(await verify(draft.ready.token)).status).toBe('pending')
    await consumerData(response)
    expect(resultOf(await verify(draft.ready.token))).toMatchObject({
      status: 'succeeded',
      nextUrl: 'http://localhost/checkout/success',
    })
    const stranger = await draftOrder()
    expect((await verify(stranger.ready.token)).status).toBe(404)
  })
})
