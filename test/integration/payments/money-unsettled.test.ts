import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { OperatorMoneySchema, type UnsettledMoney } from '../../../schemas/operator-money.ts'
import type { PaymentSandbox } from '../../../worker/backend/adapters.ts'
import { refundPayment } from '../../../worker/backend/payments/refunds.ts'
import { givenBackOnOrder } from '../../../worker/backend/payments/refunds-repo.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import { heldWithRealex, seedWeighedSteak } from '../../support/workers/held-orders.ts'
import { errorOf, testEnv } from '../auth/fixtures.ts'
import { seedStaff, signIn } from '../staff/fixtures.ts'
import { callWith } from './fixtures.ts'
import { createApp } from '../../../worker/app.ts'
import { jar } from '../pages/cookie-jar.ts'
import { operatorPagesClient } from '../pages/operator/console-client.ts'
import { pageText } from '../pages/storefront.ts'
import { ledgerOf, NOW, type Paid, paidWithRealex, paymentOf, sandbox } from './paid-fixtures.ts'

/*
 * Money not settled at its gateway (issue 37): the operators' list of every refund, void and
 * capture the gateway has not confirmed, and "Try again", which asks through the same claimed
 * reconciliation as the cron, so 20 operators pressing it at once move the money once.
 */

let operator: string
let steak: number

beforeAll(async () => {
  // The checkout's seed with a weighed item (held payments).
  steak = await seedWeighedSteak()
  operator = (await signIn((await seedStaff({ operator: true })).email)).access_token
})

/** The sandbox with its refund calls answered 500 before reaching the gateway (never made). */
const refundsDown: PaymentSandbox = {
  ...sandbox,
  remoteFetch: (bindings) => {
    const real = sandbox.remoteFetch(bindings)
    return async (input, init) =>
      String(init?.body ?? '').includes('type="rebate"')
        ? new Response('upstream timeout', { status: 500 })
        : real(input, init)
  },
}

/** A Realex payment with a refund of `amount` whose call never reached the gateway: unknown. */
async function unknownRefund(amount = 400): Promise<{ paid: Paid; refundId: number }> {
  const paid = await paidWithRealex()
  const reference = `money-${paid.paymentId}`
  const answer = await refundPayment(
    { ...testEnv, ...backendAdapters, paymentSandbox: refundsDown },
    { businessId: 1, paymentId: paid.paymentId, amount, reference, reason: 'short pick' },
    NOW
  )
  expect(answer.status).toBe('unknown')
  const row = await env.DB.prepare('select id from payment_refunds where reference = ?1')
    .bind(reference)
    .first<{ id: number }>()
  return { paid, refundId: Number(row?.id) }
}

/** A held authorisation whose void is owed (the order paid another way: not kept). */
async function owedVoid(): Promise<number> {
  const { paymentId } = await heldWithRealex(steak)
  await env.DB.prepare(
    `update payments set void_reason = 'order_superseded', void_result_code = 'unavailable',
       void_result_message = 'gateway down' where id = ?1`
  )
    .bind(paymentId)
    .run()
  return paymentId
}

/** A held authorisation whose capture at picking was sent but its answer lost. */
async function unknownCapture(): Promise<number> {
  const { paymentId } = await heldWithRealex(steak)
  await env.DB.prepare(
    `update payments set status = 'captured', captured_amount = amount, capture_unknown = 1,
       result_code = 'timeout' where id = ?1`
  )
    .bind(paymentId)
    .run()
  return paymentId
}

const list = async (bearer = operator): Promise<Array<UnsettledMoney>> => {
  const answer = await callWith(testEnv, '/staff/operator/money', { businessId: 1 }, bearer)
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return OperatorMoneySchema.parse(answer.json).effects
}

const tryAgain = (kind: UnsettledMoney['kind'], id: number) =>
  callWith(testEnv, '/staff/operator/money/retry', { businessId: 1, kind, id }, operator)

describe('money not settled at its gateway', () => {
  it('lists an unknown refund, an owed void and a lost capture with the gateway’s last answer', async () => {
    const { refundId } = await unknownRefund()
    const voidId = await owedVoid()
    const captureId = await unknownCapture()

    const effects = await list()

    expect(effects.find((e) => e.kind === 'refund' && e.id === refundId)).toMatchObject({
      amount: 400,
      status: 'unknown',
      gateway: 'realex',
      lastAnswer: expect.stringContaining('http_500'),
    })
    expect(effects.find((e) => e.kind === 'owed_void' && e.id === voidId)).toMatchObject({
      status: 'owed',
      lastAnswer: 'unavailable: gateway down',
    })
    expect(effects.find((e) => e.kind === 'capture' && e.id === captureId)).toMatchObject({
      status: 'unknown',
      lastAnswer: expect.stringContaining('timeout'),
    })
    for (const effect of effects) expect(Date.parse(effect.since)).not.toBeNaN()
  })

  it(
    'refunds once when 20 operators press Try again at the same time',
    { timeout: 20_000 },
    async () => {
      const { paid, refundId } = await unknownRefund()

      const answers = await Promise.all(
        Array.from({ length: 20 }, () => tryAgain('refund', refundId))
      )

      expect(answers.filter((a) => a.status === 200).map((a) => a.json)).toEqual([
        { outcome: 'settled' },
      ])
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expect(refused.status).toBe(404)
        expect(errorOf(refused).message).toBe(MESSAGES.moneyNotUnsettled)
      }
      expect((await ledgerOf(paid.gatewayOrderId))?.refunded).toBe(400)
      expect((await paymentOf(paid.paymentId)).amount_refunded).toBe(400)
      expect(await givenBackOnOrder(env.DB, 1, paid.orderId)).toBe(400)
      expect((await list()).some((e) => e.kind === 'refund' && e.id === refundId)).toBe(false)
    }
  )

  it(
    'voids an owed authorisation once of 20 tries, and captures a lost capture',
    { timeout: 20_000 },
    async () => {
      const voidId = await owedVoid()
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => tryAgain('owed_void', voidId))
      )
      expect(answers.filter((a) => a.status === 200).map((a) => a.json)).toEqual([
        { outcome: 'settled' },
      ])
      expect((await paymentOf(voidId)).status).toBe('cancelled')

      const captureId = await unknownCapture()
      const captured = await tryAgain('capture', captureId)
      expect(captured.json).toEqual({ outcome: 'settled' })
      const after = await env.DB.prepare('select capture_unknown from payments where id = ?1')
        .bind(captureId)
        .first<{ capture_unknown: number }>()
      expect(after?.capture_unknown).toBe(0)
      expect((await tryAgain('capture', captureId)).status).toBe(404)
    }
  )

  it('answers an effect of another kind or no effect as not waiting, changing nothing', async () => {
    const { paid, refundId } = await unknownRefund()
    // Its payment was settled at authorisation: no capture or void waits on it.
    for (const [kind, id] of [
      ['capture', paid.paymentId],
      ['owed_void', paid.paymentId],
      ['void', refundId + 1_000_000],
    ] as const) {
      const answer = await tryAgain(kind, id)
      expect(answer.status).toBe(404)
    }
    expect((await list()).some((e) => e.kind === 'refund' && e.id === refundId)).toBe(true)
  })
})

describe('Try again, any number at once, for any refund', () => {
  it('moves exactly the refund, once: the gateway, the payment and the order agree', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 8 }),
        async (amount, together) => {
          const { paid, refundId } = await unknownRefund(amount)
          const answers = await Promise.all(
            Array.from({ length: together }, () => tryAgain('refund', refundId))
          )
          expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
          expect((await ledgerOf(paid.gatewayOrderId))?.refunded).toBe(amount)
          expect((await paymentOf(paid.paymentId)).amount_refunded).toBe(amount)
          expect(await givenBackOnOrder(env.DB, 1, paid.orderId)).toBe(amount)
        }
      ),
      { numRuns: 5 }
    )
  }, 120_000)
})

describe('the operator page: money not settled', () => {
  const PATH = '/store/operator/money-not-settled'
  const { get, postForm, signIn: signInPages } = operatorPagesClient('198.51.139', createApp())

  it(
    'lists each effect with its age and what the gateway said; Try again settles it once',
    { timeout: 20_000 },
    async () => {
      const cookies = await signInPages((await seedStaff({ operator: true })).email)
      const { paid, refundId } = await unknownRefund()
      const voidId = await owedVoid()

      const html = await (await get(PATH, cookies)).text()
      const listed = pageText(html)
      expect(listed).toContain('Money not settled')
      expect(listed).toContain('Not confirmed')
      expect(listed).toContain('realex: http_500')
      expect(listed).toContain('Void owed')
      expect(listed).toContain('realex: unavailable: gateway down')
      expect(listed).toContain('£4.00')
      // Its age on the app's clock, and the instant on hover.
      expect(html).toMatch(/<time dateTime="[^"]+" title="[^"]+">\d+ min<\/time>/)
      // Every operator page links to it.
      expect(html).toContain('href="/store/operator/money-not-settled"')

      const res = await postForm(`${PATH}/retry`, { kind: 'refund', id: String(refundId) }, cookies)
      expect(res.status).toBe(303)
      const after = pageText(await (await get(PATH, jar(res, cookies))).text())
      expect(after).toContain(MESSAGES.moneyRetrySettled)
      const order = await env.DB.prepare('select business_order_id as n from orders where id = ?1')
        .bind(paid.orderId)
        .first<{ n: string }>()
      expect(listed).toContain(String(order?.n))
      expect(after).not.toContain(String(order?.n))
      expect((await ledgerOf(paid.gatewayOrderId))?.refunded).toBe(400)

      const again = await postForm(
        `${PATH}/retry`,
        { kind: 'refund', id: String(refundId) },
        cookies
      )
      expect(again.status).toBe(404)
      expect(pageText(await again.text())).toContain(MESSAGES.moneyNotUnsettled)
      expect((await ledgerOf(paid.gatewayOrderId))?.refunded).toBe(400)

      const voided = await postForm(
        `${PATH}/retry`,
        { kind: 'owed_void', id: String(voidId) },
        cookies
      )
      expect(voided.status).toBe(303)
      expect((await paymentOf(voidId)).status).toBe('cancelled')
    }
  )
})
