import { redispatchStranded, type RelayEnv } from './relay.ts'
import { deleteDeliveredBefore } from './repo.ts'

/** How long a delivered effect is kept, to answer "was the email sent?" (README "Privacy"). */
export const DELIVERED_EFFECT_RETENTION_DAYS = 30

/**
 * The cron's part of the outbox (ADR 037): hands on what the relay missed, and deletes delivered
 * effects past retention. Dead ones stay until an operator retries them.
 */
export async function sweepEffects(
  env: RelayEnv,
  now: Date
): Promise<{ redispatched: number; deleted: number }> {
  const redispatched = await redispatchStranded(env, now)
  const deleted = await deleteDeliveredBefore(
    env.DB,
    new Date(now.getTime() - DELIVERED_EFFECT_RETENTION_DAYS * 86_400_000)
  )
  return { redispatched, deleted }
}
