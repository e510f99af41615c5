import { type Brand, BrandSchema } from '../../schemas/brand.ts'

/**
 * The shared brand cache (ADR 028): a host's brand kept in KV for a minute, so every isolate and
 * location picks up an operator's change within a minute of it (the per-isolate map in
 * brand-cache.ts in front of it holds a host for the same minute). Only hosts that resolve are
 * written: an unknown host never fills KV, it is remembered per isolate only.
 */

// KV refuses an expirationTtl below 60 seconds; entries also carry their own expiry.
const TTL_SECONDS = 60
// An expired entry stays in KV a day: the brand of a host while D1 cannot be reached (ADR 042).
const KEPT_SECONDS = 24 * 60 * 60

/** The KV key of a host's brand (versioned like kv-cache.ts keys). */
export function brandHostKey(host: string): string {
  return `v1:brand-host:${host}`
}

interface Entry {
  brand: unknown
  expiresAt: number
}

/**
 * The brand cached for a host, or null (absent, unreadable, of an older shape, or stale unless
 * `stale` allows it: the last brand known while the backend cannot answer).
 */
export async function readBrandHost(
  kv: Pick<KVNamespace, 'get'>,
  host: string,
  nowMs: number,
  options: { stale?: boolean } = {}
): Promise<Brand | null> {
  const entry = await kv.get<Entry>(brandHostKey(host), 'json').catch(() => null)
  if (!entry || (entry.expiresAt <= nowMs && !options.stale)) return null
  const parsed = BrandSchema.safeParse(entry.brand)
  return parsed.success ? parsed.data : null
}

/** Keeps a host's brand for a minute (and a day more for when D1 is down). */
export async function writeBrandHost(
  kv: Pick<KVNamespace, 'put'>,
  host: string,
  brand: Brand,
  nowMs: number
): Promise<void> {
  const entry: Entry = { brand, expiresAt: nowMs + TTL_SECONDS * 1000 }
  await kv.put(brandHostKey(host), JSON.stringify(entry), { expirationTtl: KEPT_SECONDS })
}

/**
 * Forgets the brand of these hosts (after an operator changes the brand or its domains): the
 * next request on each asks the backend. KV deletes reach every location within about 60 s.
 *
 * @example await purgeBrandHosts(c.env.CACHE, detail.domains.map((d) => d.host))
 */
export async function purgeBrandHosts(
  kv: Pick<KVNamespace, 'delete'>,
  hosts: ReadonlyArray<string>
): Promise<void> {
  await Promise.all([...new Set(hosts)].map((host) => kv.delete(brandHostKey(host))))
}
