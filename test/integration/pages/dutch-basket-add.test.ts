import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { BasketSchema } from '../../../schemas/basket.ts'
import { DOMSTAD } from '../../../scripts/demo-data/abroad.ts'
import { seedDemoWithStoreOpen } from '../../support/workers/seed.ts'
import { jar } from './cookie-jar.ts'
import { pageText } from './storefront.ts'

/*
 * The add-to-basket form without JavaScript on the Dutch brand (issue 43): the flash that says
 * what was added says a weighed line's estimate in Dutch ('ca.', the weight and the amount the
 * Dutch way), not the English 'est.' its value used to carry. The basket's own messages (a price
 * that moved, a coupon's minimum spend, an item gone) are said in Dutch, in euros.
 */
const ORIGIN = `http://${DOMSTAD.brand.host}`
const STORE = 'utrecht-oudegracht'

let storeId = 0
let banana = { id: 0, name: '' }

beforeAll(async () => {
  storeId = await seedDemoWithStoreOpen(env.DB, STORE)
  const row = await env.DB.prepare(
    `select id, name from menu_items where business_id = ?1 and slug = 'bananas-loose-each'`
  )
    .bind(DOMSTAD.business.id)
    .first<{ id: number; name: string }>()
  if (!row) throw new Error('no loose banana in the Dutch range')
  banana = row
})

describe('the Dutch add-to-basket flash', () => {
  it("says a weighed line's estimate with 'ca.' and Dutch numbers", async () => {
    const from = `${ORIGIN}/stores/${STORE}/category/fresh-fruit`
    const added = await SELF.fetch(`${ORIGIN}/basket/add`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: ORIGIN,
        referer: from,
      },
      body: new URLSearchParams({
        storeId: String(storeId),
        itemId: String(banana.id),
        quantity: '3',
      }).toString(),
      redirect: 'manual',
    })
    expect(added.status).toBe(303)
    const page = await SELF.fetch(`${ORIGIN}/basket`, { headers: { cookie: jar(added) } })
    const flash = /role="status" tabindex="-1"[^>]*>([^<]*)</.exec(await page.text())?.[1] ?? ''
    const said = pageText(flash)
    expect(said).toContain(`3 × ca. 180 g ${banana.name}, ca. €`)
    expect(said).toMatch(/^Toegevoegd aan je mandje: .*, ca\. €\s?0,60\.$/)
    expect(said).not.toMatch(/est\.|approx\./)
  })
})

describe("the Dutch basket's messages", () => {
  it('says a moved price, a coupon’s minimum spend and an item gone in Dutch, in euros', async () => {
    const added = await SELF.fetch(`${ORIGIN}/basket/add`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: ORIGIN,
        referer: `${ORIGIN}/stores/${STORE}/category/fresh-fruit`,
      },
      body: new URLSearchParams({
        storeId: String(storeId),
        itemId: String(banana.id),
        quantity: '2',
      }).toString(),
      redirect: 'manual',
    })
    expect(added.status).toBe(303)
    const cookie = jar(added)
    const basketId = await env.DB.prepare(
      `select id from baskets where business_id = ?1 and status = 'active' order by id desc limit 1`
    )
      .bind(DOMSTAD.business.id)
      .first<number>('id')
    const coupon = await env.DB.prepare(
      `insert into coupons (business_id, code, kind, value, minimum_spend)
       values (?1, 'WELKOM20', 'amount', 500, 2000) returning id`
    )
      .bind(DOMSTAD.business.id)
      .first<number>('id')
    await env.DB.batch([
      env.DB.prepare(
        `update baskets set coupon_id = ?2, coupon_code = 'WELKOM20' where id = ?1`
      ).bind(basketId, coupon),
      // The line was priced a cent lower when added: the basket says the price moved.
      env.DB.prepare(
        `update basket_lines set unit_price = unit_price - 1 where basket_id = ?1`
      ).bind(basketId),
    ])

    const read = async () => {
      const res = await SELF.fetch(`${ORIGIN}/api/basket`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
        body: '{}',
      })
      expect(res.status).toBe(200)
      return BasketSchema.parse(await res.json())
    }
    const basket = await read()
    expect(basket.notices).toEqual([
      'Controleer je mandje: acties of prijzen kunnen zijn gewijzigd.',
    ])
    expect(basket.coupon?.message).toMatch(/^Besteed €\s?20,00 om deze kortingscode te gebruiken$/)

    await env.DB.prepare(`update menu_items set out_of_stock = 1 where id = ?1`)
      .bind(banana.id)
      .run()
    const gone = await read()
    expect(gone.lines[0]?.message).toBe('Dit artikel is niet meer beschikbaar.')
    await env.DB.prepare(`update menu_items set out_of_stock = 0 where id = ?1`)
      .bind(banana.id)
      .run()
  })
})
