import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { OrderSummarySchema } from '../../../schemas/checkout.ts'
import { PaymentResultSchema } from '../../../schemas/payments.ts'
import { D1_BOOKMARK_HEADER } from '../../../worker/lib/d1-sessions.ts'
import { takeRoundTrips, withLatency } from '../../../worker/lib/latency-simulation.ts'
import { postToBackend } from '../../support/workers/requests.ts'
import { DATED } from '../../support/test-clock.ts'
import { guestBearer, orderBody, plainItem, readyBasket, seedCheckout } from './fixtures.ts'
import { testEnv } from '../auth/fixtures.ts'
import {
  FRAMES_CARDS,
  type Wallet,
  cardToken,
  framesEnv,
  walletToken,
} from '../payments/frames-fixtures.ts'

/*
 * The D1 round trips process order and make payment wait for (issue 39: at most 3 to the primary
 * for both together, ADR 065), counted by the latency bench's counter, as a returning shopper's
 * calls carry the bookmark of their last write. Each claims its key in its own write batch and a
 * cash payment places the order in the same batch (ADR 069): one primary round trip each.
 */

const latencyEnv = withLatency({ ...env, STOREFRONT_LATENCY: 'd1=1' } as Env)

let guest: string
let item: { id: number; price: number }

beforeAll(async () => {
  await seedCheckout(env.DB)
  item = await plainItem(200, 400)
  guest = await guestBearer()
})

/** The bookmark of the shopper's last write, as the storefront sends it from their cookie. */
async function latestBookmark(): Promise<string> {
  const session = env.DB.withSession('first-primary')
  await session.prepare('select 1').first()
  const bookmark = session.getBookmark()
  if (!bookmark) throw new Error('no bookmark')
  return bookmark
}

async function counted(path: string, body: unknown, bindings: Env = latencyEnv) {
  const bookmark = await latestBookmark()
  takeRoundTrips()
  const answer = await postToBackend(path, body, {
    bearer: guest,
    bindings,
    headers: { [D1_BOOKMARK_HEADER]: bookmark },
  })
  const json: unknown = await answer.json()
  expect(answer.status, JSON.stringify(json)).toBe(200)
  const { d1Sequential, d1Primary, d1Replica } = takeRoundTrips()
  return { json, waited: { d1Sequential, d1Primary, d1Replica } }
}

describe('round trips of placing an order', DATED, () => {
  it('process order, then a cash make payment', async () => {
    const ready = await readyBasket({ method: 'delivery', items: [{ id: item.id, quantity: 2 }] })
    const processed = await counted(
      '/checkout/process-order',
      orderBody(ready, { paymentGateway: 'cash', paymentMethod: 'paymentCash' })
    )
    const order = OrderSummarySchema.parse(processed.json)
    const paid = await counted('/payments/make', {
      businessId: 1,
      basketToken: ready.token,
      idempotencyKey: crypto.randomUUID(),
      draftOrderId: order.draftOrderId,
      paymentMethod: 'paymentCash',
      paymentGateway: 'cash',
      cashConfirmed: true,
      successUrl: 'http://localhost/checkout/success',
      failureUrl: 'http://localhost/checkout/payment?payment=failed',
      cancelUrl: 'http://localhost/checkout/payment?payment=cancelled',
    })
    // Before ADR 065: 16 in sequence (4 primary), and 19 (5 primary); before ADR 069: 9 (3
    // primary) and 13 (4 primary); process order 7 (1, 6) before its answer rode in its batch.
    expect(processed.waited).toEqual({ d1Sequential: 6, d1Primary: 1, d1Replica: 5 })
    expect(paid.waited).toEqual({ d1Sequential: 7, d1Primary: 1, d1Replica: 6 })
    expect(processed.waited.d1Primary + paid.waited.d1Primary).toBeLessThanOrEqual(3)
  })

  it('process order, then a card make payment (the hosted card page)', async () => {
    const ready = await readyBasket({ method: 'delivery', items: [{ id: item.id, quantity: 3 }] })
    const processed = await counted(
      '/checkout/process-order',
      orderBody(ready, { paymentGateway: 'realex', paymentMethod: 'paymentCard' })
    )
    const order = OrderSummarySchema.parse(processed.json)
    const paid = await counted('/payments/make', {
      businessId: 1,
      basketToken: ready.token,
      idempotencyKey: crypto.randomUUID(),
      draftOrderId: order.draftOrderId,
      paymentMethod: 'paymentCard',
      paymentGateway: 'realex',
      successUrl: 'http://localhost/checkout/success',
      failureUrl: 'http://localhost/checkout/payment?payment=failed',
      cancelUrl: 'http://localhost/checkout/payment?payment=cancelled',
    })
    expect(PaymentResultSchema.parse(paid.json).status).toBe('redirect')
    // Before: the key claimed first, the attempt, the answer recorded (3 primary).
    expect(paid.waited).toEqual({ d1Sequential: 8, d1Primary: 1, d1Replica: 7 })
    expect(paid.waited.d1Primary).toBeLessThanOrEqual(2)
    expect(processed.waited.d1Primary + paid.waited.d1Primary).toBeLessThanOrEqual(3)
  })

  /*
   * Every gateway that charges inside make payment (ADR 069): the frames card, and each wallet
   * through each card gateway. The key is held in the attempt's batch and completed in the batch
   * that records the gateway's answer and places the order: two primary round trips. The sandbox
   * gateway's own ledger is the provider's, not counted (rawDatabaseOf).
   */
  const direct: ReadonlyArray<{
    name: string
    gateway: 'frames' | 'realex'
    method: 'paymentCard' | Wallet
  }> = [
    { name: 'a frames card', gateway: 'frames', method: 'paymentCard' },
    { name: 'Apple Pay through Realex', gateway: 'realex', method: 'applePay' },
    { name: 'Google Pay through Realex', gateway: 'realex', method: 'googlePay' },
    { name: 'Apple Pay through the frames provider', gateway: 'frames', method: 'applePay' },
    { name: 'Google Pay through the frames provider', gateway: 'frames', method: 'googlePay' },
  ]

  it.each(direct)('process order, then $name', async ({ gateway, method }) => {
    const bindings = withLatency({
      ...(gateway === 'frames' ? framesEnv : testEnv),
      STOREFRONT_LATENCY: 'd1=1',
    } as Env)
    const ready = await readyBasket({ method: 'delivery', items: [{ id: item.id, quantity: 1 }] })
    const processed = await counted(
      '/checkout/process-order',
      orderBody(ready, { paymentGateway: gateway, paymentMethod: method }),
      bindings
    )
    const order = OrderSummarySchema.parse(processed.json)
    const source =
      method === 'paymentCard'
        ? { token: await cardToken(FRAMES_CARDS.success) }
        : method === 'applePay'
          ? { appleTokenData: await walletToken(method) }
          : { googleTokenData: await walletToken(method) }
    const paid = await counted(
      '/payments/make',
      {
        businessId: 1,
        basketToken: ready.token,
        idempotencyKey: crypto.randomUUID(),
        draftOrderId: order.draftOrderId,
        paymentMethod: method,
        paymentGateway: gateway,
        ...source,
        successUrl: 'http://localhost/checkout/success',
        failureUrl: 'http://localhost/checkout/payment?payment=failed',
        cancelUrl: 'http://localhost/checkout/payment?payment=cancelled',
      },
      bindings
    )
    expect(PaymentResultSchema.parse(paid.json).status).toBe('succeeded')
    // Before: the key claimed first, the attempt, the gateway's answer, the placing, the key's
    // answer recorded (5 primary).
    expect({ processed: processed.waited, paid: paid.waited }).toEqual({
      processed: { d1Sequential: 6, d1Primary: 1, d1Replica: 5 },
      paid: { d1Sequential: 9, d1Primary: 2, d1Replica: 7 },
    })
    expect(processed.waited.d1Primary + paid.waited.d1Primary).toBeLessThanOrEqual(3)
  })
})
