import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { authorisedAmount } from '../../../schemas/weighing.ts'
import { captureOrderPayment } from '../../../worker/backend/payments/capture.ts'
import {
  captureWithin,
  type CardGatewayAdapter,
  type PaymentAttempt,
} from '../../../worker/backend/payments/gateway.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import { testEnv } from '../auth/fixtures.ts'
import {
  consumerData,
  draftOrder,
  makePayment,
  payOnSandbox,
  paymentBody,
  resultOf,
  type Draft,
} from './fixtures.ts'
import { NOW, SUCCESS_CARD, ledgerOf, paymentOf } from './paid-fixtures.ts'
import {
  type Held,
  heldWithFrames as heldOnFrames,
  heldWithGooglePay as heldOnGooglePay,
  heldWithRealex as heldOnRealex,
  seedWeighedSteak,
} from '../../support/workers/held-orders.ts'

/*
 * A card order with a weighed line (issue 41, ADR 039) is authorised for its estimate plus the
 * business's margin, not settled, and captured once for the final amount after picking: through
 * each gateway's sandbox, never for more than the hold, once however many captures race.
 */

let steak: number

beforeAll(async () => {
  steak = await seedWeighedSteak()
})

const heldWithRealex = () => heldOnRealex(steak)
const heldWithFrames = () => heldOnFrames(steak)
const heldWithGooglePay = () => heldOnGooglePay(steak)

const capture = (held: Held, amount: number) =>
  captureOrderPayment(
    { ...held.environment, ...backendAdapters },
    { orderId: held.draft.orderId, amount },
    NOW
  )

/** The hold of the draft: its total plus 10% of the steak's estimate (the only weighed line). */
async function holdOf(draft: Draft): Promise<number> {
  const line = await env.DB.prepare(
    `select total_price from order_lines where order_id = ?1 and sold_by <> 'each'`
  )
    .bind(draft.orderId)
    .first<{ total_price: number }>()
  const estimate = line?.total_price ?? 0
  return draft.total - estimate + authorisedAmount(estimate, 10)
}

const GATEWAYS = [
  { name: 'the Realex hosted page', hold: heldWithRealex },
  { name: 'the frames provider', hold: heldWithFrames },
  { name: 'Google Pay through Realex', hold: heldWithGooglePay },
]

describe.each(GATEWAYS)('a weighed order paid through $name', ({ hold }) => {
  it('is held for the estimate plus the margin and captured once for the final amount', async () => {
    const held = await hold()
    const authorised = await holdOf(held.draft)
    const payment = await paymentOf(held.paymentId)
    expect(payment.amount).toBe(authorised)
    // Held, not taken: the sandbox has the authorisation and has captured nothing.
    expect(await ledgerOf(payment.gateway_order_id)).toMatchObject({ authorised, captured: 0 })

    const final = held.draft.total - 120
    expect(await capture(held, final)).toEqual({ kind: 'captured', amount: final })
    expect(await capture(held, final)).toEqual({ kind: 'already_captured', amount: final })
    expect(await ledgerOf(payment.gateway_order_id)).toMatchObject({
      authorised,
      captured: final,
      refunded: 0,
      voided: 0,
    })
  })

  it('never captures more than the hold: refused, and nothing is taken', async () => {
    const held = await hold()
    const authorised = await holdOf(held.draft)
    expect(await capture(held, authorised + 1)).toEqual({ kind: 'over_authorised', authorised })
    const payment = await paymentOf(held.paymentId)
    expect(await ledgerOf(payment.gateway_order_id)).toMatchObject({ captured: 0 })
    expect(payment.status).toBe('authorised')
  })
})

describe('capturing a held payment', () => {
  it('20 captures at once of one order: it is captured once', async () => {
    const held = await heldWithRealex()
    const final = held.draft.total - 55
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) => capture(held, final - index))
    )
    const captured = outcomes.filter((outcome) => outcome.kind === 'captured')
    expect(captured).toHaveLength(1)
    const payment = await paymentOf(held.paymentId)
    const entry = await ledgerOf(payment.gateway_order_id)
    expect(entry?.captured).toBe(captured[0]?.kind === 'captured' ? captured[0].amount : -1)
    const row = await env.DB.prepare('select captured_amount from payments where id = ?1')
      .bind(held.paymentId)
      .first<{ captured_amount: number }>()
    expect(row?.captured_amount).toBe(entry?.captured)
  })

  it('an order without weighed lines is settled at once, as before: no hold to capture', async () => {
    const draft = await draftOrder()
    const started = await makePayment(paymentBody(draft))
    expect(atob(started.redirect?.fields.AUTO_SETTLE_FLAG ?? '')).toBe('1')
    const answer = resultOf(await consumerData(await payOnSandbox(started.redirect!, SUCCESS_CARD)))
    const payment = await paymentOf(answer.paymentId)
    expect(payment.amount).toBe(draft.total)
    expect(await ledgerOf(payment.gateway_order_id)).toMatchObject({ captured: draft.total })
    const outcome = await captureOrderPayment(
      { ...testEnv, ...backendAdapters },
      { orderId: draft.orderId, amount: draft.total },
      NOW
    )
    expect(outcome).toEqual({ kind: 'no_hold' })
  })
})

describe('the gateway port', () => {
  it('passes a capture to the gateway only when it is within what was authorised', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: -10, max: 110_000 }),
        fc.boolean(),
        async (authorised, amount, captureLater) => {
          const taken: Array<number> = []
          const gateway = {
            capture: (_attempt: PaymentAttempt, _ref: string | null, value: number) => {
              taken.push(value)
              return Promise.resolve({
                captured: true,
                definite: true,
                resultCode: '00',
                resultMessage: '',
              })
            },
          } as Pick<CardGatewayAdapter, 'capture'> as CardGatewayAdapter
          const attempt = { amount: authorised, captureLater } as PaymentAttempt
          const result = await captureWithin(gateway, attempt, 'ref', amount)
          const allowed = captureLater && amount >= 0 && amount <= authorised
          expect(result.captured).toBe(allowed)
          expect(taken).toEqual(allowed ? [amount] : [])
          for (const value of taken) expect(value).toBeLessThanOrEqual(authorised)
        }
      ),
      { numRuns: 200 }
    )
  })
})
