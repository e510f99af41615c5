import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { callBackend } from '../../support/workers/requests.ts'
import { GlobalSearchResultSchema, SEARCH_TOTAL_CAP } from '../../../schemas/catalogue.ts'
import { DEMO, seedCatalogue } from './fixtures.ts'

// The item search ranks a window of the best matches in the FTS5 index and counts up to
// SEARCH_TOTAL_CAP (ADR 031): its pages must be the pages of the whole ranking, whatever the
// window holds. Each made-up word below names its own set of items in the demo business.
const WORDS = {
  /** 30 items and one named exactly "Zorbex": two pages, the second of 7. */
  twoPages: { word: 'zorbex', count: 30 },
  /** Exactly one page of 24. */
  onePage: { word: 'quillon', count: 24 },
  /** More than the cap. */
  pastCap: { word: 'plinthor', count: SEARCH_TOTAL_CAP + 10 },
  /** 150 items, of which the store does not sell the 120 that rank first. */
  unsold: { word: 'marrowfat', count: 150, unsold: 120 },
} as const

async function search(searchTerm: string, itemsPage = 1, itemsLimit = 24) {
  const { status, json } = await callBackend('/catalogue/search', {
    businessId: DEMO.businessId,
    storeId: DEMO.storeId,
    searchTerm,
    itemsPage,
    itemsLimit,
  })
  expect(status).toBe(200)
  return GlobalSearchResultSchema.parse(json).items
}

const ids = (items: { results: ReadonlyArray<{ id: number }> }) => items.results.map((i) => i.id)

/** Inserts `count` items named "<Word> snack <n>" in an active demo category; their first id. */
async function insertItems(word: string, count: number): Promise<number> {
  const category = await env.DB.prepare(
    `select id from categories where business_id = ?1 and is_active = 1 and parent_id is not null
     order by id limit 1`
  )
    .bind(DEMO.businessId)
    .first<{ id: number }>()
  const name = word[0]?.toUpperCase() + word.slice(1)
  const first = await env.DB.prepare(
    'select coalesce(max(id), 0) + 1 as id from menu_items'
  ).first<{
    id: number
  }>()
  await env.DB.prepare(
    `insert into menu_items (id, business_id, category_id, slug, name, description, price,
       image_originals, image_mdpi_1x, image_xhdpi_2x, image_xxhdpi_3x)
     with recursive n(i) as (select 1 union all select i + 1 from n where i < ?4)
     select ?5 + i - 1, ?1, ?2, ?3 || '-snack-' || i, ?6 || ' snack ' || i, '', 100,
       '/i.svg', '/i1.svg', '/i2.svg', '/i3.svg'
     from n`
  )
    .bind(DEMO.businessId, category?.id ?? 0, word, count, first?.id ?? 0, name)
    .run()
  return first?.id ?? 0
}

let zorbexExact = 0
let firstUnsold = 0

beforeAll(async () => {
  await seedCatalogue(env.DB)
  const firstZorbex = await insertItems(WORDS.twoPages.word, WORDS.twoPages.count)
  // The exact name comes last by id, so only the exact-name rule can put it first.
  zorbexExact = firstZorbex + WORDS.twoPages.count
  await env.DB.prepare(
    `insert into menu_items (id, business_id, category_id, slug, name, description, price,
       image_originals, image_mdpi_1x, image_xhdpi_2x, image_xxhdpi_3x)
     select ?1, business_id, category_id, 'zorbex', 'Zorbex', '', 100, 'a', 'b', 'c', 'd'
     from menu_items where id = ?2`
  )
    .bind(zorbexExact, firstZorbex)
    .run()
  await insertItems(WORDS.onePage.word, WORDS.onePage.count)
  await insertItems(WORDS.pastCap.word, WORDS.pastCap.count)
  firstUnsold = await insertItems(WORDS.unsold.word, WORDS.unsold.count)
  // Items alike rank alike, then by id: the store leaves out the first 120, more than the window
  // of page 1 holds.
  await env.DB.prepare(
    `insert into store_menu_items (store_id, menu_item_id, is_available)
     select ?1, id, 0 from menu_items where id between ?2 and ?3`
  )
    .bind(DEMO.storeId, firstUnsold, firstUnsold + WORDS.unsold.unsold - 1)
    .run()
})

describe('/catalogue/search item paging', () => {
  it('pages the whole ranking: an exact name first, a full page, then the last page', async () => {
    const first = await search('zorbex')
    const second = await search('zorbex', 2)
    const third = await search('zorbex', 3)
    expect(first).toMatchObject({ page: 1, limit: 24, total: 31, totalCapped: false })
    expect(first.results).toHaveLength(24)
    expect(first.results[0]?.id).toBe(zorbexExact)
    expect(second).toMatchObject({ page: 2, total: 31, totalCapped: false })
    expect(second.results).toHaveLength(7)
    expect(third.results).toEqual([])
    // One page of 100 ranks every match at once: the pages of 24 are its slices.
    const whole = await search('zorbex', 1, 100)
    expect([...ids(first), ...ids(second)]).toEqual(ids(whole))
  })

  it('answers exactly one page, and nothing after it', async () => {
    const first = await search('quillon')
    expect(first).toMatchObject({ total: 24, totalCapped: false })
    expect(first.results).toHaveLength(24)
    expect((await search('quillon', 2)).results).toEqual([])
  })

  it('counts up to the cap and says there are more, and still serves pages past it', async () => {
    const first = await search('plinthor')
    expect(first).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true })
    expect(first.results).toHaveLength(24)
    // Items 1,009 and 1,010 of the ranking: past the counted thousand.
    const past = await search('plinthor', Math.ceil(WORDS.pastCap.count / 24))
    expect(past.results).toHaveLength(WORDS.pastCap.count % 24)
    expect(past).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true })
  })

  it('fills the page when the best matches are items the store does not sell', async () => {
    const page = await search('marrowfat')
    const sold = WORDS.unsold.count - WORDS.unsold.unsold
    expect(page).toMatchObject({ total: sold, totalCapped: false })
    expect(page.results).toHaveLength(24)
    expect(ids(page).every((id) => id >= firstUnsold + WORDS.unsold.unsold)).toBe(true)
    expect(ids(page)).toEqual(ids(await search('marrowfat', 1, 100)).slice(0, 24))
    expect((await search('marrowfat', 2)).results).toHaveLength(sold - 24)
  })
})

describe('the search page past the cap', () => {
  it('shows the counted thousand as "1,000+" and pages up to it', async () => {
    const store = 'manchester-piccadilly'
    const response = await SELF.fetch(`http://localhost/stores/${store}/search/plinthor`)
    expect(response.status).toBe(200)
    // React marks text boundaries with empty comments.
    const html = (await response.text()).replaceAll('<!-- -->', '')
    expect(html).toMatch(/Products <span[^>]*>\(1,000\+\)<\/span>/)
    expect(html).toContain('See all 1,000+ products')
    const pages = Math.ceil(SEARCH_TOTAL_CAP / 24)
    const last = await SELF.fetch(
      `http://localhost/stores/${store}/search/plinthor/menu-items?page=${pages}`
    )
    expect(last.status).toBe(200)
    expect(await last.text()).toContain(`Page ${pages} of ${pages}`)
  })
})
