import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertRow, seedDemo } from '../../support/workers/seed.ts'
import { COOKIE_INVENTORY, THIRD_PARTY_SERVICES } from '../../../schemas/cookie-inventory.ts'
import MIGRATION_0053 from '../../../migrations/0053_cookie_policy_truth.sql?raw'

beforeAll(async () => {
  await seedDemo(env.DB)
})

// localhost is Corner Fresh (brand 1), 127.0.0.1 Northside Market (brand 2); the production host
// serves sitemaps.
const CORNER = 'localhost'
const NORTHSIDE = '127.0.0.1'
const PRODUCTION = 'www.cornerfresh.example'

function get(path: string, host: string = CORNER) {
  return SELF.fetch(`https://${host}${path}`, { redirect: 'manual' })
}

const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]

describe('content pages by slug', () => {
  it("renders each brand's terms, privacy and cookie policies with their last update", async () => {
    for (const path of ['/terms', '/privacy-policy', '/cookie-policy']) {
      for (const [host, name] of [
        [CORNER, 'Corner Fresh'],
        [NORTHSIDE, 'Northside Market'],
      ] as const) {
        const response = await get(path, host)
        expect(response.status, `${host}${path}`).toBe(200)
        expect(response.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
        const html = await response.text()
        expect(html, `${host}${path}`).toContain(name)
        expect(html).toContain('Last updated 1 November 2026')
        expect(html).toMatch(/<h2>[^<]+<\/h2>/)
      }
    }
    const terms = await (await get('/terms')).text()
    expect(h1(terms)).toBe('Terms and conditions')
    expect(terms).toContain('Challenge 25')
    expect(terms).toContain('<title>Terms and conditions | Corner Fresh</title>')
    const privacy = await (await get('/privacy-policy')).text()
    expect(privacy).toContain('<table>')
    expect(privacy).toContain('Information Commissioner')
  })

  it('renders about us and delivery information, linked from the footer', async () => {
    for (const [path, heading] of [
      ['/about-us', 'About us'],
      ['/delivery-information', 'Delivery information'],
    ] as const) {
      const html = await (await get(path)).text()
      expect(h1(html), path).toBe(heading)
      expect(html).toContain(`href="${path}"`)
    }
  })

  it("sanitises an operator's Markdown: no script reaches the page", async () => {
    await insertRow(env.DB, 'seo_pages', {
      business_id: 1,
      brand_id: 2,
      slug: 'delivery-information',
      title: 'Delivery',
      body: 'Hello <script>alert(1)</script> [x](javascript:alert(2))',
    }).run()
    const html = await (await get('/delivery-information', NORTHSIDE)).text()
    expect(html).toContain('<p>Hello alert(1) <a>x</a></p>')
    expect(html).not.toContain('<script>alert')
    expect(html).not.toContain('javascript:')
  })
})

describe('old slugs', () => {
  it('redirect 301 to the routes that own them, query kept, cacheable', async () => {
    for (const [from, to] of [
      ['/terms-and-conditions', '/terms'],
      ['/privacy', '/privacy-policy'],
      ['/help?utm_source=mail', '/faqs?utm_source=mail'],
      ['/contact-us', '/contact'],
      ['/stores/piccadilly', '/stores/manchester-piccadilly'],
    ] as const) {
      const response = await get(from)
      expect(response.status, from).toBe(301)
      expect(response.headers.get('location'), from).toBe(to)
      expect(response.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
    }
  })

  it('never leave the site, and a loop is the 404 page', async () => {
    await env.DB.batch([
      insertRow(env.DB, 'seo_redirects', {
        business_id: 1,
        from_slug: 'away',
        to_path: '//evil.example/x',
      }),
      insertRow(env.DB, 'seo_redirects', {
        business_id: 1,
        from_slug: 'ring-a',
        to_path: '/ring-b',
      }),
      insertRow(env.DB, 'seo_redirects', {
        business_id: 1,
        from_slug: 'ring-b',
        to_path: '/ring-a',
      }),
    ])
    const away = await get('/away')
    expect(away.status).toBe(301)
    // safePath refuses another site: home instead.
    expect(away.headers.get('location')).toBe('/')
    const ring = await get('/ring-a')
    expect(ring.status).toBe(404)
    expect(await ring.text()).toContain('Page Not Found')
  })
})

describe('SEO metadata per path', () => {
  it("puts the operator's title, description, noindex and canonical over the page's own", async () => {
    await insertRow(env.DB, 'seo_metadata', {
      business_id: 1,
      brand_id: 1,
      path: '/faqs',
      title: 'Who we are',
      description: 'Local grocers, delivered.',
      noindex: 1,
      canonical_path: '/faqs',
    }).run()
    // A path no test asked for before: the lookup is cached like other public data.
    const html = await (await get('/faqs')).text()
    expect(html).toContain('<title>Who we are | Corner Fresh</title>')
    expect(html).toContain('<meta name="description" content="Local grocers, delivered."/>')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).toContain('<link rel="canonical" href="https://localhost/faqs"/>')
    // Another brand keeps the page's own head.
    const other = await (await get('/faqs', NORTHSIDE)).text()
    expect(other).toContain('<title>Frequently asked questions | Northside Market</title>')
  })
})

describe('landing pages', () => {
  it("lists a town's stores with links, a unique head and JSON-LD", async () => {
    const response = await get('/grocery-delivery/manchester')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(h1(html)).toBe('Grocery delivery in Manchester')
    expect(html).toContain('href="/stores/manchester-piccadilly"')
    expect(html).not.toContain('href="/stores/york"')
    expect(html).toContain(
      '<link rel="canonical" href="https://localhost/grocery-delivery/manchester"/>'
    )
    expect(html).toContain('"@type":"BreadcrumbList"')
    expect(html).toContain('"@type":"GroceryStore"')
  })

  it('lists the stores delivering to a postcode district, one URL per district', async () => {
    const response = await get('/grocery-delivery/m1')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(h1(html)).toBe('Grocery delivery in M1')
    expect(html).toContain('href="/stores/manchester-piccadilly"')
    const upper = await get('/grocery-delivery/M1')
    expect(upper.status).toBe(301)
    expect(upper.headers.get('location')).toMatch(/\/grocery-delivery\/m1$/)
  })

  it('answers 404 for a district no store delivers to and a town without a page', async () => {
    for (const path of [
      '/grocery-delivery/zz9',
      '/grocery-delivery/ze1',
      '/grocery-delivery/atlantis',
    ]) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
    }
  })

  it('are in the sitemap-pages.xml the brand indexes', async () => {
    const index = await (await get('/sitemap.xml', PRODUCTION)).text()
    expect(index).toContain(`<loc>https://${PRODUCTION}/sitemap-pages.xml</loc>`)
    const pages = await get('/sitemap-pages.xml', PRODUCTION)
    expect(pages.status).toBe(200)
    const body = await pages.text()
    for (const path of [
      '/terms',
      '/privacy-policy',
      '/cookie-policy',
      '/about-us',
      '/grocery-delivery/manchester',
      '/grocery-delivery/m1',
      '/grocery-delivery/m15',
    ]) {
      expect(body, path).toContain(`<loc>https://${PRODUCTION}${path}</loc>`)
    }
    expect((await get('/sitemap-pages.xml')).status).toBe(404)
  })
})

// Issue 35 item 21: the cookie policy says what is true, from the code that sets the cookies.
describe('the cookie policy', () => {
  it('promises no consent-based cookies and lists every cookie the code sets', async () => {
    const html = await (await get('/cookie-policy')).text()
    expect(html).not.toMatch(/only if you agree|Analytics and marketing|Preferences:/)
    expect(html).toContain('There are no preference, analytics or advertising cookies')
    for (const entry of COOKIE_INVENTORY) expect(html, entry.name).toContain(`>${entry.name}</th>`)
    for (const service of THIRD_PARTY_SERVICES) expect(html).toContain(service.name)
  })

  it('migration 0053 rewrites the old demo promise and leaves an operator’s own text', async () => {
    const old = `## The cookies we use
- **Strictly necessary:** keep you signed in, remember your basket, your chosen store and your delivery or collection location, and protect forms against forgery. The site cannot work without them, so they do not need your consent.
- **Preferences:** remember choices such as dismissing a banner.
- **Analytics and marketing:** we set these only if you agree, and you can change your mind at any time.

The table below lists every cookie, what it does and how long it lasts.`
    const own = 'Our own words about cookies.'
    await env.DB.batch([
      env.DB.prepare(
        `insert into seo_pages (business_id, brand_id, slug, title, body)
         values (1, null, 'cookie-policy', 'Cookie policy', ?1)`
      ).bind(old),
      env.DB.prepare(
        `update seo_pages set body = ?1 where brand_id = 2 and slug = 'cookie-policy'`
      ).bind(own),
    ])
    await env.DB.prepare(MIGRATION_0053.replace(/^--.*$/gm, '').trim()).run()
    const body = (brand: string) =>
      env.DB.prepare(
        `select body from seo_pages where slug = 'cookie-policy' and ${brand}`
      ).first<string>('body')
    const rewritten = await body('brand_id is null')
    expect(rewritten).toContain('We set only strictly necessary cookies')
    expect(rewritten).not.toContain('only if you agree')
    expect(await body('brand_id = 2')).toBe(own)
  })
})
