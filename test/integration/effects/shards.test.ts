import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
} from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import worker from '../../../worker/index.ts'
import { fakeQueue } from '../../support/workers/effects.ts'
import { place, secondShard } from '../../support/workers/shards.ts'
import { testEnv } from '../auth/fixtures.ts'
import { callWith, paymentBody, resultOf } from '../payments/fixtures.ts'
import { tokenOf, track } from '../tracking/fixtures.ts'
import { placeDraft, seedCheckout } from '../store-orders/fixtures.ts'

/*
 * ADR 047: the outbox and the crons of a business on the second shard. The Worker's `DB` is the
 * first shard and holds nothing of the business; its orders, effects and emails are on SHARD_2.
 * The relay's message names the shard, the queue's consumer opens it, and the cron goes over
 * every shard.
 */

// The Worker's bindings: DB is the first shard (captured before the swap below).
const workerEnv: Env = { ...testEnv }
let shard2: D1Database

beforeAll(async () => {
  shard2 = await secondShard()
  await place(1, 'SHARD_2')
  // The fixtures seed and read through env.DB: the business's shard.
  env.DB = shard2
  await seedCheckout(shard2)
}, 120_000)

/** A cash order of the business on SHARD_2, confirmed through the backend with this queue. */
async function cashOrderOnShard2(queue: Queue) {
  const email = `shard2.${crypto.randomUUID()}@example.com`
  const draft = await placeDraft('delivery', 'paymentCash', email)
  const paid = await callWith(
    { ...workerEnv, EFFECTS: queue },
    '/payments/make',
    paymentBody(draft, {
      paymentMethod: 'paymentCash',
      paymentGateway: 'cash',
      cashConfirmed: true,
    })
  )
  expect(resultOf(paid).status).toBe('succeeded')
  return { email, orderId: draft.orderId }
}

/** The queue hands what it was sent to the Worker's own consumer. */
async function consume(sent: ReadonlyArray<unknown>, at: Date) {
  const batch = createMessageBatch(
    'storefront-effects',
    sent.map((body, index) => ({ id: `m${index}`, timestamp: at, attempts: 1, body }))
  )
  const ctx = createExecutionContext()
  await worker.queue(batch, workerEnv)
  return getQueueResult(batch, ctx)
}

async function confirmationsTo(db: D1Database, email: string): Promise<number> {
  const row = await db
    .prepare(
      `select count(*) as n from outbox where recipient = ?1 and template = 'order_confirmation'`
    )
    .bind(email)
    .first<{ n: number }>()
  return row?.n ?? -1
}

describe('a business on the second shard', () => {
  it('gets its queued confirmation email: the message names the shard the consumer opens', async () => {
    const queue = fakeQueue()
    const { email } = await cashOrderOnShard2(queue)
    expect(queue.sent.length).toBeGreaterThanOrEqual(3)
    expect(queue.sent).toContainEqual(expect.objectContaining({ shard: 'SHARD_2' }))

    const result = await consume(queue.sent, new Date())

    expect(result.retryMessages).toEqual([])
    expect(await confirmationsTo(shard2, email)).toBe(1)
    const { results } = await shard2
      .prepare(`select distinct status from effects where effect_key like 'order:%:placed:%'`)
      .all<{ status: string }>()
    expect(results).toEqual([{ status: 'delivered' }])
    // The email's tracking link, a call that names only its business, opens the order there.
    const sent = await shard2
      .prepare(`select payload_json from outbox where recipient = ?1`)
      .bind(email)
      .first<{ payload_json: string }>()
    const { trackingPath } = JSON.parse(sent?.payload_json ?? '{}') as { trackingPath?: string }
    const path = String(trackingPath)
    const orderNumber = decodeURIComponent(new URL(path, 'https://localhost').pathname.slice(7))
    const tracked = await track({ orderNumber, token: tokenOf(path) })
    expect(tracked.status, JSON.stringify(tracked.json)).toBe(200)
    expect(tracked.json).toMatchObject({ orderNumber })
  })

  it('has its cron work done: stranded effects handed on and old failed sign-ins deleted', async () => {
    // The Worker stopped after the commit: nothing reached the queue.
    const { email } = await cashOrderOnShard2(fakeQueue(true))
    await shard2
      .prepare(
        `insert into login_failures (business_id, identifier_hash, failed_at)
         values (1, 'abc123', '2000-01-01T00:00:00.000Z')`
      )
      .run()
    const queue = fakeQueue()
    const later = Date.now() + 2 * 60_000

    await worker.scheduled(createScheduledController({ scheduledTime: later }), {
      ...workerEnv,
      EFFECTS: queue,
    })

    expect(queue.sent).not.toEqual([])
    expect(queue.sent.every((body) => (body as { shard?: string }).shard === 'SHARD_2')).toBe(true)
    expect((await consume(queue.sent, new Date(later))).retryMessages).toEqual([])
    expect(await confirmationsTo(shard2, email)).toBe(1)
    const failures = await shard2
      .prepare(`select count(*) as n from login_failures where identifier_hash = 'abc123'`)
      .first<{ n: number }>()
    expect(failures?.n).toBe(0)
  })
})
