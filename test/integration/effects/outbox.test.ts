import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { confirmOrder } from '../../../worker/backend/checkout/orders.ts'
import { PLACED_EFFECTS } from '../../../worker/backend/checkout/placed-effect-rows.ts'
import { retryDelaySeconds, runEffect } from '../../../worker/backend/effects/consumer.ts'
import { sweepEffects } from '../../../worker/backend/effects/sweep.ts'
import { EFFECT_KIND_LABELS } from '../../../schemas/operator-effects.ts'
import { effectHandlers, type EffectsEnv } from '../../../worker/effects-queue.ts'
import worker from '../../../worker/index.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import { deliverEffects, fakeQueue } from '../../support/workers/effects.ts'
import { shardOfTests } from '../../support/workers/shards.ts'
import { testEnv } from '../auth/fixtures.ts'
import { placeDraft, seedCheckout } from '../store-orders/fixtures.ts'

/*
 * The transactional outbox (ADR 037): a placed order's effects are written with the placing and
 * run by the EFFECTS queue's consumer, so a provider that is down, a worker that stops after the
 * commit or a consumer that crashes mid-way loses nothing and sends nothing twice.
 */

beforeAll(async () => {
  await seedCheckout(env.DB)
})

afterEach(() => {
  vi.restoreAllMocks()
})

const HTTP_MESSAGING = {
  MESSAGING_PROVIDER: 'http',
  MESSAGING_API_URL: 'https://messages.example/send',
  MESSAGING_API_KEY: 'messaging-key',
}

async function placedCashOrder(queue: Queue) {
  const email = `outbox.${crypto.randomUUID()}@example.com`
  const draft = await placeDraft('delivery', 'paymentCash', email)
  const now = new Date()
  const summary = await confirmOrder(
    { ...testEnv, EFFECTS: queue },
    { businessId: 1, orderId: draft.orderId, now }
  )
  return { draft, email, summary, now }
}

async function effectsOf(orderId: number) {
  const { results } = await env.DB.prepare(
    `select id, kind, status, attempts, last_error, dispatched_at from effects
     where effect_key like ?1 order by id`
  )
    .bind(`order:${orderId}:placed:%`)
    .all<{
      id: number
      kind: string
      status: string
      attempts: number
      last_error: string | null
      dispatched_at: string | null
    }>()
  return results
}

async function confirmationsTo(email: string): Promise<number> {
  const row = await env.DB.prepare(
    `select count(*) as n from outbox where recipient = ?1 and template = 'order_confirmation'`
  )
    .bind(email)
    .first<{ n: number }>()
  return row?.n ?? -1
}

function emailEffect(effects: Awaited<ReturnType<typeof effectsOf>>) {
  const effect = effects.find((row) => row.kind === PLACED_EFFECTS.email)
  if (!effect) throw new Error('no confirmation email effect')
  return effect
}

describe('placing an order writes its effects with it', () => {
  it('hands them to the queue after the commit, once however often it is confirmed', async () => {
    const queue = fakeQueue()
    const { draft, summary, now } = await placedCashOrder(queue)
    expect(summary.status).toBe('sent_to_store')
    await confirmOrder(
      { ...testEnv, EFFECTS: queue },
      { businessId: 1, orderId: draft.orderId, now }
    )
    const effects = await effectsOf(draft.orderId)
    expect(effects.map((row) => row.kind).sort()).toEqual(Object.values(PLACED_EFFECTS).sort())
    expect(effects.every((row) => row.status === 'pending' && row.dispatched_at !== null)).toBe(
      true
    )
    // Each message names the shard of its row (ADR 047) and its business (ADR 063).
    const shard = await shardOfTests()
    expect(queue.sent).toEqual(effects.map((row) => ({ effectId: row.id, shard, businessId: 1 })))
  })

  it('20 concurrent confirms of one order write each effect once', async () => {
    const email = `race.${crypto.randomUUID()}@example.com`
    const draft = await placeDraft('delivery', 'paymentCash', email)
    const queue = fakeQueue()
    const now = new Date()
    await Promise.all(
      Array.from({ length: 20 }, () =>
        confirmOrder({ ...testEnv, EFFECTS: queue }, { businessId: 1, orderId: draft.orderId, now })
      )
    )
    expect(await effectsOf(draft.orderId)).toHaveLength(3)
    await deliverEffects()
    expect(await confirmationsTo(email)).toBe(1)
  })
})

describe('the messaging provider down during checkout', () => {
  it('places the order; the confirmation goes once, when the provider is back', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    fetch.mockRejectedValue(new Error('connection refused'))
    const { draft, summary } = await placedCashOrder(fakeQueue())
    expect(summary.status).toBe('sent_to_store')
    const bindings: EffectsEnv = { ...testEnv, ...backendAdapters, ...HTTP_MESSAGING }
    const email = emailEffect(await effectsOf(draft.orderId))
    expect(await runEffect(bindings, effectHandlers, email.id, new Date())).toBe('failed')
    const failed = emailEffect(await effectsOf(draft.orderId))
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 })
    expect(failed.last_error).not.toBeNull()

    fetch.mockResolvedValue(new Response('{}', { status: 202 }))
    expect(await runEffect(bindings, effectHandlers, email.id, new Date())).toBe('delivered')
    // The queue delivers the message again: the effect is done, nothing is sent.
    expect(await runEffect(bindings, effectHandlers, email.id, new Date())).toBe('not_due')
    const sent = fetch.mock.calls.filter(
      ([url]) => String(url) === HTTP_MESSAGING.MESSAGING_API_URL
    )
    expect(sent).toHaveLength(2)
    const headers = new Headers(sent[1]?.[1]?.headers)
    expect(headers.get('idempotency-key')).toBe(`order:${draft.orderId}:placed:email`)
    expect(emailEffect(await effectsOf(draft.orderId)).status).toBe('delivered')
  })
})

describe('the worker stops right after the commit', () => {
  it('the cron hands the effects on and each happens once', async () => {
    const { draft, email } = await placedCashOrder(fakeQueue(true))
    const stranded = await effectsOf(draft.orderId)
    expect(stranded.every((row) => row.status === 'pending' && row.dispatched_at === null)).toBe(
      true
    )
    const queue = fakeQueue()
    const later = new Date(Date.now() + 2 * 60_000)
    const swept = await sweepEffects({ DB: env.DB, EFFECTS: queue }, later)
    expect(swept.redispatched).toBeGreaterThanOrEqual(3)
    // The queue hands the messages to the Worker's consumer.
    const batch = createMessageBatch(
      'storefront-effects',
      queue.sent.map((body, index) => ({
        id: `m${index}`,
        timestamp: later,
        attempts: 1,
        body,
      }))
    )
    const ctx = createExecutionContext()
    await worker.queue(batch, { ...env })
    const result = await getQueueResult(batch, ctx)
    expect(result.retryMessages).toEqual([])
    expect(result.explicitAcks).toHaveLength(queue.sent.length)
    expect(await confirmationsTo(email)).toBe(1)
    expect((await effectsOf(draft.orderId)).every((row) => row.status === 'delivered')).toBe(true)
    // The next sweep finds nothing left to hand on.
    const again = fakeQueue()
    await sweepEffects({ DB: env.DB, EFFECTS: again }, new Date(later.getTime() + 60 * 60_000))
    expect(
      again.sent.filter((body) =>
        stranded.some((row) => (body as { effectId: number }).effectId === row.id)
      )
    ).toEqual([])
  })
})

describe('a consumer that crashes mid-way', () => {
  it('is redelivered and sends no second email', async () => {
    const { draft, email } = await placedCashOrder(fakeQueue())
    const effect = emailEffect(await effectsOf(draft.orderId))
    let crashes = 1
    const crashing = {
      ...effectHandlers,
      // Sends, then dies before the effect is marked delivered.
      [PLACED_EFFECTS.email]: async (
        ...args: Parameters<NonNullable<(typeof effectHandlers)[string]>>
      ) => {
        await effectHandlers[PLACED_EFFECTS.email]?.(...args)
        if (crashes-- > 0) throw new Error('consumer crashed')
      },
    }
    const bindings = { ...testEnv, ...backendAdapters }
    expect(await runEffect(bindings, crashing, effect.id, new Date())).toBe('failed')
    expect(await runEffect(bindings, crashing, effect.id, new Date())).toBe('delivered')
    expect(await confirmationsTo(email)).toBe(1)
  })

  it('20 deliveries of one message at once run the effect once', async () => {
    const { draft } = await placedCashOrder(fakeQueue())
    const effect = emailEffect(await effectsOf(draft.orderId))
    let runs = 0
    const counting = {
      [PLACED_EFFECTS.email]: async () => {
        runs++
        await new Promise((resolve) => setTimeout(resolve, 20))
      },
    }
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        runEffect({ ...testEnv, ...backendAdapters }, counting, effect.id, new Date())
      )
    )
    expect(runs).toBe(1)
    expect(outcomes.filter((outcome) => outcome === 'delivered')).toHaveLength(1)
  })
})

describe('the queues', () => {
  it('has an operator label for every kind of effect it runs (the failed tasks page)', () => {
    expect(Object.keys(effectHandlers).filter((kind) => !(kind in EFFECT_KIND_LABELS))).toEqual([])
  })

  it('retries a failed effect with a growing delay, and the dead-letter queue marks it dead', async () => {
    const { draft } = await placedCashOrder(fakeQueue())
    const effect = emailEffect(await effectsOf(draft.orderId))
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('connection refused'))
    const bindings = { ...env, ...HTTP_MESSAGING } as Env
    const attempt = async (attempts: number) => {
      const batch = createMessageBatch('storefront-effects', [
        { id: `a${attempts}`, timestamp: new Date(), attempts, body: { effectId: effect.id } },
      ])
      const ctx = createExecutionContext()
      await worker.queue(batch, bindings)
      return (await getQueueResult(batch, ctx)).retryMessages
    }
    expect(await attempt(1)).toMatchObject([{ msgId: 'a1' }])
    expect(await attempt(4)).toMatchObject([{ msgId: 'a4' }])
    // 30 s doubling per attempt, at most an hour.
    expect([1, 2, 4, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 240, 3600, 3600])

    const dead = createMessageBatch('storefront-effects-dlq', [
      { id: 'd1', timestamp: new Date(), attempts: 1, body: { effectId: effect.id } },
    ])
    const ctx = createExecutionContext()
    await worker.queue(dead, bindings)
    expect((await getQueueResult(dead, ctx)).explicitAcks).toEqual(['d1'])
    expect(emailEffect(await effectsOf(draft.orderId)).status).toBe('dead')
  })
})
