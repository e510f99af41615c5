import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../../schemas/messages.ts'
import { createApp } from '../../../../worker/app.ts'
import { auditStatement } from '../../../../worker/backend/audit-repo.ts'
import { OTHER, seedCatalogue } from '../../catalogue/fixtures.ts'
import { seedStaff } from '../../staff/fixtures.ts'
import { operatorPagesClient } from '../operator/console-client.ts'
import { ORIGIN, pageText, testEnv } from '../storefront.ts'

const app = createApp()
const { get, signIn } = operatorPagesClient('198.51.106', app)

beforeAll(async () => {
  await seedCatalogue(env.DB)
})

async function signedIn(options: Parameters<typeof seedStaff>[0]): Promise<{
  cookies: string
  staffId: number
}> {
  const staff = await seedStaff(options)
  return { cookies: await signIn(staff.email), staffId: staff.id }
}

describe('the operator console', () => {
  it('sends a signed-out visitor to the sign-in page and back afterwards', async () => {
    const res = await get('/store/operator/audit')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/store/sign-in?redirect=%2Fstore%2Foperator%2Faudit')
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow')
  })

  it('tells a store role only operators can use it (403)', async () => {
    const { cookies } = await signedIn({ roles: [{ storeId: 1, role: 'picker' }] })
    const res = await get('/store/operator', cookies)
    expect(res.status).toBe(403)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(pageText(await res.text())).toContain(MESSAGES.operatorOnly)
  })

  it("shows an operator the areas, and the store console's home links to it", async () => {
    const { cookies } = await signedIn({ operator: true })
    const res = await get('/store/operator', cookies)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const html = await res.text()
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>')
    for (const area of ['brands', 'stores', 'catalogue', 'promotions', 'content', 'audit']) {
      expect(html).toContain(`href="/store/operator/${area}"`)
    }
    expect(html).toContain('aria-current="page"')
    const home = await (await get('/store', cookies)).text()
    expect(home).toContain('href="/store/operator"')
  })

  it("lists the business's audited changes with who made them, never another business's", async () => {
    const { cookies, staffId } = await signedIn({ operator: true })
    const entry = (businessId: number, summary: string) =>
      auditStatement(env.DB, {
        businessId,
        staffId,
        action: 'store.update',
        entity: 'store',
        entityId: 1,
        before: { deliveryFee: 250 },
        after: { deliveryFee: 300 },
        summary,
        at: '2026-11-25T17:00:00.000Z',
      })
    await env.DB.batch([
      entry(1, 'Delivery fee of Manchester Piccadilly changed'),
      entry(OTHER.businessId, 'Not ours'),
    ])
    const res = await get('/store/operator/audit', cookies)
    expect(res.status).toBe(200)
    const text = pageText(await res.text())
    expect(text).toContain('Delivery fee of Manchester Piccadilly changed')
    expect(text).toContain('Sam Staff')
    expect(text).toContain('Wed 25 Nov 17:00')
    expect(text).toContain('1 field changed')
    expect(text).not.toContain('Not ours')
  })

  it("refuses the operator calls through the console's island proxy (pages only)", async () => {
    const { cookies } = await signedIn({ operator: true })
    const res = await app.request(
      `${ORIGIN}/store/api/staff/operator/audit`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: cookies },
        body: '{}',
      },
      testEnv
    )
    expect(res.status).toBe(404)
    await res.body?.cancel()
  })
})
