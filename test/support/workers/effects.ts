import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { runEffect, type EffectOutcome } from '../../../worker/backend/effects/consumer.ts'
import { sweepEffects } from '../../../worker/backend/effects/sweep.ts'
import worker from '../../../worker/index.ts'
import type { EffectHandlers } from '../../../worker/backend/effects/handlers.ts'
import { effectHandlers, type EffectsEnv } from '../../../worker/effects-queue.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'

/**
 * Runs the outbox's pending effects now, through the queue consumer's own runEffect, as the
 * EFFECTS queue would: a test then sees the emails, events and notices of what it did. The pool's
 * producer feeds a queue nobody consumes (test/vitest.config.ts), so nothing else runs them; a
 * run the test started itself holds its lease, and the effect's key keeps it once.
 */
export async function deliverEffects(
  options: { env?: EffectsEnv; handlers?: EffectHandlers<EffectsEnv>; now?: Date } = {}
): Promise<Array<EffectOutcome>> {
  const bindings = options.env ?? { ...env, ...backendAdapters }
  const outcomes: Array<EffectOutcome> = []
  // A row another run holds (a concurrent delivery) is waited for, briefly; a failure stays
  // pending for the caller to look at, as the queue's retry would find it.
  for (let round = 0; round < 50; round++) {
    const { results } = await bindings.DB.prepare(
      `select id from effects where status = 'pending' order by id`
    ).all<{ id: number }>()
    if (results.length === 0) break
    const ran: Array<EffectOutcome> = []
    for (const { id } of results) {
      ran.push(
        await runEffect(bindings, options.handlers ?? effectHandlers, id, options.now ?? new Date())
      )
    }
    outcomes.push(...ran)
    if (ran.includes('failed')) break
    if (!ran.includes('delivered')) await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return outcomes
}

/** A queue that keeps what it is sent, or refuses everything (the worker stopping there). */
export function fakeQueue(refuse = false): Queue & { sent: Array<unknown> } {
  const sent: Array<unknown> = []
  const send = (body: unknown) => {
    if (refuse) return Promise.reject(new Error('queue unavailable'))
    sent.push(body)
    return Promise.resolve()
  }
  return {
    sent,
    send: (body: unknown) => send(body),
    sendBatch: async (messages: Iterable<MessageSendRequest>) => {
      for (const message of messages) await send(message.body)
    },
  } as unknown as Queue & { sent: Array<unknown> }
}

/**
 * The Worker stops right after its first batch that wrote committed (batches that only read, as
 * a basket's or a referral's reads do, pass): the request dies (every later use of its database
 * throws), nothing after the commit runs.
 */
export function stopsAfterTheBatch(db: D1Database): D1Database {
  let stopped = false
  return new Proxy(db, {
    get(target, property) {
      if (stopped) throw new Error('worker stopped')
      if (property === 'batch') {
        return async (statements: Array<D1PreparedStatement>) => {
          const results = await target.batch(statements)
          if (results.some((result) => result.meta.changes > 0)) stopped = true
          return results
        }
      }
      const value: unknown = Reflect.get(target, property)
      return typeof value === 'function'
        ? (value as (...a: Array<unknown>) => unknown).bind(target)
        : value
    },
  })
}

/**
 * The cron's sweep at `at` hands stranded effects to the queue, and the queue hands them to the
 * Worker's own queue() handler: what a stopped Worker's effects go through. Answers the ids it
 * handed on and the messages the consumer asked to retry.
 */
export async function sweepThenConsume(
  at: Date,
  bindings: Env = { ...env }
): Promise<{ handedOn: Array<number>; retried: number }> {
  const queue = fakeQueue()
  await sweepEffects({ DB: env.DB, EFFECTS: queue }, at)
  const batch = createMessageBatch(
    'storefront-effects',
    queue.sent.map((body, index) => ({ id: `m${index}`, timestamp: at, attempts: 1, body }))
  )
  const ctx = createExecutionContext()
  await worker.queue(batch, bindings)
  const result = await getQueueResult(batch, ctx)
  return {
    handedOn: queue.sent.map((body) => (body as { effectId: number }).effectId),
    retried: result.retryMessages.length,
  }
}
