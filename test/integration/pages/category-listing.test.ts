import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { seedDemo } from '../../support/workers/seed.ts'

/* The category page's sort and filter form, chips, paging and SEO (ADR 034), without JavaScript. */

const STORE = 'manchester-piccadilly'
let path = ''

beforeAll(async () => {
  await seedDemo(env.DB)
  // A department with more than two pages of items, vegan ones among them.
  const row = await env.DB.prepare(
    `select k.slug from categories k
     join categories c on c.id = k.id or c.parent_id = k.id
     join menu_items m on m.category_id = c.id and m.is_active = 1
     where k.business_id = 1 and k.parent_id is null
     group by k.id having sum(m.tags like '%"vegan"%') > 0 and count(*) > 48
     order by count(*) desc limit 1`
  ).first<{ slug: string }>()
  path = `/stores/${STORE}/category/${row?.slug ?? ''}`
})

async function page(query: string) {
  const response = await SELF.fetch(`http://localhost${path}${query}`, { redirect: 'manual' })
  return { response, html: await response.text() }
}

function canonical(html: string): string {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? ''
}

function decoded(html: string): string {
  return html.replaceAll('&amp;', '&')
}

describe('the category page sorted and filtered', () => {
  it('shows a GET form with every sort and filter, the plain page indexable', async () => {
    const { response, html } = await page('')
    expect(response.status).toBe(200)
    expect(html).toMatch(/<form aria-label="Sort and filter"[^>]* method="get">/)
    expect(html).toContain(`action="${path}" method="get"`)
    expect(html).toMatch(/<select name="sort"/)
    for (const value of ['relevance', 'price-low', 'price-high', 'unit-price', 'name']) {
      expect(html).toContain(`value="${value}"`)
    }
    expect(html).toContain('name="offer" value="1"')
    expect(html).toContain('name="diet" value="vegan"')
    // The fourteen allergens sit in a disclosure, folded until one is chosen.
    expect(html).toMatch(/<details class="w-full"><summary[^>]*>Free from \(allergens\)/)
    expect(html).toContain('<legend class="sr-only">Free from</legend>')
    for (const allergen of ['milk', 'gluten', 'peanuts', 'tree-nuts', 'sulphites']) {
      expect(html).toContain(`name="free" value="${allergen}"`)
    }
    expect(html).toContain('>Apply</button>')
    expect(html).not.toContain('name="robots"')
    expect(canonical(html)).toBe(`http://localhost${path}`)
  })

  it('keeps the choice in chips, paging links and the form, noindex with the plain canonical', async () => {
    const { response, html } = await page('?sort=price-low&diet=vegan&diet=vegetarian')
    expect(response.status).toBe(200)
    const text = decoded(html)
    expect(text).toContain('<meta name="robots" content="noindex"/>')
    expect(canonical(html)).toBe(`http://localhost${path}`)
    // Each chip links to the listing without it (tags in the list's order, one URL per choice).
    const chip = (query: string, label: string) =>
      `href="${path}${query}" aria-label="Remove ${label}"`
    expect(text).toContain(chip('?diet=vegetarian&diet=vegan', 'Price: low to high'))
    expect(text).toContain(chip('?sort=price-low&diet=vegetarian', 'Vegan'))
    expect(text).toContain(chip('?sort=price-low&diet=vegan', 'Vegetarian'))
    expect(html).toMatch(/<option value="price-low" selected="">/)
    expect(html).toMatch(/name="diet" checked="" value="vegan"/)
    expect(html).toMatch(/name="offer" value="1"\/>/)
    expect(text).toContain(`${path}?sort=price-low&diet=vegetarian&diet=vegan&page=2" rel="next"`)
  })

  it('filters free from an allergen without JavaScript, with a chip to remove it', async () => {
    const { response, html } = await page('?free=milk&free=eggs')
    expect(response.status).toBe(200)
    const text = decoded(html)
    expect(text).toContain('<meta name="robots" content="noindex"/>')
    expect(html).toMatch(/name="free" checked="" value="milk"/)
    expect(html).toMatch(/<details class="w-full" open="">/)
    expect(text).toContain(`href="${path}?free=milk" aria-label="Remove Free from eggs"`)
    expect(text).toContain(`href="${path}?free=eggs" aria-label="Remove Free from milk"`)
  })

  it('pages a sorted listing with its query', async () => {
    const { html } = await page('?sort=name')
    expect(decoded(html)).toContain(`href="${path}?sort=name&page=2" rel="next"`)
    const second = await page('?sort=name&page=2')
    expect(second.response.status).toBe(200)
    expect(decoded(second.html)).toContain(`href="${path}?sort=name" rel="prev"`)
  })

  it('shows the usual order with a message for an unknown sort, and ignores an unknown tag', async () => {
    const { response, html } = await page('?sort=cheapest&diet=keto')
    expect(response.status).toBe(200)
    expect(html).toContain(MESSAGES.categorySortUnknown.replaceAll("'", '&#x27;'))
    expect(html).toMatch(/<option value="relevance" selected="">/)
    expect(html).toContain('<meta name="robots" content="noindex"/>')
  })

  it('says what to remove when nothing matches', async () => {
    const { response, html } = await page('?offer=1&diet=vegan&diet=gluten-free&diet=free-range')
    expect(response.status).toBe(200)
    expect(html).toContain(MESSAGES.categoryNoMatches)
    expect(html).toContain('aria-label="Remove On offer"')
  })
})

describe('the search page free from allergens (issue 41)', () => {
  it('keeps the products free from the asked allergens, in its form, chips, links and paging', async () => {
    const search = `/stores/${STORE}/search/chocolate`
    const response = await SELF.fetch(`http://localhost${search}?free=peanuts`)
    expect(response.status).toBe(200)
    const text = decoded(await response.text())
    expect(text).toMatch(/name="free" checked="" value="peanuts"/)
    expect(text).toContain(`href="${search}" aria-label="Remove Free from peanuts"`)
    expect(text).toContain(`href="${search}/menu-items?free=peanuts"`)
    // Milk chocolate may contain peanuts: gone; dark chocolate declares neither: kept.
    expect(text).not.toContain('Milk chocolate bar')
    expect(text).toContain('Dark chocolate bar')
  })
})
