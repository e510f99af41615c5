import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { OrderSummarySchema } from '../../../schemas/checkout.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { PaymentResult } from '../../../schemas/payments.ts'
import { remoteVoidXml } from '../../../worker/realex/remote-xml.ts'
import { retryOwedVoids } from '../../../worker/local-backend.ts'
import { sandboxRemoteFetcher } from '../../../worker/sandbox-gateway/remote.ts'
import { expectOk, orderBody } from '../checkout/fixtures.ts'
import {
  RETURN_URLS,
  VALID_EXPIRY,
  call,
  consumerData,
  decodeResponse,
  chargedFor,
  draftOrder,
  makePayment,
  orderStatus,
  payOnSandbox,
  paymentBody,
  resultOf,
  seedCheckout,
  type Draft,
} from './fixtures.ts'
import { deliverEffects } from '../../support/workers/effects.ts'

/*
 * One order, one charge: two tabs (two make-payments with different keys), a draft replaced while
 * its attempt is on the card page, and many concurrent attempts never leave more than one
 * authorisation kept per order; every other authorisation is voided at the (sandbox) gateway.
 */

const SUCCESS_CARD = { cardNumber: '4263970000005262', ...VALID_EXPIRY }
const SUCCESS_MC = { cardNumber: '5425230000004415', ...VALID_EXPIRY }
const DECLINE_CARD = { cardNumber: '4000120000001154', ...VALID_EXPIRY }
const CHALLENGE_CARD = { cardNumber: '4012001038488884', ...VALID_EXPIRY }

beforeAll(async () => {
  await seedCheckout(env.DB)
})

interface PaymentDbRow {
  id: number
  status: string
  amount: number
  void_reason: string | null
  voided_at: string | null
  gateway_order_id: string
  external_ref: string | null
}

async function paymentsOf(orderId: number): Promise<Array<PaymentDbRow>> {
  const { results } = await env.DB.prepare(
    `select id, status, amount, void_reason, voided_at, gateway_order_id, external_ref
     from payments where order_id = ?1 order by id`
  )
    .bind(orderId)
    .all<PaymentDbRow>()
  return results
}

/** What the shopper's card is charged for the order: authorisations kept (not voided). */
async function sandboxStatus(gatewayOrderId: string): Promise<string | undefined> {
  const row = await env.DB.prepare(`select status from sandbox_hpp_requests where order_id = ?1`)
    .bind(gatewayOrderId)
    .first<{ status: string }>()
  return row?.status
}

async function confirmationsFor(draft: Draft): Promise<number> {
  await deliverEffects()
  const row = await env.DB.prepare(
    `select count(*) as n from outbox where template = 'order_confirmation'
       and payload_json like ?1`
  )
    .bind(`%${draft.businessOrderId}%`)
    .first<{ n: number }>()
  return row?.n ?? -1
}

/** The hosted page answer of an attempt, posted back as the browser would. */
async function answer(hppResponse: string): Promise<PaymentResult> {
  return resultOf(await consumerData(hppResponse))
}

async function pay(started: PaymentResult, card = SUCCESS_CARD): Promise<string> {
  expect(started.status).toBe('redirect')
  return payOnSandbox(started.redirect!, card, card === CHALLENGE_CARD ? 'authenticate' : undefined)
}

describe('two tabs: two make-payments with different keys for one order', () => {
  it('the newer attempt is live; both pages paid → one kept, the other voided, one confirmation', async () => {
    const draft = await draftOrder()
    const tabA = await makePayment(paymentBody(draft))
    const tabB = await makePayment(paymentBody(draft))
    expect(tabA.paymentId).not.toBe(tabB.paymentId)
    expect((await paymentsOf(draft.orderId)).map((p) => p.status)).toEqual(['cancelled', 'pending'])

    // Both shoppers' tabs complete the card page with a success card: A first (late, superseded).
    const answerA = await pay(tabA)
    const answerB = await pay(tabB)
    const resultA = await answer(answerA)
    expect(resultA).toMatchObject({
      paymentId: tabA.paymentId,
      status: 'cancelled',
      message: MESSAGES.paymentNotTaken,
      nextUrl: RETURN_URLS.cancelUrl,
    })
    expect(await orderStatus(draft.orderId)).toBe('payment_pending')
    const resultB = await answer(answerB)
    expect(resultB).toMatchObject({ paymentId: tabB.paymentId, status: 'succeeded' })
    expect(await orderStatus(draft.orderId)).toBe('sent_to_store')

    const [a, b] = await paymentsOf(draft.orderId)
    expect(a).toMatchObject({ status: 'cancelled', void_reason: 'attempt_superseded' })
    expect(a?.voided_at).not.toBeNull()
    expect(b).toMatchObject({ status: 'authorised', void_reason: null, voided_at: null })
    expect(await sandboxStatus(a!.gateway_order_id)).toBe('voided')
    expect(await sandboxStatus(b!.gateway_order_id)).toBe('answered')
    expect(await chargedFor(draft.orderId)).toBe(draft.total)
    expect(await confirmationsFor(draft)).toBe(1)

    // Replays of either answer change nothing and answer the same.
    expect(await answer(answerA)).toEqual(resultA)
    expect(await answer(answerB)).toEqual(resultB)
    expect(await chargedFor(draft.orderId)).toBe(draft.total)
    expect(await confirmationsFor(draft)).toBe(1)
  })

  it('the live attempt paid first, then the superseded one → the late one is voided', async () => {
    const draft = await draftOrder()
    const tabA = await makePayment(paymentBody(draft))
    const tabB = await makePayment(paymentBody(draft))
    const answerA = await pay(tabA, SUCCESS_MC)
    expect((await answer(await pay(tabB))).status).toBe('succeeded')
    expect((await answer(answerA)).message).toBe(MESSAGES.paymentNotTaken)
    const [a] = await paymentsOf(draft.orderId)
    expect(a).toMatchObject({ status: 'cancelled', void_reason: 'attempt_superseded' })
    expect(await sandboxStatus(a!.gateway_order_id)).toBe('voided')
    expect(await chargedFor(draft.orderId)).toBe(draft.total)
    expect(await confirmationsFor(draft)).toBe(1)
  })

  it('a superseded attempt cannot fetch its card page request again', async () => {
    const draft = await draftOrder()
    const tabA = await makePayment(paymentBody(draft))
    await makePayment(paymentBody(draft))
    const producer = await call('/checkout/hpp/producer-data', {
      businessId: 1,
      basketToken: draft.ready.token,
      orderId: draft.orderId,
      paymentId: tabA.paymentId,
    })
    expect(producer.status).toBe(409)
  })
})

describe('a draft replaced while its attempt is on the card page', () => {
  it('the old draft’s late authorisation is voided and the new draft can still be paid', async () => {
    const first = await draftOrder()
    const oldAttempt = await makePayment(paymentBody(first))
    const second = OrderSummarySchema.parse(
      await expectOk(
        '/checkout/process-order',
        orderBody(first.ready, { emailAddress: `guest.${crypto.randomUUID()}@example.com` }),
        first.bearer
      )
    )
    expect(second.draftOrderId).not.toBe(first.orderId)

    const late = await answer(await pay(oldAttempt))
    expect(late).toMatchObject({ status: 'cancelled', message: MESSAGES.paymentNotTaken })
    const [old] = await paymentsOf(first.orderId)
    expect(old).toMatchObject({ status: 'cancelled', void_reason: 'order_superseded' })
    expect(await sandboxStatus(old!.gateway_order_id)).toBe('voided')
    expect(await orderStatus(first.orderId)).not.toBe('sent_to_store')

    const redraft: Draft = {
      ...first,
      orderId: second.draftOrderId,
      businessOrderId: second.businessOrderId,
      total: second.totals.total,
    }
    const paid = await answer(await pay(await makePayment(paymentBody(redraft))))
    expect(paid.status).toBe('succeeded')
    expect(await orderStatus(redraft.orderId)).toBe('sent_to_store')
    expect(await chargedFor(first.orderId)).toBe(0)
    expect(await chargedFor(redraft.orderId)).toBe(redraft.total)
  })
})

describe('many concurrent attempts for one order', () => {
  it(
    '20 make-payments with different keys leave one live attempt; only it can be kept',
    { timeout: 20_000 },
    async () => {
      const draft = await draftOrder()
      const results = await Promise.all(
        Array.from({ length: 20 }, () => call('/payments/make', paymentBody(draft)))
      )
      const started = results.map(resultOf)
      expect(new Set(started.map((r) => r.paymentId)).size).toBe(20)
      const rows = await paymentsOf(draft.orderId)
      expect(rows).toHaveLength(20)
      expect(rows.filter((row) => row.status === 'pending')).toHaveLength(1)
      const live = rows.find((row) => row.status === 'pending')!

      // The database itself refuses a second live attempt.
      await expect(
        env.DB.prepare(
          `insert into payments (business_id, order_id, gateway, method, status, amount,
           idempotency_key) values (1, ?1, 'realex', 'paymentCard', 'pending', 1, ?2)`
        )
          .bind(draft.orderId, crypto.randomUUID())
          .run()
      ).rejects.toThrow(/UNIQUE/)

      // Every attempt that got a card page is paid with a success card, in parallel.
      const pages = started.filter((r) => r.status === 'redirect')
      expect(pages.map((r) => r.paymentId)).toContain(live.id)
      const answers = await Promise.all(pages.map((r) => pay(r)))
      const outcomes = await Promise.all(answers.map(answer))
      expect(outcomes.filter((o) => o.status === 'succeeded').map((o) => o.paymentId)).toEqual([
        live.id,
      ])
      expect(await chargedFor(draft.orderId)).toBe(draft.total)
      const after = await paymentsOf(draft.orderId)
      const voided = after.filter((row) => row.void_reason !== null)
      expect(voided).toHaveLength(pages.length - 1)
      for (const row of voided) {
        expect(row).toMatchObject({ status: 'cancelled' })
        expect(await sandboxStatus(row.gateway_order_id)).toBe('voided')
      }
      expect(await confirmationsFor(draft)).toBe(1)
    }
  )
})

describe('a void the gateway refuses stays owed', () => {
  it('the payment is not kept, the order not confirmed, and the sweep voids it later', async () => {
    const draft = await draftOrder()
    const tabA = await makePayment(paymentBody(draft))
    await makePayment(paymentBody(draft))
    const response = await pay(tabA)
    const pasref = decodeResponse(response).PASREF ?? ''
    // The sandbox loses track of the transaction: the void is refused.
    await env.DB.prepare(`update sandbox_hpp_requests set pasref = 'elsewhere' where pasref = ?1`)
      .bind(pasref)
      .run()
    const result = await answer(response)
    expect(result).toMatchObject({ status: 'cancelled', message: MESSAGES.paymentNotTaken })
    const [owed] = await paymentsOf(draft.orderId)
    expect(owed).toMatchObject({
      status: 'authorised',
      void_reason: 'attempt_superseded',
      voided_at: null,
    })
    expect(await chargedFor(draft.orderId)).toBe(0)
    expect(await orderStatus(draft.orderId)).toBe('payment_pending')

    await env.DB.prepare(`update sandbox_hpp_requests set pasref = ?1 where pasref = 'elsewhere'`)
      .bind(pasref)
      .run()
    const swept = await retryOwedVoids(env, new Date())
    expect(swept.voided).toBeGreaterThanOrEqual(1)
    const [voided] = await paymentsOf(draft.orderId)
    expect(voided).toMatchObject({ status: 'cancelled', void_reason: 'attempt_superseded' })
    expect(voided?.voided_at).not.toBeNull()
  })
})

describe('the sandbox remote API', () => {
  it('refuses a void signed with another secret and keeps the authorisation', async () => {
    const draft = await draftOrder()
    const response = await pay(await makePayment(paymentBody(draft)))
    expect((await answer(response)).status).toBe('succeeded')
    const fields = decodeResponse(response)
    const forged = await remoteVoidXml(
      {
        merchantId: fields.MERCHANT_ID ?? '',
        account: 'internet',
        orderId: fields.ORDER_ID ?? '',
        pasref: fields.PASREF ?? '',
        timestamp: '20261121120000',
      },
      'not-the-shared-secret-0123456789abcdefghijklmno'
    )
    const reply = await sandboxRemoteFetcher(env)('http://localhost/sandbox-gateway/remote', {
      method: 'POST',
      body: forged,
    })
    expect(await reply.text()).toContain('<result>508</result>')
    expect(await sandboxStatus(fields.ORDER_ID ?? '')).toBe('answered')
    expect(await chargedFor(draft.orderId)).toBe(draft.total)
  })
})

describe('card matrix with two tabs: the charge per order equals the order total', () => {
  const CARDS = {
    visa: SUCCESS_CARD,
    mastercard: SUCCESS_MC,
    declined: DECLINE_CARD,
    challenge: CHALLENGE_CARD,
  } as const
  const rows = [
    ['visa', 'visa', 'superseded first'],
    ['visa', 'mastercard', 'live first'],
    ['declined', 'visa', 'superseded first'],
    ['visa', 'declined', 'live first'],
    ['challenge', 'visa', 'live first'],
    ['mastercard', 'challenge', 'superseded first'],
  ] as const

  for (const [superseded, liveCard, order] of rows) {
    it(`superseded tab ${superseded}, live tab ${liveCard}, ${order}`, async () => {
      const draft = await draftOrder()
      const tabA = await makePayment(paymentBody(draft))
      const tabB = await makePayment(paymentBody(draft))
      const answerA = await pay(tabA, CARDS[superseded])
      const answerB = await pay(tabB, CARDS[liveCard])
      const sequence = order === 'live first' ? [answerB, answerA] : [answerA, answerB]
      for (const response of sequence) await answer(response)

      const liveSucceeded = liveCard !== 'declined'
      expect(await orderStatus(draft.orderId)).toBe(
        liveSucceeded ? 'sent_to_store' : 'payment_failed'
      )
      expect(await chargedFor(draft.orderId)).toBe(liveSucceeded ? draft.total : 0)
      expect(await confirmationsFor(draft)).toBe(liveSucceeded ? 1 : 0)
      const [a] = await paymentsOf(draft.orderId)
      if (superseded === 'declined') {
        expect(a).toMatchObject({ status: 'cancelled', void_reason: null })
      } else {
        expect(a).toMatchObject({ status: 'cancelled', void_reason: 'attempt_superseded' })
        expect(await sandboxStatus(a!.gateway_order_id)).toBe('voided')
      }
    })
  }

  it('no order in this file is charged more than its total, and no void is left owed', async () => {
    const { results } = await env.DB.prepare(
      `select o.id, o.status, o.total,
         coalesce(sum(case when p.status in ('authorised', 'captured') and p.void_reason is null
           and p.gateway <> 'cash' then p.amount end), 0) as charged,
         count(case when p.void_reason is not null and p.voided_at is null then 1 end) as owed
       from orders o left join payments p on p.order_id = o.id
       group by o.id`
    ).all<{ id: number; status: string; total: number; charged: number; owed: number }>()
    expect(results.length).toBeGreaterThan(10)
    for (const row of results) {
      expect(row.charged, `order ${row.id}`).toBe(row.status === 'sent_to_store' ? row.total : 0)
      expect(row.owed, `order ${row.id}`).toBe(0)
    }
  })
})

describe('an order whose coupon ran out while the card page was open (issue 36.3)', () => {
  it('is not placed: the authorisation is voided and the shopper is told the new total', async () => {
    const code = `ONCE${crypto.randomUUID().slice(0, 8).toUpperCase()}`
    await env.DB.prepare(
      `insert into coupons (business_id, code, kind, value, minimum_spend, max_redemptions)
       values (1, ?1, 'amount', 100, 0, 1)`
    )
      .bind(code)
      .run()
    const draft = await draftOrder({ coupon: code })
    const started = await makePayment(paymentBody(draft))
    const paid = await pay(started)
    // Meanwhile another shopper's order takes the coupon's only use.
    await env.DB.prepare(`update coupons set redemption_count = 1 where code = ?1`).bind(code).run()

    const answered = await consumerData(paid)
    expect(answered.status).toBe(409)
    expect(answered.json).toMatchObject({
      error: {
        message: MESSAGES.basketPricesChanged,
        details: { reason: 'total_changed', total: draft.total + 100 },
      },
    })
    expect(await orderStatus(draft.orderId)).not.toBe('sent_to_store')
    const [payment] = await paymentsOf(draft.orderId)
    expect(payment).toMatchObject({ status: 'cancelled', void_reason: 'order_superseded' })
    expect(payment?.voided_at).not.toBeNull()
    expect(await sandboxStatus(payment?.gateway_order_id ?? '')).toBe('voided')
    expect(await chargedFor(draft.orderId)).toBe(0)
    expect(await confirmationsFor(draft)).toBe(0)
  })
})
