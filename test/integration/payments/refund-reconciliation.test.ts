import { createScheduledController, env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { type PaymentSandbox } from '../../../worker/backend/adapters.ts'
import { reconcileRefunds } from '../../../worker/backend/payments/refund-reconciliation.ts'
import { refundPayment } from '../../../worker/backend/payments/refunds.ts'
import { givenBackOnOrder } from '../../../worker/backend/payments/refunds-repo.ts'
import worker from '../../../worker/index.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import { hppTimestamp } from '../../../worker/realex/hpp.ts'
import { parseRemoteXml, remoteQueryXml } from '../../../worker/realex/remote-xml.ts'
import { sandboxRemoteFetcher } from '../../../worker/sandbox-gateway/remote.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createApp } from '../../../worker/app.ts'
import { testEnv } from '../auth/fixtures.ts'
import { jar } from '../pages/cookie-jar.ts'
import { operatorPagesClient } from '../pages/operator/console-client.ts'
import { pageText } from '../pages/storefront.ts'
import { seedStaff } from '../staff/fixtures.ts'
import { callWith, draftOrder, resultOf, seedCheckout } from './fixtures.ts'
import { framesEnv, framesPayment } from './frames-fixtures.ts'
import {
  NOW,
  type Paid,
  ledgerOf,
  paidWithFrames,
  paidOf,
  paidWithRealex,
  paymentOf,
  sandbox,
  walletToken,
} from './paid-fixtures.ts'

/*
 * Refunds the gateway did not confirm are reconciled (issue 37): a refund whose answer was lost
 * (the sandbox gateway made it, then answered 500) or that never reached the gateway (500 before
 * it) is left unknown; the reconciliation asks the gateway through the payment's adapter and
 * settles it once, so the payment, the order's given-back money and the sandbox ledger agree.
 */

beforeAll(async () => {
  await seedCheckout(env.DB)
})

/**
 * The sandbox with its refund calls failing once: `lost` hands the call to the gateway and then
 * answers 500 (the money moved, the answer did not arrive); `unsent` answers 500 at once.
 * Queries and every later call go through.
 */
function failingOnce(mode: 'lost' | 'unsent'): PaymentSandbox {
  let failed = false
  const fail = async (forward: () => Promise<Response>, isRefund: boolean) => {
    if (!isRefund || failed) return forward()
    failed = true
    if (mode === 'lost') await forward()
    return new Response('upstream timeout', { status: 500 })
  }
  return {
    ...sandbox,
    remoteFetch: (bindings) => {
      const real = sandbox.remoteFetch(bindings)
      return async (input, init) =>
        fail(() => real(input, init), String(init?.body ?? '').includes('type="rebate"'))
    },
    framesFetch: (bindings) => {
      const real = sandbox.framesFetch(bindings)
      return (input, init) =>
        fail(() => real(input, init), init.method === 'POST' && input.endsWith('/refunds'))
    },
  }
}

/** Paid with a sandbox wallet through its card gateway. */
function paidWithWallet(wallet: 'applePay' | 'googlePay', environment: Env) {
  return async (): Promise<Paid> => {
    const gateway = wallet === 'applePay' ? 'realex' : 'frames'
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
    return paidOf(draft.orderId, draft.total, answer.paymentId)
  }
}

async function refundRow(reference: string) {
  return env.DB.prepare(
    `select status, result_code, reconcile_attempts from payment_refunds where reference = ?1`
  )
    .bind(reference)
    .first<{ status: string; result_code: string | null; reconcile_attempts: number }>()
}

/** A refund of 400p whose first call fails as `mode` says: left unknown. */
async function unknownRefund(environment: Env, paid: Paid, mode: 'lost' | 'unsent') {
  const reference = `${mode}-${paid.paymentId}`
  const answer = await refundPayment(
    { ...environment, ...backendAdapters, paymentSandbox: failingOnce(mode) },
    { businessId: 1, paymentId: paid.paymentId, amount: 400, reference, reason: 'short pick' },
    NOW
  )
  expect(answer.status).toBe('unknown')
  return reference
}

async function expectMoneyAgrees(paid: Paid, refunded: number) {
  expect((await ledgerOf(paid.gatewayOrderId))?.refunded).toBe(refunded)
  expect((await paymentOf(paid.paymentId)).amount_refunded).toBe(refunded)
  expect(await givenBackOnOrder(env.DB, 1, paid.orderId)).toBe(refunded)
}

const GATEWAYS = [
  { name: 'realex', environment: testEnv, pay: paidWithRealex },
  { name: 'frames', environment: framesEnv, pay: paidWithFrames },
] as const

describe.each(GATEWAYS)('reconciling refunds through $name', ({ environment, pay }) => {
  const reconcile = (now: Date) => reconcileRefunds({ ...environment, ...backendAdapters }, now, 50)

  it('a refund made but never answered is found at the gateway and settled once', async () => {
    const paid = await pay()
    const reference = await unknownRefund(environment, paid, 'lost')
    // The gateway gave the money back; we have not recorded it yet.
    expect((await ledgerOf(paid.gatewayOrderId))?.refunded).toBe(400)
    expect(await givenBackOnOrder(env.DB, 1, paid.orderId)).toBe(0)

    const counts = await reconcile(NOW)
    expect(counts.done).toBeGreaterThanOrEqual(1)
    expect(await refundRow(reference)).toMatchObject({ status: 'done', reconcile_attempts: 1 })
    await expectMoneyAgrees(paid, 400)
    // A later pass finds nothing to do and moves nothing.
    await reconcile(new Date(NOW.getTime() + 3 * 3_600_000))
    await expectMoneyAgrees(paid, 400)
  })

  it('a refund that never reached the gateway is sent again under its reference, once', async () => {
    const paid = await pay()
    const reference = await unknownRefund(environment, paid, 'unsent')
    expect((await ledgerOf(paid.gatewayOrderId))?.refunded).toBe(0)

    await reconcile(NOW)
    expect(await refundRow(reference)).toMatchObject({ status: 'done' })
    await expectMoneyAgrees(paid, 400)
    await reconcile(new Date(NOW.getTime() + 3 * 3_600_000))
    await expectMoneyAgrees(paid, 400)
  })

  it('20 reconciliations at once over one unknown refund record the money once', async () => {
    const paid = await pay()
    const reference = await unknownRefund(environment, paid, 'unsent')
    await Promise.all(Array.from({ length: 20 }, () => reconcile(NOW)))
    expect(await refundRow(reference)).toMatchObject({ status: 'done', reconcile_attempts: 1 })
    await expectMoneyAgrees(paid, 400)
  })

  it('a gateway still not answering leaves it unknown and waits longer each time', async () => {
    const paid = await pay()
    const reference = await unknownRefund(environment, paid, 'lost')
    const down: PaymentSandbox = {
      ...sandbox,
      remoteFetch: () => () => Promise.resolve(new Response('down', { status: 503 })),
      framesFetch: () => () => Promise.resolve(new Response('down', { status: 503 })),
    }
    const downEnv = { ...environment, ...backendAdapters, paymentSandbox: down }
    await reconcileRefunds(downEnv, NOW, 50)
    expect(await refundRow(reference)).toMatchObject({
      status: 'unknown',
      reconcile_attempts: 1,
    })
    // Not due again within its backoff.
    await reconcileRefunds(downEnv, new Date(NOW.getTime() + 30_000), 50)
    expect((await refundRow(reference))?.reconcile_attempts).toBe(1)
    // Nothing is recorded on a guess, though the gateway did give the money back.
    expect((await paymentOf(paid.paymentId)).amount_refunded).toBe(0)
    expect(await givenBackOnOrder(env.DB, 1, paid.orderId)).toBe(0)
    expect((await ledgerOf(paid.gatewayOrderId))?.refunded).toBe(400)
    // Back up: settled to the gateway's answer.
    await reconcile(new Date(NOW.getTime() + 5 * 60_000))
    await expectMoneyAgrees(paid, 400)
  })
})

describe.each([
  { wallet: 'applePay', environment: testEnv },
  { wallet: 'googlePay', environment: framesEnv },
] as const)('$wallet, through its card gateway', ({ wallet, environment }) => {
  it('a refund whose answer was lost is settled from the card gateway’s answer', async () => {
    const paid = await paidWithWallet(wallet, environment)()
    const reference = await unknownRefund(environment, paid, 'lost')
    await reconcileRefunds({ ...environment, ...backendAdapters }, NOW, 50)
    expect(await refundRow(reference)).toMatchObject({ status: 'done' })
    await expectMoneyAgrees(paid, 400)
  })
})

describe('the sandbox remote API’s query', () => {
  it('answers a signed query with what was rebated; a wrong hash 508, an unknown order 503', async () => {
    const paid = await paidWithRealex()
    await unknownRefund(testEnv, paid, 'lost')
    const query = async (orderId: string, secret: string) => {
      const xml = await remoteQueryXml(
        { merchantId: 'localsandbox', account: 'internet', orderId, timestamp: hppTimestamp(NOW) },
        secret
      )
      const reply = await sandboxRemoteFetcher(testEnv)('http://localhost/sandbox-gateway/remote', {
        method: 'POST',
        body: xml,
      })
      return parseRemoteXml(await reply.text(), 'response')?.fields
    }
    expect(await query(paid.gatewayOrderId, testEnv.REALEX_SHARED_SECRET)).toMatchObject({
      result: '00',
      rebatedamount: '400',
    })
    expect(
      (await query(paid.gatewayOrderId, 'another-secret-0123456789abcdefghijkl'))?.result
    ).toBe('508')
    expect((await query('no-such-order', testEnv.REALEX_SHARED_SECRET))?.result).toBe('503')
  })
})

describe('the cron', () => {
  it('settles an unknown refund on its minute run', async () => {
    const paid = await paidWithRealex()
    const reference = await unknownRefund(testEnv, paid, 'unsent')
    await worker.scheduled(createScheduledController({ scheduledTime: NOW.getTime() }), env)
    expect(await refundRow(reference)).toMatchObject({ status: 'done' })
    await expectMoneyAgrees(paid, 400)
  })
})

describe('the operator console: refunds not settled', () => {
  const PATH = '/store/operator/failed-tasks'
  const { get, postForm, signIn } = operatorPagesClient('198.51.137', createApp())

  it('lists an unconfirmed refund with the gateway’s answer; Ask again settles it once', async () => {
    const cookies = await signIn((await seedStaff({ operator: true })).email)
    const paid = await paidWithRealex()
    await unknownRefund(testEnv, paid, 'unsent')
    const refund = await env.DB.prepare(
      `select r.id, o.business_order_id as number from payment_refunds r
       join payments p on p.id = r.payment_id join orders o on o.id = p.order_id
       where r.reference = ?1`
    )
      .bind(`unsent-${paid.paymentId}`)
      .first<{ id: number; number: string }>()
    const listed = pageText(await (await get(PATH, cookies)).text())
    expect(listed).toContain('Refunds not settled')
    expect(listed).toContain(refund?.number)
    expect(listed).toContain('£4.00')
    expect(listed).toContain('Not confirmed')
    expect(listed).toContain('realex: http_500')

    const res = await postForm(`${PATH}/refunds/retry`, { refundId: String(refund?.id) }, cookies)
    expect(res.status).toBe(303)
    const after = pageText(await (await get(PATH, jar(res, cookies))).text())
    expect(after).toContain(MESSAGES.refundRetrySettled)
    expect(after).not.toContain('realex: http_500')
    await expectMoneyAgrees(paid, 400)

    const again = await postForm(`${PATH}/refunds/retry`, { refundId: String(refund?.id) }, cookies)
    expect(again.status).toBe(404)
    expect(pageText(await again.text())).toContain(MESSAGES.refundNotUnsettled)
    await expectMoneyAgrees(paid, 400)
  })
})
