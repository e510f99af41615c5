import type { Context } from 'hono'
import { executionContext, finishInBackground } from '../lib/background.ts'
import { now } from '../lib/clock.ts'
import type { BackgroundRun } from './adapters.ts'
import type { BackendEnv } from './env.ts'

/** A route's background run: the bindings, the app clock and the request's waitUntil. */
export function backgroundRunOf(c: Context<BackendEnv>): BackgroundRun {
  const ctx = executionContext(c)
  return {
    env: c.env,
    now: now(c.env),
    defer: (work, event) => finishInBackground(ctx, work, { requestId: c.var.requestId, event }),
  }
}
