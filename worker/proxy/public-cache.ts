/** A public answer the proxy keeps in KV: the same for every shopper of a brand. */
export interface PublicCacheRule {
  /** The scope part of the KV key. */
  scope: string
  /** Seconds an entry is served from KV. */
  ttlSeconds: number
}

/**
 * Backend paths (method + path) whose 200 answers are public and cached in KV; later issues add
 * store search and categories here. Every other answer is private, no-store.
 */
export const PUBLIC_CACHE_RULES: Readonly<Record<string, PublicCacheRule>> = {
  'GET /countries': { scope: 'countries', ttlSeconds: 300 },
  'GET /countries/billing': { scope: 'countries-billing', ttlSeconds: 300 },
  'POST /white-label/settings': { scope: 'white-label-settings', ttlSeconds: 60 },
}

/**
 * Backend paths that are per brand: the proxy sets brandId from the request's host, as it sets
 * businessId for every call.
 */
export const BRAND_SCOPED_PATHS: ReadonlySet<string> = new Set([
  '/white-label/settings',
  '/content/stay-in-touch',
  '/content/faqs',
])
