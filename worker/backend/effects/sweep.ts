import { redispatchStranded, type RelayEnv } from './relay.ts'

/**
 * The every-minute cron's part of the outbox (ADR 037): hands on what the relay missed. Delivered
 * effects are deleted by the daily retention sweep (worker/backend/retention.ts); dead ones stay
 * until an operator retries them.
 */
export async function sweepEffects(env: RelayEnv, now: Date): Promise<{ redispatched: number }> {
  return { redispatched: await redispatchStranded(env, now) }
}
