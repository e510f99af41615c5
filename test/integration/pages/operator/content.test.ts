import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../../schemas/messages.ts'
import { cacheKeyPrefix } from '../../../../worker/lib/kv-cache.ts'
import { seedCatalogue } from '../../catalogue/fixtures.ts'
import { auditRows } from '../../operator/fixtures.ts'
import { seedStaff } from '../../staff/fixtures.ts'
import { jar } from '../cookie-jar.ts'
import { pageText } from '../storefront.ts'
import { alertOf, operatorPagesClient } from './console-client.ts'

const { get, postForm, signIn } = operatorPagesClient('198.51.108')
const ROOT = '/store/operator/content'
let operator = ''

beforeAll(async () => {
  await seedCatalogue(env.DB)
  operator = await signIn((await seedStaff({ operator: true })).email)
})

describe('the content pages', () => {
  it('adds a question from the form, purging the content answers, and lists it', async () => {
    const prefix = cacheKeyPrefix('seo-page', 1)
    await env.CACHE.put(`${prefix}stale`, '{}')
    const saved = await postForm(
      `${ROOT}/faqs/new`,
      {
        question: 'Can I leave a note for the driver?',
        answer: 'Yes, at checkout.',
        section: 'Delivery',
        isActive: 'on',
      },
      operator
    )
    expect(saved.status, alertOf(await saved.clone().text())).toBe(303)
    expect(await env.CACHE.get(`${prefix}stale`)).toBeNull()
    const list = pageText(await (await get(ROOT, jar(saved, operator))).text())
    expect(list).toContain(MESSAGES.contentFaqSaved)
    expect(list).toContain('Can I leave a note for the driver?')
  })

  it('previews a page’s Markdown without saving, then saves it', async () => {
    const fields = {
      title: 'Where we deliver',
      slug: '/delivery-areas/',
      body: '## Manchester\n\nEvery postcode in **M1**.\n\n<script>alert(1)</script>',
    }
    const preview = await postForm(`${ROOT}/pages/new`, { ...fields, intent: 'preview' }, operator)
    expect(preview.status).toBe(200)
    const html = await preview.text()
    expect(html).toContain('<h2>Manchester</h2>')
    expect(html).toContain('<strong>M1</strong>')
    expect(html).not.toContain('<script>alert(1)</script>')
    expect((await auditRows()).some((row) => row.entity === 'seo_page')).toBe(false)
    const saved = await postForm(`${ROOT}/pages/new`, fields, operator)
    expect(saved.status, alertOf(await saved.clone().text())).toBe(303)
    expect((await auditRows())[0]).toMatchObject({ action: 'seo_page.create' })
  })

  it('refuses a redirect to another site, keeps what was typed, and deletes one', async () => {
    const refused = await postForm(
      `${ROOT}/redirects/new`,
      { fromPath: '/old-offers', toPath: 'https://evil.example/', statusCode: '301' },
      operator
    )
    expect(refused.status).toBe(422)
    const html = await refused.text()
    expect(alertOf(html)).toContain(MESSAGES.contentRedirectToInvalid)
    expect(html).toContain('value="/old-offers"')
    const saved = await postForm(
      `${ROOT}/redirects/new`,
      { fromPath: 'old-offers', toPath: '/stores', statusCode: '302' },
      operator
    )
    expect(saved.status, alertOf(await saved.clone().text())).toBe(303)
    const row = await env.DB.prepare(
      `select id from seo_redirects where business_id = 1 and from_slug = 'old-offers'`
    ).first<{ id: number }>()
    const deleted = await postForm(`${ROOT}/redirects/${row?.id}/delete`, {}, operator)
    expect(deleted.status).toBe(303)
    expect((await auditRows())[0]).toMatchObject({ action: 'redirect.delete' })
  })
})
