import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { BasketFollowSchema, BasketSchema, type BasketFollow } from '../../../schemas/basket.ts'
import { BUSINESS_ID, call, registerMember } from '../auth/fixtures.ts'
import { hashBasketToken } from '../../../worker/backend/basket-ref-repo.ts'
import { findItem, seedCatalogue } from './fixtures.ts'

/*
 * Issue 35 item 13: a member's basket follows them to every browser they sign in on; the basket
 * the browser held is merged into it, once, and closed.
 */

let plain: number
let limited: { id: number; max: number }
let otherStore: number

beforeAll(async () => {
  await seedCatalogue(env.DB)
  const simple = `m.age_restriction is null
    and not exists (select 1 from menu_item_options o where o.menu_item_id = m.id)`
  ;({ id: plain } = await findItem(`${simple} and m.max_quantity is null`))
  const capped = await findItem(`${simple} and m.max_quantity between 3 and 20`)
  limited = { id: capped.id, max: capped.max_quantity ?? 0 }
  const store = await env.DB.prepare(
    `select s.id from stores s where s.business_id = 1 and s.id != 1
       and exists (select 1 from store_opening_hours h where h.store_id = s.id)
     order by s.id limit 1`
  ).first<{ id: number }>()
  if (!store) throw new Error('no second store')
  otherStore = store.id
})

/** Adds to the basket `token` names (a new one without), as the member `bearer` when given. */
async function add(
  input: { itemId: number; quantity: number; storeId?: number },
  token?: string,
  bearer?: string
): Promise<string> {
  const result = await call(
    '/basket/items/add',
    {
      businessId: BUSINESS_ID,
      brandId: 1,
      storeId: input.storeId ?? 1,
      menuItem: { itemId: input.itemId, quantity: input.quantity },
      ...(token ? { basketToken: token } : {}),
    },
    bearer ? { bearer } : {}
  )
  expect(result.status, JSON.stringify(result.json)).toBe(200)
  return BasketSchema.parse(result.json).basketToken ?? token ?? ''
}

async function follow(bearer: string, basketToken?: string): Promise<BasketFollow> {
  const result = await call(
    '/basket/follow',
    { businessId: BUSINESS_ID, brandId: 1, ...(basketToken ? { basketToken } : {}) },
    { bearer }
  )
  expect(result.status, JSON.stringify(result.json)).toBe(200)
  return BasketFollowSchema.parse(result.json)
}

/** The quantities per item of the basket a token names, as that member reads it. */
async function quantities(token: string, bearer: string): Promise<Record<number, number>> {
  const result = await call(
    '/basket',
    { businessId: BUSINESS_ID, brandId: 1, basketToken: token },
    { bearer }
  )
  expect(result.status, JSON.stringify(result.json)).toBe(200)
  const basket = BasketSchema.parse(result.json)
  return Object.fromEntries(basket.lines.map((line) => [line.itemId, line.quantity]))
}

async function statusOf(token: string): Promise<string | undefined> {
  const row = await env.DB.prepare('select status from baskets where token_hash = ?1')
    .bind(await hashBasketToken(token))
    .first<{ status: string }>()
  return row?.status
}

describe('POST /basket/follow', () => {
  it("brings the member's basket to a second browser under its own token; both work", async () => {
    const { tokens } = await registerMember()
    const browserA = await add({ itemId: plain, quantity: 2 }, undefined, tokens.access_token)
    const followed = await follow(tokens.access_token)
    expect(followed.outcome).toBe('restored')
    const browserB = followed.basket?.basketToken ?? ''
    expect(browserB).not.toBe(browserA)
    await add({ itemId: plain, quantity: 1 }, browserB, tokens.access_token)
    expect(await quantities(browserA, tokens.access_token)).toEqual({ [plain]: 3 })
    expect(await quantities(browserB, tokens.access_token)).toEqual({ [plain]: 3 })
  })

  it("merges a guest basket of the same store, capped by the item's limit, and closes it", async () => {
    const { tokens } = await registerMember()
    const memberToken = await add({ itemId: plain, quantity: 1 }, undefined, tokens.access_token)
    await add({ itemId: limited.id, quantity: limited.max - 1 }, memberToken, tokens.access_token)
    const guest = await add({ itemId: plain, quantity: 2 })
    await add({ itemId: limited.id, quantity: 3 }, guest)
    const followed = await follow(tokens.access_token, guest)
    expect(followed.outcome).toBe('merged')
    expect({ added: followed.added, dropped: followed.dropped }).toEqual({ added: 3, dropped: 2 })
    expect(await quantities(memberToken, tokens.access_token)).toEqual({
      [plain]: 3,
      [limited.id]: limited.max,
    })
    expect(await statusOf(guest)).toBe('abandoned')
    // The closed guest basket cannot be used (nor checked out): its token names no basket.
    const again = await call('/basket/items/add', {
      businessId: BUSINESS_ID,
      brandId: 1,
      storeId: 1,
      menuItem: { itemId: plain, quantity: 1 },
      basketToken: guest,
    })
    expect(BasketSchema.parse(again.json).basketToken).toBeDefined()
  })

  it("gives the guest basket's slot hold back when it is merged", async () => {
    const { tokens } = await registerMember()
    await add({ itemId: plain, quantity: 1 }, undefined, tokens.access_token)
    const guest = await add({ itemId: plain, quantity: 1 })
    const guestId = await env.DB.prepare('select id from baskets where token_hash = ?1')
      .bind(await hashBasketToken(guest))
      .first<{ id: number }>()
    const slot = await env.DB.prepare(
      `insert into time_slots (store_id, fulfilment_method, slot_date, starts_at, ends_at,
         start_utc, end_utc, capacity, reserved_count)
       values (1, 'delivery', '2099-01-01', '10:00', '11:00', '2099-01-01T10:00:00.000Z',
         '2099-01-01T11:00:00.000Z', 1, 1) returning id`
    ).first<{ id: number }>()
    await env.DB.prepare(
      `insert into slot_reservations (time_slot_id, store_id, basket_id, fulfilment_method,
         expires_at) values (?1, 1, ?2, 'delivery', '2099-01-01T00:00:00.000Z')`
    )
      .bind(slot?.id, guestId?.id)
      .run()
    expect((await follow(tokens.access_token, guest)).outcome).toBe('merged')
    const after = await env.DB.prepare(
      `select t.reserved_count, r.status from time_slots t
       join slot_reservations r on r.time_slot_id = t.id where t.id = ?1`
    )
      .bind(slot?.id)
      .first<{ reserved_count: number; status: string }>()
    expect(after).toEqual({ reserved_count: 0, status: 'released' })
  })

  it("keeps the member's basket and leaves out a guest basket of another store, saying so", async () => {
    const { tokens } = await registerMember()
    const memberToken = await add({ itemId: plain, quantity: 1 }, undefined, tokens.access_token)
    const guest = await add({ itemId: plain, quantity: 4, storeId: otherStore })
    const followed = await follow(tokens.access_token, guest)
    expect(followed.outcome).toBe('other_store')
    expect({ added: followed.added, dropped: followed.dropped }).toEqual({ added: 0, dropped: 4 })
    expect(followed.basket?.store?.id).toBe(1)
    expect(await quantities(memberToken, tokens.access_token)).toEqual({ [plain]: 1 })
    expect(await statusOf(guest)).toBe('abandoned')
  })

  it('makes the guest basket the member’s when they have none', async () => {
    const { tokens } = await registerMember()
    const guest = await add({ itemId: plain, quantity: 2 })
    const followed = await follow(tokens.access_token, guest)
    expect(followed.outcome).toBe('kept')
    expect(await quantities(guest, tokens.access_token)).toEqual({ [plain]: 2 })
  })

  it('merges once when 20 sign-ins race with the same guest basket', async () => {
    const { tokens } = await registerMember()
    const memberToken = await add({ itemId: plain, quantity: 1 }, undefined, tokens.access_token)
    const guest = await add({ itemId: plain, quantity: 2 })
    await add({ itemId: limited.id, quantity: 1 }, guest)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => follow(tokens.access_token, guest))
    )
    expect(answers.filter((answer) => answer.outcome === 'merged')).toHaveLength(1)
    expect(answers.filter((answer) => answer.outcome === 'restored')).toHaveLength(19)
    expect(await quantities(memberToken, tokens.access_token)).toEqual({
      [plain]: 3,
      [limited.id]: 1,
    })
    const lines = await env.DB.prepare(
      `select count(*) as n from basket_lines where basket_id =
         (select id from baskets where token_hash = ?1)`
    )
      .bind(await hashBasketToken(memberToken))
      .first<{ n: number }>()
    expect(lines?.n).toBe(2)
  }, 30_000)

  it('refuses a guest bearer token and changes nothing', async () => {
    const guestTokens = await call('/oauth/token', { grant_type: 'guest', businessId: 1 })
    const guest = await add({ itemId: plain, quantity: 1 })
    const { access_token } = guestTokens.json as { access_token: string }
    const result = await call(
      '/basket/follow',
      { businessId: BUSINESS_ID, brandId: 1, basketToken: guest },
      { bearer: access_token }
    )
    expect(result.status).toBe(403)
    expect(await statusOf(guest)).toBe('active')
  })
})
