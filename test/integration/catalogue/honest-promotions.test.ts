import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { callBackend } from '../../support/workers/requests.ts'
import {
  BannerListSchema,
  DealListSchema,
  MenuItemListSchema,
  MenuItemSchema,
} from '../../../schemas/catalogue.ts'
import { DEMO, seedCatalogue } from './fixtures.ts'

// Honest prices (README): the backend's item mapping and promotion queries, not the pages, keep
// false price claims and tobacco promotions out of every answer.

const store = { businessId: DEMO.businessId, storeId: DEMO.storeId }
const DAY_MS = 24 * 60 * 60 * 1000
// Dates relative to the instant the test runs, so it holds on any date.
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString()

let plainId: number
let tobaccoId: number
let tobaccoCategoryId: number

beforeAll(async () => {
  await seedCatalogue(env.DB)
  const plain = await env.DB.prepare(
    `select m.id from menu_items m join categories c on c.id = m.category_id
     where m.business_id = 1 and m.is_active = 1 and m.age_restriction is null
       and not exists (select 1 from store_menu_items s where s.menu_item_id = m.id and s.store_id = 1)
     order by m.id limit 1`
  ).first<{ id: number }>()
  const tobacco = await env.DB.prepare(
    `select m.id, m.category_id from menu_items m join categories c on c.id = m.category_id
       join categories p on p.id = c.parent_id
     where p.slug = 'tobacco' and m.out_of_stock = 0
       and not exists (select 1 from store_menu_items s where s.menu_item_id = m.id and s.store_id = 1)
     order by m.id limit 1`
  ).first<{ id: number; category_id: number }>()
  if (!plain || !tobacco) throw new Error('demo data lacks the items this test needs')
  plainId = plain.id
  tobaccoId = tobacco.id
  tobaccoCategoryId = tobacco.category_id
})

async function item(itemId: number) {
  const { status, json } = await callBackend('/catalogue/menu-item', { ...store, itemId })
  expect(status, JSON.stringify(json)).toBe(200)
  return MenuItemSchema.parse(json)
}

async function setClaim(itemId: number, badge: string, from: string | null, until: string | null) {
  await env.DB.prepare(
    `update menu_items set was_price = price + 100, was_price_from = ?2, was_price_until = ?3,
       badge_text = ?4, badge_color = '#ffffff', badge_background_color = '#b91c1c'
     where id = ?1`
  )
    .bind(itemId, from, until, badge)
    .run()
}

describe('price claims', () => {
  it('shows no was-price and no price-drop badge without a recorded earlier period', async () => {
    await setClaim(plainId, 'Price drop', null, null)
    const shown = await item(plainId)
    expect(shown.wasPrice).toBeNull()
    expect(shown.badge).toBeNull()
  })

  it('shows neither when the earlier price ran under 28 days or the claim has run too long', async () => {
    await setClaim(plainId, 'Price drop', daysAgo(30), daysAgo(10))
    expect((await item(plainId)).wasPrice).toBeNull()
    await setClaim(plainId, 'Price drop', daysAgo(100), daysAgo(60))
    const stale = await item(plainId)
    expect(stale.wasPrice).toBeNull()
    expect(stale.badge).toBeNull()
  })

  it('shows a genuine claim with its badge', async () => {
    await setClaim(plainId, 'Price drop', daysAgo(100), daysAgo(10))
    const shown = await item(plainId)
    expect(shown.wasPrice).toBe(shown.price + 100)
    expect(shown.badge?.text).toBe('Price drop')
  })

  it("never lends the item's earlier price to a store's own price", async () => {
    await setClaim(plainId, 'Price drop', daysAgo(100), daysAgo(10))
    await env.DB.prepare(
      `insert into store_menu_items (store_id, menu_item_id, price) values (1, ?1, 50)`
    )
      .bind(plainId)
      .run()
    const shown = await item(plainId)
    expect(shown.price).toBe(50)
    expect(shown.wasPrice).toBeNull()
    expect(shown.badge).toBeNull()
    await env.DB.prepare('delete from store_menu_items where store_id = 1 and menu_item_id = ?1')
      .bind(plainId)
      .run()
  })
})

describe('tobacco is never promoted', () => {
  it('drops every badge and was-price from a tobacco item', async () => {
    await setClaim(tobaccoId, 'Best seller', daysAgo(100), daysAgo(10))
    const shown = await item(tobaccoId)
    expect(shown.badge).toBeNull()
    expect(shown.wasPrice).toBeNull()
  })

  it('leaves tobacco out of the recommended items even when it is first among the offers', async () => {
    await setClaim(tobaccoId, 'Best seller', daysAgo(100), daysAgo(10))
    await env.DB.prepare('update menu_items set position = -1000 where id = ?1')
      .bind(tobaccoId)
      .run()
    const { status, json } = await callBackend('/stores/recommended-items', store)
    expect(status).toBe(200)
    const ids = MenuItemListSchema.parse(json).items.map((found) => found.id)
    expect(ids.length).toBeGreaterThan(0)
    expect(ids).not.toContain(tobaccoId)
  })

  it('takes a deal with a tobacco item off sale and hides banners that point to tobacco', async () => {
    const before = DealListSchema.parse((await callBackend('/catalogue/deals', store)).json)
    expect(before.deals.map((deal) => deal.slug)).toContain('pizza-night')
    await env.DB.prepare(
      `insert into deal_section_items (deal_section_id, menu_item_id, position)
       select id, ?1, 99 from deal_sections
       where deal_id = (select id from deals where slug = 'pizza-night') limit 1`
    )
      .bind(tobaccoId)
      .run()
    const after = DealListSchema.parse((await callBackend('/catalogue/deals', store)).json)
    expect(after.deals.map((deal) => deal.slug)).not.toContain('pizza-night')
    const deal = await callBackend('/catalogue/deal', { ...store, dealSlug: 'pizza-night' })
    expect(deal.status).toBe(404)

    const home = () =>
      callBackend('/catalogue/banners', store).then(({ json }) =>
        BannerListSchema.parse(json).banners.map((banner) => banner.slug)
      )
    // pizza-night's banner links to the deal that now holds tobacco.
    expect(await home()).not.toContain('pizza-night')
    expect(await home()).toContain('fresh-fruit')
    await env.DB.prepare(
      `update banners set link_type = 'category', link_category_id = ?1, link_deal_id = null
       where slug = 'fresh-fruit'`
    )
      .bind(tobaccoCategoryId)
      .run()
    expect(await home()).not.toContain('fresh-fruit')
  })
})
