import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { type PaymentResult, PaymentResultSchema } from '../../../schemas/payments.ts'
import type { Call } from '../auth/fixtures.ts'
import { testEnv } from '../auth/fixtures.ts'
import {
  VALID_EXPIRY,
  callWith,
  chargedFor,
  expectAnswersOfAttempts,
  consumerData,
  draftOrder,
  paymentBody,
  payOnSandbox,
  resultOf,
  seedCheckout,
  type Draft,
} from './fixtures.ts'
import { FRAMES_CARDS, cardToken, framesEnv, walletToken } from './frames-fixtures.ts'
import { DATED } from '../../support/test-clock.ts'

/*
 * A frames card or a wallet holds its key in the attempt's batch, behind payableCardStatement
 * (ADR 069): of concurrent duplicates only the batch's winner asks the gateway, and the others
 * wait for its answer; an order paid meanwhile is refused before any gateway is asked. The
 * gateway's answer, the placing and the key's completion are one batch; a placing that rolls back
 * leaves the authorisation recorded and voided.
 */

const CASH = { paymentMethod: 'paymentCash', paymentGateway: 'cash', cashConfirmed: true }

beforeAll(async () => {
  await seedCheckout(env.DB)
})

interface Attempt {
  id: number
  gateway: string
  method: string
  status: string
  void_reason: string | null
  voided_at: string | null
  gateway_order_id: string | null
  idempotency_key: string
}

/** The order's attempts, its status, its keys of make payment and the gateways' charges. */
async function written(draft: Draft) {
  const [payments, order, keys, frames, wallets] = await env.DB.batch([
    env.DB.prepare(
      `select id, gateway, method, status, void_reason, voided_at, gateway_order_id,
         idempotency_key
       from payments where order_id = ?1 order by id`
    ).bind(draft.orderId),
    env.DB.prepare('select status from orders where id = ?1').bind(draft.orderId),
    env.DB.prepare(
      `select state, count(*) as n from idempotency_keys where scope = 'payments.make'
         and idempotency_key in (select substr(idempotency_key, length('payments.make:1:') + 1)
                                 from payments where order_id = ?1)
       group by state`
    ).bind(draft.orderId),
    env.DB.prepare(
      `select count(*) as n from sandbox_frames_payments
       where reference in (select gateway_order_id from payments where order_id = ?1)`
    ).bind(draft.orderId),
    env.DB.prepare(
      `select count(*) as n from sandbox_hpp_requests
       where order_id in (select gateway_order_id from payments where order_id = ?1)`
    ).bind(draft.orderId),
  ])
  return {
    payments: payments?.results as Array<Attempt>,
    status: (order?.results[0] as { status: string }).status,
    keys: Object.fromEntries(
      (keys?.results as Array<{ state: string; n: number }>).map((row) => [row.state, row.n])
    ),
    /** The gateways' records of the order's attempts (a frames charge, a Realex authorisation). */
    charges: (frames?.results[0] as { n: number }).n + (wallets?.results[0] as { n: number }).n,
  }
}

function errorOf(answer: Call) {
  return ApiErrorSchema.parse(answer.json).error
}

/** A draft whose shopper has not chosen a method (an older draft): any payment may race on it. */
async function anyMethodDraft(environment: Env): Promise<Draft> {
  const draft = await draftOrder({
    environment,
    gateway: environment === framesEnv ? 'frames' : 'realex',
  })
  await env.DB.prepare('update orders set payment_method = null where id = ?1')
    .bind(draft.orderId)
    .run()
  return draft
}

async function framesBody(draft: Draft, overrides: Record<string, unknown> = {}) {
  return paymentBody(draft, {
    paymentGateway: 'frames',
    token: await cardToken(FRAMES_CARDS.success),
    ...overrides,
  })
}

const payFrames = (body: unknown) => callWith(framesEnv, '/payments/make', body)

describe('a frames card or a wallet in its batches', DATED, () => {
  it(
    '20 concurrent duplicates with one key: one gateway call, one attempt, one authorisation, twenty equal answers',
    { timeout: 30_000 },
    async () => {
      const draft = await draftOrder({ environment: framesEnv, gateway: 'frames' })
      const body = await framesBody(draft)
      const answers = await Promise.all(Array.from({ length: 20 }, () => payFrames(body)))
      const first = resultOf(answers[0] as Call)
      expect(first).toMatchObject({ status: 'succeeded', amount: draft.total })
      for (const answer of answers) expect(resultOf(answer)).toEqual(first)
      const state = await written(draft)
      expect(state.payments).toHaveLength(1)
      expect(state.payments[0]).toMatchObject({ status: 'authorised', void_reason: null })
      expect(state.charges).toBe(1)
      expect(state.keys).toEqual({ completed: 1 })
      expect(state.status).toBe('sent_to_store')
      expect(await chargedFor(draft.orderId)).toBe(draft.total)
      // The key with another body is refused, and changes nothing.
      const reused = await payFrames({ ...body, cancelUrl: `${body.cancelUrl}?x=1` })
      expect(reused.status).toBe(422)
      expect(errorOf(reused).message).toBe(MESSAGES.idempotencyKeyReused)
      expect(await written(draft)).toEqual(state)
    }
  )

  it(
    'duplicates of a 3-D Secure challenge all answer its redirect',
    { timeout: 30_000 },
    async () => {
      const draft = await draftOrder({ environment: framesEnv, gateway: 'frames' })
      const body = await framesBody(draft, { token: await cardToken(FRAMES_CARDS.challenge) })
      const answers = await Promise.all(Array.from({ length: 5 }, () => payFrames(body)))
      const first = resultOf(answers[0] as Call)
      expect(first.status).toBe('redirect')
      for (const answer of answers) expect(resultOf(answer)).toEqual(first)
      expect((await written(draft)).charges).toBe(1)
    }
  )

  it(
    '20 concurrent payments with different keys, cash among them: charged once at most, the others told the order is paid',
    { timeout: 30_000 },
    async () => {
      const draft = await anyMethodDraft(framesEnv)
      const bodies = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          index === 0 ? paymentBody(draft, CASH) : framesBody(draft)
        )
      )
      const answers = await Promise.all(bodies.map(payFrames))
      const state = await written(draft)
      expect(state.status).toBe('sent_to_store')
      // Placed once: by the cash payment (nothing taken) or by one kept authorisation.
      const charged = await chargedFor(draft.orderId)
      expect([0, draft.total]).toContain(charged)
      const succeeded = answers.filter(
        (answer) => answer.status === 200 && resultOf(answer).status === 'succeeded'
      )
      expect(succeeded).toHaveLength(1)
      for (const answer of answers) {
        if (answer.status !== 200) {
          // Refused whole by payableCardStatement: told the order is paid, no attempt, no charge.
          expect([answer.status, errorOf(answer).message]).toEqual([409, MESSAGES.orderAlreadyPaid])
          continue
        }
        const result = resultOf(answer)
        if (result.status !== 'succeeded') {
          // Superseded by a newer attempt before the placing: its authorisation is not taken.
          expect(result).toMatchObject({ status: 'cancelled', message: MESSAGES.paymentNotTaken })
        }
      }
      const refused = answers.filter((answer) => answer.status !== 200).length
      expect(state.payments).toHaveLength(20 - refused)
      const cards = state.payments.filter((one) => one.gateway === 'frames')
      expect(state.charges).toBe(cards.length)
      // No attempt reached the gateway after the order was paid.
      expect(state.payments.filter((one) => one.void_reason === 'order_paid')).toEqual([])
      expect(state.keys).toEqual({ completed: state.payments.length })
    }
  )

  it('a coupon used up while the gateway answered: the authorisation is recorded and voided', async () => {
    const code = `ONCEF${crypto.randomUUID().slice(0, 8).toUpperCase()}`
    await env.DB.prepare(
      `insert into coupons (business_id, code, kind, value, minimum_spend, max_redemptions)
       values (1, ?1, 'amount', 100, 0, 1)`
    )
      .bind(code)
      .run()
    const draft = await draftOrder({ environment: framesEnv, gateway: 'frames', coupon: code })
    const body = await framesBody(draft)
    // Another shopper's order takes the coupon's only use after the payment's checks, as its
    // attempt is written, before the gateway's answer is recorded.
    await env.DB.prepare(
      `create trigger coupon_runs_out after insert on payments when new.order_id = ${draft.orderId}
       begin update coupons set redemption_count = 1 where code = '${code}'; end`
    ).run()
    let answer: Call
    try {
      answer = await payFrames(body)
    } finally {
      await env.DB.prepare('drop trigger coupon_runs_out').run()
    }
    expect(answer.status).toBe(409)
    expect(answer.json).toMatchObject({
      error: {
        message: MESSAGES.basketPricesChanged,
        details: { reason: 'total_changed', total: draft.total + 100 },
      },
    })
    const state = await written(draft)
    expect(state.status).not.toBe('sent_to_store')
    expect(state.payments).toHaveLength(1)
    expect(state.payments[0]).toMatchObject({
      status: 'cancelled',
      void_reason: 'order_superseded',
    })
    expect(state.payments[0]?.voided_at).not.toBeNull()
    const voided = await env.DB.prepare(
      'select status from sandbox_frames_payments where reference = ?1'
    )
      .bind(state.payments[0]?.gateway_order_id ?? '')
      .first<{ status: string }>()
    expect(voided?.status).toBe('Voided')
    expect(await chargedFor(draft.orderId)).toBe(0)
    // The call failed: its key is let go.
    expect(state.keys).toEqual({})
  })

  it(
    'a gateway call that throws keeps the key for its attempt: 20 retries of it are answered with the attempt, not charged; another body is told the key was used',
    { timeout: 30_000 },
    async () => {
      const draft = await draftOrder({ method: 'applePay' })
      const body = paymentBody(draft, {
        paymentMethod: 'applePay',
        appleTokenData: await walletToken('applePay'),
      })
      await env.DB.prepare(
        `create trigger wallet_gateway_down before update on sandbox_wallet_tokens
         begin select raise(abort, 'wallet gateway down'); end`
      ).run()
      let answer: Call
      try {
        answer = await callWith(testEnv, '/payments/make', body)
      } finally {
        await env.DB.prepare('drop trigger wallet_gateway_down').run()
      }
      expect(answer.status).toBe(500)
      const state = await written(draft)
      expect(state.keys).toEqual({ completed: 1 })
      expect(state.payments).toMatchObject([{ status: 'pending', method: 'applePay' }])
      expect(await chargedFor(draft.orderId)).toBe(0)

      // The gateway is back: retries of the same request are answered with the attempt as it
      // stands (pending until the cron asks), none charges, none fails on the attempt's key.
      const retries = await Promise.all(
        Array.from({ length: 20 }, () => callWith(testEnv, '/payments/make', body))
      )
      for (const retry of retries) {
        expect(retry.status, JSON.stringify(retry.json)).toBe(200)
        expect(PaymentResultSchema.parse(retry.json).status).toBe('pending')
      }
      const after = await written(draft)
      expect(after.payments).toHaveLength(1)
      expect(after.charges).toBe(0)
      expect(await chargedFor(draft.orderId)).toBe(0)

      // Another body with the key (a new wallet token): told so, nothing written.
      const other = await callWith(testEnv, '/payments/make', {
        ...body,
        appleTokenData: await walletToken('applePay'),
      })
      expect(other.status).toBe(422)
      expect(errorOf(other).message).toBe(MESSAGES.idempotencyKeyReused)
      expect((await written(draft)).payments).toHaveLength(1)

      // A new attempt (a new key, as the payment step makes after a 422) pays the order once.
      const fresh = await callWith(testEnv, '/payments/make', {
        ...body,
        idempotencyKey: crypto.randomUUID(),
        appleTokenData: await walletToken('applePay'),
      })
      expect(fresh.status, JSON.stringify(fresh.json)).toBe(200)
      expect(PaymentResultSchema.parse(fresh.json).status).toBe('succeeded')
      expect((await written(draft)).status).not.toBe('draft')
    }
  )

  it(
    'any mix of concurrent frames, wallet, cash and hosted payments with reused keys is charged once at most (property)',
    { timeout: 240_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          // The card gateway of the run (its cards and wallets go through it), and each call:
          // its key (of three), its kind, whether it changes its body.
          fc.constantFrom('frames', 'realex'),
          fc.array(
            fc.record({
              key: fc.integer({ min: 0, max: 2 }),
              kind: fc.constantFrom('card', 'applePay', 'googlePay', 'cash'),
              other: fc.boolean(),
            }),
            { minLength: 2, maxLength: 6 }
          ),
          async (gateway, calls) => {
            const environment = gateway === 'frames' ? framesEnv : testEnv
            const draft = await anyMethodDraft(environment)
            const keys = [0, 1, 2].map(() => crypto.randomUUID())
            // One body per key and kind, so a reused key with the same kind is a true retry.
            const bodies = new Map<string, Record<string, unknown>>()
            for (const one of calls) {
              const id = `${one.key}:${one.kind}:${one.other}`
              if (bodies.has(id)) continue
              const source =
                one.kind === 'cash'
                  ? CASH
                  : one.kind === 'card'
                    ? gateway === 'frames'
                      ? { paymentGateway: 'frames', token: await cardToken(FRAMES_CARDS.success) }
                      : { paymentGateway: 'realex' }
                    : {
                        paymentMethod: one.kind,
                        paymentGateway: gateway,
                        [one.kind === 'applePay' ? 'appleTokenData' : 'googleTokenData']:
                          await walletToken(one.kind),
                      }
              bodies.set(
                id,
                paymentBody(draft, {
                  idempotencyKey: keys[one.key],
                  ...source,
                  ...(one.other ? { cancelUrl: `${paymentBody(draft).cancelUrl}?other=1` } : {}),
                })
              )
            }
            const answers = await Promise.all(
              calls.map((one) =>
                callWith(
                  environment,
                  '/payments/make',
                  bodies.get(`${one.key}:${one.kind}:${one.other}`)
                )
              )
            )
            const state = await written(draft)
            // A key makes at most one attempt, and every attempt's key is completed.
            const made = new Set(state.payments.map((payment) => payment.idempotency_key))
            expect(made.size).toBe(state.payments.length)
            expect(state.keys).toEqual(
              state.payments.length === 0 ? {} : { completed: state.payments.length }
            )
            expect(
              state.payments.filter((one) => one.status === 'pending').length
            ).toBeLessThanOrEqual(1)
            expectAnswersOfAttempts(answers, state.payments)
            // Charged once at most: placed by cash (nothing taken) or by one kept authorisation,
            // and never charged after it was placed.
            const charged = await chargedFor(draft.orderId)
            expect([0, draft.total]).toContain(charged)
            if (charged > 0) expect(state.status).toBe('sent_to_store')
            expect(state.payments.filter((one) => one.void_reason === 'order_paid')).toEqual([])
            // A hosted page still open is paid now: it is taken only if the order is not paid.
            const live = state.payments.find((one) => one.status === 'pending')
            if (live?.gateway === 'realex' && live.method === 'paymentCard') {
              const page = answers
                .filter((one) => one.status === 200)
                .map((one) => PaymentResultSchema.parse(one.json))
                .find((result: PaymentResult) => result.paymentId === live.id && result.redirect)
              if (page?.redirect) {
                const hosted = resultOf(
                  await consumerData(
                    await payOnSandbox(page.redirect, {
                      cardNumber: '4263970000005262',
                      ...VALID_EXPIRY,
                    })
                  )
                )
                expect(hosted.status === 'succeeded').toBe(
                  charged === 0 && state.status !== 'sent_to_store'
                )
              }
            }
            expect([0, draft.total]).toContain(await chargedFor(draft.orderId))
          }
        ),
        { numRuns: 6 }
      )
    }
  )
})
