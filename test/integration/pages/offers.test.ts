import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { purgePublicCache } from '../../../worker/lib/cache-purge.ts'
import { findItem } from '../basket/fixtures.ts'
import { operatorCall, operatorWorld } from '../operator/fixtures.ts'

/*
 * Offers shown where shoppers look (issue 35 item 16): an item's multibuy on its card and its
 * page, linking to the offer; an operator's new deal shows on the cached pages as a price does.
 */

const STORE = 'manchester-piccadilly'

async function page(path: string) {
  const response = await SELF.fetch(`http://localhost${path}`, { redirect: 'manual' })
  return { response, html: await response.text() }
}

/** An item of store 1 (Piccadilly) in no demo deal, with the paths of its category and page. */
async function plainItem() {
  await operatorWorld()
  const { id } = await findItem(`m.max_quantity is null and m.age_restriction is null
    and not exists (select 1 from deal_section_items d where d.menu_item_id = m.id)
    and coalesce(s.price, m.price) > 200`)
  const row = await env.DB.prepare(
    `select m.slug, m.name, c.slug as category from menu_items m
     join categories c on c.id = m.category_id where m.id = ?1`
  )
    .bind(id)
    .first<{ slug: string; name: string; category: string }>()
  if (!row) throw new Error('item vanished')
  return {
    id,
    category: `/stores/${STORE}/category/${row.category}`,
    itemPage: `/stores/${STORE}/category/${row.category}/${row.slug}`,
  }
}

/** The card of the item whose page is `itemPage`, as the category page renders it. */
function card(html: string, itemPage: string): string {
  const cards = html.split('<article').slice(1)
  return cards.find((text) => text.includes(`href="${itemPage}"`)) ?? ''
}

const OFFER_LINK = `href="/stores/${STORE}/deal/any-3-for-5"`

describe('an item in a multibuy', () => {
  it('shows the offer on its card and its page, linking to the offer, once the deal is saved', async () => {
    const item = await plainItem()
    // Rendered (and cached) before the deal exists.
    const before = await page(item.category)
    expect(before.response.status).toBe(200)
    expect(card(before.html, item.itemPage)).not.toBe('')
    expect(card(before.html, item.itemPage)).not.toContain('Any 3 for')

    const world = await operatorWorld()
    const saved = await operatorCall(
      '/staff/operator/promotions/deals/save',
      {
        slug: 'any-3-for-5',
        name: 'Any 3 snacks for £5',
        kind: 'multibuy',
        quantityRequired: 3,
        price: 500,
        sections: [
          { name: 'Any', minimumSelected: 3, maximumSelected: 3, items: [{ menuItemId: item.id }] },
        ],
      },
      world.operator
    )
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    // What the operator console does after a promotions change (worker/pages/store/operator).
    await purgePublicCache(env.CACHE, 1, ['promotions'])

    const tile = card((await page(item.category)).html, item.itemPage)
    expect(tile).toContain('Any 3 for £5.00')
    expect(tile).toContain(OFFER_LINK)

    const itemPage = await page(item.itemPage)
    expect(itemPage.response.status).toBe(200)
    expect(itemPage.html).toContain('Any 3 for £5.00')
    expect(itemPage.html).toContain(OFFER_LINK)

    // The offer's page lists the item.
    const offer = await page(`/stores/${STORE}/deal/any-3-for-5`)
    expect(offer.response.status).toBe(200)
    expect(offer.html).toContain(`href="${item.itemPage}"`)
  }, 20_000)

  it('shows the demo multibuy on a sharing crisps card', async () => {
    await operatorWorld()
    const found = await page(`/stores/${STORE}/search/crisps`)
    expect(found.response.status).toBe(200)
    expect(found.html).toContain('Any 3 for £5.00')
    expect(found.html).toContain(`href="/stores/${STORE}/deal/crisps-3-for-5"`)
  })
})

describe('the store deals page', () => {
  it("lists every live offer with its items' tiles, linked from the store page", async () => {
    await operatorWorld()
    const store = await page(`/stores/${STORE}`)
    expect(store.html).toContain(`href="/stores/${STORE}/deals"`)

    const deals = await page(`/stores/${STORE}/deals`)
    expect(deals.response.status).toBe(200)
    expect(/<title>([^<]*)<\/title>/.exec(deals.html)?.[1]).toMatch(/^Deals and offers at /)
    const { results } = await env.DB.prepare(
      `select slug, name from deals where business_id = 1 and is_active = 1`
    ).all<{ slug: string; name: string }>()
    expect(results.length).toBeGreaterThan(1)
    for (const deal of results) {
      expect(deals.html).toContain(`href="/stores/${STORE}/deal/${deal.slug}"`)
    }
    // The multibuy's section shows its items as tiles carrying the offer.
    const crisps = deals.html.split('<section').find((part) => part.includes('crisps-3-for-5'))
    expect(crisps).toContain('<article')
    expect(crisps).toContain('Any 3 for £5.00')
  })

  it("answers 'Store not found' for an unknown store", async () => {
    await operatorWorld()
    const missing = await page('/stores/nowhere-at-all/deals')
    expect(missing.response.status).toBe(404)
  })
})
