import { env } from 'cloudflare:test'
import { runEffect, type EffectOutcome } from '../../../worker/backend/effects/consumer.ts'
import type { EffectHandlers } from '../../../worker/backend/effects/handlers.ts'
import { effectHandlers, type EffectsEnv } from '../../../worker/effects-queue.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'

/**
 * Runs the outbox's pending effects now, through the queue consumer's own runEffect, as the
 * EFFECTS queue would: a test then sees the emails, events and notices of what it did. The real
 * queue may also deliver them in the background; the effects' leases and keys keep each once.
 */
export async function deliverEffects(
  options: { env?: EffectsEnv; handlers?: EffectHandlers<EffectsEnv>; now?: Date } = {}
): Promise<Array<EffectOutcome>> {
  const bindings = options.env ?? { ...env, ...backendAdapters }
  const outcomes: Array<EffectOutcome> = []
  // A row another run holds (the background queue) is waited for, briefly.
  for (let round = 0; round < 50; round++) {
    const { results } = await bindings.DB.prepare(
      `select id, lease_until from effects where status = 'pending' order by id`
    ).all<{ id: number; lease_until: string | null }>()
    if (results.length === 0) break
    let progressed = false
    for (const { id } of results) {
      const outcome = await runEffect(
        bindings,
        options.handlers ?? effectHandlers,
        id,
        options.now ?? new Date()
      )
      outcomes.push(outcome)
      if (outcome !== 'not_due') progressed = true
    }
    if (progressed && outcomes.every((outcome) => outcome !== 'failed')) continue
    if (outcomes.includes('failed')) break
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return outcomes
}
