import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { callBackend } from '../../support/workers/requests.ts'
import { BasketSchema } from '../../../schemas/basket.ts'
import { DealListSchema } from '../../../schemas/catalogue.ts'
import { isScottishPostcode, storeInScotland } from '../../../worker/backend/catalogue/alcohol.ts'
import { seedCatalogue } from './fixtures.ts'

// Licensing: no multibuy on alcohol at a store in Scotland (alcohol.ts).

let glasgow: number
let leeds: number
let wines: Array<number>

beforeAll(async () => {
  await seedCatalogue(env.DB)
  const store = (town: string) =>
    env.DB.prepare(`select id from stores where business_id = 1 and town = ?1 order by id limit 1`)
      .bind(town)
      .first<{ id: number }>()
  const [g, l] = await Promise.all([store('Glasgow'), store('Leeds')])
  if (!g || !l) throw new Error('demo data lacks the Glasgow or Leeds store')
  glasgow = g.id
  leeds = l.id
  // Open all day, so adding to a basket does not depend on the hour the test runs.
  await env.DB.batch([
    env.DB.prepare('delete from store_opening_hours where store_id in (?1, ?2)').bind(
      glasgow,
      leeds
    ),
    env.DB.prepare('delete from store_closures where store_id in (?1, ?2)').bind(glasgow, leeds),
    env.DB.prepare(
      `insert into store_opening_hours (store_id, fulfilment_method, day_of_week, opens_at, closes_at)
       select s.value, f.value, d.value, '00:00', '00:00' from json_each(json_array(?1, ?2)) s,
         json_each('["store","delivery","collection"]') f, json_each('[0,1,2,3,4,5,6]') d`
    ).bind(glasgow, leeds),
    env.DB.prepare('update stores set is_temporarily_closed = 0 where id in (?1, ?2)').bind(
      glasgow,
      leeds
    ),
  ])
  const { results } = await env.DB.prepare(
    `select dsi.menu_item_id as id from deal_section_items dsi
       join deal_sections ds on ds.id = dsi.deal_section_id join deals d on d.id = ds.deal_id
       join menu_items m on m.id = dsi.menu_item_id
     where d.slug = 'wine-2-for-12' and m.out_of_stock = 0
       and not exists (select 1 from store_menu_items s
         where s.menu_item_id = m.id and s.store_id in (?1, ?2))
     order by dsi.position limit 2`
  )
    .bind(glasgow, leeds)
    .all<{ id: number }>()
  wines = results.map((row) => row.id)
})

describe('alcohol multibuys and Scotland', () => {
  it('decides Scotland the same way in SQL as in code, for every demo store', async () => {
    const { results } = await env.DB.prepare(
      `select s.postcode, ${storeInScotland('s.id')} as scottish from stores s`
    ).all<{ postcode: string; scottish: number }>()
    expect(results.length).toBeGreaterThan(5)
    for (const row of results) {
      expect(row.scottish === 1, row.postcode).toBe(isScottishPostcode(row.postcode))
    }
    expect(results.some((row) => row.scottish === 1)).toBe(true)
  })

  it('lists the wine multibuy in Leeds but not in Glasgow', async () => {
    const deals = async (storeId: number) =>
      DealListSchema.parse(
        (await callBackend('/catalogue/deals', { businessId: 1, storeId })).json
      ).deals.map((deal) => deal.slug)
    expect(await deals(leeds)).toContain('wine-2-for-12')
    const scottish = await deals(glasgow)
    expect(scottish).not.toContain('wine-2-for-12')
    // Other deals stay on sale there.
    expect(scottish).toContain('pizza-night')
  })

  it('takes nothing off two wines in a Glasgow basket, and the multibuy off in Leeds', async () => {
    expect(wines).toHaveLength(2)
    const basketAt = async (storeId: number) => {
      let token: string | undefined
      let basket = null
      for (const itemId of wines) {
        const { status, json } = await callBackend('/basket/items/add', {
          businessId: 1,
          basketToken: token,
          storeId,
          fulfilmentMethod: 'collection',
          menuItem: { itemId, quantity: 1, ageConfirmed: true },
        })
        expect(status, JSON.stringify(json)).toBe(200)
        basket = BasketSchema.parse(json)
        token = token ?? basket.basketToken
      }
      if (!basket) throw new Error('no basket')
      return basket
    }
    const inLeeds = await basketAt(leeds)
    expect(inLeeds.totals.dealDiscount).toBeGreaterThan(0)
    const inGlasgow = await basketAt(glasgow)
    expect(inGlasgow.totals.dealDiscount).toBe(0)
    expect(inGlasgow.deals).toEqual([])
  })
})
