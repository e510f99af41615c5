import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { jar } from './cookie-jar.ts'
import { seedDemoWithStoreOpen } from '../../support/workers/seed.ts'

// Our CSP has no 'unsafe-inline' for styles: a style attribute in server markup is dropped by the
// browser (the minimum-spend bar was once always full). No page may render one.

const STORE = 'manchester-piccadilly'
const ORIGIN = 'http://localhost'
let cookie = ''

beforeAll(async () => {
  const storeId = await seedDemoWithStoreOpen(env.DB, STORE)
  const item = await env.DB.prepare(
    `select id from menu_items where business_id = 1 and slug = 'semi-skimmed-milk-2-pints'`
  ).first<{ id: number }>()
  if (!item) throw new Error('no milk in the demo data')
  // One pint of milk: a delivery basket well under the store's minimum spend.
  const added = await SELF.fetch(`${ORIGIN}/api/basket/items/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ storeId, menuItem: { itemId: item.id, quantity: 1 } }),
  })
  expect(added.status).toBe(200)
  await added.text()
  cookie = jar(added, '')
})

describe('server markup and the CSP', () => {
  it.each([
    '/',
    '/stores',
    '/stores-near-by/M1%201AE',
    `/stores/${STORE}`,
    `/stores/${STORE}/category/milk`,
    `/stores/${STORE}/category/milk/semi-skimmed-milk-2-pints`,
    '/basket',
    '/login',
    '/register',
  ])('%s renders no style attribute', async (path) => {
    const response = await SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie } })
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).not.toContain("'unsafe-inline'")
    expect(html.match(/<[^>]+\sstyle=[^>]*>/g) ?? []).toEqual([])
  })

  it('shows the basket under its minimum spend (the page the bar is on)', async () => {
    const html = await (await SELF.fetch(`${ORIGIN}/basket`, { headers: { cookie } })).text()
    expect(html).toMatch(/Spend £[\d.]+ more for delivery/)
    expect(html).toMatch(/<progress[^>]*value="\d+"/)
  })
})

describe('client source and the CSP', () => {
  // Every component the worker renders or an island hydrates: none may set a style prop, which
  // server rendering turns into a style attribute (the browser's own CSSOM changes are allowed).
  const sources = import.meta.glob<string>('/client/**/*.tsx', {
    query: '?raw',
    import: 'default',
    eager: true,
  })

  it('reads the client components', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50)
  })

  it.each(Object.entries(sources))('%s sets no style prop', (_path, source) => {
    expect(source.match(/\sstyle=\{/g) ?? []).toEqual([])
  })
})
