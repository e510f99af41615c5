/*
 * The content version of a business's public pages (ADR 042): part of every page cache key, so
 * bumping it purges every cached page of every brand and location of the business at once, with
 * no list of keys to delete (the Cache API can neither list nor purge by tag).
 */

/** The KV key of a business's page version. */
export function pageVersionKey(businessId: number): string {
  return `page-version:b${businessId}`
}

/** The version before any operator change was made. */
const FIRST_VERSION = '0'

/** A business's current page version ('0' until its first operator change). */
export async function readPageVersion(
  kv: Pick<KVNamespace, 'get'>,
  businessId: number
): Promise<string> {
  return (await kv.get(pageVersionKey(businessId))) ?? FIRST_VERSION
}

/**
 * Moves a business's pages to a new version. A random value, not a counter: two operators'
 * changes at once each leave a version no cached page was stored under, with no read first.
 */
export async function bumpPageVersion(
  kv: Pick<KVNamespace, 'put'>,
  businessId: number
): Promise<void> {
  await kv.put(pageVersionKey(businessId), crypto.randomUUID())
}
