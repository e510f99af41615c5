import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { seedDemo } from '../../support/workers/seed.ts'

beforeAll(async () => {
  await seedDemo(env.DB)
})

const STORE = 'manchester-piccadilly'
const PRODUCTION = 'www.cornerfresh.example'

function get(path: string, host = 'localhost') {
  const scheme = host === PRODUCTION ? 'https' : 'http'
  return SELF.fetch(`${scheme}://${host}${path}`, { redirect: 'manual' })
}

async function page(path: string) {
  const response = await get(path)
  const html = await response.text()
  return { response, html }
}

function title(html: string): string {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''
}

function canonical(html: string): string {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? ''
}

function jsonLd(html: string): Record<string, unknown> {
  const raw = /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(html)?.[1]
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
}

function graphNode(html: string, type: string): Record<string, unknown> | undefined {
  const graph = (jsonLd(html)['@graph'] ?? []) as Array<Record<string, unknown>>
  return graph.find((node) => node['@type'] === type)
}

/** A department of the demo business with more than one page of items at the store. */
async function bigCategory() {
  const row = await env.DB.prepare(
    `select k.slug, k.name, count(*) as items from categories k
     join categories c on c.id = k.id or c.parent_id = k.id
     join menu_items m on m.category_id = c.id and m.is_active = 1
     join stores st on st.slug = ?1
     left join store_menu_items s on s.store_id = st.id and s.menu_item_id = m.id
     where k.business_id = 1 and k.parent_id is null and coalesce(s.is_available, 1) = 1
     group by k.id having count(*) > 24 order by count(*) desc limit 1`
  )
    .bind(STORE)
    .first<{ slug: string; name: string; items: number }>()
  if (!row) throw new Error('no category with two pages in the demo data')
  return row
}

/** An item with options sold at the store, with its category's slug. */
async function optionItem() {
  const row = await env.DB.prepare(
    `select m.id, m.slug, m.name, c.slug as category_slug from menu_items m
     join categories c on c.id = m.category_id
     join stores st on st.slug = ?1
     left join store_menu_items s on s.store_id = st.id and s.menu_item_id = m.id
     where m.business_id = 1 and m.add_to_basket_type = 'options' and m.is_active = 1
       and coalesce(s.is_available, 1) = 1 order by m.id limit 1`
  )
    .bind(STORE)
    .first<{ id: number; slug: string; name: string; category_slug: string }>()
  if (!row) throw new Error('no item with options in the demo data')
  return row
}

describe('store home', () => {
  it('shows departments, deals, banners through the banner route, and the search box', async () => {
    const { response, html } = await page(`/stores/${STORE}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
    expect(html).toContain('Shop by department')
    expect(html).toMatch(new RegExp(`href="/stores/${STORE}/category/[a-z0-9-]+"`))
    expect(html).toMatch(new RegExp(`href="/stores/${STORE}/deal/[a-z0-9-]+"`))
    expect(html).toMatch(new RegExp(`href="/stores/${STORE}/banner/[a-z0-9-]+"`))
    expect(html).toContain(`action="/stores/${STORE}/search"`)
    // The store's hours and contact stay on the page, below the catalogue.
    expect(html.indexOf('Shop by department')).toBeLessThan(html.indexOf('Contact the store'))
  })
})

describe('category page', () => {
  it('has a unique title, canonical URL, breadcrumb JSON-LD and 24 items with their pictures', async () => {
    const category = await bigCategory()
    const path = `/stores/${STORE}/category/${category.slug}`
    const { response, html } = await page(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
    expect(title(html)).toContain(`${category.name} at`)
    expect(canonical(html)).toBe(`http://localhost${path}`)
    const crumbs = graphNode(html, 'BreadcrumbList')
    const names = ((crumbs?.itemListElement ?? []) as Array<{ name: string; item: string }>).map(
      (entry) => entry.name
    )
    expect(names.at(-1)).toBe(category.name)
    expect(names.slice(0, 2)).toEqual(['Home', 'Stores'])
    expect(html).toContain('aria-label="Breadcrumb"')
    const cards = html.match(/<article /g) ?? []
    expect(cards).toHaveLength(24)
    // Every picture reserves its space; a packshot (an item's, a sub-category's) is one file at
    // every density, so it carries no srcset.
    const images = html.match(/<img [^>]+>/g) ?? []
    for (const img of images) expect(img).toMatch(/ width="\d+" height="\d+"/)
    const packshots = images.filter((img) => img.includes('src="/images/packshot/'))
    expect(packshots.length).toBeGreaterThanOrEqual(24)
    for (const img of packshots) expect(img).not.toContain('srcSet=')
    expect(html).toContain('rel="next"')
  })

  it('pages with ?page= and answers 404 past the last page', async () => {
    const category = await bigCategory()
    const path = `/stores/${STORE}/category/${category.slug}`
    const two = await page(`${path}?page=2`)
    expect(two.response.status).toBe(200)
    expect(canonical(two.html)).toBe(`http://localhost${path}?page=2`)
    expect(title(two.html)).toContain('(page 2)')
    expect(two.html).toContain('rel="prev"')
    const last = Math.ceil(category.items / 24)
    expect((await get(`${path}?page=${last + 1}`)).status).toBe(404)
    expect((await get(`${path}?page=abc`)).status).toBe(404)
  })

  it('answers 404 for an unknown category', async () => {
    const { response, html } = await page(`/stores/${STORE}/category/no-such-aisle`)
    expect(response.status).toBe(404)
    expect(html).toContain(MESSAGES.pageNotFound)
  })
})

describe('item page', () => {
  it('renders the item with Product JSON-LD, canonical URL and breadcrumb', async () => {
    const item = await optionItem()
    const path = `/stores/${STORE}/category/${item.category_slug}/${item.slug}`
    const { response, html } = await page(path)
    expect(response.status).toBe(200)
    expect(title(html)).toContain(item.name)
    expect(canonical(html)).toBe(`http://localhost${path}`)
    const product = graphNode(html, 'Product')
    expect(product).toMatchObject({ name: item.name, sku: String(item.id) })
    const offers = product?.offers as Record<string, unknown>
    expect(offers.priceCurrency).toBe('GBP')
    expect(String(offers.price)).toMatch(/^\d+\.\d\d$/)
    expect(offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/)
    expect(graphNode(html, 'BreadcrumbList')).toBeDefined()
  })

  it('shows food information: allergens in bold, a nutrition table, storage and operator', async () => {
    const item = await env.DB.prepare(
      `select m.slug, c.slug as category_slug from menu_items m
       join categories c on c.id = m.category_id
       where m.business_id = 1 and m.name = 'Whole milk 2 pints'`
    ).first<{ slug: string; category_slug: string }>()
    const { response, html } = await page(
      `/stores/${STORE}/category/${item?.category_slug}/${item?.slug}`
    )
    expect(response.status).toBe(200)
    // The emphasis comes from the allergen set; the ingredients text is only ever text.
    expect(html).toMatch(/Whole <strong[^>]*>milk<\/strong>\./)
    expect(html).toContain('<strong>Contains:</strong> milk')
    expect(html).toContain('>Typical values per 100 ml and per 1 glass (200 ml)</caption>')
    expect(html).toContain('<th scope="col" class="py-1 pe-3 font-semibold">Per 100 ml</th>')
    expect(html).toMatch(/<th scope="row"[^>]*>Fat<\/th><td[^>]*>3\.6 g<\/td><td[^>]*>7\.2 g<\/td>/)
    expect(html).toMatch(/<th scope="row"[^>]*>Energy<\/th><td[^>]*>268 kJ \/ 64 kcal/)
    expect(html).toContain('Keep refrigerated below 5°C')
    expect(html).toContain('Made with milk from British farms')
    expect(html).toContain('2 pints')
    expect(html).toContain('Corner Fresh Group Ltd, 1 Piccadilly Place, Manchester M1 3BN')
    expect(graphNode(html, 'Product')?.nutrition).toMatchObject({
      '@type': 'NutritionInformation',
      servingSize: '100 ml',
      calories: '64 kcal',
      fatContent: '3.6 g',
      saturatedFatContent: '2.4 g',
      sodiumContent: '0.04 g',
    })
  })

  it('redirects an item under another category to its canonical URL', async () => {
    const item = await optionItem()
    const response = await get(`/stores/${STORE}/category/wrong-aisle/${item.slug}`)
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(
      `/stores/${STORE}/category/${item.category_slug}/${item.slug}`
    )
  })

  it("answers 404 'Product not found' for an unknown item", async () => {
    const { response, html } = await page(`/stores/${STORE}/category/bakery/no-such-loaf`)
    expect(response.status).toBe(404)
    expect(title(html)).toContain(MESSAGES.productNotFound)
  })
})

describe('deal page', () => {
  it('shows the deal with its sections', async () => {
    const deal = await env.DB.prepare(
      `select d.slug, d.name, (select name from deal_sections where deal_id = d.id order by position limit 1) as section
       from deals d where d.business_id = 1 and d.is_active = 1 and d.slug = 'lunchtime-meal-deal'`
    ).first<{ slug: string; name: string; section: string }>()
    expect(deal).not.toBeNull()
    const { response, html } = await page(`/stores/${STORE}/deal/${deal?.slug}`)
    expect(response.status).toBe(200)
    expect(title(html)).toContain(deal?.name)
    expect(html).toContain(deal?.section)
  })

  it("answers 404 'Deal not found' for an unknown deal", async () => {
    const { response, html } = await page(`/stores/${STORE}/deal/no-such-deal`)
    expect(response.status).toBe(404)
    expect(title(html)).toContain(MESSAGES.dealNotFound)
  })
})

describe('banner route', () => {
  it('counts the click and redirects to where the banner leads', async () => {
    const banner = await env.DB.prepare(
      `select b.id, b.slug, b.click_count, d.slug as deal_slug from banners b
       join deals d on d.id = b.link_deal_id where b.business_id = 1 and b.link_type = 'deal'
       order by b.id limit 1`
    ).first<{ id: number; slug: string; click_count: number; deal_slug: string }>()
    if (!banner) throw new Error('no deal banner in the demo data')
    const response = await get(`/stores/${STORE}/banner/${banner.slug}`)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/stores/${STORE}/deal/${banner.deal_slug}`)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const after = await env.DB.prepare('select click_count from banners where id = ?1')
      .bind(banner.id)
      .first<{ click_count: number }>()
    expect(after?.click_count).toBe(banner.click_count + 1)
  })

  it("answers 404 'Unable to find banner' for an unknown banner", async () => {
    const { response, html } = await page(`/stores/${STORE}/banner/no-such-banner`)
    expect(response.status).toBe(404)
    expect(title(html)).toContain(MESSAGES.bannerNotFound)
  })
})

describe('search', () => {
  it('redirects the search form to the search page of the term', async () => {
    const response = await get(`/stores/${STORE}/search?q=milk`)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/stores/${STORE}/search/milk`)
  })

  it('shows the spec message by the box for a one-character term', async () => {
    for (const path of [`/stores/${STORE}/search?q=m`, `/stores/${STORE}/search/m`]) {
      const { response, html } = await page(path)
      expect(response.status, path).toBe(200)
      expect(html, path).toContain(MESSAGES.searchTermTooShort)
      expect(html, path).toContain('aria-invalid="true"')
    }
  })

  it('shows items, categories and deals, with links to each sub-page', async () => {
    const { response, html } = await page(`/stores/${STORE}/search/milk`)
    expect(response.status).toBe(200)
    expect(title(html)).toContain('milk')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).toContain(`href="/stores/${STORE}/search/milk/menu-items"`)
  })

  it('pages the menu-items sub-page and answers 404 past its last page', async () => {
    const first = await page(`/stores/${STORE}/search/milk/menu-items`)
    expect(first.response.status).toBe(200)
    expect(first.html.match(/<article /g) ?? []).toHaveLength(24)
    expect(first.html).toContain(`href="/stores/${STORE}/search/milk/menu-items?page=2"`)
    const second = await page(`/stores/${STORE}/search/milk/menu-items?page=2`)
    expect(second.response.status).toBe(200)
    expect(second.html).toContain('Page 2 of')
    expect((await get(`/stores/${STORE}/search/milk/menu-items?page=999`)).status).toBe(404)
  })

  it('has categories and deals sub-pages', async () => {
    expect((await get(`/stores/${STORE}/search/milk/categories`)).status).toBe(200)
    expect((await get(`/stores/${STORE}/search/meal/deals`)).status).toBe(200)
  })
})

describe('catalogue sitemaps', () => {
  it('lists one catalogue sitemap per store in the index', async () => {
    const body = await (await get('/sitemap.xml', PRODUCTION)).text()
    expect(body).toContain(`<loc>https://${PRODUCTION}/sitemap-store-${STORE}.xml</loc>`)
  })

  it("lists the store's categories and items", async () => {
    const item = await optionItem()
    const response = await get(`/sitemap-store-${STORE}.xml`, PRODUCTION)
    expect(response.status).toBe(200)
    const body = await response.text()
    expect(body).toContain(`/stores/${STORE}/deals</loc>`)
    expect(body).toContain(`/stores/${STORE}/category/${item.category_slug}</loc>`)
    expect(body).toContain(`/stores/${STORE}/category/${item.category_slug}/${item.slug}</loc>`)
    const urls = body.match(/<url>/g) ?? []
    expect(urls.length).toBeGreaterThan(100)
    expect(urls.length).toBeLessThanOrEqual(50_000)
  })

  it('answers 404 for an unknown store and off the listed hosts', async () => {
    expect((await get('/sitemap-store-nowhere.xml', PRODUCTION)).status).toBe(404)
    expect((await get(`/sitemap-store-${STORE}.xml`, 'localhost')).status).toBe(404)
  })
})
