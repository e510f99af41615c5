import type { MiddlewareHandler } from 'hono'
import { ClockStateSchema } from '../../schemas/development.ts'
import { pinClock } from '../lib/clock.ts'

/** Where the storefront proxies the development clock (worker/backend/development). */
export const DEV_CLOCK_API_PATH = '/api/dev/clock'

/**
 * The development clock's pin lives in each isolate (worker/lib/clock.ts). With the backend in its
 * own Worker (ADR 046) a pin through /api moves the backend's clock only, so pages would render,
 * and the sandbox gateways sign, by another time than the backend keeps (a one-time code the
 * backend issued at the pinned instant would look expired here). After the backend answers a pin,
 * this isolate takes the same instant. Development and test only: the route is not found elsewhere
 * (DEVELOPMENT_ONLY_PATHS), before this runs.
 */
export function devClockMirror(): MiddlewareHandler<{ Bindings: Env }> {
  return async (c, next) => {
    await next()
    if (c.req.method !== 'PUT' || !c.res.ok) return
    const state = ClockStateSchema.safeParse(
      await c.res
        .clone()
        .json()
        .catch(() => null)
    )
    if (state.success) pinClock(c.env, state.data.pinned ? new Date(state.data.now) : null)
  }
}
