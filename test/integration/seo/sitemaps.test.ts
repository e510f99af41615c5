import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { sitemapEnvironments } from '../../../worker/pages/content/sitemaps.ts'
import { seedDemo } from '../../support/workers/seed.ts'

beforeAll(async () => {
  await seedDemo(env.DB)
})

// Demo hosts: localhost is 'local'; www.cornerfresh.example is brand 1's 'production' host.
const PRODUCTION = 'www.cornerfresh.example'

function get(host: string, path: string) {
  return SELF.fetch(`https://${host}${path}`, { redirect: 'manual' })
}

async function locs(response: Response): Promise<Array<string>> {
  const body = await response.text()
  return [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '')
}

describe('sitemaps', () => {
  it('indexes the store sitemap on a production host', async () => {
    const response = await get(PRODUCTION, '/sitemap.xml')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/xml')
    expect(response.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
    const body = await response.clone().text()
    expect(body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const indexed = await locs(response)
    expect(indexed[0]).toBe(`https://${PRODUCTION}/sitemap-stores.xml`)
    // Then one catalogue sitemap per store (test/integration/pages/catalogue.test.ts).
    expect(indexed).toContain(`https://${PRODUCTION}/sitemap-store-manchester-piccadilly.xml`)
  })

  it('lists every active store of the business with its last change', async () => {
    const response = await get(PRODUCTION, '/sitemap-stores.xml')
    expect(response.status).toBe(200)
    const urls = await locs(response.clone())
    const { results } = await env.DB.prepare(
      'select slug from stores where business_id = 1 and is_active = 1 order by slug'
    ).all<{ slug: string }>()
    expect(urls).toEqual(results.map((row) => `https://${PRODUCTION}/stores/${row.slug}`))
    expect(urls).toContain(`https://${PRODUCTION}/stores/manchester-piccadilly`)
    expect(await response.text()).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/)
  })

  it('leaves out a store that is no longer active', async () => {
    await env.DB.prepare("update stores set is_active = 0 where slug = 'york'").run()
    try {
      const urls = await locs(await get(PRODUCTION, '/sitemap-stores.xml'))
      expect(urls).not.toContain(`https://${PRODUCTION}/stores/york`)
    } finally {
      await env.DB.prepare("update stores set is_active = 1 where slug = 'york'").run()
    }
  })

  it('serves an operator-supplied sitemap body as it is', async () => {
    const custom = '<?xml version="1.0"?><urlset><url><loc>https://x.example/a</loc></url></urlset>'
    await env.DB.prepare(
      "update sitemaps set body = ?1 where brand_id = 2 and name = 'sitemap-stores.xml'"
    )
      .bind(custom)
      .run()
    const response = await get('www.northsidemarket.example', '/sitemap-stores.xml')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(custom)
  })

  it('answers 404 for both files on hosts outside production, preprod, dev and staging', async () => {
    for (const path of ['/sitemap.xml', '/sitemap-stores.xml']) {
      const response = await get('localhost', path)
      expect(response.status, path).toBe(404)
      expect(await response.text()).toContain('Page Not Found')
    }
  })

  it('takes the list of host environments from configuration', () => {
    expect([...sitemapEnvironments({})]).toEqual(['production', 'preprod', 'dev', 'staging'])
    expect([...sitemapEnvironments({ SITEMAP_ENVIRONMENTS: ' production , local ' })]).toEqual([
      'production',
      'local',
    ])
  })
})

describe('robots.txt', () => {
  it('points crawlers at the sitemap on a production host and keeps them off private pages', async () => {
    const response = await get(PRODUCTION, '/robots.txt')
    expect(response.status).toBe(200)
    const body = await response.text()
    expect(body).toContain(`Sitemap: https://${PRODUCTION}/sitemap.xml`)
    expect(body).toContain('Disallow: /checkout')
    expect(body).not.toMatch(/^Disallow: \/$/m)
  })

  it('asks crawlers to stay away from local and preview hosts', async () => {
    const body = await (await get('localhost', '/robots.txt')).text()
    expect(body).toBe('User-agent: *\nDisallow: /\n')
  })
})
