import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
} from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { confirmOrder } from '../../../worker/backend/checkout/orders.ts'
import { sweepEffects } from '../../../worker/backend/effects/sweep.ts'
import BackendWorker from '../../../worker/backend-worker.ts'
import { EVERY_MINUTE_CRON } from '../../../worker/cron-schedules.ts'
import { fakeQueue } from '../../support/workers/effects.ts'
import { testEnv } from '../auth/fixtures.ts'
import { placeDraft, seedCheckout } from '../store-orders/fixtures.ts'

/*
 * The cron and the effects queue's consumer run in the backend Worker, beside the data (ADR 046):
 * its entrypoint's scheduled() and queue() handlers do the work the storefront's used to, with the
 * same bindings.
 */

const MINUTE = 60_000

beforeAll(async () => {
  await seedCheckout(env.DB)
})

function backendWorker(): { worker: BackendWorker; ctx: ExecutionContext } {
  const ctx = createExecutionContext()
  return { worker: new BackendWorker(ctx, { ...env }), ctx }
}

/** A cash order whose effects never reached the queue (the Worker stopped after the commit). */
async function strandedOrder() {
  const email = `backend.${crypto.randomUUID()}@example.com`
  const draft = await placeDraft('delivery', 'paymentCash', email)
  await confirmOrder(
    { ...testEnv, EFFECTS: fakeQueue(true) },
    { businessId: 1, orderId: draft.orderId, now: new Date() }
  )
  return { orderId: draft.orderId, email }
}

async function confirmationsTo(email: string): Promise<number> {
  const row = await env.DB.prepare(
    `select count(*) as n from outbox where recipient = ?1 and template = 'order_confirmation'`
  )
    .bind(email)
    .first<{ n: number }>()
  return row?.n ?? -1
}

async function statusesOf(orderId: number): Promise<Array<string>> {
  const { results } = await env.DB.prepare(
    `select status from effects where effect_key like ?1 order by id`
  )
    .bind(`order:${orderId}:placed:%`)
    .all<{ status: string }>()
  return results.map(({ status }) => status)
}

describe('the backend Worker runs the background work', () => {
  // Placing an order and running its effects can outlast 5 s on two busy cores.
  it("consumes the effects queue: a placed order's confirmation is sent once", async () => {
    const { orderId, email } = await strandedOrder()
    const queue = fakeQueue()
    const later = new Date(Date.now() + 2 * 60_000)
    await sweepEffects({ DB: env.DB, EFFECTS: queue }, later)
    const batch = createMessageBatch(
      'storefront-effects',
      queue.sent.map((body, index) => ({ id: `m${index}`, timestamp: later, attempts: 1, body }))
    )
    const { worker, ctx } = backendWorker()
    await worker.queue(batch)
    const result = await getQueueResult(batch, ctx)
    expect(result.retryMessages).toEqual([])
    expect(await confirmationsTo(email)).toBe(1)
    expect(await statusesOf(orderId)).not.toContain('pending')
  }, 30_000)

  it('runs the cron: failed password checks older than an hour are deleted', async () => {
    const hash = `backend-cron-${crypto.randomUUID()}`
    const now = Date.now()
    await env.DB.batch(
      [now - 3 * 60 * MINUTE, now - 61 * MINUTE, now - 59 * MINUTE, now].map((at) =>
        env.DB.prepare(
          'insert into login_failures (business_id, identifier_hash, failed_at) values (1, ?1, ?2)'
        ).bind(hash, new Date(at).toISOString())
      )
    )
    const { worker } = backendWorker()
    await worker.scheduled(
      createScheduledController({ scheduledTime: now, cron: EVERY_MINUTE_CRON })
    )
    const left = await env.DB.prepare(
      'select count(*) as n from login_failures where identifier_hash = ?1'
    )
      .bind(hash)
      .first<{ n: number }>()
    expect(left?.n).toBe(2)
  })
})
