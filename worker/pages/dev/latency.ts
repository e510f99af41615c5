import type { Context } from 'hono'
import { type RoundTrips, RoundTripsSchema } from '../../../schemas/development.ts'
import type { AppEnv } from '../../env.ts'
import { type PurgeArea, purgePublicCache } from '../../lib/cache-purge.ts'
import { nowMs } from '../../lib/clock.ts'
import { takeRoundTrips } from '../../lib/latency-simulation.ts'
import { bumpPageVersion } from '../../lib/page-cache-version.ts'

/*
 * The latency bench's development tools (ADR 046, 062), under /dev/* so not found outside
 * development: a purge as an operator's change makes it, so a page's next render is a real miss
 * (no kept page, no KV answer: every call goes to the backend), and the simulated round trips a
 * flow waited for.
 */

export const DEV_PAGE_CACHE_PURGE_PATH = '/dev/page-cache/purge'
export const DEV_ROUND_TRIPS_PATH = '/dev/round-trips'

// What an operator's change to the shop's stores, catalogue, deals and content purges. Not the
// brand: its host lookup is held per isolate (ADR 042) as it would be after most changes.
const PURGED: ReadonlyArray<PurgeArea> = ['stores', 'catalogue', 'promotions', 'content']

/** Purges the business's public KV answers and moves its pages to a new version. */
export async function devPageCachePurge(c: Context<AppEnv>): Promise<Response> {
  const businessId = c.var.brand.businessId
  const [purged] = await Promise.all([
    purgePublicCache(c.env.CACHE, businessId, PURGED),
    bumpPageVersion(c.env.CACHE, businessId, nowMs(c.env)),
  ])
  return c.json({ purged })
}

/**
 * The round trips both Workers waited for since the last call: the storefront's hops to the
 * backend and D1's (in process, the storefront counted them all), then the backend Worker's D1.
 * Asking the backend is itself a hop; it is dropped, so it never counts towards the next flow.
 */
export async function devRoundTrips(c: Context<AppEnv>): Promise<Response> {
  const here = takeRoundTrips()
  const there = await c.var.backend.post('/dev/round-trips', { schema: RoundTripsSchema })
  takeRoundTrips()
  const sum = <K extends keyof RoundTrips>(key: K) => here[key] + there[key]
  return c.json({
    backendHops: sum('backendHops'),
    d1Sequential: sum('d1Sequential'),
    d1Statements: sum('d1Statements'),
    d1Primary: sum('d1Primary'),
    d1Replica: sum('d1Replica'),
    d1Background: sum('d1Background'),
  } satisfies RoundTrips)
}
