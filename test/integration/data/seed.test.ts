import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../../scripts/demo-data/dataset.ts'
import { generateDemoData } from '../../../scripts/demo-data/generate.ts'
import { seedDatabase } from '../../../scripts/demo-data/seed.ts'
import { DEMO_INPUT } from '../../support/workers/demo-input.ts'

const dataset = generateDemoData(DEMO_INPUT)

async function count(table: string): Promise<number> {
  const row = await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>()
  return row?.n ?? -1
}

async function search(term: string): Promise<Array<string>> {
  const { results } = await env.DB.prepare(
    `select m.name from menu_items_fts f join menu_items m on m.id = f.rowid
     where menu_items_fts match ? order by rank limit 50`
  )
    .bind(term)
    .all<{ name: string }>()
  return results.map((r) => r.name)
}

describe('seeding the migrated D1 database', () => {
  beforeAll(async () => {
    await seedDatabase(env.DB, dataset)
  })

  it('loads every row of the dataset', async () => {
    for (const table of dataset.tables) {
      expect(await count(table.name), table.name).toBe(table.rows.length)
    }
    expect(await count('menu_items')).toBeGreaterThanOrEqual(2000)
  })

  it('leaves no broken foreign keys', async () => {
    const { results } = await env.DB.prepare('pragma foreign_key_check').all()
    expect(results).toEqual([])
  })

  it('links options that depend on a value', async () => {
    const row = await env.DB.prepare(
      `select o.name, v.name as value from menu_item_options o
       join menu_item_option_values v on v.id = o.dependent_on_value_id
       join menu_items m on m.id = o.menu_item_id
       where m.slug = 'classic-beef-burger' order by o.position limit 1`
    ).first<{ name: string; value: string }>()
    expect(row).toEqual({ name: 'Choose your side', value: 'Yes, make it a meal' })
  })

  it('finds items by name prefix, tag and category name with FTS5', async () => {
    const cheddar = await search('chedd*')
    expect(cheddar.length).toBeGreaterThan(3)
    expect(cheddar).toContain('Mild cheddar 200g')
    expect(cheddar.filter((name) => /cheddar/i.test(name)).length).toBeGreaterThan(
      cheddar.length / 2
    )
    // "dairy" is only in the parent category name of the cheese items.
    expect(await search('category_name:dairy AND brie')).toContain('Brie 200g')
    expect((await search('vegan')).length).toBeGreaterThan(20)
  })

  it('keeps the search index in step with item and category changes', async () => {
    const item = await env.DB.prepare("select id from menu_items where slug = 'brie-200g'").first<{
      id: number
    }>()
    await env.DB.prepare("update menu_items set name = 'Zwartekop brie 200g' where id = ?")
      .bind(item?.id ?? 0)
      .run()
    expect(await search('zwarte*')).toEqual(['Zwartekop brie 200g'])
    await env.DB.prepare("update categories set name = 'Fromagerie' where slug = 'cheese'").run()
    expect(await search('fromagerie')).toContain('Zwartekop brie 200g')
    await env.DB.prepare('delete from menu_items where id = ?')
      .bind(item?.id ?? 0)
      .run()
    expect(await search('zwarte*')).toEqual([])
  })

  it('resolves the demo hosts to their brands', async () => {
    const { results } = await env.DB.prepare(
      `select h.host, b.id, b.name, h.environment from brand_hosts h join brands b on b.id = h.brand_id
       where h.host in ('localhost', '127.0.0.1') order by b.id`
    ).all()
    expect(results).toEqual([
      { host: 'localhost', id: 1, name: 'Corner Fresh', environment: 'local' },
      { host: '127.0.0.1', id: 2, name: 'Northside Market', environment: 'local' },
    ])
  })

  it('finds stores near a point through the latitude/longitude index', async () => {
    // Around Manchester Piccadilly: a box of about ±5 km.
    const query = `select slug from stores where business_id = 1 and latitude between ? and ?
      and longitude between ? and ? order by slug`
    const { results } = await env.DB.prepare(query)
      .bind(53.43, 53.53, -2.32, -2.16)
      .all<{ slug: string }>()
    expect(results.map((r) => r.slug)).toEqual(
      rowsOf(dataset, 'stores')
        .map((s) => String(s.slug))
        .filter((s) => s.startsWith('manchester-'))
        .sort()
    )
    const plan = await env.DB.prepare(`explain query plan ${query}`)
      .bind(53.43, 53.53, -2.32, -2.16)
      .all<{ detail: string }>()
    expect(plan.results.map((r) => r.detail).join(' ')).toContain('stores_business_lat_lng')
  })

  it('refuses money, flags and states outside their rules', async () => {
    const category = await env.DB.prepare(
      'select id from categories where parent_id is not null limit 1'
    ).first<{ id: number }>()
    const insertItem = (price: number) =>
      env.DB.prepare(
        `insert into menu_items (business_id, category_id, slug, name, price, image_originals, image_mdpi_1x,
         image_xhdpi_2x, image_xxhdpi_3x) values (1, ?, ?, 'Test', ?, 'a', 'b', 'c', 'd')`
      )
        .bind(category?.id ?? 0, `test-${price}`, price)
        .run()
    await expect(insertItem(0)).rejects.toThrow(/CHECK/)
    await expect(insertItem(1.5)).resolves.toBeDefined()
    await expect(
      env.DB.prepare(
        `insert into orders (business_id, store_id, business_order_id, status, status_code, fulfilment_method,
         fulfilment_timing, first_name, last_name, email, subtotal, original_total, total)
         values (1, 1, 'T-1', 'picked', 40, 'delivery', 'asap', 'A', 'B', 'a@b.example', 100, 100, 100)`
      ).run()
    ).rejects.toThrow(/CHECK/)
    await expect(
      env.DB.prepare(
        `insert into orders (business_id, store_id, business_order_id, status, status_code, fulfilment_method,
         fulfilment_timing, first_name, last_name, email, subtotal, original_total, total)
         values (1, 1, 'T-2', 'picked', 60, 'delivery', 'asap', 'A', 'B', 'a@b.example', 100, 100, 100)`
      ).run()
    ).resolves.toBeDefined()
    await expect(
      env.DB.prepare(
        "insert into reviews (order_id, star_rating) select id, 6 from orders where business_order_id = 'T-2'"
      ).run()
    ).rejects.toThrow(/CHECK/)
  })

  it('cannot book a time slot beyond its capacity', async () => {
    await env.DB.prepare(
      `insert into time_slots (id, store_id, fulfilment_method, slot_date, starts_at, ends_at, start_utc, end_utc, capacity)
       values (1, 1, 'delivery', '2030-01-07', '10:00', '11:00', '2030-01-07T10:00:00Z', '2030-01-07T11:00:00Z', 1)`
    ).run()
    const reserve = () =>
      env.DB.prepare(
        'update time_slots set reserved_count = reserved_count + 1 where id = 1 and reserved_count < capacity'
      ).run()
    expect((await reserve()).meta.changes).toBe(1)
    expect((await reserve()).meta.changes).toBe(0)
    await expect(
      env.DB.prepare('update time_slots set reserved_count = 2 where id = 1').run()
    ).rejects.toThrow(/CHECK/)
  })
})
