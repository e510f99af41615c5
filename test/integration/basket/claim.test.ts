import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { BasketSchema, type Basket } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { BUSINESS_ID, call, registerMember, tokensOf, type Call } from '../auth/fixtures.ts'
import { hashBasketToken } from '../../../worker/backend/basket-ref-repo.ts'
import { findItem, seedCatalogue } from './fixtures.ts'

let itemId: number

beforeAll(async () => {
  await seedCatalogue(env.DB)
  ;({ id: itemId } = await findItem(
    `m.age_restriction is null and m.max_quantity is null
     and not exists (select 1 from menu_item_options o where o.menu_item_id = m.id)`
  ))
})

/** A guest basket at store 1 holding one item, with its token. */
async function guestBasket(): Promise<{ token: string; basket: Basket }> {
  const added = await call('/basket/items/add', {
    businessId: BUSINESS_ID,
    storeId: 1,
    menuItem: { itemId, quantity: 2 },
  })
  expect(added.status, JSON.stringify(added.json)).toBe(200)
  const basket = BasketSchema.parse(added.json)
  if (!basket.basketToken) throw new Error('no basket token')
  return { token: basket.basketToken, basket }
}

function claim(token: string, bearer?: string): Promise<Call> {
  return call(
    '/basket/claim',
    { businessId: BUSINESS_ID, basketToken: token },
    bearer ? { bearer } : {}
  )
}

/** The stored owner and version of the basket the token names. */
async function stored(token: string): Promise<{ customer_id: number | null; version: number }> {
  const row = await env.DB.prepare('select customer_id, version from baskets where token_hash = ?1')
    .bind(await hashBasketToken(token))
    .first<{ customer_id: number | null; version: number }>()
  if (!row) throw new Error('basket row missing')
  return row
}

function messageOf(result: Call): string {
  return ApiErrorSchema.parse(result.json).error.message
}

describe('POST /basket/claim', () => {
  it("makes a guest basket the member's, keeping its lines", async () => {
    const { token, basket } = await guestBasket()
    const { tokens } = await registerMember()
    const result = await claim(token, tokens.access_token)
    expect(result.status, JSON.stringify(result.json)).toBe(200)
    const claimed = BasketSchema.parse(result.json)
    expect(claimed.lines.map((line) => line.quantity)).toEqual([2])
    expect(claimed.basketToken).toBeUndefined()
    expect(await stored(token)).toEqual({
      customer_id: tokens.customerId,
      version: basket.version + 1,
    })
  })

  it("answers the member's own basket unchanged", async () => {
    const { token } = await guestBasket()
    const { tokens } = await registerMember()
    expect((await claim(token, tokens.access_token)).status).toBe(200)
    const before = await stored(token)
    const again = await claim(token, tokens.access_token)
    expect(again.status).toBe(200)
    expect(BasketSchema.parse(again.json).version).toBe(before.version)
    expect(await stored(token)).toEqual(before)
  })

  it('refuses a guest token with 403 and changes nothing', async () => {
    const { token } = await guestBasket()
    const guest = tokensOf(await call('/oauth/token', { grant_type: 'guest', businessId: 1 }))
    const before = await stored(token)
    const result = await claim(token, guest.access_token)
    expect(result.status).toBe(403)
    expect(messageOf(result)).toBe(MESSAGES.loginRequired)
    expect(await stored(token)).toEqual(before)
  })

  it('refuses without a token with 401 and changes nothing', async () => {
    const { token } = await guestBasket()
    const before = await stored(token)
    const result = await claim(token)
    expect(result.status).toBe(401)
    expect(messageOf(result)).toBe(MESSAGES.loginRequired)
    expect(await stored(token)).toEqual(before)
  })

  it("refuses another member's basket with 403 and changes nothing", async () => {
    const { token } = await guestBasket()
    const owner = await registerMember()
    const thief = await registerMember()
    expect((await claim(token, owner.tokens.access_token)).status).toBe(200)
    const before = await stored(token)
    const result = await claim(token, thief.tokens.access_token)
    expect(result.status).toBe(403)
    expect(messageOf(result)).toBe(MESSAGES.basketOfAnotherMember)
    expect(await stored(token)).toEqual(before)
    expect(before.customer_id).toBe(owner.tokens.customerId)
  })

  it('answers 404 for a token that names no basket', async () => {
    const { tokens } = await registerMember()
    const result = await claim('x'.repeat(43), tokens.access_token)
    expect(result.status).toBe(404)
    expect(messageOf(result)).toBe(MESSAGES.basketNotFound)
  })

  it('refuses a malformed body with 422', async () => {
    const { tokens } = await registerMember()
    const result = await call(
      '/basket/claim',
      { businessId: BUSINESS_ID },
      {
        bearer: tokens.access_token,
      }
    )
    expect(result.status).toBe(422)
  })
})
