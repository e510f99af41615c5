import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { HARBOUR_BRAND, HARBOUR_BUSINESS } from '../../../scripts/demo-data/harbour.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { call } from '../auth/fixtures.ts'
import { operatorPagesClient } from '../pages/operator/console-client.ts'
import { pageClient } from '../pages/storefront.ts'
import { seedStaff, signIn } from '../staff/fixtures.ts'
import { createApp } from '../../../worker/app.ts'

/*
 * The demo data's two businesses (Corner Fresh Group, 1, and Harbour Pantry, 20, on
 * harbour.localhost) keep apart: Harbour Pantry's operator reaches none of Corner Fresh's stores,
 * orders, staff or items, and its shoppers find only its own stores, even in Bristol, where both
 * have one.
 */

const HARBOUR = HARBOUR_BUSINESS.id
const HARBOUR_ORIGIN = `http://${HARBOUR_BRAND.host}`
const app = createApp()

let bearer = ''
let harbourOperator = ''
let cornerStaffId = 0
let cornerOrderId = 0

async function idOf(table: string, where: string): Promise<number> {
  const row = await env.DB.prepare(`select id from ${table} where ${where} order by id limit 1`)
    .bind()
    .first<{ id: number }>()
  if (!row) throw new Error(`no ${table} where ${where}`)
  return row.id
}

beforeAll(async () => {
  await seedDemo(env.DB)
  harbourOperator = (await seedStaff({ operator: true, businessId: HARBOUR })).email
  bearer = (await signIn(harbourOperator, HARBOUR)).access_token
  cornerStaffId = (await seedStaff({ roles: [{ storeId: 1, role: 'picker' }] })).id
  const order = await env.DB.prepare(
    `insert into orders (business_id, store_id, business_order_id, status, status_code,
       fulfilment_method, fulfilment_timing, first_name, last_name, email, subtotal,
       original_total, total, updated_at)
     values (1, 1, 'CF-200001', 'store_accepted_picking', 40, 'collection', 'asap', 'Ada',
       'Lovelace', 'ada@example.com', 1200, 1200, 1200, '2026-06-03T11:00:00.000Z')`
  ).run()
  cornerOrderId = Number(order.meta.last_row_id)
})

describe("Harbour Pantry's operator and Corner Fresh's things", () => {
  it('lists only its own stores, on its own host and through the backend', async () => {
    const listed = await call('/staff/operator/stores/list', { businessId: HARBOUR }, { bearer })
    expect(listed.status).toBe(200)
    const { stores } = listed.json as { stores: Array<{ slug: string }> }
    expect(stores.map((s) => s.slug).sort()).toEqual([
      'bristol-harbourside',
      'clifton',
      'plymouth-barbican',
    ])

    const console = operatorPagesClient('192.0.42', app, HARBOUR_ORIGIN)
    const cookie = await console.signIn(harbourOperator)
    const page = await (await console.get('/store/operator/stores', cookie)).text()
    expect(page).toContain('Bristol Harbourside')
    expect(page).not.toContain('Bristol College Green')
    expect(page).not.toContain('Manchester Piccadilly')
  })

  it("cannot open or change Corner Fresh's stores, orders, staff or items", async () => {
    const cornerItem = await idOf('menu_items', 'business_id = 1')
    const refused: Array<[string, Record<string, unknown>]> = [
      ['/staff/operator/stores/get', { storeId: 1 }],
      ['/staff/operator/stores/switch', { storeId: 1, temporarilyClosed: true }],
      ['/staff/operator/catalogue/items/get', { itemId: cornerItem }],
      ['/staff/operator/catalogue/store-items/list', { storeId: 1 }],
      ['/staff/orders/board', { storeId: 1 }],
      ['/staff/orders/detail', { storeId: 1, orderId: cornerOrderId }],
      ['/staff/orders/food-information', { storeId: 1, orderId: cornerOrderId }],
      ['/staff/accounts/deactivate', { staffId: cornerStaffId }],
    ]
    for (const [path, body] of refused) {
      const answer = await call(path, { ...body, businessId: HARBOUR }, { bearer })
      expect([403, 404], `${path}: ${JSON.stringify(answer.json)}`).toContain(answer.status)
      // Its token names its own business: as Corner Fresh's, it is nobody.
      const asCorner = await call(path, { ...body, businessId: 1 }, { bearer })
      expect(asCorner.status, path).toBe(401)
    }
    const staff = await env.DB.prepare('select status from staff_accounts where id = ?1')
      .bind(cornerStaffId)
      .first<{ status: string }>()
    expect(staff?.status).toBe('active')
    const piccadilly = await env.DB.prepare(
      'select is_temporarily_closed from stores where id = 1'
    ).first<{ is_temporarily_closed: number }>()
    expect(piccadilly?.is_temporarily_closed).toBe(0)
  })
})

describe('store search on each business’s host', () => {
  const bristol = '/stores-near-by/BS1%205TR'

  it("finds only Harbour Pantry's stores on harbour.localhost, and only Corner Fresh's on localhost", async () => {
    const harbour = await (await pageClient(app, '192.0.43', HARBOUR_ORIGIN).get(bristol)).text()
    expect(harbour).toContain('Bristol Harbourside')
    expect(harbour).toContain('Clifton Village')
    expect(harbour).not.toContain('Bristol College Green')

    const corner = await (await pageClient(app, '192.0.44').get(bristol)).text()
    expect(corner).toContain('Bristol College Green')
    expect(corner).not.toContain('Bristol Harbourside')
    expect(corner).not.toContain('Clifton Village')
  })
})
