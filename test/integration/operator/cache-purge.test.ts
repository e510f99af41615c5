import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { purgePublicCache } from '../../../worker/lib/cache-purge.ts'
import { cacheKey, readCache, writeCache } from '../../../worker/lib/kv-cache.ts'

async function cached(scope: string, businessId: number, storeId: number | null, n: number) {
  const key = await cacheKey({ scope, businessId, storeId, inputs: { n } })
  await writeCache(env.CACHE, key, { scope, businessId, n })
  return key
}

describe('purging the public cache', () => {
  it("deletes every entry of the areas' scopes for that business, and nothing else", async () => {
    const search = await Promise.all([1, 2, 3].map((n) => cached('store-search', 1, null, n)))
    const details = await cached('store-details', 1, 4, 1)
    const category = await cached('category', 1, 4, 1)
    const otherBusiness = await cached('store-search', 2, null, 1)
    expect(await purgePublicCache(env.CACHE, 1, ['stores'])).toBe(4)
    for (const key of [...search, details]) expect(await readCache(env.CACHE, key)).toBeNull()
    expect(await readCache(env.CACHE, category)).not.toBeNull()
    expect(await readCache(env.CACHE, otherBusiness)).not.toBeNull()
  })

  it('pages through more entries than one list call answers', async () => {
    await Promise.all(Array.from({ length: 1_050 }, (_, n) => cached('catalogue-search', 3, 7, n)))
    expect(await purgePublicCache(env.CACHE, 3, ['catalogue'])).toBe(1_050)
    expect((await env.CACHE.list({ prefix: 'v1:catalogue-search:b3:' })).keys).toEqual([])
    // 1,050 KV writes: more than the default 5 s on a busy machine.
  }, 60_000)
})
