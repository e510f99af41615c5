import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../../schemas/messages.ts'
import { archiveOldOrders } from '../../../../worker/backend/order-archive/service.ts'
import { deliver } from '../../member/orders-fixtures.ts'
import { seedStaff } from '../../staff/fixtures.ts'
import { cashOrder, seedCheckout, STORES } from '../../store-orders/fixtures.ts'
import { orderNumberOf } from '../../tracking/fixtures.ts'
import { operatorPagesClient } from '../operator/console-client.ts'

/*
 * The store console's order search (ADR 050): an order by its number, online (a link to it) or
 * archived (it says so; operators get the order archive's restore), for staff of its store.
 */

const { get, signIn } = operatorPagesClient('198.51.107')
const DAY = 86_400_000

beforeAll(async () => {
  await seedCheckout(env.DB)
})

/** A collected order placed three years ago, archived an hour ago. */
async function archivedOrder(): Promise<string> {
  const order = await cashOrder('collection')
  await deliver(order.orderId)
  const number = await orderNumberOf(order.orderId)
  await env.DB.prepare('update orders set placed_at = ?2 where id = ?1')
    .bind(order.orderId, new Date(Date.now() - 3 * 365 * DAY).toISOString())
    .run()
  const run = await archiveOldOrders(env.DB, env.ORDER_ARCHIVE, new Date(Date.now() - 3_600_000))
  expect(run.archived).toBeGreaterThan(0)
  return number
}

const find = (number: string, cookies: string) =>
  get(`/store/orders/find?number=${encodeURIComponent(number)}`, cookies)

describe('the console order search', () => {
  it(
    'finds an archived order by number and offers operators its restore',
    { timeout: 20_000 },
    async () => {
      const number = await archivedOrder()
      const operator = await signIn((await seedStaff({ operator: true })).email)

      const page = await find(number, operator)
      const html = await page.text()
      expect(page.status, html.slice(0, 300)).toBe(200)
      expect(html).toContain(`Order ${number} is archived`)
      expect(html).toContain(`href="/store/operator/order-archive?number=${number}"`)
      expect(html).toContain('Restore it in the order archive')
      // The console's header links to the search from every page.
      expect(html).toContain('href="/store/orders/find"')
    }
  )

  it('tells a store manager it is archived, without the restore', { timeout: 20_000 }, async () => {
    const number = await archivedOrder()
    const manager = await signIn(
      (await seedStaff({ roles: [{ storeId: STORES.main, role: 'store_manager' }] })).email
    )
    const html = await (await find(number, manager)).text()
    expect(html).toContain(`Order ${number} is archived`)
    expect(html).not.toContain('Restore it in the order archive')
    expect(html).toContain('An operator can restore it.')
  })

  it(
    'links an online order; another store’s staff and unknown numbers get not found',
    { timeout: 20_000 },
    async () => {
      const order = await cashOrder('collection')
      const number = await orderNumberOf(order.orderId)
      const manager = await signIn(
        (await seedStaff({ roles: [{ storeId: STORES.main, role: 'store_manager' }] })).email
      )
      const online = await (await find(number, manager)).text()
      expect(online).toContain(`href="/store/${STORES.main}/orders/${order.orderId}"`)

      const elsewhere = await signIn(
        (await seedStaff({ roles: [{ storeId: STORES.single, role: 'store_manager' }] })).email
      )
      for (const [search, cookies] of [
        [number, elsewhere],
        [await archivedOrder(), elsewhere],
        ['NO-SUCH-ORDER', manager],
      ] as const) {
        const page = await find(search, cookies)
        expect(page.status, search).toBe(404)
        expect(await page.text()).toContain(MESSAGES.orderNotFound)
      }
    }
  )

  it('sends a signed-out visitor to sign in', async () => {
    const page = await find('ANY', '')
    expect(page.status).toBe(303)
    expect(page.headers.get('location')).toMatch(/^\/store\/sign-in/)
    await page.body?.cancel()
  })
})
