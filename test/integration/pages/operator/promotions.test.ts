import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../../schemas/messages.ts'
import { cacheKeyPrefix } from '../../../../worker/lib/kv-cache.ts'
import { callBackend } from '../../../support/workers/requests.ts'
import { auditRows } from '../../operator/fixtures.ts'
import { OTHER, seedCatalogue } from '../../catalogue/fixtures.ts'
import { seedStaff } from '../../staff/fixtures.ts'
import { jar } from '../cookie-jar.ts'
import { pageText } from '../storefront.ts'
import { alertOf, operatorPagesClient } from './console-client.ts'

const { get, postForm, postMultipart, signIn } = operatorPagesClient('198.51.107')
const ROOT = '/store/operator/promotions'

let operator = ''

/** A PNG's signature and header saying it is `width` × `height` (all the checks read). */
function pngOfSize(width: number, height: number): Uint8Array {
  const bytes = Uint8Array.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0, 0, 0, 0, 0, 0, 0, 0, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00,
    0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
  ])
  const view = new DataView(bytes.buffer)
  view.setUint32(16, width)
  view.setUint32(20, height)
  return bytes
}

beforeAll(async () => {
  await seedCatalogue(env.DB)
  operator = await signIn((await seedStaff({ operator: true })).email)
})

describe('the promotions pages', () => {
  it('lists the deals, banners and coupons of the business only', async () => {
    const res = await get(ROOT, operator)
    expect(res.status).toBe(200)
    const text = pageText(await res.text())
    expect(text).toContain('Lunchtime meal deal')
    expect(text).toContain('Add a banner')
    expect(text).not.toContain('Other milk deal')
  })

  it('refuses a store role', async () => {
    const manager = await signIn(
      (await seedStaff({ roles: [{ storeId: 1, role: 'store_manager' }] })).email
    )
    const res = await get(`${ROOT}/deals/new`, manager)
    expect(res.status).toBe(403)
    expect(pageText(await res.text())).toContain(MESSAGES.operatorOnly)
  })

  it('finds items by name above the deal form, by their web address names', async () => {
    const res = await get(`${ROOT}/deals/new?find=sharing`, operator)
    expect(res.status).toBe(200)
    const text = pageText(await res.text())
    expect(text).toContain('Find items for the deal')
    expect(text).toMatch(/crisps-150g-sharing/)
    expect(text).not.toContain('Other grocer milk')
  })

  it('saves a multibuy from the form, purges the cached deals and says so', async () => {
    const yogurt = await env.DB.prepare(
      `select slug from menu_items where business_id = 1 and slug like '%yog%' order by id limit 1`
    ).first<{ slug: string }>()
    const prefix = cacheKeyPrefix('deals', 1)
    await env.CACHE.put(`${prefix}stale`, '{}')
    const saved = await postForm(
      `${ROOT}/deals/new`,
      {
        name: 'Any 4 yogurts for £2',
        kind: 'multibuy',
        quantityRequired: '4',
        price: '2.00',
        s0category: '',
        s0items: `${yogurt?.slug ?? ''}\n`,
        startsAt: '2026-11-25T09:00',
        isActive: 'on',
      },
      operator
    )
    expect(saved.status, alertOf(await saved.clone().text())).toBe(303)
    expect(saved.headers.get('location')).toBe(ROOT)
    expect(await env.CACHE.get(`${prefix}stale`)).toBeNull()
    const list = await get(ROOT, jar(saved, operator))
    const text = pageText(await list.text())
    expect(text).toContain(MESSAGES.promoDealSaved)
    expect(text).toContain('Any 4 yogurts for £2')
    const [audit] = await auditRows()
    expect(audit).toMatchObject({ action: 'deal.create', entity: 'deal' })
    expect(JSON.parse(audit?.after_json ?? '{}')).toMatchObject({
      slug: 'any-4-yogurts-for-2',
      startsAt: '2026-11-25T09:00:00.000Z',
    })
  })

  it('shows the form again with each field’s error and what was typed', async () => {
    const refused = await postForm(
      `${ROOT}/deals/new`,
      {
        name: 'Cheap milk',
        kind: 'multibuy',
        quantityRequired: '3',
        price: 'five',
        s0items: 'no-such-item',
      },
      operator
    )
    expect(refused.status).toBe(422)
    const html = await refused.text()
    expect(html).toContain(MESSAGES.promoPriceRequired)
    expect(html).toContain('These items are not in your catalogue: no-such-item.')
    expect(html).toContain('value="Cheap milk"')
    expect(html).toMatch(/aria-describedby="[^"]*deal-price-error/)
  })

  it('saves a banner with its picture, which the store page then shows', async () => {
    const form = new FormData()
    for (const [name, value] of Object.entries({
      title: 'Fresh this week',
      linkType: 'url',
      linkUrl: '/stores',
      storeId: '1',
      isActive: 'on',
    })) {
      form.set(name, value)
    }
    form.set('image', new File([pngOfSize(1200, 400)], 'banner.png', { type: 'image/png' }))
    const saved = await postMultipart(`${ROOT}/banners/new`, form, operator)
    expect(saved.status, alertOf(await saved.clone().text())).toBe(303)
    const banners = await callBackend('/catalogue/banners', {
      businessId: 1,
      storeId: 1,
      fulfilmentMethod: 'delivery',
    })
    const shown = (
      banners.json as { banners: Array<{ slug: string; image: { url: string; width: number } }> }
    ).banners.find((banner) => banner.slug === 'fresh-this-week')
    expect(shown?.image.url).toMatch(/^\/media\/b1\/banner\/[\w-]+\.png$/)
    expect(shown?.image.width).toBe(1200)
  })

  it('refuses a banner without a picture, or with one too narrow', async () => {
    const none = await postForm(
      `${ROOT}/banners/new`,
      { title: 'No picture', linkType: 'none' },
      operator
    )
    expect(none.status).toBe(422)
    expect(await none.text()).toContain(MESSAGES.promoBannerImageRequired)
    const form = new FormData()
    form.set('title', 'Narrow')
    form.set('image', new File([pngOfSize(300, 100)], 'narrow.png', { type: 'image/png' }))
    const narrow = await postMultipart(`${ROOT}/banners/new`, form, operator)
    expect(narrow.status).toBe(422)
    expect(alertOf(await narrow.text())).toContain(MESSAGES.promoBannerImageRequired)
  })

  it("answers 404 for another business's deal", async () => {
    const res = await get(`${ROOT}/deals/${OTHER.bannerId}`, operator)
    expect(res.status).toBe(404)
  })

  it('keeps a coupon’s limit at or above its uses', async () => {
    const created = await postForm(
      `${ROOT}/coupons/new`,
      { code: 'pages-test-5', kind: 'amount', value: '5', minimumSpend: '20', isActive: 'on' },
      operator
    )
    expect(created.status, alertOf(await created.clone().text())).toBe(303)
    const row = await env.DB.prepare(
      `select id from coupons where business_id = 1 and code = 'PAGES-TEST-5'`
    ).first<{ id: number }>()
    await env.DB.prepare('update coupons set redemption_count = 3 where id = ?1')
      .bind(row?.id)
      .run()
    const refused = await postForm(
      `${ROOT}/coupons/${row?.id}`,
      { code: 'PAGES-TEST-5', kind: 'amount', value: '5', maxRedemptions: '2', isActive: 'on' },
      operator
    )
    expect(refused.status).toBe(422)
    expect(pageText(await refused.text())).toContain(
      'This coupon has already been used 3 times: the limit cannot be lower.'
    )
  })
})
