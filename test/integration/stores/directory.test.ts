import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { StoreDirectorySchema } from '../../../schemas/stores.ts'
import { postBackend } from './helpers.ts'
import { seedDemo } from '../../support/workers/seed.ts'

beforeAll(async () => {
  await seedDemo(env.DB)
})

async function directory(body: Record<string, unknown>) {
  const response = await postBackend('/stores/directory', { businessId: 1, ...body })
  expect(response.status).toBe(200)
  return StoreDirectorySchema.parse(await response.json())
}

describe('POST /stores/directory', () => {
  it('lists every active store of the business by town, then name', async () => {
    const { stores, total, page, limit } = await directory({})
    const { results } = await env.DB.prepare(
      'select slug from stores where business_id = 1 and is_active = 1 order by town, name'
    ).all<{ slug: string }>()
    expect(stores.map((store) => store.slug)).toEqual(results.map((row) => row.slug))
    expect({ total, page, limit }).toEqual({ total: results.length, page: 1, limit: 100 })
    const towns = stores.map((store) => store.address.town)
    expect(towns).toEqual([...towns].sort())
  })

  it('pages through the stores', async () => {
    const all = await directory({})
    const first = await directory({ page: 1, limit: 5 })
    const third = await directory({ page: 3, limit: 5 })
    expect(first.stores.map((s) => s.id)).toEqual(all.stores.slice(0, 5).map((s) => s.id))
    expect(third.stores.map((s) => s.id)).toEqual(all.stores.slice(10, 15).map((s) => s.id))
    expect(third.total).toBe(all.total)
  })

  it('leaves out inactive stores', async () => {
    await env.DB.prepare("update stores set is_active = 0 where slug = 'york'").run()
    try {
      const { stores, total } = await directory({})
      expect(stores.map((store) => store.slug)).not.toContain('york')
      expect(total).toBe(stores.length)
    } finally {
      await env.DB.prepare("update stores set is_active = 1 where slug = 'york'").run()
    }
  })

  it('refuses a page or limit out of range and writes nothing', async () => {
    for (const body of [{ page: 0 }, { limit: 500 }, { page: 'two' }]) {
      const response = await postBackend('/stores/directory', { businessId: 1, ...body })
      expect(response.status, JSON.stringify(body)).toBe(422)
      expect(ApiErrorSchema.parse(await response.json()).error.code).toBe('validation_error')
    }
  })
})

describe('the store directory page /stores', () => {
  it('links every store under its town and is publicly cacheable', async () => {
    const response = await SELF.fetch('http://localhost/stores')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
    const html = await response.text()
    expect(html).toContain('<title>All stores | Corner Fresh</title>')
    expect(html).toContain('aria-label="Manchester"')
    expect(html).toContain('href="/stores/manchester-piccadilly"')
    expect(html).toContain('href="/stores/york"')
    // A page without islands ships no script.
    expect(html).not.toContain('<script type="module"')
  })

  it('answers 404 for a page that does not exist', async () => {
    for (const query of ['?page=2', '?page=abc', '?page=0']) {
      const response = await SELF.fetch(`http://localhost/stores${query}`)
      expect(response.status, query).toBe(404)
      expect(await response.text()).toContain('Page Not Found')
    }
  })
})
