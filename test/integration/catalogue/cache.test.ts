import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { jsonPost } from '../../support/workers/requests.ts'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import {
  BannerListSchema,
  CategoryDetailsSchema,
  CategoryTreeSchema,
} from '../../../schemas/catalogue.ts'
import { PUBLIC_CACHE_CONTROL } from '../../../schemas/constants.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { clearBrandCache } from '../../../worker/lib/brand-cache.ts'
import { DEMO, OTHER, seedCatalogue } from './fixtures.ts'

beforeAll(async () => {
  await seedCatalogue(env.DB)
})

afterEach(() => {
  clearBrandCache()
})

const api = createApp()

async function postApi(host: string, path: string, body: unknown) {
  const ctx = createExecutionContext()
  const res = await api.request(`http://${host}/api${path}`, jsonPost(body), env, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

async function keys(scope: string, businessId: number): Promise<Array<string>> {
  const { keys: listed } = await env.CACHE.list({ prefix: `v1:${scope}:b${businessId}:` })
  return listed.map((key) => key.name)
}

describe('/api/catalogue/* KV cache', () => {
  it('serves the category tree from KV on the second call, keyed by store and method', async () => {
    const body = { storeId: String(DEMO.storeId), fulfilmentMethod: 'delivery' }
    const first = await postApi(DEMO.host, '/catalogue/category-tree', body)
    expect(first.status).toBe(200)
    expect(first.headers.get('x-cache')).toBe('MISS')
    expect(first.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL)
    const answer = CategoryTreeSchema.parse(await first.json())

    // A change in D1 is not seen while the entry lives: the answer really comes from KV.
    await env.DB.prepare(`update categories set name = 'Renamed' where id = ?1`)
      .bind(answer.categories[0]?.id)
      .run()
    const second = await postApi(DEMO.host, '/catalogue/category-tree', body)
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(CategoryTreeSchema.parse(await second.json())).toEqual(answer)
    expect(await keys('category-tree', DEMO.businessId)).toEqual([
      expect.stringMatching(/^v1:category-tree:b1:s1:fdelivery:/),
    ])

    const collection = await postApi(DEMO.host, '/catalogue/category-tree', {
      ...body,
      fulfilmentMethod: 'collection',
    })
    expect(collection.headers.get('x-cache')).toBe('MISS')
    expect(CategoryTreeSchema.parse(await collection.json()).categories[0]?.name).toBe('Renamed')
  })

  it('keys category pages by date and page', async () => {
    const body = { storeId: 1, categorySlug: 'milk', fulfilmentDate: '2026-12-01' }
    expect((await postApi(DEMO.host, '/catalogue/category', body)).headers.get('x-cache')).toBe(
      'MISS'
    )
    expect((await postApi(DEMO.host, '/catalogue/category', body)).headers.get('x-cache')).toBe(
      'HIT'
    )
    const otherDay = await postApi(DEMO.host, '/catalogue/category', {
      ...body,
      fulfilmentDate: '2026-12-02',
    })
    expect(otherDay.headers.get('x-cache')).toBe('MISS')
    const page2 = await postApi(DEMO.host, '/catalogue/category', { ...body, page: 2 })
    expect(page2.headers.get('x-cache')).toBe('MISS')
    expect(CategoryDetailsSchema.parse(await page2.json()).items.page).toBe(2)
  })

  it("never serves one business's answer to another", async () => {
    const body = { storeId: DEMO.storeId, categorySlug: OTHER.categorySlug }
    const demo = await postApi(DEMO.host, '/catalogue/category', body)
    expect(demo.status).toBe(200)
    expect(CategoryDetailsSchema.parse(await demo.json()).category.name).toBe('Fresh Fruit')
    // The same inputs on the other business's host: its backend answer, not the cached one.
    const other = await postApi(OTHER.host, '/catalogue/category', body)
    expect(other.status).toBe(404)
    expect(ApiErrorSchema.parse(await other.json()).error.message).toBe(MESSAGES.storeNotFound)
    const own = await postApi(OTHER.host, '/catalogue/category', {
      ...body,
      storeId: OTHER.storeId,
    })
    expect(CategoryDetailsSchema.parse(await own.json()).items.results.map((i) => i.id)).toEqual([
      OTHER.itemId,
    ])
    expect((await keys('category', OTHER.businessId)).length).toBe(1)
  })

  it('keys banners by brand: the proxy sets brandId from the host', async () => {
    await env.DB.prepare(
      `insert into banners (id, business_id, brand_id, slug, title, image_url, position)
       values (8101, 1, 1, 'first-brand-only', 'First brand', '/b.svg', 20)`
    ).run()
    const { results } = await env.DB.prepare(
      `select b.id, h.host from brands b join brand_hosts h on h.brand_id = b.id
       where b.business_id = 1 order by b.id`
    ).all<{ id: number; host: string }>()
    const first = results.find((brand) => brand.id === 1)
    const other = results.find((brand) => brand.id !== 1)
    expect(first && other).toBeTruthy()
    const slugs = async (host: string) => {
      const res = await postApi(host, '/catalogue/banners', { storeId: 1 })
      return BannerListSchema.parse(await res.json()).banners.map((banner) => banner.slug)
    }
    expect(await slugs(first?.host ?? '')).toContain('first-brand-only')
    expect(await slugs(other?.host ?? '')).not.toContain('first-brand-only')
  })

  it('never caches banner counting, recommendations or previous purchases', async () => {
    const click = await postApi(DEMO.host, '/catalogue/banners/click', { bannerIds: [1] })
    expect(click.status).toBe(200)
    expect(click.headers.get('cache-control')).toBe('private, no-store')
    const again = await postApi(DEMO.host, '/catalogue/banners/click', { bannerIds: [1] })
    expect(again.headers.get('x-cache')).toBeNull()
    const row = await env.DB.prepare('select click_count from banners where id = 1').first<{
      click_count: number
    }>()
    expect(row?.click_count).toBe(2)
    const recommended = await postApi(DEMO.host, '/stores/recommended-items', { storeId: 1 })
    expect(recommended.headers.get('cache-control')).toBe('private, no-store')
    const previous = await postApi(DEMO.host, '/catalogue/previous-purchases', { storeId: 1 })
    expect(previous.status).toBe(200)
    expect(previous.headers.get('cache-control')).toBe('private, no-store')
  })
})
