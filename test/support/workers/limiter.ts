/**
 * A rate-limit binding whose window never turns over: each key is allowed `limit` calls for the
 * whole test, and every call after that is refused.
 *
 * The local binding (miniflare's) counts in windows aligned to the wall clock's minute, so a
 * burst that straddles a minute is split between two windows: a test expecting the 21st call to
 * be refused passes or fails by the second it runs at. Tests of a limit use this instead, with
 * the limit wrangler.toml gives the binding, so they pass at any hour.
 *
 * @example const bindings = { ...testEnv, AUTH_LIMITER: countingLimiter(WRANGLER_LIMITS.AUTH_LIMITER) }
 */
export function countingLimiter(limit: number): RateLimit {
  const calls = new Map<string, number>()
  return {
    limit({ key }) {
      const count = (calls.get(key) ?? 0) + 1
      calls.set(key, count)
      return Promise.resolve({ success: count <= limit })
    },
  }
}

/** The per-minute limits of wrangler.toml's [[ratelimits]] bindings. */
export const WRANGLER_LIMITS = {
  STORE_SEARCH_LIMITER: 60,
  STORE_DETAILS_LIMITER: 300,
  AUTH_LIMITER: 20,
  CONTACT_LIMITER: 3,
} as const
