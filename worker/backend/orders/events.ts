import type { OrderChange, WiredAdapters } from '../adapters.ts'

/**
 * Tells the order's subscribers (wired in createBackend: the store boards, then tracking) that it
 * changed, in order. Every subscriber runs even when one fails; then the first failure is thrown,
 * so an effect that publishes (the placing's board notice, ADR 037) is retried, and a caller
 * that must not fail catches it.
 */
export async function publishOrderChange(
  env: Env & WiredAdapters,
  change: OrderChange,
  now: Date
): Promise<void> {
  const failures: Array<unknown> = []
  for (const subscriber of env.orderSubscribers) {
    try {
      await subscriber(env, change, now)
    } catch (error) {
      failures.push(error)
    }
  }
  if (failures.length > 0) throw failures[0]
}
