import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { PaymentResultSchema } from '../../../schemas/payments.ts'
import { placedEffectKeys } from '../../../worker/backend/checkout/placed-effect-rows.ts'
import { type Call } from '../auth/fixtures.ts'
import { call, draftOrder, type Draft, paymentBody, seedCheckout, STORES } from './fixtures.ts'
import { DATED } from '../../support/test-clock.ts'

/*
 * A cash make payment claims its key, holds its order at the total it takes, writes its attempt
 * and places the order in ONE batch (ADR 069): of concurrent payments of one order exactly one
 * is written and places it, whatever their keys; a duplicate of it answers it; the others write
 * nothing and are told the order is paid.
 */

beforeAll(async () => {
  await seedCheckout(env.DB)
})

afterEach(async () => {
  await env.DB.prepare('update stores set accepts_cash = 1 where id = ?1').bind(STORES.main).run()
})

const CASH = { paymentMethod: 'paymentCash', paymentGateway: 'cash', cashConfirmed: true }

/** What one order's cash payments wrote: its attempts, placings and placing effects. */
async function written(draft: Draft) {
  const [payments, order, placings, effects, keys] = await env.DB.batch([
    env.DB.prepare(
      'select id, gateway, status, amount from payments where order_id = ?1 order by id'
    ).bind(draft.orderId),
    env.DB.prepare('select status, total, cash_confirmed from orders where id = ?1').bind(
      draft.orderId
    ),
    env.DB.prepare(
      `select count(*) as n from order_status_history where order_id = ?1 and status = 'sent_to_store'
         and note is null`
    ).bind(draft.orderId),
    env.DB.prepare(
      `select count(*) as n from effects where effect_key in (select value from json_each(?1))`
    ).bind(JSON.stringify(placedEffectKeys(draft.orderId))),
    env.DB.prepare(
      `select count(*) as n from idempotency_keys where scope = 'payments.make' and idempotency_key
         in (select substr(idempotency_key, length('payments.make:1:') + 1) from payments
             where order_id = ?1)`
    ).bind(draft.orderId),
  ])
  return {
    payments: payments?.results as Array<{
      id: number
      gateway: string
      status: string
      amount: number
    }>,
    order: order?.results[0] as { status: string; total: number; cash_confirmed: number },
    placings: (placings?.results[0] as { n: number }).n,
    effects: (effects?.results[0] as { n: number }).n,
    keys: (keys?.results[0] as { n: number }).n,
  }
}

/** The one attempt written: cash, for the order's total, with its key; the order placed once. */
function expectPaidOnce(state: Awaited<ReturnType<typeof written>>, draft: Draft): number {
  expect(state.payments).toHaveLength(1)
  const [payment] = state.payments
  expect(payment).toMatchObject({ gateway: 'cash', status: 'pending', amount: draft.total })
  expect(state.order).toEqual({ status: 'sent_to_store', total: draft.total, cash_confirmed: 1 })
  expect(state.placings).toBe(1)
  expect(state.effects).toBe(placedEffectKeys(draft.orderId).length)
  expect(state.keys).toBe(1)
  return payment?.id ?? 0
}

function errorOf(answer: Call) {
  return ApiErrorSchema.parse(answer.json).error
}

describe('cash in one batch', DATED, () => {
  it(
    '20 concurrent duplicates with one key: one attempt, one placing, each answers it',
    { timeout: 20_000 },
    async () => {
      const draft = await draftOrder({ method: 'paymentCash' })
      const body = paymentBody(draft, CASH)
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call('/payments/make', body))
      )
      const paymentId = expectPaidOnce(await written(draft), draft)
      for (const answer of answers) {
        expect(answer.status, JSON.stringify(answer.json)).toBe(200)
        expect(PaymentResultSchema.parse(answer.json)).toMatchObject({
          paymentId,
          status: 'succeeded',
          amount: draft.total,
        })
      }
      // The key with another body is still refused, and changes nothing.
      const before = await written(draft)
      const reused = await call('/payments/make', {
        ...body,
        successUrl: `${body.successUrl}?again=1`,
      })
      expect(reused.status).toBe(422)
      expect(errorOf(reused).message).toBe(MESSAGES.idempotencyKeyReused)
      expect(await written(draft)).toEqual(before)
    }
  )

  it(
    '20 concurrent payments with different keys: one written, the others told it is paid',
    { timeout: 20_000 },
    async () => {
      const draft = await draftOrder({ method: 'paymentCash' })
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call('/payments/make', paymentBody(draft, CASH)))
      )
      const paymentId = expectPaidOnce(await written(draft), draft)
      const ok = answers.filter((answer) => answer.status === 200)
      expect(ok.map((answer) => PaymentResultSchema.parse(answer.json).paymentId)).toEqual([
        paymentId,
      ])
      for (const answer of answers.filter((one) => one.status !== 200)) {
        expect(answer.status, JSON.stringify(answer.json)).toBe(409)
        expect(errorOf(answer).message).toBe(MESSAGES.orderAlreadyPaid)
      }
    }
  )

  it('a refusal writes nothing: neither the key nor an attempt, so the key can be used again', async () => {
    const draft = await draftOrder({ method: 'paymentCash' })
    const body = paymentBody(draft, CASH)
    await env.DB.prepare('update stores set accepts_cash = 0 where id = ?1').bind(STORES.main).run()
    const refused = await call('/payments/make', body)
    expect(refused.status).toBe(409)
    expect(errorOf(refused).message).toBe(MESSAGES.cashNotAccepted)
    const nothing = await written(draft)
    expect(nothing.payments).toEqual([])
    expect(nothing.placings).toBe(0)
    const key = await env.DB.prepare(
      `select count(*) as n from idempotency_keys where scope = 'payments.make' and idempotency_key = ?1`
    )
      .bind(body.idempotencyKey)
      .first<{ n: number }>()
    expect(key?.n).toBe(0)
    await env.DB.prepare('update stores set accepts_cash = 1 where id = ?1').bind(STORES.main).run()
    const paid = await call('/payments/make', body)
    expect(paid.status, JSON.stringify(paid.json)).toBe(200)
    expectPaidOnce(await written(draft), draft)
  })

  it(
    'any mix of concurrent payments and retries takes the order total once (property)',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          // Each call: which of three keys it sends, and whether it changes its body (a reuse).
          fc.array(fc.record({ key: fc.integer({ min: 0, max: 2 }), other: fc.boolean() }), {
            minLength: 2,
            maxLength: 6,
          }),
          async (calls) => {
            const draft = await draftOrder({ method: 'paymentCash' })
            const keys = [0, 1, 2].map(() => crypto.randomUUID())
            const answers = await Promise.all(
              calls.map((one) =>
                call(
                  '/payments/make',
                  paymentBody(draft, {
                    ...CASH,
                    idempotencyKey: keys[one.key],
                    ...(one.other ? { cancelUrl: `${paymentBody(draft).cancelUrl}?other=1` } : {}),
                  })
                )
              )
            )
            const paymentId = expectPaidOnce(await written(draft), draft)
            expect(answers.some((answer) => answer.status === 200)).toBe(true)
            for (const answer of answers) {
              if (answer.status === 200) {
                expect(PaymentResultSchema.parse(answer.json).paymentId).toBe(paymentId)
                continue
              }
              expect(
                [
                  [409, MESSAGES.orderAlreadyPaid],
                  [422, MESSAGES.idempotencyKeyReused],
                ],
                JSON.stringify(answer.json)
              ).toContainEqual([answer.status, errorOf(answer).message])
            }
          }
        ),
        { numRuns: 6 }
      )
    }
  )
})
