import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { BasketSchema } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createApp } from '../../../worker/app.ts'
import { expectOk, plainItem, seedCheckout, STORES } from '../checkout/fixtures.ts'
import { jar } from '../pages/cookie-jar.ts'
import { productionEnv } from '../../support/workers/production-env.ts'
import { deliverEffects } from '../../support/workers/effects.ts'
import { CHECKOUT_LOCATION as LOCATION, pageClient, pageText } from '../pages/storefront.ts'

const app = createApp()
const { get, postForm } = pageClient(app, '198.51.101')

let itemId = 0
const slugs = { main: '', single: '' }

beforeAll(async () => {
  await seedCheckout(env.DB)
  itemId = (await plainItem(200, 400)).id
  for (const key of ['main', 'single'] as const) {
    const row = await env.DB.prepare('select slug from stores where id = ?1')
      .bind(STORES[key])
      .first<{ slug: string }>()
    slugs[key] = row?.slug ?? ''
  }
})

/** The Cookie header of a shopper with a saved location and a basket at the store. */
async function shopperWithBasketAt(storeId: number): Promise<{ cookie: string; token: string }> {
  const basket = BasketSchema.parse(
    await expectOk('/basket/items/add', {
      businessId: 1,
      brandId: 1,
      storeId,
      fulfilmentMethod: 'collection',
      menuItem: { itemId, quantity: 1 },
    })
  )
  const token = basket.basketToken ?? ''
  return { cookie: `${LOCATION}; sf_basket=${token}`, token }
}

async function basketLines(token: string): Promise<number> {
  const basket = BasketSchema.parse(
    await expectOk('/basket', { businessId: 1, brandId: 1, basketToken: token })
  )
  return basket.lines.length
}

describe('deep links on the storefront', () => {
  it('opens the linked store at once when the shopper has a location', async () => {
    const response = await get(`/?dl_action=store&dl_store=${STORES.main}`, LOCATION)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/stores/${slugs.main}`)
  })

  it('says so on the page when the link cannot be opened', async () => {
    const response = await get('/faqs?dl_action=store&dl_store=999999', LOCATION)
    expect(response.headers.get('location')).toBe('/faqs')
    const page = await get('/faqs', jar(response, LOCATION))
    expect(pageText(await page.text())).toContain(MESSAGES.deepLinkFailed)
  })

  it("asks before emptying another store's basket: cancel keeps it", async () => {
    const { cookie, token } = await shopperWithBasketAt(STORES.single)
    const link = await get(`/?dl_action=store&dl_store=${STORES.main}`, cookie)
    expect(link.headers.get('location')).toBe('/deep-link/confirm')
    let jarred = jar(link, cookie)
    const prompt = await get('/deep-link/confirm', jarred)
    expect(prompt.status).toBe(200)
    expect(pageText(await prompt.text())).toContain(MESSAGES.incompatibleStore)

    const cancel = await postForm('/deep-link/confirm', { choice: 'cancel' }, jarred)
    expect(cancel.status).toBe(303)
    expect(cancel.headers.get('location')).toBe('/basket')
    jarred = jar(cancel, jarred)
    expect(jarred).not.toContain('sf_deeplink')
    expect(await basketLines(token)).toBe(1)
    // Nothing pending any more: the prompt is not shown again.
    expect((await get('/deep-link/confirm', jarred)).headers.get('location')).toBe('/')
  })

  it('continue empties the basket and opens the linked store', async () => {
    const { cookie, token } = await shopperWithBasketAt(STORES.single)
    const link = await get(`/?dl_action=store&dl_store=${STORES.main}`, cookie)
    const carry = await postForm('/deep-link/confirm', { choice: 'continue' }, jar(link, cookie))
    expect(carry.status).toBe(302)
    expect(carry.headers.get('location')).toBe(`/stores/${slugs.main}`)
    expect(await basketLines(token)).toBe(0)
  })

  it('the development marketing log shows what was recorded, and only in development', async () => {
    await deliverEffects()
    const page = await get('/dev/marketing')
    expect(page.status).toBe(200)
    expect(pageText(await page.text())).toContain('commerce/updateCart')
    const production = await get('/dev/marketing', '', productionEnv())
    expect(production.status).toBe(404)
  })
})
