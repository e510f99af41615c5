import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { paymentMoney } from '../../../worker/backend/payments/refunds-repo.ts'
import {
  sandboxFramesSecretKey,
  sandboxRebatePassword,
} from '../../../worker/lib/payments-config.ts'
import { hppTimestamp } from '../../../worker/realex/hpp.ts'
import { parseRemoteXml, remoteRebateXml } from '../../../worker/realex/remote-xml.ts'
import { refundPayment, voidPayment } from '../../../worker/local-backend.ts'
import { sandboxRemoteFetcher } from '../../../worker/sandbox-gateway/remote.ts'
import { testEnv } from '../auth/fixtures.ts'
import {
  callWith,
  draftOrder,
  makePayment,
  paymentBody,
  resultOf,
  seedCheckout,
} from './fixtures.ts'
import { framesEnv, framesPayment, sandboxRequest } from './frames-fixtures.ts'
import {
  NOW,
  ledgerOf,
  paidWithFrames,
  paidWithRealex,
  paymentOf,
  sandbox,
  walletToken,
} from './paid-fixtures.ts'

/*
 * Refunds and voids after payment (ADR 017 "Refunds") through each gateway adapter against the
 * local sandbox gateways, which keep a ledger: per transaction captured − refunded − voided must
 * equal what the shop's payments row says the shopper finally paid.
 */

beforeAll(async () => {
  await seedCheckout(env.DB)
})

const GATEWAYS = [
  { name: 'realex', environment: testEnv, pay: paidWithRealex },
  { name: 'frames', environment: framesEnv, pay: paidWithFrames },
] as const

describe.each(GATEWAYS)('refunds through $name', ({ environment, pay }) => {
  it('refunds part, then the rest; the payment and the sandbox ledger agree', async () => {
    const paid = await pay()
    const first = await refundPayment(
      environment,
      {
        businessId: 1,
        paymentId: paid.paymentId,
        amount: 500,
        reference: 'r1-' + paid.paymentId,
        reason: 'short pick',
      },
      NOW
    )
    expect(first).toMatchObject({ kind: 'refund', amount: 500, status: 'done' })
    expect(await paymentOf(paid.paymentId)).toMatchObject({
      status: 'partially_refunded',
      amount_refunded: 500,
    })
    expect(await ledgerOf(paid.gatewayOrderId)).toMatchObject({
      captured: paid.total,
      refunded: 500,
      voided: 0,
    })
    const rest = await refundPayment(
      environment,
      {
        businessId: 1,
        paymentId: paid.paymentId,
        amount: paid.total - 500,
        reference: 'r2-' + paid.paymentId,
        reason: 'order refunded',
      },
      NOW
    )
    expect(rest.status).toBe('done')
    expect(await paymentOf(paid.paymentId)).toMatchObject({
      status: 'refunded',
      amount_refunded: paid.total,
    })
    expect(await ledgerOf(paid.gatewayOrderId)).toMatchObject({ refunded: paid.total })
  })

  it('a retried refund (same reference) answers the first and never refunds twice', async () => {
    const paid = await pay()
    const request = {
      businessId: 1,
      paymentId: paid.paymentId,
      amount: 300,
      reference: 'retry-' + paid.paymentId,
      reason: 'substitution cheaper',
    }
    const answers = await Promise.all([
      refundPayment(environment, request, NOW),
      refundPayment(environment, request, NOW),
    ])
    const again = await refundPayment(environment, request, NOW)
    expect(again).toMatchObject({ status: 'done', amount: 300 })
    expect(answers.map((answer) => answer.reference)).toEqual([
      request.reference,
      request.reference,
    ])
    expect((await ledgerOf(paid.gatewayOrderId))?.refunded).toBe(300)
    expect((await paymentOf(paid.paymentId)).amount_refunded).toBe(300)
    // The same reference for another amount is another refund: refused, nothing moves.
    await expect(
      refundPayment(environment, { ...request, amount: 301 }, NOW)
    ).rejects.toMatchObject({ code: 'conflict', message: MESSAGES.refundReferenceInUse })
  })

  it('refuses a refund above what is left; nothing moves', async () => {
    const paid = await pay()
    await expect(
      refundPayment(
        environment,
        {
          businessId: 1,
          paymentId: paid.paymentId,
          amount: paid.total + 1,
          reference: 'over-' + paid.paymentId,
          reason: 'x',
        },
        NOW
      )
    ).rejects.toMatchObject({ code: 'conflict', message: MESSAGES.refundTooLarge })
    expect((await ledgerOf(paid.gatewayOrderId))?.refunded).toBe(0)
  })

  it('voids before settlement; after settlement the gateway refuses, a refund still works', async () => {
    const early = await pay()
    const voided = await voidPayment(
      environment,
      {
        businessId: 1,
        paymentId: early.paymentId,
        reference: 'void-' + early.paymentId,
        reason: 'store_rejected',
      },
      NOW
    )
    expect(voided).toMatchObject({ kind: 'void', status: 'done', amount: early.total })
    expect(await paymentOf(early.paymentId)).toMatchObject({ status: 'cancelled' })
    expect(await ledgerOf(early.gatewayOrderId)).toMatchObject({
      captured: early.total,
      voided: early.total,
    })

    const late = await pay()
    await sandbox.settleBatch(env.DB)
    const refused = await voidPayment(
      environment,
      {
        businessId: 1,
        paymentId: late.paymentId,
        reference: 'void-' + late.paymentId,
        reason: 'store_rejected',
      },
      NOW
    )
    expect(refused.status).toBe('refused')
    expect(await paymentOf(late.paymentId)).toMatchObject({ status: 'authorised', voided_at: null })
    const refund = await refundPayment(
      environment,
      {
        businessId: 1,
        paymentId: late.paymentId,
        amount: late.total,
        reference: 'after-' + late.paymentId,
        reason: 'store_rejected',
      },
      NOW
    )
    expect(refund.status).toBe('done')
    expect(await ledgerOf(late.gatewayOrderId)).toMatchObject({ refunded: late.total, voided: 0 })
  })

  it('refuses a void once part was refunded', async () => {
    const paid = await pay()
    await refundPayment(
      environment,
      {
        businessId: 1,
        paymentId: paid.paymentId,
        amount: 100,
        reference: 'p-' + paid.paymentId,
        reason: 'x',
      },
      NOW
    )
    await expect(
      voidPayment(
        environment,
        { businessId: 1, paymentId: paid.paymentId, reference: 'v-' + paid.paymentId, reason: 'x' },
        NOW
      )
    ).rejects.toMatchObject({ code: 'conflict', message: MESSAGES.voidNotPossible })
  })
})

describe.each([
  { wallet: 'applePay', gateway: 'realex', environment: testEnv },
  { wallet: 'googlePay', gateway: 'frames', environment: framesEnv },
] as const)('$wallet through its card gateway ($gateway)', ({ wallet, gateway, environment }) => {
  it('is refunded in part and voided through the card gateway that took it', async () => {
    const pay = async () => {
      const draft = await draftOrder({ environment, method: wallet, gateway })
      const token = await walletToken(wallet)
      const answer = resultOf(
        await callWith(
          environment,
          '/payments/make',
          framesPayment(draft, {
            paymentMethod: wallet,
            paymentGateway: gateway,
            ...(wallet === 'applePay' ? { appleTokenData: token } : { googleTokenData: token }),
          })
        )
      )
      expect(answer.status).toBe('succeeded')
      return { ...answer, ...(await paymentOf(answer.paymentId)) }
    }
    const refunded = await pay()
    expect(
      await refundPayment(
        environment,
        {
          businessId: 1,
          paymentId: refunded.paymentId,
          amount: 250,
          reference: 'w-' + refunded.paymentId,
          reason: 'short pick',
        },
        NOW
      )
    ).toMatchObject({ status: 'done' })
    expect(await ledgerOf(refunded.gateway_order_id)).toMatchObject({ refunded: 250 })

    const voided = await pay()
    expect(
      await voidPayment(
        environment,
        {
          businessId: 1,
          paymentId: voided.paymentId,
          reference: 'wv-' + voided.paymentId,
          reason: 'store_rejected',
        },
        NOW
      )
    ).toMatchObject({ status: 'done' })
    expect(await ledgerOf(voided.gateway_order_id)).toMatchObject({ voided: voided.amount })
  })
})

describe('cash', () => {
  it('holds nothing before it is collected; after, a refund is recorded without a gateway', async () => {
    const draft = await draftOrder({ method: 'paymentCash' })
    const placed = await makePayment(
      paymentBody(draft, {
        paymentMethod: 'paymentCash',
        paymentGateway: 'cash',
        cashConfirmed: true,
      })
    )
    const request = {
      businessId: 1,
      paymentId: placed.paymentId,
      amount: 200,
      reference: 'cash-' + placed.paymentId,
      reason: 'out of stock',
    }
    await expect(refundPayment(testEnv, request, NOW)).rejects.toMatchObject({
      code: 'conflict',
    })
    // Collection at the door is the store console's step (not built here): it marks the cash taken.
    await env.DB.prepare(`update payments set status = 'captured' where id = ?1`)
      .bind(placed.paymentId)
      .run()
    expect(
      await refundPayment(testEnv, { ...request, reference: 'cash2-' + placed.paymentId }, NOW)
    ).toMatchObject({ status: 'done', resultCode: 'recorded', amount: 200 })
    expect(await paymentOf(placed.paymentId)).toMatchObject({
      status: 'partially_refunded',
      amount_refunded: 200,
    })
  })
})

describe('the sandbox gateways refuse what the real ones refuse', () => {
  it('Realex rebate: above the amount left (509), a wrong refund hash (505), a wrong request hash (508)', async () => {
    const paid = await paidWithRealex()
    const row = await paymentOf(paid.paymentId)
    const rebate = async (amount: number, secrets: { secret: string; rebatePassword: string }) => {
      const xml = await remoteRebateXml(
        {
          merchantId: 'localsandbox',
          account: 'internet',
          orderId: paid.gatewayOrderId,
          pasref: paid.externalRef,
          authcode: row.auth_code ?? '',
          amount,
          currency: 'GBP',
          timestamp: hppTimestamp(NOW),
        },
        secrets
      )
      const reply = await sandboxRemoteFetcher(testEnv)('http://localhost/sandbox-gateway/remote', {
        method: 'POST',
        body: xml,
      })
      return parseRemoteXml(await reply.text(), 'response')?.fields.result
    }
    const secrets = {
      secret: testEnv.REALEX_SHARED_SECRET,
      rebatePassword: await sandboxRebatePassword(testEnv),
    }
    expect(await rebate(paid.total + 1, secrets)).toBe('509')
    expect(await rebate(100, { ...secrets, rebatePassword: 'wrong' })).toBe('505')
    expect(await rebate(100, { ...secrets, secret: 'another-secret-0123456789abcdefghijkl' })).toBe(
      '508'
    )
    expect((await ledgerOf(paid.gatewayOrderId))?.refunded).toBe(0)
  })

  it('frames refunds: above the balance is 422 refund_amount_exceeds_balance', async () => {
    const paid = await paidWithFrames()
    const reply = await sandboxRequest(
      `/sandbox-gateway/frames/api/payments/${paid.externalRef}/refunds`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await sandboxFramesSecretKey(framesEnv)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ amount: paid.total + 1, reference: 'over-frames' }),
      }
    )
    expect(reply.status).toBe(422)
    expect(await reply.json()).toEqual({
      error_type: 'request_invalid',
      error_codes: ['refund_amount_exceeds_balance'],
    })
  })
})

describe('two staff refunding at once', () => {
  it('never give back more than was taken: one of two 60% refunds is refused', async () => {
    const paid = await paidWithFrames()
    const part = Math.ceil(paid.total * 0.6)
    const results = await Promise.allSettled(
      ['a', 'b'].map((who) =>
        refundPayment(
          framesEnv,
          {
            businessId: 1,
            paymentId: paid.paymentId,
            amount: part,
            reference: `race-${who}-${paid.paymentId}`,
            reason: 'x',
          },
          NOW
        )
      )
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1)
    expect((await ledgerOf(paid.gatewayOrderId))?.refunded).toBe(part)
  })
})

describe('the ledger over every order', () => {
  it('captured − refunded − voided at the gateway = what our payment says the shopper paid', async () => {
    const entries = await sandbox.ledger(env.DB)
    const ours = new Map(
      (await paymentMoney(env.DB, 1)).map((payment) => [payment.gatewayOrderId, payment])
    )
    expect(entries.length).toBeGreaterThan(10)
    for (const entry of entries) {
      const payment = ours.get(entry.gatewayOrderId)
      expect(payment, entry.gatewayOrderId).toBeDefined()
      expect(entry.captured, entry.gatewayOrderId).toBe(payment!.taken)
      expect(entry.refunded, entry.gatewayOrderId).toBe(payment!.refunded)
      expect(entry.voided, entry.gatewayOrderId).toBe(payment!.voided)
      const paidFinally = payment!.taken - payment!.refunded - payment!.voided
      expect(entry.captured - entry.refunded - entry.voided).toBe(paidFinally)
    }
  })
})
