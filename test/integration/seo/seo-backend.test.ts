import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  SeoDistrictSchema,
  SeoMetadataResponseSchema,
  SeoPageSchema,
  SeoRedirectResponseSchema,
} from '../../../schemas/seo.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { backend } from '../../../worker/local-backend.ts'
import { insertRow, seedDemo } from '../../support/workers/seed.ts'

beforeAll(async () => {
  await seedDemo(env.DB)
})

const get = (path: string) => Promise.resolve(backend.request(path, {}, env))

describe('GET /seo/page', () => {
  it("answers each brand's own legal page, with the brand's name in it", async () => {
    const corner = SeoPageSchema.parse(
      await (await get('/seo/page?businessId=1&brandId=1&slug=terms')).json()
    )
    const northside = SeoPageSchema.parse(
      await (await get('/seo/page?businessId=1&brandId=2&slug=terms')).json()
    )
    expect(corner.heading).toBe('Terms and conditions')
    expect(corner.body).toContain('Corner Fresh, a trading name of Corner Fresh Group Ltd')
    expect(northside.body).toContain('Northside Market, a trading name of Corner Fresh Group Ltd')
    expect(northside.body).toContain('England and Wales')
  })

  it("takes the business's page for every brand, and a brand's own row over it", async () => {
    const about = SeoPageSchema.parse(
      await (await get('/seo/page?businessId=1&brandId=2&slug=about-us')).json()
    )
    expect(about.title).toBe('About us')
    await insertRow(env.DB, 'seo_pages', {
      business_id: 1,
      brand_id: 3,
      slug: 'about-us',
      title: 'About Greenway',
      body: 'Ours.',
    }).run()
    const own = SeoPageSchema.parse(
      await (await get('/seo/page?businessId=1&brandId=3&slug=about-us')).json()
    )
    expect(own).toMatchObject({ title: 'About Greenway', heading: 'About Greenway', body: 'Ours.' })
  })

  it("answers 404 'Page Not Found' for a slug without a page or another business's brand", async () => {
    for (const path of [
      '/seo/page?businessId=1&brandId=1&slug=no-such-page',
      '/seo/page?businessId=77&brandId=1&slug=terms',
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(await res.json()).toMatchObject({ error: { message: MESSAGES.pageNotFound } })
    }
  })

  it('refuses a slug that is not one', async () => {
    expect((await get('/seo/page?businessId=1&brandId=1&slug=..%2Fetc')).status).toBe(422)
  })
})

describe('GET /seo/redirect', () => {
  const redirectOf = async (slug: string) =>
    SeoRedirectResponseSchema.parse(
      await (await get(`/seo/redirect?businessId=1&slug=${encodeURIComponent(slug)}`)).json()
    ).redirect

  it("answers the demo's old slugs with the routes that own them", async () => {
    expect(await redirectOf('terms-and-conditions')).toEqual({ toPath: '/terms', statusCode: 301 })
    expect(await redirectOf('help')).toEqual({ toPath: '/faqs', statusCode: 301 })
    expect(await redirectOf('stores/piccadilly')).toEqual({
      toPath: '/stores/manchester-piccadilly',
      statusCode: 301,
    })
    expect(await redirectOf('nothing-here')).toBeNull()
  })

  it('follows a chain to its end and leads nowhere from a loop', async () => {
    await env.DB.batch([
      insertRow(env.DB, 'seo_redirects', {
        business_id: 1,
        from_slug: 'conditions',
        to_path: '/terms-and-conditions',
      }),
      insertRow(env.DB, 'seo_redirects', {
        business_id: 1,
        from_slug: 'loop-a',
        to_path: '/loop-b',
      }),
      insertRow(env.DB, 'seo_redirects', {
        business_id: 1,
        from_slug: 'loop-b',
        to_path: '/loop-a',
      }),
    ])
    expect(await redirectOf('conditions')).toEqual({ toPath: '/terms', statusCode: 301 })
    expect(await redirectOf('loop-a')).toBeNull()
  })

  it('refuses to store a redirect to itself', async () => {
    await expect(
      insertRow(env.DB, 'seo_redirects', {
        business_id: 1,
        from_slug: 'self',
        to_path: '/self',
      }).run()
    ).rejects.toThrow(/may not point at itself/)
  })
})

describe('GET /seo/metadata', () => {
  const metadataOf = async (brandId: number, path: string) =>
    SeoMetadataResponseSchema.parse(
      await (
        await get(`/seo/metadata?businessId=1&brandId=${brandId}&path=${encodeURIComponent(path)}`)
      ).json()
    ).metadata

  it("answers null without a row, the business's row, and a brand's row over it", async () => {
    expect(await metadataOf(1, '/stores')).toBeNull()
    await env.DB.batch([
      insertRow(env.DB, 'seo_metadata', {
        business_id: 1,
        brand_id: null,
        path: '/stores',
        title: 'All our shops',
        noindex: null,
      }),
      insertRow(env.DB, 'seo_metadata', {
        business_id: 1,
        brand_id: 2,
        path: '/stores',
        title: null,
        noindex: 1,
        canonical_path: '/',
      }),
    ])
    expect(await metadataOf(1, '/stores')).toEqual({
      title: 'All our shops',
      description: null,
      noindex: null,
      canonicalPath: null,
    })
    expect(await metadataOf(2, '/stores')).toEqual({
      title: null,
      description: null,
      noindex: true,
      canonicalPath: '/',
    })
  })

  it('refuses a path that is not a site path', async () => {
    await expect(
      insertRow(env.DB, 'seo_metadata', { business_id: 1, path: 'stores/' }).run()
    ).rejects.toThrow()
  })
})

describe('GET /seo/district', () => {
  it("answers a district's centre, whatever its case, and 404 for one not listed", async () => {
    const res = await get('/seo/district?businessId=1&district=m1')
    expect(res.status).toBe(200)
    expect(SeoDistrictSchema.parse(await res.json())).toMatchObject({ district: 'M1' })
    expect((await get('/seo/district?businessId=1&district=ZZ9')).status).toBe(404)
    expect((await get('/seo/district?businessId=1&district=not-one')).status).toBe(422)
  })
})
