import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { DOMSTAD } from '../../../scripts/demo-data/abroad.ts'
import { seedDemoWithStoreOpen } from '../../support/workers/seed.ts'
import { jar } from './cookie-jar.ts'
import { pageText } from './storefront.ts'

/*
 * The add-to-basket form without JavaScript on the Dutch brand (issue 43): the flash that says
 * what was added says a weighed line's estimate in Dutch ('ca.', the weight and the amount the
 * Dutch way), not the English 'est.' its value used to carry.
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
