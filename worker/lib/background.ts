import { AsyncLocalStorage } from 'node:async_hooks'
import type { Context, ExecutionContext } from 'hono'
import { logError } from './log.ts'

// Marks work started by runInBackground, so the latency bench's round-trip count can tell what
// an answer waited for from what ran after it (worker/lib/latency-simulation.ts).
const background = new AsyncLocalStorage<true>()

/** Whether the running code is work the answer does not wait for (runInBackground). */
export function isBackgroundWork(): boolean {
  return background.getStore() === true
}

/**
 * Runs `work` marked as background work all the way down: what no shopper's request waits for
 * (after an answer, a queue batch, the cron).
 */
export function asBackgroundWork<T>(work: () => T): T {
  return background.run(true, work)
}

/** The request's execution context, or undefined when the app was called without one. */
export function executionContext(c: Context): ExecutionContext | undefined {
  try {
    return c.executionCtx
  } catch {
    // Hono throws when the app was called without one (app.request in tests).
    return undefined
  }
}

/**
 * Lets work finish after the answer is sent (waitUntil); without an execution context it finishes
 * before. A failure is logged as a warning and never fails the request: this is for work such as
 * cache writes that the answer does not depend on.
 */
export async function finishInBackground(
  ctx: ExecutionContext | undefined,
  work: Promise<unknown>,
  log: { requestId: string; event: string }
): Promise<void> {
  const settled = work.then(
    () => undefined,
    (error: unknown) => logError(error, log, 'warn')
  )
  if (ctx) ctx.waitUntil(settled)
  else await settled
}

/**
 * Starts `work` and lets it finish after the answer (finishInBackground), marked as background
 * work all the way down: what an answer does not depend on, such as handing committed effects to
 * the queue.
 */
export function runInBackground(
  ctx: ExecutionContext | undefined,
  work: () => Promise<unknown>,
  log: { requestId: string; event: string }
): Promise<void> {
  return finishInBackground(ctx, asBackgroundWork(work), log)
}
