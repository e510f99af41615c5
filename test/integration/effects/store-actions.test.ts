import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import fc from 'fast-check'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { formatMoney } from '../../../schemas/money.ts'
import { StoreOrderDetailSchema, type StoreOrderAction } from '../../../schemas/store-orders.ts'
import type { StoreOrderStatus } from '../../../schemas/order-states.ts'
import { runEffect } from '../../../worker/backend/effects/consumer.ts'
import { sweepEffects } from '../../../worker/backend/effects/sweep.ts'
import { staffAction } from '../../../worker/backend/store-orders/actions.ts'
import { ACTION_EFFECTS } from '../../../worker/backend/store-orders/action-effect-rows.ts'
import { effectHandlers, type EffectsEnv } from '../../../worker/effects-queue.ts'
import worker from '../../../worker/index.ts'
import { requirePaymentSandbox } from '../../../worker/backend/adapters.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import { deliverEffects, stopsAfterTheBatch } from '../../support/workers/effects.ts'
import { callBackend } from '../../support/workers/requests.ts'
import { freshIp, testEnv } from '../auth/fixtures.ts'
import {
  balanceOf,
  customerIdOf,
  draftOf,
  giveCredit,
  memberBasket,
  orderLedger,
  payCash,
} from '../credit/fixtures.ts'
import { newMember } from '../member/orders-fixtures.ts'
import { shardOfTests } from '../../support/workers/shards.ts'
import {
  cardOrder,
  ledgerOfOrder,
  orderTotal,
  refundRowsOf,
  seedCheckout,
  shopperEmails,
  type SignedInStaff,
  staffMember,
  STORES,
} from '../store-orders/fixtures.ts'

/*
 * What follows a store action goes through the outbox (ADR 037): the action's batch writes its
 * settle effect, whose handler gives the money and credit back and writes the shopper's email and
 * the boards' notice as effects of their own. A provider that is down, a Worker that stops after
 * the commit, a consumer that crashes mid-way or twenty deliveries at once move the money once and
 * send the email once.
 */

const STORE = STORES.main
let manager: SignedInStaff

beforeAll(async () => {
  await seedCheckout(env.DB)
  manager = await staffMember([{ storeId: STORE, role: 'store_manager' }])
})

afterEach(() => {
  vi.restoreAllMocks()
})

const HTTP_MESSAGING = {
  MESSAGING_PROVIDER: 'http',
  MESSAGING_API_URL: 'https://messages.example/send',
  MESSAGING_API_KEY: 'messaging-key',
}

const bindings = (extra: Partial<Env> = {}): EffectsEnv => ({
  ...testEnv,
  ...backendAdapters,
  ...extra,
})

/** The order's action effects of one kind, oldest first. */
async function actionEffects(orderId: number, kind: string) {
  const { results } = await env.DB.prepare(
    `select id, effect_key, status, dispatched_at from effects
     where effect_key like ?1 and kind = ?2 order by id`
  )
    .bind(`order:${orderId}:action:%`, kind)
    .all<{ id: number; effect_key: string; status: string; dispatched_at: string | null }>()
  return results
}

async function settleOf(orderId: number) {
  const [settle] = await actionEffects(orderId, ACTION_EFFECTS.settle)
  if (!settle) throw new Error(`no settle effect for order ${orderId}`)
  return settle
}

/** The action taken by the manager in a Worker that stops right after its commit. */
async function actionThenStop(
  orderId: number,
  expectedStatus: StoreOrderStatus,
  action: StoreOrderAction
): Promise<void> {
  const stopping = { ...bindings(), DB: stopsAfterTheBatch(env.DB) }
  await expect(
    staffAction(
      { env: stopping, now: new Date() },
      { staffId: manager.id, businessId: 1, storeId: STORE, roles: ['store_manager'] },
      { businessId: 1, storeId: STORE, orderId, expectedStatus, action }
    )
  ).rejects.toThrow('worker stopped')
}

/** Messages the HTTP provider accepted with this idempotency key. */
function sentWithKey(
  fetch: { mock: { calls: Array<Parameters<typeof globalThis.fetch>> } },
  key: string,
  accepted: Set<number>
) {
  return fetch.mock.calls.filter(([url, init], index) => {
    if (String(url) !== HTTP_MESSAGING.MESSAGING_API_URL || !accepted.has(index)) return false
    return new Headers((init as RequestInit | undefined)?.headers).get('idempotency-key') === key
  })
}

const reject = { type: 'reject', reason: 'Out of drivers' } as const

describe('the email provider down during a reject', () => {
  it('the action answers, the money goes back once, the email goes once when the provider returns', async () => {
    const order = await cardOrder()
    const original = globalThis.fetch.bind(globalThis)
    let providerUp = false
    const accepted = new Set<number>()
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (String(input) !== HTTP_MESSAGING.MESSAGING_API_URL) return original(input, init)
      if (!providerUp) return Promise.reject(new Error('connection refused'))
      accepted.add(fetch.mock.calls.length - 1)
      return Promise.resolve(new Response('{}', { status: 202 }))
    })
    const answer = await callBackend(
      '/staff/orders/action',
      {
        businessId: 1,
        storeId: STORE,
        orderId: order.orderId,
        expectedStatus: 'sent_to_store',
        action: reject,
      },
      {
        bearer: manager.bearer,
        ip: freshIp(),
        bindings: { ...testEnv, ...HTTP_MESSAGING } as Env,
        headers: { 'idempotency-key': crypto.randomUUID() },
      }
    )
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const rejected = StoreOrderDetailSchema.parse(answer.json)
    expect(rejected.status).toBe('store_rejected')
    expect(rejected.money.total).toBe(0)
    expect(await ledgerOfOrder(order.orderId)).toMatchObject({ voided: order.total, refunded: 0 })

    const [email] = await actionEffects(order.orderId, ACTION_EFFECTS.email)
    if (!email) throw new Error('no email effect')
    const withProvider = bindings(HTTP_MESSAGING)
    expect(await runEffect(withProvider, effectHandlers, email.id, new Date())).toBe('failed')
    expect(sentWithKey(fetch, email.effect_key, accepted)).toHaveLength(0)

    providerUp = true
    await deliverEffects({ env: withProvider })
    await deliverEffects({ env: withProvider })
    const sent = sentWithKey(fetch, email.effect_key, accepted)
    expect(sent).toHaveLength(1)
    const body = JSON.parse(String((sent[0]?.[1] as RequestInit).body)) as {
      data: { message: string }
    }
    expect(body.data.message).toBe(
      `The store could not take your order. ${formatMoney(order.total)} has been given back to your payment. The store said: Out of drivers`
    )
    expect(await ledgerOfOrder(order.orderId)).toMatchObject({ voided: order.total, refunded: 0 })
    expect(await refundRowsOf(order.orderId)).toHaveLength(1)
  })
})

describe('the Worker stops right after the action commits', () => {
  it("the cron's sweep hands the settle on; the refund and the email happen once", async () => {
    const order = await cardOrder()
    await actionThenStop(order.orderId, 'sent_to_store', reject)
    const settle = await settleOf(order.orderId)
    expect(settle).toMatchObject({ status: 'pending', dispatched_at: null })
    expect(await refundRowsOf(order.orderId)).toEqual([])

    const sent: Array<unknown> = []
    const queue = {
      send: (body: unknown) => Promise.resolve(void sent.push(body)),
      sendBatch: (messages: Iterable<MessageSendRequest>) =>
        Promise.resolve(void [...messages].forEach((message) => sent.push(message.body))),
    } as unknown as Queue
    const later = new Date(Date.now() + 2 * 60_000)
    await sweepEffects({ DB: env.DB, EFFECTS: queue }, later)
    expect(sent).toContainEqual({ effectId: settle.id, shard: await shardOfTests(), businessId: 1 })
    const batch = createMessageBatch(
      'storefront-effects',
      sent.map((body, index) => ({ id: `m${index}`, timestamp: later, attempts: 1, body }))
    )
    const ctx = createExecutionContext()
    await worker.queue(batch, { ...env })
    expect((await getQueueResult(batch, ctx)).retryMessages).toEqual([])
    expect((await settleOf(order.orderId)).status).toBe('delivered')

    // The queue delivers the settle again: the money moved once, the email goes once.
    expect(await runEffect(bindings(), effectHandlers, settle.id, later)).toBe('not_due')
    expect(await ledgerOfOrder(order.orderId)).toMatchObject({ voided: order.total, refunded: 0 })
    expect(await refundRowsOf(order.orderId)).toHaveLength(1)
    const emails = await shopperEmails(order.email)
    expect(emails.map((email) => email.status)).toEqual(['store_rejected'])
  })
})

describe('a settle handler that crashes after the money moved', () => {
  it('is redelivered: no second refund, no second credit, one email', async () => {
    const member = await newMember()
    const customerId = await customerIdOf(member.email)
    const { ready } = await memberBasket(member)
    await giveCredit(customerId, 300)
    const draft = await draftOf(member, ready)
    await payCash(draft)
    const card = await cardOrder()
    // Settled: the void is refused and the whole order is refunded (reference o<id>-all).
    await requirePaymentSandbox(backendAdapters).settleBatch(env.DB)
    let crashes = 0
    const crashing = {
      ...effectHandlers,
      [ACTION_EFFECTS.settle]: async (
        ...args: Parameters<NonNullable<(typeof effectHandlers)[string]>>
      ) => {
        await effectHandlers[ACTION_EFFECTS.settle]?.(...args)
        if (crashes-- > 0) throw new Error('consumer crashed')
      },
    }
    for (const orderId of [draft.orderId, card.orderId]) {
      crashes = 1
      await actionThenStop(orderId, 'sent_to_store', reject)
      const settle = await settleOf(orderId)
      expect(await runEffect(bindings(), crashing, settle.id, new Date())).toBe('failed')
      expect(await runEffect(bindings(), crashing, settle.id, new Date())).toBe('delivered')
    }
    expect(await orderLedger(draft.orderId)).toEqual([
      ['order_payment', -300],
      ['order_credit_returned', 300],
    ])
    expect(await balanceOf(customerId)).toBe(300)
    expect(await ledgerOfOrder(card.orderId)).toMatchObject({ voided: 0, refunded: card.total })
    expect((await refundRowsOf(card.orderId)).filter((row) => row.status === 'done')).toMatchObject(
      [{ kind: 'refund', amount: card.total, reference: `o${card.orderId}-all` }]
    )
    expect((await shopperEmails(card.email)).map((email) => email.status)).toEqual([
      'store_rejected',
    ])
    const memberEmails = await shopperEmails(member.email)
    expect(memberEmails.filter((email) => email.status === 'store_rejected')).toHaveLength(1)
  })
})

describe('20 deliveries of one settle effect at once', () => {
  it('move the money once', async () => {
    const order = await cardOrder()
    await actionThenStop(order.orderId, 'sent_to_store', {
      type: 'cancel',
      reason: 'Shopper asked',
    })
    const settle = await settleOf(order.orderId)
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => runEffect(bindings(), effectHandlers, settle.id, new Date()))
    )
    expect(outcomes.filter((outcome) => outcome === 'delivered')).toHaveLength(1)
    expect(await ledgerOfOrder(order.orderId)).toMatchObject({ voided: order.total, refunded: 0 })
    expect(await refundRowsOf(order.orderId)).toHaveLength(1)
    expect((await shopperEmails(order.email)).map((email) => email.status)).toEqual(['cancelled'])
  })
})

describe('any crashes and redeliveries of a settle', () => {
  it('give back exactly what the order held, once', async () => {
    const sandbox = requirePaymentSandbox(backendAdapters)
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('reject', 'cancel'),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 1, max: 4 }),
        async (type, settled, crashFirst, deliveries) => {
          const order = await cardOrder()
          if (settled) await sandbox.settleBatch(env.DB)
          await actionThenStop(order.orderId, 'sent_to_store', { type, reason: 'Property' })
          const settle = await settleOf(order.orderId)
          const crashing = {
            ...effectHandlers,
            [ACTION_EFFECTS.settle]: async (
              ...args: Parameters<NonNullable<(typeof effectHandlers)[string]>>
            ) => {
              await effectHandlers[ACTION_EFFECTS.settle]?.(...args)
              throw new Error('consumer crashed')
            },
          }
          for (let crash = 0; crash < crashFirst; crash++) {
            expect(await runEffect(bindings(), crashing, settle.id, new Date())).toBe('failed')
          }
          await Promise.all(
            Array.from({ length: deliveries }, () =>
              runEffect(bindings(), effectHandlers, settle.id, new Date())
            )
          )
          expect((await settleOf(order.orderId)).status).toBe('delivered')
          const ledger = await ledgerOfOrder(order.orderId)
          expect(ledger.refunded + ledger.voided).toBe(order.total)
          expect(await orderTotal(order.orderId)).toBe(0)
        }
      ),
      { numRuns: 4 }
    )
  }, 60_000)
})
