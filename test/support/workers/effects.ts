import { env } from 'cloudflare:test'
import { runEffect, type EffectOutcome } from '../../../worker/backend/effects/consumer.ts'
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
