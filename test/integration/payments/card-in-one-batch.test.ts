import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { type PaymentResult, PaymentResultSchema } from '../../../schemas/payments.ts'
import type { Call } from '../auth/fixtures.ts'
import {
  VALID_EXPIRY,
  call,
  consumerData,
  chargedFor,
  expectAnswersOfAttempts,
  draftOrder,
  payOnSandbox,
  paymentBody,
  resultOf,
  seedCheckout,
  type Draft,
} from './fixtures.ts'
import { DATED } from '../../support/test-clock.ts'

/*
 * A card on the hosted page claims its key, holds its order at the total it takes and writes its
 * attempt in ONE batch (ADR 069): concurrent duplicates write one attempt and are all sent to its
 * page; a batch that finds the order paid (by cash, meanwhile) is rolled back whole, so a placed
 * order's attempt is never superseded by a card attempt written after it.
 */

const SUCCESS_CARD = { cardNumber: '4263970000005262', ...VALID_EXPIRY }
const CASH = { paymentMethod: 'paymentCash', paymentGateway: 'cash', cashConfirmed: true }

beforeAll(async () => {
  await seedCheckout(env.DB)
})

interface Attempt {
  id: number
  gateway: string
  status: string
  amount: number
  void_reason: string | null
  idempotency_key: string
}

/** The order's attempts, its status, and how many keys of make payment its attempts carry. */
async function written(draft: Draft) {
  const [payments, order, keys] = await env.DB.batch([
    env.DB.prepare(
      `select id, gateway, status, amount, void_reason, idempotency_key from payments
       where order_id = ?1 order by id`
    ).bind(draft.orderId),
    env.DB.prepare('select status from orders where id = ?1').bind(draft.orderId),
    env.DB.prepare(
      `select count(*) as n from idempotency_keys where scope = 'payments.make' and idempotency_key
         in (select substr(idempotency_key, length('payments.make:1:') + 1) from payments
             where order_id = ?1)`
    ).bind(draft.orderId),
  ])
  return {
    payments: payments?.results as Array<Attempt>,
    status: (order?.results[0] as { status: string }).status,
    keys: (keys?.results[0] as { n: number }).n,
  }
}

/** What the shopper's card is charged for the order: authorisations kept (not voided). */
/** A draft whose shopper has not chosen a method (an older draft): cash and card may race on it. */
async function anyMethodDraft(): Promise<Draft> {
  const draft = await draftOrder()
  await env.DB.prepare('update orders set payment_method = null where id = ?1')
    .bind(draft.orderId)
    .run()
  return draft
}

function errorOf(answer: Call) {
  return ApiErrorSchema.parse(answer.json).error
}

async function pay(result: PaymentResult): Promise<PaymentResult> {
  if (!result.redirect) throw new Error('no card page')
  return resultOf(await consumerData(await payOnSandbox(result.redirect, SUCCESS_CARD)))
}

/**
 * One order's attempts after a race: every attempt has its own key's row, at most one is live,
 * and an order placed by cash keeps its cash attempt live (no card attempt superseded it).
 */
function expectOneLive(state: Awaited<ReturnType<typeof written>>): Attempt | undefined {
  expect(state.keys).toBe(state.payments.length)
  const live = state.payments.filter((payment) => payment.status === 'pending')
  expect(live.length).toBeLessThanOrEqual(1)
  if (state.status === 'sent_to_store') {
    expect(live.map((payment) => payment.gateway)).toEqual(['cash'])
  }
  return live[0]
}

describe('card on the hosted page in one batch', DATED, () => {
  it(
    '20 concurrent duplicates with one key: one attempt, one page, one authorisation',
    { timeout: 20_000 },
    async () => {
      const draft = await draftOrder()
      const body = paymentBody(draft)
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call('/payments/make', body))
      )
      const state = await written(draft)
      expect(state.payments).toHaveLength(1)
      expect(state.keys).toBe(1)
      const [attempt] = state.payments
      expect(attempt).toMatchObject({ gateway: 'realex', status: 'pending', amount: draft.total })
      for (const answer of answers) {
        expect(PaymentResultSchema.parse(resultOf(answer))).toMatchObject({
          paymentId: attempt?.id,
          status: 'redirect',
        })
      }
      const paid = await pay(resultOf(answers[0] as Call))
      expect(paid).toMatchObject({ paymentId: attempt?.id, status: 'succeeded' })
      expect(await chargedFor(draft.orderId)).toBe(draft.total)
      // A replay now answers the payment as it is (paid), the key with another body is refused.
      expect(resultOf(await call('/payments/make', body))).toMatchObject({
        paymentId: attempt?.id,
        status: 'succeeded',
      })
      const before = await written(draft)
      const reused = await call('/payments/make', { ...body, cancelUrl: `${body.cancelUrl}?x=1` })
      expect(reused.status).toBe(422)
      expect(errorOf(reused).message).toBe(MESSAGES.idempotencyKeyReused)
      expect(await written(draft)).toEqual(before)
    }
  )

  it(
    '20 concurrent payments with different keys, cash among them: never a card attempt after the placing',
    { timeout: 20_000 },
    async () => {
      const draft = await anyMethodDraft()
      const bodies = Array.from({ length: 20 }, (_, index) =>
        paymentBody(draft, index === 0 ? CASH : {})
      )
      const answers = await Promise.all(bodies.map((body) => call('/payments/make', body)))
      const state = await written(draft)
      expectOneLive(state)
      expect(state.status).toBe('sent_to_store')
      // The card payments after the placing were refused whole: no attempt, no key.
      for (const answer of answers.filter((one) => one.status !== 200)) {
        expect(answer.status, JSON.stringify(answer.json)).toBe(409)
        expect(errorOf(answer).message).toBe(MESSAGES.orderAlreadyPaid)
      }
      const refused = answers.filter((one) => one.status !== 200).length
      expect(state.payments).toHaveLength(20 - refused)
      // Every card page that was answered takes nothing: its attempt was superseded by cash.
      const pages = answers
        .filter((one) => one.status === 200)
        .map(resultOf)
        .filter((result) => result.redirect !== null)
      const outcomes = await Promise.all(pages.map(pay))
      for (const outcome of outcomes) expect(outcome.status).not.toBe('succeeded')
      expect(await chargedFor(draft.orderId)).toBe(0)
    }
  )

  it(
    'any mix of concurrent card and cash payments and retries keeps one live attempt (property)',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          // Each call: its key (of three), whether it is cash, whether it changes its body.
          fc.array(
            fc.record({
              key: fc.integer({ min: 0, max: 2 }),
              cash: fc.boolean(),
              other: fc.boolean(),
            }),
            { minLength: 2, maxLength: 6 }
          ),
          async (calls) => {
            const draft = await anyMethodDraft()
            const keys = [0, 1, 2].map(() => crypto.randomUUID())
            const answers = await Promise.all(
              calls.map((one) =>
                call(
                  '/payments/make',
                  paymentBody(draft, {
                    idempotencyKey: keys[one.key],
                    ...(one.cash ? CASH : {}),
                    ...(one.other ? { cancelUrl: `${paymentBody(draft).cancelUrl}?other=1` } : {}),
                  })
                )
              )
            )
            const state = await written(draft)
            const live = expectOneLive(state)
            // A key makes at most one attempt, whatever its calls.
            const made = new Set(state.payments.map((payment) => payment.idempotency_key))
            expect(made.size).toBe(state.payments.length)
            expectAnswersOfAttempts(answers, state.payments)
            // The order is taken once: placed by cash, or by paying its live card attempt.
            if (state.status !== 'sent_to_store' && live) {
              const page = answers
                .filter((one) => one.status === 200)
                .map(resultOf)
                .find((result) => result.paymentId === live.id)
              if (page) await pay(page)
              expect(await chargedFor(draft.orderId)).toBe(page ? draft.total : 0)
            } else {
              expect(await chargedFor(draft.orderId)).toBe(0)
            }
          }
        ),
        { numRuns: 6 }
      )
    }
  )
})
