import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../../schemas/messages.ts'
import { createApp } from '../../../../worker/app.ts'
import { brandHostKey } from '../../../../worker/lib/brand-kv.ts'
import { OTHER_GROCER } from '../../../support/workers/seed.ts'
import { seedStaff } from '../../staff/fixtures.ts'
import { jar } from '../../pages/cookie-jar.ts'
import { operatorPagesClient } from '../../pages/operator/console-client.ts'
import { pageText } from '../../pages/storefront.ts'
import { operatorWorld } from '../fixtures.ts'

const app = createApp()
const { get, postForm, signIn } = operatorPagesClient('198.51.121', app)
let cookies = ''

const BRAND_FORM = {
  name: 'Harbour Foods',
  slug: 'harbour-foods',
  tagline: 'Fresh by the sea',
  metaDescription: '',
  primary: '#0b3d91',
  primaryText: '#ffffff',
  secondary: '#dbeafe',
  accent: '#f4b400',
  background: '#ffffff',
  text: '#111827',
  font: 'classical',
}

beforeAll(async () => {
  await operatorWorld()
  const staff = await seedStaff({ operator: true })
  cookies = await signIn(staff.email)
})

describe('the brands pages', () => {
  it('lists the business’s brands with their domains and whether they are live', async () => {
    const res = await get('/store/operator/brands', cookies)
    expect(res.status).toBe(200)
    const text = pageText(await res.text())
    expect(text).toContain('Add a brand')
    expect(text).toContain('localhost')
    expect(text).not.toContain(OTHER_GROCER.host)
  })

  it('shows the form again with the contrast refusal at its field, values kept (422)', async () => {
    const res = await postForm(
      '/store/operator/brands/new',
      { ...BRAND_FORM, primaryText: '#6b7280' },
      cookies
    )
    expect(res.status).toBe(422)
    const html = await res.text()
    expect(pageText(html)).toMatch(/Primary text on primary is 2:1; it must be at least 4\.5:1\./)
    expect(html).toContain('id="brand-primaryText-error"')
    expect(html).toContain('value="Harbour Foods"')
  })

  it('creates a brand, attaches a domain and purges its KV brand entry on a change', async () => {
    const created = await postForm('/store/operator/brands/new', BRAND_FORM, cookies)
    expect(created.status).toBe(303)
    const brandPath = created.headers.get('location') ?? ''
    expect(brandPath).toMatch(/^\/store\/operator\/brands\/\d+$/)
    const page = await get(brandPath, jar(created, cookies))
    expect(pageText(await page.text())).toContain(MESSAGES.brandCreated)

    const attached = await postForm(
      `${brandPath}/domains`,
      { host: 'harbour-foods.localhost', environment: 'local' },
      cookies
    )
    expect(attached.status).toBe(303)
    // Another isolate cached the host's brand: a change must make the shop ask again.
    await env.CACHE.put(brandHostKey('harbour-foods.localhost'), '{"brand":{},"expiresAt":0}')
    const saved = await postForm(brandPath, { ...BRAND_FORM, name: 'Harbour Foods Ltd' }, cookies)
    expect(saved.status).toBe(303)
    expect(await env.CACHE.get(brandHostKey('harbour-foods.localhost'))).toBeNull()

    const preview = await get(`${brandPath}/preview`, cookies)
    expect(preview.status).toBe(200)
    const html = await preview.text()
    expect(html).toContain('.brand-preview{--brand-primary:#0b3d91;')
    expect(html).toContain("--brand-font:Lora, 'Lora Fallback', Charter,")
    expect(pageText(html)).toContain('Preview of Harbour Foods Ltd')
  })

  it('refuses a taken domain at the field and answers 404 for another business’s brand', async () => {
    const brands = await get('/store/operator/brands', cookies)
    const ownId = /\/store\/operator\/brands\/(\d+)"/.exec(await brands.text())?.[1]
    const refused = await postForm(
      `/store/operator/brands/${ownId}/domains`,
      { host: OTHER_GROCER.host, environment: 'production' },
      cookies
    )
    expect(refused.status).toBe(422)
    expect(pageText(await refused.text())).toContain(MESSAGES.domainTaken)
    const foreign = await get(`/store/operator/brands/${OTHER_GROCER.brandId}`, cookies)
    expect(foreign.status).toBe(404)
  })
})
