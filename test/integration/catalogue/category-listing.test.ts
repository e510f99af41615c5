import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { CategoryDetailsSchema, type MenuItemSummary } from '../../../schemas/catalogue.ts'
import { CATEGORY_SORTS, type CategorySort } from '../../../schemas/category-listing.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { unitAmount } from '../../../schemas/unit-price.ts'
import { callBackend } from '../../support/workers/requests.ts'
import { DEMO, expectError, seedCatalogue } from './fixtures.ts'

/*
 * The category listing's sort and filters (ADR 034) against the migrated demo data: every sort
 * order holds across pages, the filters keep exactly the items that match (on offer is held to
 * the items' own genuine was-prices), and bad values are refused with the listing's messages.
 */

const scope = { businessId: DEMO.businessId, storeId: DEMO.storeId }
let department = ''

beforeAll(async () => {
  await seedCatalogue(env.DB)
  // The department with the most vegan items: it has items for every filter to find.
  const row = await env.DB.prepare(
    `select k.slug from categories k
     join categories c on c.id = k.id or c.parent_id = k.id
     join menu_items m on m.category_id = c.id and m.is_active = 1
     where k.business_id = 1 and k.parent_id is null and m.tags like '%"vegan"%'
     group by k.id order by count(*) desc limit 1`
  ).first<{ slug: string }>()
  department = row?.slug ?? ''
})

async function listing(body: Record<string, unknown>) {
  const { status, json } = await callBackend('/catalogue/category', {
    ...scope,
    categorySlug: department,
    ...body,
  })
  expect(status).toBe(200)
  return CategoryDetailsSchema.parse(json).items
}

/** Every item of a listing, page by page (100 a page). */
async function everything(body: Record<string, unknown>): Promise<Array<MenuItemSummary>> {
  const all: Array<MenuItemSummary> = []
  for (let page = 1; page < 100; page++) {
    const items = await listing({ ...body, page, limit: 100 })
    all.push(...items.results)
    if (all.length >= items.total) break
  }
  return all
}

function pricePerUnit(item: MenuItemSummary): number {
  const amount = unitAmount(item.size)
  return amount === null ? Number.POSITIVE_INFINITY : item.price / amount
}

const inOrder: Record<
  Exclude<CategorySort, 'relevance'>,
  (a: MenuItemSummary, b: MenuItemSummary) => boolean
> = {
  'price-low': (a, b) => a.price <= b.price,
  'price-high': (a, b) => a.price >= b.price,
  'unit-price': (a, b) => pricePerUnit(a) <= pricePerUnit(b) + 1e-9,
  name: (a, b) => a.name.toLowerCase() <= b.name.toLowerCase(),
}

describe('sorting a category', () => {
  it('relevance is the operator order, the same as no sort', async () => {
    const plain = await listing({})
    const relevance = await listing({ sort: 'relevance' })
    expect(relevance.results.map((item) => item.id)).toEqual(plain.results.map((item) => item.id))
    expect(relevance.total).toBe(plain.total)
  })

  it.each(['price-low', 'price-high', 'unit-price', 'name'] as const)(
    'sorts by %s across every page, with the same items and total as the plain listing',
    async (sort) => {
      const plain = await everything({})
      const sorted = await everything({ sort })
      expect(sorted).toHaveLength(plain.length)
      expect(new Set(sorted.map((item) => item.id))).toEqual(new Set(plain.map((item) => item.id)))
      const breaks = sorted.filter((item, index) => {
        const next = sorted[index + 1]
        return next !== undefined && !inOrder[sort](item, next)
      })
      expect(breaks).toEqual([])
    }
  )

  it('puts items whose size holds no quantity last by price per unit', async () => {
    const sorted = await everything({ sort: 'unit-price' })
    const firstWithout = sorted.findIndex((item) => unitAmount(item.size) === null)
    if (firstWithout >= 0) {
      expect(sorted.slice(firstWithout).every((item) => unitAmount(item.size) === null)).toBe(true)
    }
    expect(sorted.some((item) => unitAmount(item.size) !== null)).toBe(true)
  })

  it('pages a sort without repeating or skipping an item', async () => {
    const first = await listing({ sort: 'price-low', page: 1, limit: 24 })
    const second = await listing({ sort: 'price-low', page: 2, limit: 24 })
    const both = await listing({ sort: 'price-low', page: 1, limit: 48 })
    expect([...first.results, ...second.results].map((item) => item.id)).toEqual(
      both.results.map((item) => item.id)
    )
  })
})

describe('filtering a category', () => {
  it('on offer keeps exactly the items showing a genuine lower price', async () => {
    const plain = await everything({})
    const offers = await everything({ filters: { onOffer: true } })
    const expected = plain.filter((item) => item.wasPrice !== null).map((item) => item.id)
    expect(expected.length).toBeGreaterThan(0)
    expect(offers.map((item) => item.id)).toEqual(expected)
    const first = await listing({ filters: { onOffer: true } })
    expect(first.total).toBe(expected.length)
  })

  it('dietary tags keep the items carrying every tag asked for', async () => {
    const plain = await everything({})
    for (const tags of [['vegan'], ['vegetarian'], ['vegan', 'vegetarian'], ['organic']]) {
      const filtered = await everything({ filters: { tags } })
      const expected = plain
        .filter((item) => tags.every((tag) => item.tags.includes(tag)))
        .map((item) => item.id)
      expect(
        filtered.map((item) => item.id),
        tags.join('+')
      ).toEqual(expected)
    }
  })

  it('free from keeps the items declaring neither "contains" nor "may contain" of any asked', async () => {
    const plain = await everything({})
    const { results } = await env.DB.prepare(
      `select id, allergens_contains, allergens_may_contain, nutrition from menu_items
       where id in (select value from json_each(?1))`
    )
      .bind(JSON.stringify(plain.map((item) => item.id)))
      .all<{
        id: number
        allergens_contains: string
        allergens_may_contain: string
        nutrition: string | null
      }>()
    const rows = new Map(results.map((row) => [row.id, row]))
    let excluded = 0
    for (const freeFrom of [['milk'], ['eggs', 'mustard']]) {
      const filtered = await everything({ filters: { freeFrom } })
      const expected = plain.filter((item) => {
        const row = rows.get(item.id)
        if (!row) return false
        const declared = [
          ...(JSON.parse(row.allergens_contains) as Array<string>),
          ...(JSON.parse(row.allergens_may_contain) as Array<string>),
        ]
        const food = row.nutrition !== null || declared.length > 0
        return food && freeFrom.every((allergen) => !declared.includes(allergen))
      })
      expect(expected.length, freeFrom.join('+')).toBeGreaterThan(0)
      excluded += plain.length - expected.length
      expect(
        filtered.map((item) => item.id),
        freeFrom.join('+')
      ).toEqual(expected.map((item) => item.id))
    }
    expect(excluded).toBeGreaterThan(0)
  })

  it('combines filters with a sort, and counts what matches', async () => {
    const plain = await everything({})
    const expected = plain.filter((item) => item.tags.includes('vegan'))
    const sorted = await everything({ sort: 'price-high', filters: { tags: ['vegan'] } })
    expect(sorted.map((item) => item.id).sort()).toEqual(expected.map((item) => item.id).sort())
    expect(sorted.every((item, i) => i === 0 || sorted[i - 1]!.price >= item.price)).toBe(true)
    const none = await listing({ filters: { onOffer: true, tags: ['vegan', 'free-range'] } })
    const matching = plain.filter(
      (item) =>
        item.wasPrice !== null && item.tags.includes('vegan') && item.tags.includes('free-range')
    )
    expect(none.total).toBe(matching.length)
  })
})

describe('bad listing values', () => {
  const path = '/catalogue/category'
  const base = { ...scope, categorySlug: 'bakery' }

  it('refuses an unknown sort with 422 and says which sorts there are', async () => {
    expect(CATEGORY_SORTS).not.toContain('cheapest')
    await expectError(path, { ...base, sort: 'cheapest' }, 422, MESSAGES.categorySortInvalid)
  })

  it('refuses an unknown tag or a malformed filter with 422', async () => {
    await expectError(
      path,
      { ...base, filters: { tags: ['keto'] } },
      422,
      MESSAGES.categoryFilterInvalid
    )
    await expectError(
      path,
      { ...base, filters: { onOffer: 'yes' } },
      422,
      MESSAGES.categoryFilterInvalid
    )
    await expectError(
      path,
      { ...base, filters: { freeFrom: ['wheat'] } },
      422,
      MESSAGES.categoryFilterInvalid
    )
  })
})
