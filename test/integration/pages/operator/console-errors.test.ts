import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../../worker/app.ts'
import { withAppVersion } from '../../../support/app-version.ts'
import { seedCatalogue } from '../../catalogue/fixtures.ts'
import { seedStaff } from '../../staff/fixtures.ts'
import { pageText, testEnv } from '../storefront.ts'
import { operatorPagesClient } from './console-client.ts'

// Issue 35 item 10: a console request that fails stays in the console's frame, with a way back.

const ORIGIN = 'http://localhost'
const { get, signIn } = operatorPagesClient('198.51.109')
const app = createApp()
const BRAND_PAGE = '/store/operator/brands/1'
let operator = ''

beforeAll(async () => {
  await seedCatalogue(env.DB)
  operator = await signIn((await seedStaff({ operator: true })).email)
})

/** The shop's frame: its footer's sign-up and store search, which a console page never has. */
function looksLikeTheShop(html: string): boolean {
  return html.includes('<footer') || html.includes('Find stores near you')
}

describe('console errors', () => {
  it('answers a 7 MB logo upload with the 413 inside the operator console, linking back', async () => {
    const form = new FormData()
    form.set('kind', 'logo')
    form.set('file', new File([new Uint8Array(7 * 1024 * 1024)], 'logo.png', { type: 'image/png' }))
    const response = await app.request(
      `${ORIGIN}${BRAND_PAGE}/image`,
      {
        method: 'POST',
        headers: {
          origin: ORIGIN,
          referer: `${ORIGIN}${BRAND_PAGE}`,
          'cf-connecting-ip': '198.51.109.200',
          cookie: withAppVersion(operator),
        },
        body: form,
      },
      testEnv
    )
    expect(response.status, response.headers.get('location') ?? '').toBe(413)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const html = await response.text()
    expect(looksLikeTheShop(html)).toBe(false)
    const text = pageText(html)
    expect(text).toContain('Operator console')
    expect(text).toMatch(/too large/i)
    expect(html).toContain(`href="${BRAND_PAGE}"`)
    expect(text).toContain('Back to the page you were on')
    expect(html).toContain('href="/store/operator"')
  })

  it('answers a console page that is not there with the 404 in the console', async () => {
    const response = await get('/store/operator/nothing-here/at-all', operator)
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(looksLikeTheShop(html)).toBe(false)
    expect(pageText(html)).toContain('Operator console home')
    // A link from another site is no way back.
    expect(html).not.toContain('Back to the page you were on')
  })
})
