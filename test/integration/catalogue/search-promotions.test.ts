import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { callBackend } from '../../support/workers/requests.ts'
import {
  BannerEventResultSchema,
  BannerListSchema,
  BannerSchema,
  DealDetailsSchema,
  DealListSchema,
  GlobalSearchResultSchema,
} from '../../../schemas/catalogue.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { DEMO, expectError, OTHER, seedCatalogue } from './fixtures.ts'
import { DATED } from '../../support/test-clock.ts'

const store = { businessId: DEMO.businessId, storeId: DEMO.storeId }

beforeAll(async () => {
  await seedCatalogue(env.DB)
})

async function search(body: Record<string, unknown>) {
  const { status, json } = await callBackend('/catalogue/search', { ...store, ...body })
  expect(status).toBe(200)
  return GlobalSearchResultSchema.parse(json)
}

describe('/catalogue/search', () => {
  it('puts an exact name match first, then whole words before longer words', async () => {
    const latte = await search({ searchTerm: 'Latte' })
    expect(latte.items.results[0]?.slug).toBe('latte')
    const milk = await search({ searchTerm: 'milk', itemsLimit: 5 })
    expect(milk.items.total).toBeGreaterThan(5)
    for (const item of milk.items.results) expect(item.name).toMatch(/\bmilk\b/i)
  })

  it('matches word prefixes of every word, across names, tags and categories', async () => {
    const prefix = await search({ searchTerm: 'banan' })
    expect(prefix.items.results.length).toBeGreaterThan(0)
    for (const item of prefix.items.results) expect(item.name.toLowerCase()).toContain('banan')
    const two = await search({ searchTerm: 'organic banan' })
    expect(two.items.results.map((item) => item.slug)).toContain('organic-bananas-5-pack')
    expect(two.items.total).toBeLessThan(prefix.items.total)
    // A tag ("vegan") and a category name ("Dairy") find items too.
    expect((await search({ searchTerm: 'vegan' })).items.total).toBeGreaterThan(0)
    const dairy = await search({ searchTerm: 'dairy' })
    expect(dairy.categories.results.map((category) => category.slug)).toContain('dairy-eggs')
    expect(dairy.items.total).toBeGreaterThan(0)
  })

  it('pages items, categories and deals separately', async () => {
    const first = await search({ searchTerm: 'milk', itemsLimit: 3 })
    const second = await search({ searchTerm: 'milk', itemsLimit: 3, itemsPage: 2 })
    expect(second.items.page).toBe(2)
    expect(second.items.total).toBe(first.items.total)
    const ids = first.items.results.map((item) => item.id)
    for (const item of second.items.results) expect(ids).not.toContain(item.id)
    const deals = await search({ searchTerm: 'for', dealsLimit: 1 })
    expect(deals.deals.results).toHaveLength(1)
    expect(deals.deals.total).toBeGreaterThan(1)
    const next = await search({ searchTerm: 'for', dealsLimit: 1, dealsPage: 2 })
    expect(next.deals.results[0]?.id).not.toBe(deals.deals.results[0]?.id)
  })

  it("leaves out items the store doesn't sell and other businesses' items", async () => {
    const row = await env.DB.prepare(
      `select m.id, m.name from store_menu_items s join menu_items m on m.id = s.menu_item_id
       where s.store_id = 1 and s.is_available = 0 and m.business_id = 1 limit 1`
    ).first<{ id: number; name: string }>()
    expect(row).not.toBeNull()
    const here = await search({ searchTerm: row?.name ?? '', itemsLimit: 100 })
    expect(here.items.results.map((item) => item.id)).not.toContain(row?.id)
    const mine = await search({ searchTerm: 'other grocer milk' })
    expect(mine.items.total).toBe(0)
    const theirs = await callBackend('/catalogue/search', {
      businessId: OTHER.businessId,
      storeId: OTHER.storeId,
      searchTerm: 'other grocer milk',
    })
    const found = GlobalSearchResultSchema.parse(theirs.json)
    expect(found.items.results.map((item) => item.id)).toEqual([OTHER.itemId])
  })

  it('refuses a one-character term with the spec message', async () => {
    const error = await expectError(
      '/catalogue/search',
      { ...store, searchTerm: ' a ' },
      422,
      MESSAGES.searchTermTooShort
    )
    expect(error.error.fields?.[0]?.field).toBe('searchTerm')
    await expectError('/catalogue/search', store, 422, MESSAGES.searchTermTooShort)
  })

  it('treats FTS5 syntax in the term as plain words', async () => {
    for (const searchTerm of [
      '"milk',
      'milk OR NOT',
      'name:milk',
      'mi* ^milk',
      'NEAR(milk',
      '))',
    ]) {
      const res = await callBackend('/catalogue/search', { ...store, searchTerm })
      expect(res.status).toBe(200)
    }
    const orTerm = await search({ searchTerm: 'milk OR bananas' })
    // OR is a word to find, not an operator: nothing is named with all three words.
    expect(orTerm.items.total).toBe(0)
  })
})

describe('/catalogue/deals and /catalogue/deal', () => {
  it('lists the deals live now and hides ended or future ones', DATED, async () => {
    await env.DB.batch([
      env.DB.prepare(
        `update deals set ends_at = '2020-01-01T00:00:00.000Z' where slug = 'pizza-night'`
      ),
      env.DB.prepare(
        `update deals set starts_at = '2999-01-01T00:00:00.000Z' where slug = 'ice-cream-50p-off'`
      ),
    ])
    const { status, json } = await callBackend('/catalogue/deals', store)
    expect(status).toBe(200)
    const slugs = DealListSchema.parse(json).deals.map((deal) => deal.slug)
    expect(slugs).toContain('lunchtime-meal-deal')
    expect(slugs).not.toContain('pizza-night')
    expect(slugs).not.toContain('ice-cream-50p-off')
    expect(slugs).not.toContain(OTHER.dealSlug)
    await expectError(
      '/catalogue/deal',
      { ...store, dealSlug: 'pizza-night' },
      404,
      MESSAGES.dealNotFound
    )
    await env.DB.prepare(
      `update deals set ends_at = null, starts_at = null where slug in ('pizza-night', 'ice-cream-50p-off')`
    ).run()
  })

  it('answers a deal with its sections and their items, priced for the store', async () => {
    const { status, json } = await callBackend('/catalogue/deal', {
      ...store,
      dealSlug: 'lunchtime-meal-deal',
    })
    expect(status).toBe(200)
    const details = DealDetailsSchema.parse(json)
    expect(details.deal).toMatchObject({ kind: 'meal_deal', price: 385 })
    expect(details.sections.length).toBeGreaterThan(1)
    for (const section of details.sections) expect(section.items.length).toBeGreaterThan(0)
    const premium = details.sections.flatMap((s) => s.items).filter((i) => i.extraCost > 0)
    expect(premium.length).toBeGreaterThan(0)
    const byId = await callBackend('/catalogue/deal', { ...store, dealId: details.deal.id })
    expect(DealDetailsSchema.parse(byId.json)).toEqual(details)
  })

  it("answers 'Deal not found' for an unknown or another business's deal", async () => {
    await expectError('/catalogue/deal', { ...store, dealSlug: 'nope' }, 404, MESSAGES.dealNotFound)
    await expectError('/catalogue/deal', { ...store, dealId: 9001 }, 404, MESSAGES.dealNotFound)
    await expectError('/catalogue/deal', store, 422, MESSAGES.validationError)
  })
})

describe('/catalogue/banners and /catalogue/banner', () => {
  it('lists the store home banners, and a category page its own', async () => {
    const home = await callBackend('/catalogue/banners', store)
    expect(home.status).toBe(200)
    const homeSlugs = BannerListSchema.parse(home.json).banners.map((banner) => banner.slug)
    expect(homeSlugs).toEqual(['lunchtime-meal-deal', 'pizza-night', 'fresh-fruit', 'hot-drinks'])
    const drinks = await env.DB.prepare(
      `select id from categories where slug = 'beer-wine-spirits' and business_id = 1`
    ).first<{ id: number }>()
    const page = await callBackend('/catalogue/banners', { ...store, categoryId: drinks?.id })
    const banners = BannerListSchema.parse(page.json).banners
    expect(banners.map((banner) => banner.slug)).toEqual(['wine-2-for-12'])
    expect(banners[0]?.link).toMatchObject({ type: 'deal', dealSlug: expect.any(String) })
    const item = BannerListSchema.parse(home.json).banners.find((b) => b.slug === 'hot-drinks')
    expect(item?.link).toMatchObject({
      type: 'menu_item',
      menuItemSlug: 'latte',
      menuItemCategorySlug: 'hot-drinks',
    })
  })

  it('keeps to the brand, the store, the method and the dates', DATED, async () => {
    await env.DB.prepare(
      `insert into banners (id, business_id, brand_id, slug, title, image_url, store_id,
       fulfilment_method, starts_at, ends_at, position) values
       (8001, 1, 1, 'brand-one', 'Brand one', '/b.svg', null, null, null, null, 10),
       (8002, 1, null, 'store-two', 'Store two', '/b.svg', 2, null, null, null, 11),
       (8003, 1, null, 'collection-only', 'Collect', '/b.svg', null, 'collection', null, null, 12),
       (8004, 1, null, 'expired', 'Expired', '/b.svg', null, null, null, '2020-01-01T00:00:00Z', 13)`
    ).run()
    const slugs = async (body: Record<string, unknown>) =>
      BannerListSchema.parse((await callBackend('/catalogue/banners', { ...store, ...body })).json)
        .banners.map((banner) => banner.slug)
        .filter((slug) => ['brand-one', 'store-two', 'collection-only', 'expired'].includes(slug))
    expect(await slugs({})).toEqual([])
    expect(await slugs({ brandId: 1 })).toEqual(['brand-one'])
    expect(await slugs({ brandId: 2, storeId: 2 })).toEqual(['store-two'])
    expect(await slugs({ fulfilmentMethod: 'collection' })).toEqual(['collection-only'])
    await expectError(
      '/catalogue/banner',
      { businessId: 1, bannerSlug: 'expired' },
      404,
      MESSAGES.bannerNotFound
    )
  })

  it("answers one banner by slug, and 'Unable to find banner' for another business's", async () => {
    const { status, json } = await callBackend('/catalogue/banner', {
      businessId: 1,
      bannerSlug: 'fresh-fruit',
    })
    expect(status).toBe(200)
    expect(BannerSchema.parse(json).link).toMatchObject({
      type: 'category',
      categorySlug: 'fresh-fruit',
    })
    await expectError(
      '/catalogue/banner',
      { businessId: 1, bannerSlug: OTHER.bannerSlug },
      404,
      MESSAGES.bannerNotFound
    )
    await expectError('/catalogue/banner', { businessId: 1 }, 422, MESSAGES.validationError)
  })
})

describe('/catalogue/banners/click and /catalogue/banners/impressions', () => {
  interface Counters {
    click_count: number
    impression_count: number
  }
  const counters = async (id: number) =>
    env.DB.prepare('select click_count, impression_count from banners where id = ?1')
      .bind(id)
      .first<Counters>()
  const metrics = async () =>
    (await env.DB.prepare('select * from banner_metrics order by banner_id, platform').all())
      .results

  it('counts a click on the banner and per platform and day', DATED, async () => {
    const before = await counters(1)
    const res = await callBackend('/catalogue/banners/click', {
      businessId: 1,
      bannerIds: [1],
      platform: 'ios',
    })
    expect(BannerEventResultSchema.parse(res.json).counted).toBe(1)
    await callBackend('/catalogue/banners/click', {
      businessId: 1,
      bannerIds: [1],
      platform: 'ios',
    })
    expect(await counters(1)).toEqual({ ...before, click_count: (before?.click_count ?? 0) + 2 })
    const day = new Date().toISOString().slice(0, 10)
    expect(await metrics()).toContainEqual({
      banner_id: 1,
      platform: 'ios',
      day,
      clicks: 2,
      impressions: 0,
    })
  })

  it('counts impressions of several banners at once, each once', DATED, async () => {
    const res = await callBackend('/catalogue/banners/impressions', {
      businessId: 1,
      bannerIds: [2, 3, 3],
    })
    expect(BannerEventResultSchema.parse(res.json).counted).toBe(2)
    expect((await counters(3))?.impression_count).toBe(1)
    const day = new Date().toISOString().slice(0, 10)
    expect(await metrics()).toContainEqual({
      banner_id: 3,
      platform: 'web',
      day,
      clicks: 0,
      impressions: 1,
    })
  })

  it("counts nothing for unknown ids, another business's banner or bad input", async () => {
    const before = {
      one: await counters(1),
      other: await counters(OTHER.bannerId),
      metrics: await metrics(),
    }
    const unknown = await callBackend('/catalogue/banners/click', {
      businessId: 1,
      bannerIds: [99999, OTHER.bannerId],
    })
    expect(BannerEventResultSchema.parse(unknown.json).counted).toBe(0)
    await expectError(
      '/catalogue/banners/click',
      { businessId: 1, bannerIds: ['abc', 1] },
      422,
      MESSAGES.validationError
    )
    await expectError(
      '/catalogue/banners/click',
      { businessId: 1, bannerIds: [] },
      422,
      MESSAGES.validationError
    )
    await expectError(
      '/catalogue/banners/impressions',
      { businessId: 1, bannerIds: [1], platform: 'fax' },
      422,
      MESSAGES.validationError
    )
    expect({
      one: await counters(1),
      other: await counters(OTHER.bannerId),
      metrics: await metrics(),
    }).toEqual(before)
  })
})
