import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { settleUnansweredPayments } from '../../../worker/backend/payments/unanswered-payments.ts'
import { GIVE_UP_AFTER_MS } from '../../../worker/backend/payments/unanswered-repo.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import { testEnv } from '../auth/fixtures.ts'
import {
  callWith,
  consumerData,
  draftOrder,
  makePayment,
  orderStatus,
  payOnSandbox,
  paymentBody,
  resultOf,
  seedCheckout,
} from './fixtures.ts'
import {
  FRAMES_CARDS,
  cardToken,
  framesEnv,
  framesPayment,
  sandboxRequest,
} from './frames-fixtures.ts'
import { SUCCESS_CARD, paymentOf } from './paid-fixtures.ts'

/*
 * A card payment whose hosted page never answered (issue 37): the shopper paid and closed the page,
 * or the answer was lost. The cron asks the gateway after a grace period: an authorisation found
 * there is recorded and the order placed, exactly as the answer would have, once however many
 * late answers race it; none found by the time no answer can come, and the attempt is failed (an
 * answer after that is voided, so no money is kept without an order).
 */

beforeAll(async () => {
  await seedCheckout(env.DB)
})

const bindings = { ...testEnv, ...backendAdapters }

/** A Realex attempt whose card page was opened; `paid`: the card was taken there, unanswered. */
async function unanswered(paid: boolean) {
  const draft = await draftOrder()
  const started = await makePayment(paymentBody(draft))
  const payment = await env.DB.prepare(
    `select id, created_at from payments where order_id = ?1 and status = 'pending'`
  )
    .bind(draft.orderId)
    .first<{ id: number; created_at: string }>()
  if (!payment) throw new Error('no pending payment')
  // Unpaid: the shopper left before the card page.
  const answer = paid ? await payOnSandbox(started.redirect!, SUCCESS_CARD) : null
  const after = (ms: number) => new Date(Date.parse(payment.created_at) + ms)
  return { draft, paymentId: payment.id, answer, after }
}

async function sandboxStatus(paymentId: number) {
  const { gateway_order_id } = await paymentOf(paymentId)
  const row = await env.DB.prepare(`select status from sandbox_hpp_requests where order_id = ?1`)
    .bind(gateway_order_id)
    .first<{ status: string }>()
  return row?.status ?? null
}

async function confirmations(orderId: number) {
  const row = await env.DB.prepare(
    `select count(*) as n from effects where effect_key like ?1 and effect_key like '%email'`
  )
    .bind(`order:${orderId}:placed:%`)
    .first<{ n: number }>()
  return row?.n ?? 0
}

describe('a card payment whose page never answered', () => {
  it('is left alone while the shopper may still be on the page', async () => {
    const { draft, paymentId, after } = await unanswered(true)
    await settleUnansweredPayments(bindings, after(60_000))
    expect((await paymentOf(paymentId)).status).toBe('pending')
    expect(await orderStatus(draft.orderId)).not.toBe('sent_to_store')
  })

  it('authorised at the gateway: the cron places the order, once with 20 late answers', async () => {
    const { draft, paymentId, answer, after } = await unanswered(true)
    const at = after(20 * 60_000)
    await Promise.all([
      ...Array.from({ length: 20 }, () => consumerData(answer!)),
      settleUnansweredPayments(bindings, at),
      settleUnansweredPayments(bindings, at),
    ])
    const payment = await paymentOf(paymentId)
    expect(payment.status).toBe('authorised')
    expect(payment.voided_at).toBeNull()
    expect(await sandboxStatus(paymentId)).toBe('answered')
    expect(await orderStatus(draft.orderId)).toBe('sent_to_store')
    expect(await confirmations(draft.orderId)).toBe(1)
  })

  it('authorised, the answer lost: the cron alone places it, and a later answer changes nothing', async () => {
    const { draft, paymentId, answer, after } = await unanswered(true)
    const counts = await settleUnansweredPayments(bindings, after(20 * 60_000))
    expect(counts.placed).toBe(1)
    expect(await orderStatus(draft.orderId)).toBe('sent_to_store')
    await consumerData(answer!)
    expect((await paymentOf(paymentId)).status).toBe('authorised')
    expect(await sandboxStatus(paymentId)).toBe('answered')
    expect(await confirmations(draft.orderId)).toBe(1)
  })

  it('not paid by the time no answer can come: the attempt and its order are failed', async () => {
    const { draft, paymentId, after } = await unanswered(false)
    await settleUnansweredPayments(bindings, after(20 * 60_000))
    expect((await paymentOf(paymentId)).status).toBe('pending')
    const counts = await settleUnansweredPayments(bindings, after(GIVE_UP_AFTER_MS + 60_000))
    expect(counts.failed).toBe(1)
    expect((await paymentOf(paymentId)).status).toBe('cancelled')
    expect(await orderStatus(draft.orderId)).toBe('payment_failed')
  })
})

describe('a frames payment whose 3-D Secure challenge was never finished', () => {
  const framesBindings = { ...framesEnv, ...backendAdapters }

  it('is failed after the same hour as Realex, and a later answer is voided, no order placed', async () => {
    const draft = await draftOrder({ environment: framesEnv, gateway: 'frames' })
    const token = await cardToken(FRAMES_CARDS.challenge)
    const started = resultOf(
      await callWith(framesEnv, '/payments/make', framesPayment(draft, { token }))
    )
    expect(started.status).toBe('redirect')
    const row = await env.DB.prepare('select created_at from payments where id = ?1')
      .bind(started.paymentId)
      .first<{ created_at: string }>()
    const after = (ms: number) => new Date(Date.parse(row?.created_at ?? '') + ms)

    await settleUnansweredPayments(framesBindings, after(20 * 60_000))
    expect((await paymentOf(started.paymentId)).status).toBe('pending')
    const counts = await settleUnansweredPayments(framesBindings, after(GIVE_UP_AFTER_MS + 60_000))
    expect(counts.failed).toBe(1)
    expect((await paymentOf(started.paymentId)).status).toBe('cancelled')
    expect(await orderStatus(draft.orderId)).toBe('payment_failed')

    // The shopper finishes the challenge after all: the authorisation is given back.
    const path = new URL(started.redirect?.url ?? '').pathname
    await sandboxRequest(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision: 'authenticate' }).toString(),
    })
    await callWith(framesEnv, '/payments/verify', {
      businessId: 1,
      basketToken: draft.ready.token,
      paymentId: started.paymentId,
      paymentGateway: 'frames',
      draftOrderId: draft.orderId,
    })
    expect((await paymentOf(started.paymentId)).voided_at).not.toBeNull()
    expect(await orderStatus(draft.orderId)).not.toBe('sent_to_store')
  })
})
