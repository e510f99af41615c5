import type { Context, ExecutionContext } from 'hono'
import { logError } from './log.ts'

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
