import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  MenuItemListSchema,
  PreviousPurchasesSchema,
  type PreviousPurchases,
} from '../../../schemas/catalogue.ts'
import { hashBasketToken } from '../../../worker/backend/basket-ref-repo.ts'
import { call, registerMember } from '../auth/fixtures.ts'
import { seedCatalogue } from './fixtures.ts'

/*
 * Buy it again and the "Have you forgotten?" step: what a member bought at a store, from orders
 * the store took, never another member's, business's, brand's or store's.
 */

const STORE = { businessId: 1, storeId: 1 }
let member: { bearer: string; customerId: number }
let otherMember: { bearer: string; customerId: number }
let items: Array<number> = []
let brands: Array<number> = []
let orderSeq = 0

async function signedUp(): Promise<{ bearer: string; customerId: number }> {
  const { email, tokens } = await registerMember()
  const row = await env.DB.prepare('select id from customers where email = ?1 and business_id = 1')
    .bind(email)
    .first<{ id: number }>()
  return { bearer: tokens.access_token, customerId: row?.id ?? 0 }
}

/** An order of `customerId` with one line per item; delivered at store 1 unless told otherwise. */
async function order(
  customerId: number,
  itemIds: ReadonlyArray<number>,
  at: string,
  options: { status?: string; storeId?: number; businessId?: number; brandId?: number } = {}
): Promise<void> {
  orderSeq += 1
  const id = 880_000 + orderSeq
  await env.DB.batch([
    env.DB.prepare(
      `insert into orders (id, business_id, brand_id, store_id, customer_id, business_order_id,
       status, status_code, fulfilment_method, fulfilment_timing, first_name, last_name, email,
       subtotal, original_total, total, placed_at)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, case ?7 when 'delivered' then 100 end, 'collection', 'asap', 'A', 'L', 'a@example.com',
       100, 100, 100, ?8)`
    ).bind(
      id,
      options.businessId ?? 1,
      options.brandId ?? null,
      options.storeId ?? 1,
      customerId,
      `PP-${id}`,
      options.status ?? 'delivered',
      at
    ),
    ...itemIds.map((itemId) =>
      env.DB.prepare(
        `insert into order_lines (order_id, menu_item_id, name, quantity, unit_price, total_price)
         values (?1, ?2, 'line', 1, 100, 100)`
      ).bind(id, itemId)
    ),
  ])
}

async function purchases(
  body: Record<string, unknown>,
  bearer: string | null = member.bearer
): Promise<PreviousPurchases> {
  const answer = await call(
    '/catalogue/previous-purchases',
    { ...STORE, ...body },
    bearer === null ? {} : { bearer }
  )
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return PreviousPurchasesSchema.parse(answer.json)
}

beforeAll(async () => {
  await seedCatalogue(env.DB)
  const found = await env.DB.prepare(
    `select m.id from menu_items m join categories c on c.id = m.category_id
     left join store_menu_items s on s.store_id = 1 and s.menu_item_id = m.id
     where c.slug = 'fresh-fruit' and m.business_id = 1 and m.is_active = 1
       and coalesce(s.is_available, 1) = 1
     order by m.position limit 6`
  ).all<{ id: number }>()
  items = found.results.map((row) => row.id)
  const brandRows = await env.DB.prepare(
    'select id from brands where business_id = 1 order by id'
  ).all<{ id: number }>()
  brands = brandRows.results.map((row) => row.id)
  member = await signedUp()
  otherMember = await signedUp()
  const [a, b, c, d, e, f] = items as [number, number, number, number, number, number]
  // a: three orders; b: two, the newest; c: two, older; d: once.
  await order(member.customerId, [a, c], '2026-09-01T10:00:00.000Z')
  await order(member.customerId, [a, c, d], '2026-09-08T10:00:00.000Z')
  await order(member.customerId, [a, b], '2026-09-15T10:00:00.000Z')
  await order(member.customerId, [b], '2026-09-22T10:00:00.000Z')
  // Never the member's purchases at this store: declined, another store, another business,
  // another member.
  await order(member.customerId, [e], '2026-09-23T10:00:00.000Z', { status: 'declined' })
  await order(member.customerId, [e], '2026-09-23T10:00:00.000Z', { storeId: 2 })
  await order(member.customerId, [f], '2026-09-23T10:00:00.000Z', { businessId: 2 })
  await order(otherMember.customerId, [e, f], '2026-09-23T10:00:00.000Z')
  if (brands[1] !== undefined) {
    await order(member.customerId, [f], '2026-09-24T10:00:00.000Z', { brandId: brands[1] })
  }
}, 120_000)

describe('/catalogue/previous-purchases', () => {
  it('lists the items the member bought most often first, then the most recent', async () => {
    const page = await purchases({ brandId: brands[0] })
    const [a, b, c, d] = items
    expect(page.items.map((item) => item.id)).toEqual([a, b, c, d])
    expect(page).toMatchObject({ page: 1, hasMore: false })
  })

  it("never shows another member's, store's, brand's or business's orders", async () => {
    const [, , , , e, f] = items
    const mine = await purchases({ brandId: brands[0] })
    expect(mine.items.map((item) => item.id)).not.toContain(e)
    expect(mine.items.map((item) => item.id)).not.toContain(f)
    const theirs = await purchases({ brandId: brands[0] }, otherMember.bearer)
    expect(theirs.items.map((item) => item.id)).toEqual([e, f])
  })

  it('pages the list and says when a next page has items', async () => {
    const first = await purchases({ brandId: brands[0], limit: 3 })
    const second = await purchases({ brandId: brands[0], limit: 3, page: 2 })
    expect(first.items).toHaveLength(3)
    expect(first.hasMore).toBe(true)
    expect(second.items.map((item) => item.id)).toEqual([items[3]])
    expect(second.hasMore).toBe(false)
  })

  it('answers a guest an empty page, and a member of another business is refused', async () => {
    expect(await purchases({}, null)).toEqual({ items: [], page: 1, hasMore: false })
    const refused = await call(
      '/catalogue/previous-purchases',
      { businessId: 2, storeId: 9001 },
      { bearer: member.bearer }
    )
    expect(refused.status).toBe(401)
  })
})

describe('/catalogue/forgotten-items', () => {
  it("lists the member's regulars (two orders or more) that the basket does not hold", async () => {
    const [a, b, c] = items as [number, number, number]
    const token = `forgotten-${Date.now()}`
    const basket = await env.DB.prepare(
      `insert into baskets (business_id, store_id, customer_id, token_hash)
       values (1, 1, ?1, ?2) returning id`
    )
      .bind(member.customerId, await hashBasketToken(token))
      .first<{ id: number }>()
    await env.DB.prepare(
      `insert into basket_lines (basket_id, menu_item_id, quantity, unit_price)
       values (?1, ?2, 1, 100)`
    )
      .bind(basket?.id, b)
      .run()
    const answer = await call(
      '/catalogue/forgotten-items',
      { ...STORE, brandId: brands[0], basketToken: token },
      { bearer: member.bearer }
    )
    expect(answer.status).toBe(200)
    expect(MenuItemListSchema.parse(answer.json).items.map((item) => item.id)).toEqual([a, c])
  })

  it('is for members only', async () => {
    const answer = await call('/catalogue/forgotten-items', STORE)
    expect(answer.status).toBe(401)
  })
})
