import { z } from 'zod'

/*
 * How the Worker reaches an order's tracker Durable Object (ADR 019). The object is reachable only
 * through its stub (never from the internet): the watcher and snapshot headers below are set by
 * connectTracker after the page's route had the backend authorise the caller, and are trusted.
 */

/** The stubs' origin: never resolved, a Durable Object stub answers every URL itself. */
export const TRACKER_ORIGIN = 'https://order-tracker.internal'
export const TRACKER_EVENTS_PATH = '/events'
export const TRACKER_CONNECT_PATH = '/connect'
export const TRACKER_WATCHERS_PATH = '/watchers'

/** Who watches (kind only: the tracker never learns who the shopper is). */
export const WATCHER_HEADER = 'x-tracker-watcher'
/** The authorised snapshot the route fetched, URI-encoded JSON: the socket's `hello`. */
export const SNAPSHOT_HEADER = 'x-tracker-snapshot'

export const WATCHER_KINDS = ['link', 'shopper'] as const
export type TrackerWatcher = z.infer<typeof TrackerWatcherSchema>
export const TrackerWatcherSchema = z.object({ kind: z.enum(WATCHER_KINDS) })

/** One tracker per order of a business, by the order number the page names. */
export function trackerName(businessId: number, orderNumber: string): string {
  return `tracker:${businessId}:${orderNumber}`
}

export function trackerStub(
  env: Pick<Env, 'ORDER_TRACKER'>,
  businessId: number,
  orderNumber: string
): DurableObjectStub {
  return env.ORDER_TRACKER.get(env.ORDER_TRACKER.idFromName(trackerName(businessId, orderNumber)))
}
