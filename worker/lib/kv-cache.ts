import { CACHE_S_MAXAGE_SECONDS } from '../../schemas/constants.ts'
import { setBounded } from './bounded-map.ts'
import { canonicalJson, sha256Hex } from './crypto.ts'

/** Bump when the shape of cached values changes, so old entries are never read. */
const KEY_VERSION = 'v1'
// KV refuses an expirationTtl below 60 seconds.
const KV_MIN_TTL_SECONDS = 60

/** What a cache key is built from: the tenant, the store context and the call's own inputs. */
export interface CacheKeyParts {
  /** What is cached, e.g. 'countries' or 'white-label-settings'. */
  scope: string
  businessId: number
  storeId?: number | null | undefined
  fulfilmentMethod?: string | null | undefined
  /** Every other input that changes the answer; key order does not matter. */
  inputs?: Record<string, unknown>
}

export interface CacheEntry<T> {
  value: T
  /** Epoch milliseconds after which the entry is stale even if KV still returns it. */
  expiresAt: number
}

// Pages and the proxy build the same few keys on every request, and Web Crypto's digest is an
// asynchronous call each time: each canonical input's hash is remembered per isolate. A pure
// function of its text, so nothing kept here can go stale; bounded like the other memos.
const MAX_REMEMBERED_HASHES = 1000
const MAX_REMEMBERED_INPUT_CHARS = 2048
const hashByInputs = new Map<string, string>()

async function inputsHash(canonical: string): Promise<string> {
  const known = hashByInputs.get(canonical)
  if (known !== undefined) return known
  const hash = (await sha256Hex(canonical)).slice(0, 32)
  if (canonical.length <= MAX_REMEMBERED_INPUT_CHARS) {
    setBounded(hashByInputs, canonical, hash, MAX_REMEMBERED_HASHES)
  }
  return hash
}

/**
 * A KV key: `v1:<scope>:b<businessId>:s<storeId|->:f<fulfilmentMethod|->:<sha256 of inputs, 32 hex>`.
 * Tenant and store come first and in clear so an operator can list or purge by prefix.
 *
 * @example await cacheKey({ scope: 'countries', businessId: 1, inputs: { billing: true } })
 * // 'v1:countries:b1:s-:f-:5c1b…'
 */
export async function cacheKey(parts: CacheKeyParts): Promise<string> {
  const inputs = await inputsHash(canonicalJson(parts.inputs ?? {}))
  return [
    KEY_VERSION,
    parts.scope,
    `b${parts.businessId}`,
    `s${parts.storeId ?? '-'}`,
    `f${parts.fulfilmentMethod ?? '-'}`,
    inputs,
  ].join(':')
}

/**
 * The prefix every key of one scope and business starts with, so a change can purge them all
 * (worker/lib/cache-purge.ts) without knowing each entry's inputs.
 *
 * @example cacheKeyPrefix('store-search', 1) // 'v1:store-search:b1:'
 */
export function cacheKeyPrefix(scope: string, businessId: number): string {
  return `${KEY_VERSION}:${scope}:b${businessId}:`
}

/** A stored entry (its JSON) while it is fresh, else null. */
export function entryValue<T>(json: unknown): CacheEntry<T> | null {
  if (json === null || typeof json !== 'object' || !('expiresAt' in json)) return null
  const entry = json as CacheEntry<T>
  if (typeof entry.expiresAt !== 'number' || entry.expiresAt <= Date.now()) return null
  return entry
}

/** The cached value, or null when absent, stale or unreadable. */
export async function readCache<T>(kv: KVNamespace, key: string): Promise<T | null> {
  const json = await kv.get<unknown>(key, 'json').catch(() => null)
  return entryValue<T>(json)?.value ?? null
}

/** Stores a JSON value that expires after ttlSeconds (KV keeps it at least 60 s; reads check). */
export async function writeCache(
  kv: KVNamespace,
  key: string,
  value: unknown,
  ttlSeconds: number = CACHE_S_MAXAGE_SECONDS
): Promise<void> {
  const entry: CacheEntry<unknown> = { value, expiresAt: Date.now() + ttlSeconds * 1000 }
  await kv.put(key, JSON.stringify(entry), {
    expirationTtl: Math.max(ttlSeconds, KV_MIN_TTL_SECONDS),
  })
}
