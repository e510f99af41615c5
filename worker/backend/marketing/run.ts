import type { Context } from 'hono'
import { executionContext, finishInBackground } from '../../lib/background.ts'
import { now } from '../../lib/clock.ts'
import type { BackendEnv } from '../env.ts'
import type { MarketingRun } from './effects.ts'

/** A route's marketing run: the bindings, the app clock and the request's waitUntil. */
export function marketingRunOf(c: Context<BackendEnv>): MarketingRun {
  const ctx = executionContext(c)
  return {
    env: c.env,
    now: now(c.env),
    defer: (work, event) => finishInBackground(ctx, work, { requestId: c.var.requestId, event }),
  }
}
