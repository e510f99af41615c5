import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { callBackend } from '../../support/workers/requests.ts'
import {
  type CategoryNode,
  CategoryDetailsSchema,
  CategoryTreeSchema,
  MenuItemListSchema,
  MenuItemPriceSchema,
  MenuItemSchema,
} from '../../../schemas/catalogue.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { DEMO, expectError, OTHER, seedCatalogue } from './fixtures.ts'

const store = { businessId: DEMO.businessId, storeId: DEMO.storeId }
const otherStore = { businessId: DEMO.businessId, storeId: 2 }

interface FruitItem {
  id: number
  slug: string
  price: number
}
let fruit: Array<FruitItem> = []
// Store 1: [0] at its own price, [1] out of stock, [2] not sold. Store 2 has no overrides on them.
let repriced: FruitItem
let outOfStock: FruitItem
let notSold: FruitItem

beforeAll(async () => {
  await seedCatalogue(env.DB)
  const { results } = await env.DB.prepare(
    `select m.id, m.slug, m.price from menu_items m join categories c on c.id = m.category_id
     where c.slug = 'fresh-fruit' and m.business_id = 1 and m.out_of_stock = 0
       and m.was_price is null and m.sold_by = 'each'
     order by m.position limit 6`
  ).all<FruitItem>()
  fruit = results
  ;[repriced, outOfStock, notSold] = fruit as [FruitItem, FruitItem, FruitItem]
  const ids = JSON.stringify(fruit.map((item) => item.id))
  await env.DB.batch([
    env.DB.prepare(
      `delete from store_menu_items where store_id in (1, 2)
       and menu_item_id in (select value from json_each(?1))`
    ).bind(ids),
    env.DB.prepare(
      // The store's was-price with the period it was charged (a genuine claim, price-claims.ts).
      `insert into store_menu_items (store_id, menu_item_id, price, was_price, was_price_from,
       was_price_until, out_of_stock, is_available) values (1, ?1, 111, ?2, ?5, ?6, null, 1),
       (1, ?3, null, null, null, null, 1, 1), (1, ?4, null, null, null, null, null, 0)`
    ).bind(
      repriced.id,
      repriced.price + 500,
      outOfStock.id,
      notSold.id,
      new Date(Date.now() - 100 * 86_400_000).toISOString(),
      new Date(Date.now() - 10 * 86_400_000).toISOString()
    ),
  ])
})

function findNode(nodes: ReadonlyArray<CategoryNode>, slug: string): CategoryNode | undefined {
  for (const node of nodes) {
    if (node.slug === slug) return node
    const child = findNode(node.children, slug)
    if (child) return child
  }
  return undefined
}

async function tree(body: unknown) {
  const { status, json } = await callBackend('/catalogue/category-tree', body)
  expect(status).toBe(200)
  return CategoryTreeSchema.parse(json).categories
}

async function category(body: Record<string, unknown>) {
  const { status, json } = await callBackend('/catalogue/category', body)
  expect(status).toBe(200)
  return CategoryDetailsSchema.parse(json)
}

describe('/catalogue/category-tree', () => {
  it('nests the departments with counts that include their sub-categories', async () => {
    const categories = await tree(store)
    expect(categories.length).toBeGreaterThan(5)
    for (const department of categories) {
      expect(department.children.length).toBeGreaterThan(0)
      const sum = department.children.reduce((total, child) => total + child.itemCount, 0)
      expect(department.itemCount).toBe(sum)
      expect(department.images?.xhdpi_2x).toMatch(/\/xhdpi_2x\.svg$/)
    }
  })

  it('counts only what the store sells: an unavailable item is not counted at that store', async () => {
    const here = findNode(await tree(store), 'fresh-fruit')
    const there = findNode(await tree(otherStore), 'fresh-fruit')
    const sold = await category({ ...store, categorySlug: 'fresh-fruit', limit: 100 })
    expect(here?.itemCount).toBe(sold.items.total)
    expect(sold.items.results.map((item) => item.id)).not.toContain(notSold.id)
    const { total } = (await env.DB.prepare(
      `select count(*) as total from menu_items m join categories c on c.id = m.category_id
       left join store_menu_items s on s.store_id = 2 and s.menu_item_id = m.id
       where c.slug = 'fresh-fruit' and m.business_id = 1 and coalesce(s.is_available, 1) = 1`
    ).first<{ total: number }>()) ?? { total: -1 }
    expect(there?.itemCount).toBe(total)
  })

  it('leaves out a category whose items are all unavailable, and inactive categories', async () => {
    await env.DB.prepare(`update categories set is_active = 0 where slug = 'frozen-desserts'`).run()
    const categories = await tree(store)
    expect(findNode(categories, 'frozen-desserts')).toBeUndefined()
    await env.DB.prepare(`update categories set is_active = 1 where slug = 'frozen-desserts'`).run()
  })

  it("answers 'Store not found' for another business's store, and 422 for bad input", async () => {
    await expectError(
      '/catalogue/category-tree',
      { businessId: DEMO.businessId, storeId: OTHER.storeId },
      404,
      MESSAGES.storeNotFound
    )
    const error = await expectError(
      '/catalogue/category-tree',
      { ...store, fulfilmentMethod: 'drone' },
      422,
      MESSAGES.validationError
    )
    expect(error.error.fields?.map((field) => field.field)).toContain('fulfilmentMethod')
  })
})

describe('/catalogue/category', () => {
  it('finds a department by slug with breadcrumbs, sub-categories and 24 items a page', async () => {
    const page = await category({ ...store, categorySlug: 'dairy-eggs' })
    expect(page.category.name).toBe('Dairy & Eggs')
    expect(page.breadcrumbs.map((crumb) => crumb.slug)).toEqual(['dairy-eggs'])
    expect(page.subCategories.map((sub) => sub.slug)).toContain('milk')
    expect(page.items.results).toHaveLength(24)
    expect(page.items.page).toBe(1)
    const counted = page.subCategories.reduce((sum, sub) => sum + sub.itemCount, 0)
    expect(page.items.total).toBe(counted)
    // By position: the first sub-category's items come first.
    expect(page.items.results[0]?.category.slug).toBe(page.subCategories[0]?.slug)
  })

  it('pages through a big category without repeats', async () => {
    const first = await category({ ...store, categorySlug: 'dairy-eggs', page: 1 })
    const second = await category({ ...store, categorySlug: 'dairy-eggs', page: 2 })
    expect(second.items.page).toBe(2)
    expect(second.items.total).toBe(first.items.total)
    expect(second.items.results).toHaveLength(24)
    const firstIds = new Set(first.items.results.map((item) => item.id))
    expect(second.items.results.some((item) => firstIds.has(item.id))).toBe(false)
    const both = await category({ ...store, categorySlug: 'dairy-eggs', limit: 48 })
    expect(both.items.results.map((item) => item.id)).toEqual([
      ...first.items.results.map((item) => item.id),
      ...second.items.results.map((item) => item.id),
    ])
  })

  it("prices items for the store and hides what it doesn't sell", async () => {
    const byId = {
      ...store,
      categoryId: (await category({ ...store, categorySlug: 'fresh-fruit' })).category.id,
    }
    const page = await category({ ...byId, limit: 100 })
    expect(page.breadcrumbs.map((crumb) => crumb.slug)).toEqual(['fruit-veg', 'fresh-fruit'])
    const item = (id: number) => page.items.results.find((result) => result.id === id)
    expect(item(repriced.id)).toMatchObject({ price: 111, wasPrice: repriced.price + 500 })
    expect(item(outOfStock.id)?.outOfStock).toBe(true)
    expect(item(notSold.id)).toBeUndefined()

    const elsewhere = await category({ ...otherStore, categorySlug: 'fresh-fruit', limit: 100 })
    const there = (id: number) => elsewhere.items.results.find((result) => result.id === id)
    expect(there(repriced.id)).toMatchObject({ price: repriced.price, wasPrice: null })
    expect(there(outOfStock.id)?.outOfStock).toBe(false)
    expect(there(notSold.id)).toBeDefined()
  })

  it("answers 'Page Not Found' for an unknown or another business's category", async () => {
    await expectError(
      '/catalogue/category',
      { ...store, categorySlug: 'nope' },
      404,
      MESSAGES.pageNotFound
    )
    await expectError(
      '/catalogue/category',
      { ...store, categoryId: OTHER.categoryId },
      404,
      MESSAGES.pageNotFound
    )
  })

  it('refuses a call without a category, a bad page or a bad date', async () => {
    await expectError('/catalogue/category', store, 422, MESSAGES.validationError)
    await expectError(
      '/catalogue/category',
      { ...store, categoryId: 10, page: 0 },
      422,
      MESSAGES.validationError
    )
    await expectError(
      '/catalogue/category',
      { ...store, categoryId: 10, fulfilmentDate: '21/11/2026' },
      422,
      MESSAGES.validationError
    )
  })
})

describe('/catalogue/menu-item', () => {
  it('answers an item with its options, values, size costs and breadcrumbs', async () => {
    const { status, json } = await callBackend('/catalogue/menu-item', {
      ...store,
      itemSlug: 'latte',
    })
    expect(status).toBe(200)
    const item = MenuItemSchema.parse(json)
    expect(item.name).toBe('Latte')
    expect(item.addToBasketType).toBe('options')
    expect(item.breadcrumbs.map((crumb) => crumb.slug)).toEqual(['hot-food-deli', 'hot-drinks'])
    expect(item.options.length).toBeGreaterThan(0)
    const size = item.options.find((option) => option.isSize)
    expect(size?.values.length).toBeGreaterThan(1)
    const sized = item.options
      .flatMap((option) => option.values)
      .flatMap((value) => value.sizeExtraCost)
    for (const cost of sized) {
      expect(size?.values.map((value) => value.id)).toContain(cost.sizeId)
    }
    // The same item by id.
    const byId = await callBackend('/catalogue/menu-item', { ...store, itemId: item.id })
    expect(MenuItemSchema.parse(byId.json)).toEqual(item)
  })

  it('uses the store price and stock', async () => {
    const one = await callBackend('/catalogue/menu-item', { ...store, itemId: repriced.id })
    expect(MenuItemSchema.parse(one.json)).toMatchObject({ price: 111, outOfStock: false })
    const two = await callBackend('/catalogue/menu-item', { ...store, itemId: outOfStock.id })
    expect(MenuItemSchema.parse(two.json).outOfStock).toBe(true)
  })

  it("answers 'Product not found' for an item not sold here, unknown or another business's", async () => {
    for (const body of [
      { ...store, itemId: notSold.id },
      { ...store, itemSlug: 'no-such-item' },
      { ...store, itemId: OTHER.itemId },
      { ...store, itemSlug: 'whole-milk-other' },
    ]) {
      await expectError('/catalogue/menu-item', body, 404, MESSAGES.productNotFound)
    }
    const there = await callBackend('/catalogue/menu-item', { ...otherStore, itemId: notSold.id })
    expect(there.status).toBe(200)
  })

  it('refuses a call with neither itemId nor itemSlug', async () => {
    await expectError('/catalogue/menu-item', store, 422, MESSAGES.validationError)
  })
})

describe('/catalogue/menu-items', () => {
  it('answers items by id in the order asked, leaving out what the store does not sell', async () => {
    const ids = [fruit[4]?.id, repriced.id, notSold.id, fruit[3]?.id, OTHER.itemId]
    const { status, json } = await callBackend('/catalogue/menu-items', {
      ...store,
      menuItemIds: ids,
    })
    expect(status).toBe(200)
    const { items } = MenuItemListSchema.parse(json)
    expect(items.map((item) => item.id)).toEqual([fruit[4]?.id, repriced.id, fruit[3]?.id])
    expect(items[1]?.price).toBe(111)
  })

  it('answers the items of a deal and of one of its sections', async () => {
    const all = MenuItemListSchema.parse(
      (await callBackend('/catalogue/menu-items', { ...store, discountId: 1 })).json
    ).items
    const { results: sections } = await env.DB.prepare(
      `select ds.id, count(*) as n from deal_sections ds
       join deal_section_items dsi on dsi.deal_section_id = ds.id
       where ds.deal_id = 1 group by ds.id order by ds.position`
    ).all<{ id: number; n: number }>()
    const section = sections[1]
    expect(section).toBeDefined()
    const some = MenuItemListSchema.parse(
      (
        await callBackend('/catalogue/menu-items', {
          ...store,
          discountId: 1,
          discountSectionId: section?.id,
        })
      ).json
    ).items
    expect(some.length).toBeGreaterThan(0)
    expect(some.length).toBeLessThan(all.length)
    const allIds = all.map((item) => item.id)
    for (const item of some) expect(allIds).toContain(item.id)
  })

  it('answers nothing for an unknown deal and refuses a call without ids or deal', async () => {
    const { json } = await callBackend('/catalogue/menu-items', { ...store, discountId: 9999 })
    expect(MenuItemListSchema.parse(json).items).toEqual([])
    await expectError('/catalogue/menu-items', store, 422, MESSAGES.validationError)
    await expectError(
      '/catalogue/menu-items',
      { ...store, menuItemIds: ['x'] },
      422,
      MESSAGES.validationError
    )
  })
})

describe('/stores/recommended-items', () => {
  async function recommended(body: Record<string, unknown>) {
    const { status, json } = await callBackend('/stores/recommended-items', { ...store, ...body })
    expect(status).toBe(200)
    return MenuItemListSchema.parse(json).items
  }

  it('suggests up to 12 in-stock items on offer when the store has no orders', async () => {
    const items = await recommended({})
    expect(items.length).toBe(12)
    for (const item of items) {
      expect(item.outOfStock).toBe(false)
      expect(item.badge !== null || item.wasPrice !== null).toBe(true)
    }
  })

  it("puts the store's best sellers first and leaves out the basket's items", async () => {
    const [best, second] = [fruit[5], fruit[4]] as [FruitItem, FruitItem]
    const token = 'basket-token-for-recommendations'
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
    const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
    await env.DB.batch([
      env.DB.prepare(
        `insert into orders (id, business_id, store_id, business_order_id, status, status_code,
         fulfilment_method, fulfilment_timing, first_name, last_name, email, subtotal,
         original_total, total) values (7001, 1, 1, 'CF-REC-1', 'delivered', 100, 'delivery',
         'asap', 'A', 'B', 'a@example.com', 500, 500, 500)`
      ),
      env.DB.prepare(
        `insert into order_lines (order_id, menu_item_id, name, quantity, unit_price, total_price)
         values (7001, ?1, 'best', 5, 100, 500), (7001, ?2, 'second', 2, 100, 200)`
      ).bind(best.id, second.id),
      env.DB.prepare(
        `insert into baskets (id, business_id, store_id, token_hash) values (7001, 1, 1, ?1)`
      ).bind(hash),
    ])
    const items = await recommended({})
    expect(items.slice(0, 2).map((item) => item.id)).toEqual([best.id, second.id])

    await env.DB.prepare(
      `insert into basket_lines (basket_id, menu_item_id, quantity, unit_price) values (7001, ?1, 1, 100)`
    )
      .bind(best.id)
      .run()
    const withBasket = await recommended({ basketToken: token })
    expect(withBasket[0]?.id).toBe(second.id)
    expect(withBasket.map((item) => item.id)).not.toContain(best.id)
    // Another store's orders do not count here.
    const elsewhere = await callBackend('/stores/recommended-items', otherStore)
    const otherItems = MenuItemListSchema.parse(elsewhere.json).items
    expect(otherItems[0]?.id).not.toBe(best.id)
  })
})

describe('/catalogue/previous-purchases', () => {
  it('answers no items for a guest (no member sign-in yet)', async () => {
    const { status, json } = await callBackend('/catalogue/previous-purchases', store)
    expect(status).toBe(200)
    expect(MenuItemListSchema.parse(json).items).toEqual([])
    await expectError(
      '/catalogue/previous-purchases',
      { businessId: 1 },
      422,
      MESSAGES.validationError
    )
  })
})

describe('/catalogue/menu-item/price', () => {
  async function latte() {
    const { json } = await callBackend('/catalogue/menu-item', { ...store, itemSlug: 'latte' })
    return MenuItemSchema.parse(json)
  }

  it('prices a valid selection with its extra costs and quantity', async () => {
    const item = await latte()
    const choices = item.options.flatMap((option) => {
      if (option.dependentOn !== null) return []
      const count = Math.max(option.minimumSelected, 0)
      const value = option.values.find((v) => !v.outOfStock && v.extraCost > 0) ?? option.values[0]
      return count > 0 && value ? [{ optionId: option.id, valueId: value.id, quantity: 1 }] : []
    })
    const { status, json } = await callBackend('/catalogue/menu-item/price', {
      ...store,
      itemId: item.id,
      choices,
      quantity: 3,
    })
    expect(status).toBe(200)
    const price = MenuItemPriceSchema.parse(json)
    expect(price.unitPrice).toBe(item.price + price.extras)
    expect(price.total).toBe(price.unitPrice * 3)
  })

  it('refuses a selection that misses a required option, naming the option', async () => {
    const item = await latte()
    const required = item.options.find((option) => option.minimumSelected > 0)
    expect(required).toBeDefined()
    const error = await expectError(
      '/catalogue/menu-item/price',
      { ...store, itemId: item.id, choices: [] },
      422,
      formatMessage('optionChoose', required?.name ?? '')
    )
    const field = error.error.fields?.find((entry) => entry.field === `options.${required?.id}`)
    expect(field?.message).toBe(error.error.message)
    expect(error.error.code).toBe('validation_error')
    expect(error.error.fields?.map((field) => field.field)).toContain(`options.${required?.id}`)
  })

  it('refuses a quantity of 0 and an item not sold at the store', async () => {
    const item = await latte()
    const zero = await expectError(
      '/catalogue/menu-item/price',
      { ...store, itemId: item.id, quantity: 0 },
      422,
      MESSAGES.quantityRequired
    )
    expect(zero.error.fields?.find((field) => field.field === 'quantity')?.message).toBe(
      MESSAGES.quantityRequired
    )
    await expectError(
      '/catalogue/menu-item/price',
      { ...store, itemId: notSold.id },
      404,
      MESSAGES.productNotFound
    )
  })
})
