import { z } from 'zod'
import { logError } from '../../lib/log.ts'
import { withChildScope } from '../../lib/request-scope.ts'
import { placementOf } from '../directory/repo.ts'
import { envOfShard, SHARD_NAME } from '../shard.ts'
import type { EffectHandlers } from './handlers.ts'
import { type EffectRow, leaseEffect, markDead, markDelivered, recordFailure } from './repo.ts'

/*
 * The EFFECTS queue's consumer and its dead-letter queue's (ADR 037). A message names one effect
 * row; the row, not the message, says whether it still has to run, so a message delivered twice,
 * or after the cron handed the row on again, runs the effect at most once at a time and never
 * after it was delivered. The row is on the shard of the business the message names, as the
 * directory places it when the message runs (ADR 063: a business moved since keeps its ids on its
 * new shard), and only that business's row is taken; a message sent before businesses were named
 * opens the shard it names (ADR 047), or DB when it names none.
 */

export const EffectMessageSchema = z.object({
  effectId: z.number().int().positive(),
  shard: z.string().regex(SHARD_NAME).optional(),
  businessId: z.number().int().positive().optional(),
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
  now: Date,
  businessId: number | null = null
): Promise<EffectOutcome> {
  const row = await leaseEffect(env.DB, effectId, now, EFFECT_LEASE_MS, businessId)
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
    const { effectId, businessId } = parsed.data
    let shardEnv: E
    try {
      const shard = await shardOfMessage(env, parsed.data)
      if (shard === null) {
        // Its business is being moved: its rows only read until the directory switches.
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) })
        continue
      }
      shardEnv = envOfShard(env, shard)
    } catch (error) {
      // A shard this Worker has no binding for (a deploy without it): the queue tries again.
      logError(error, { event: 'effect shard unbound', effectId, shard: parsed.data.shard })
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) })
      continue
    }
    const outcome = await runEffect(shardEnv, handlers, effectId, now, businessId ?? null)
    if (outcome === 'failed') message.retry({ delaySeconds: retryDelaySeconds(message.attempts) })
    else message.ack()
  }
}

/**
 * The shard a message's effect is on: its business's, as the directory places it now; the shard
 * the message names when it names no business or there is no directory. Null while the business
 * is being moved (its writes are refused until the switch).
 */
async function shardOfMessage(env: Env, message: EffectMessage): Promise<string | null> {
  const named = message.shard ?? 'DB'
  if (message.businessId === undefined || !env.DIRECTORY) return named
  const placement = await placementOf(env.DIRECTORY, message.businessId)
  if (placement?.movingTo) return null
  return placement?.shard ?? named
}

/** The dead-letter queue's batch: its effects are marked dead, for operators to see and retry. */
export async function consumeDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const parsed = EffectMessageSchema.safeParse(message.body)
    if (parsed.success) {
      // A business being moved has its shard still: the mark is a write the move would refuse,
      // so its letter waits for the switch.
      const shard = await shardOfMessage(env, parsed.data)
      if (shard === null) {
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) })
        continue
      }
      await markDead(
        envOfShard(env, shard).DB,
        parsed.data.effectId,
        parsed.data.businessId ?? null
      )
      logError(new Error('effect gave up'), {
        event: 'effect dead',
        effectId: parsed.data.effectId,
      })
    }
    message.ack()
  }
}
