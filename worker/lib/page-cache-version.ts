import { setBounded } from './bounded-map.ts'

/*
 * The content version of a business's public pages (ADR 042): part of every page cache key, so
 * bumping it purges every cached page of every brand and location of the business at once, with
 * no list of keys to delete (the Cache API can neither list nor purge by tag).
 *
 * A page cache hit must not pay a KV read for it (ADR 062): the version is held per isolate for
 * VERSION_HELD_MS after it was read, and the isolate that bumps it holds the new one at once.
 */

/** The KV key of a business's page version. */
export function pageVersionKey(businessId: number): string {
  return `page-version:b${businessId}`
}

/** The version before any operator change was made. */
const FIRST_VERSION = '0'

/**
 * How long an isolate serves pages under the version it last read before reading it again. KV
 * itself lets another location read the old value for up to 60 s after a change (its edge
 * cache), so 5 s more, at most, on an isolate that did not make the change is within the bound
 * ADR 042 already states; the isolate that made the change shows it at once.
 */
export const VERSION_HELD_MS = 5_000
const MAX_BUSINESSES = 200

type Held = { version: string; readAt: number }
// Per isolate: one small value per business, read by every page cache lookup.
const held = new Map<number, Held>()

function fresh(entry: Held | undefined, now: number): entry is Held {
  // A clock set back (a test's pin undone) counts as expired: never held past its bound.
  return entry !== undefined && now >= entry.readAt && now - entry.readAt < VERSION_HELD_MS
}

/**
 * A business's current page version ('0' until its first operator change): this isolate's copy
 * when it was read less than VERSION_HELD_MS ago, else KV's.
 */
export async function readPageVersion(
  kv: Pick<KVNamespace, 'get'>,
  businessId: number,
  now: number
): Promise<string> {
  const entry = held.get(businessId)
  if (fresh(entry, now)) return entry.version
  const version = (await kv.get(pageVersionKey(businessId))) ?? FIRST_VERSION
  setBounded(held, businessId, { version, readAt: now }, MAX_BUSINESSES)
  return version
}

/**
 * Moves a business's pages to a new version. A random value, not a counter: two operators'
 * changes at once each leave a version no cached page was stored under, with no read first.
 * This isolate holds the new version from now on, so its next page is the changed one.
 */
export async function bumpPageVersion(
  kv: Pick<KVNamespace, 'put'>,
  businessId: number,
  now: number
): Promise<void> {
  const version = crypto.randomUUID()
  await kv.put(pageVersionKey(businessId), version)
  setBounded(held, businessId, { version, readAt: now }, MAX_BUSINESSES)
}
