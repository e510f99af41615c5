import { logError } from '../../lib/log.ts'
import { shardOf, type ShardEnv } from '../shard.ts'
import type { EffectMessage } from './consumer.ts'
import { type EffectRef, markDispatched, pendingEffects, strandedEffects } from './repo.ts'

/*
 * The relay (ADR 037): hands committed effects to the EFFECTS queue. Right after the batch that
 * wrote them, and from the cron for the rows that call never handed on (the worker stopped after
 * the commit, the queue refused). Never throws: an effect not handed on now is by the cron.
 */

export interface RelayEnv extends ShardEnv {
  DB: D1Database
  EFFECTS?: Queue | undefined
}

async function send(env: RelayEnv, effects: ReadonlyArray<EffectRef>, now: Date): Promise<number> {
  if (effects.length === 0) return 0
  if (!env.EFFECTS) {
    logError(new Error('the EFFECTS queue is not bound'), { event: 'effects not dispatched' })
    return 0
  }
  try {
    // The message names the shard its row is on (ADR 047) and its business (ADR 063): the
    // consumer opens the business's shard as the directory says when it runs, and takes only that
    // business's row, so a business moved meanwhile, or the same id on another shard, is safe.
    const shard = shardOf(env)
    // A queue batch holds at most 100 messages.
    for (let start = 0; start < effects.length; start += 100) {
      const chunk = effects.slice(start, start + 100)
      await env.EFFECTS.sendBatch(
        chunk.map(({ id, businessId }) => ({
          body: { effectId: id, shard, businessId } satisfies EffectMessage,
        }))
      )
      await markDispatched(
        env.DB,
        chunk.map((effect) => effect.id),
        now
      )
    }
    return effects.length
  } catch (error) {
    logError(error, { event: 'effects not dispatched', effects: effects.length })
    return 0
  }
}

/** After a batch committed: hands its effects (by key) to the queue. */
export async function dispatchEffects(
  env: RelayEnv,
  keys: ReadonlyArray<string>,
  now: Date
): Promise<void> {
  try {
    await send(env, await pendingEffects(env.DB, keys), now)
  } catch (error) {
    logError(error, { event: 'effects not dispatched' })
  }
}

/** Hands these effects (an operator's retry) to the queue now. */
export async function dispatchEffectRefs(
  env: RelayEnv,
  effects: ReadonlyArray<EffectRef>,
  now: Date
): Promise<void> {
  await send(env, effects, now)
}

/** A message not delivered after this long is taken as lost and the effect handed on again. */
export const REDISPATCH_AFTER_MS = 30 * 60_000

/** The cron: hands on pending effects never dispatched or whose message was lost. */
export async function redispatchStranded(env: RelayEnv, now: Date): Promise<number> {
  return send(env, await strandedEffects(env.DB, now, REDISPATCH_AFTER_MS, 500), now)
}
