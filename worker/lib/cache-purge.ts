import { clearBrandCache } from './brand-cache.ts'
import { cacheKeyPrefix } from './kv-cache.ts'

/**
 * What an operator's change can make stale, and the public KV scopes each area's answers are kept
 * under (the routes' `edge.cache`; a test checks each is some area's). A change purges every
 * entry of its areas' scopes for its business, whatever the entries' inputs: a store's new hours
 * change store search, nearby, details and the directory alike, and a price change every
 * catalogue answer of the business.
 */
export const PURGE_AREAS = {
  // Brand name, colours, logo and white-label settings; the per-isolate brand map too.
  brand: ['white-label-settings', 'content-blocks', 'seo-metadata', 'seo-page'],
  stores: ['store-search', 'store-nearby', 'store-details', 'store-directory', 'seo-district'],
  // Items, categories, prices and stock: every answer that lists or prices them.
  catalogue: [
    'category-tree',
    'category',
    'menu-item',
    'menu-items',
    'catalogue-search',
    'deals',
    'deal',
    'banners',
    'banner',
    'recommended-items',
  ],
  // Deals show on item cards and in search; banners on store and category pages.
  promotions: [
    'deals',
    'deal',
    'banners',
    'banner',
    'category',
    'menu-item',
    'menu-items',
    'catalogue-search',
    'recommended-items',
  ],
  content: ['content-blocks', 'seo-page', 'seo-redirect', 'seo-metadata', 'seo-district'],
  reference: ['countries', 'countries-billing'],
  // The referral and loyalty schemes' public offer.
  schemes: ['referral-offer'],
} as const satisfies Record<string, ReadonlyArray<string>>

export type PurgeArea = keyof typeof PURGE_AREAS

/** The public scopes of some areas, each once. */
export function scopesOf(areas: ReadonlyArray<PurgeArea>): Array<string> {
  return [...new Set(areas.flatMap((area) => PURGE_AREAS[area]))]
}

/** The KV operations a purge needs (the CACHE namespace; a recording fake in tests). */
export type PurgeableKv = Pick<KVNamespace, 'list' | 'delete'>

/**
 * Deletes every public KV entry of the areas' scopes for one business; answers how many. Listing
 * is by key prefix (`v1:<scope>:b<businessId>:`, kv-cache.ts), so another business's entries
 * are never touched. KV is eventually consistent: other locations stop serving a deleted key
 * within about 60 s, the same bound as the entries' own TTLs (ADR 027).
 *
 * @example await purgePublicCache(c.env.CACHE, businessId, ['stores'])
 */
export async function purgePublicCache(
  kv: PurgeableKv,
  businessId: number,
  areas: ReadonlyArray<PurgeArea>
): Promise<number> {
  if (areas.includes('brand')) clearBrandCache()
  let purged = 0
  for (const scope of scopesOf(areas)) {
    const prefix = cacheKeyPrefix(scope, businessId)
    let cursor: string | undefined
    do {
      const page: KVNamespaceListResult<unknown, string> = await kv.list({
        prefix,
        ...(cursor ? { cursor } : {}),
      })
      await Promise.all(page.keys.map((key) => kv.delete(key.name)))
      purged += page.keys.length
      cursor = page.list_complete ? undefined : page.cursor
    } while (cursor)
  }
  return purged
}
