import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { withAppVersion } from '../../support/app-version.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { CHECKOUT_LOCATION } from './storefront.ts'

beforeAll(async () => {
  await seedDemo(env.DB)
})

async function keys(prefix: string): Promise<Array<string>> {
  return (await env.CACHE.list({ prefix })).keys.map((key) => key.name)
}

async function page(path: string): Promise<string> {
  const response = await SELF.fetch(`http://localhost${path}`)
  expect(response.status, path).toBe(200)
  return response.text()
}

describe('pages share the KV cache of public catalogue answers', () => {
  it('keeps the store home tree, banners and deals in KV and serves the next render from it', async () => {
    await page('/stores/manchester-piccadilly')
    // Entries are written after the page is sent (waitUntil).
    for (const scope of ['category-tree', 'banners', 'deals']) {
      await vi.waitFor(async () => expect(await keys(`v1:${scope}:b1:s`), scope).toHaveLength(1))
    }
    // A change in D1 shows only when the entry expires: the second render read KV, not D1.
    await env.DB.prepare(
      "update categories set name = 'Greengrocery' where slug = 'fruit-veg'"
    ).run()
    try {
      const html = await page('/stores/manchester-piccadilly')
      expect(html).toContain('Fruit &amp; Veg')
      expect(html).not.toContain('Greengrocery')
    } finally {
      await env.DB.prepare(
        "update categories set name = 'Fruit & Veg' where slug = 'fruit-veg'"
      ).run()
    }
  })

  it('keeps category details per page of items', async () => {
    await page('/stores/manchester-piccadilly/category/fruit-veg')
    await page('/stores/manchester-piccadilly/category/fruit-veg?page=2')
    await vi.waitFor(async () => expect(await keys('v1:category:b1:s')).toHaveLength(2))
  })

  it("keeps the store's own details and suggestions, which name no shopper", async () => {
    await page('/stores/manchester-piccadilly')
    // Asked without a postcode or a basket: the same answer for every shopper of the store.
    for (const scope of ['store-details', 'recommended-items']) {
      await vi.waitFor(async () => expect(await keys(`v1:${scope}:b1:`), scope).toHaveLength(1))
    }
  })

  it('does not keep the details a saved location makes personal', async () => {
    // Entries earlier renders left (storage is shared by this file's tests).
    for (const scope of ['store-details', 'recommended-items']) {
      await Promise.all((await keys(`v1:${scope}:`)).map((name) => env.CACHE.delete(name)))
    }
    const response = await SELF.fetch('http://localhost/stores/manchester-piccadilly', {
      headers: { cookie: withAppVersion(CHECKOUT_LOCATION) },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    await response.text()
    // The suggestions are still the store's (their entry shows the render's writes have landed);
    // the details asked with the postcode are not kept.
    await vi.waitFor(async () => expect(await keys('v1:recommended-items:b1:')).toHaveLength(1))
    expect(await keys('v1:store-details:')).toHaveLength(0)
  })
})
