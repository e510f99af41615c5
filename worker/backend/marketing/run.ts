import type { Context } from 'hono'
import { backgroundRunOf } from '../background-run.ts'
import type { BackendEnv } from '../env.ts'
import type { MarketingRun } from './effects.ts'

/** A route's marketing run: the bindings, the app clock and the request's waitUntil. */
export function marketingRunOf(c: Context<BackendEnv>): MarketingRun {
  return backgroundRunOf(c)
}
