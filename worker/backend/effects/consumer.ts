import { z } from 'zod'
import { logError } from '../../lib/log.ts'
import { withChildScope } from '../../lib/request-scope.ts'
import { envOfShard, SHARD_NAME } from '../shard.ts'
import type { EffectHandlers } from './handlers.ts'
import { type EffectRow, leaseEffect, markDead, markDelivered, recordFailure } from './repo.ts'

/*
 * The EFFECTS queue's consumer and its dead-letter queue's (ADR 037). A message names one effect
 * row; the row, not the message, says whether it still has to run, so a message delivered twice,
 * or after the cron handed the row on again, runs the effect at most once at a time and never
 * after it was delivered. The row is on the shard the message names (ADR 047); a message sent
 * before shards named none, and its row is on DB.
 */

export const EffectMessageSchema = z.object({
  effectId: z.number().int().positive(),
  shard: z.string().regex(SHARD_NAME).optional(),
})
export type EffectMessage = z.infer<typeof EffectMessageSchema>

/** How long one run may hold an effect before another delivery may take it. */
export const EFFECT_LEASE_MS = 60_000

/** The queue's retry delay after the nth failed attempt: 30 s doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600)
}

export type EffectOutcome = 'delivered' | 'not_due' | 'failed'

/**
 * Runs one effect if it is pending and free: delivered, not due (already delivered, dead, held by
 * another run, unknown), or failed (the error is recorded on the row, the lease given back).
 */
export async function runEffect<E extends { DB: D1Database }>(
  env: E,
  handlers: EffectHandlers<E>,
  effectId: number,
  now: Date
): Promise<EffectOutcome> {
  const row = await leaseEffect(env.DB, effectId, now, EFFECT_LEASE_MS)
  if (!row) return 'not_due'
  const payload = JSON.parse(row.payload_json) as unknown
  // Each effect's lines name its order, and the next effect of the batch starts afresh.
  return withChildScope(
    { effectId, effectKind: row.kind, businessId: row.business_id, orderId: orderIdOf(payload) },
    () => deliver(env, handlers, row, payload, now)
  )
}

function orderIdOf(payload: unknown): number | undefined {
  if (payload === null || typeof payload !== 'object' || !('orderId' in payload)) return undefined
  return typeof payload.orderId === 'number' ? payload.orderId : undefined
}

async function deliver<E extends { DB: D1Database }>(
  env: E,
  handlers: EffectHandlers<E>,
  row: EffectRow,
  payload: unknown,
  now: Date
): Promise<EffectOutcome> {
  const effectId = row.id
  try {
    const handler = handlers[row.kind]
    if (!handler) throw new Error(`no handler for effect kind "${row.kind}"`)
    await handler(env, {
      businessId: row.business_id,
      key: row.effect_key,
      payload,
      now,
    })
  } catch (error) {
    await recordFailure(env.DB, effectId, error instanceof Error ? error.message : String(error))
    logError(
      error,
      { event: 'effect failed', effectId, kind: row.kind, attempt: row.attempts },
      'warn'
    )
    return 'failed'
  }
  await markDelivered(env.DB, effectId, now)
  return 'delivered'
}

/** The EFFECTS queue's batch: each message acked once its effect is settled, else retried. */
export async function consumeEffects<E extends Env>(
  batch: MessageBatch<unknown>,
  env: E,
  handlers: EffectHandlers<E>,
  now: Date
): Promise<void> {
  for (const message of batch.messages) {
    const parsed = EffectMessageSchema.safeParse(message.body)
    if (!parsed.success) {
      // Nothing to run: a message not of this shape can never succeed.
      logError(new Error('effect message malformed'), { event: 'effect message malformed' })
      message.ack()
      continue
    }
    const shard = parsed.data.shard ?? 'DB'
    let shardEnv: E
    try {
      shardEnv = envOfShard(env, shard)
    } catch (error) {
      // A shard this Worker has no binding for (a deploy without it): the queue tries again.
      logError(error, { event: 'effect shard unbound', effectId: parsed.data.effectId, shard })
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) })
      continue
    }
    const outcome = await runEffect(shardEnv, handlers, parsed.data.effectId, now)
    if (outcome === 'failed') message.retry({ delaySeconds: retryDelaySeconds(message.attempts) })
    else message.ack()
  }
}

/** The dead-letter queue's batch: its effects are marked dead, for operators to see and retry. */
export async function consumeDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const parsed = EffectMessageSchema.safeParse(message.body)
    if (parsed.success) {
      await markDead(envOfShard(env, parsed.data.shard ?? 'DB').DB, parsed.data.effectId)
      logError(new Error('effect gave up'), {
        event: 'effect dead',
        effectId: parsed.data.effectId,
      })
    }
    message.ack()
  }
}
