import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { BasketSchema } from '../../../schemas/basket.ts'
import { CheckoutStateSchema } from '../../../schemas/checkout.ts'
import { BASKET_OF_ANOTHER_MEMBER_REASON } from '../../../schemas/constants.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { OpenApiDocumentSchema } from '../../../schemas/openapi.ts'
import { hashBasketToken } from '../../../worker/backend/basket-ref-repo.ts'
import { backend } from '../../../worker/local-backend.ts'
import { call, type Call, registerMember } from '../auth/fixtures.ts'
import {
  expectOk,
  guestBearer,
  orderBody,
  plainItem,
  readyBasket,
  seedCheckout,
  STORES,
} from '../checkout/fixtures.ts'

/** An operation of the API whose JSON body takes a basket token. */
interface BasketOperation {
  path: string
  tokenOptional: boolean
}

type JsonSchema = { $ref?: string; properties?: Record<string, unknown>; required?: Array<string> }

/**
 * Every operation of the OpenAPI document whose body takes basketToken: a route added later is in
 * this list without anyone writing it down, so it is held to the same rules.
 */
async function basketOperations(): Promise<Array<BasketOperation>> {
  const res = await backend.request('/openapi.json', {}, env)
  const doc = OpenApiDocumentSchema.parse(await res.json()) as {
    paths: Record<string, Record<string, unknown>>
    components?: { schemas?: Record<string, JsonSchema> }
  }
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined =>
    schema?.$ref ? resolve(doc.components?.schemas?.[schema.$ref.split('/').pop() ?? '']) : schema
  const found: Array<BasketOperation> = []
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      // The guard reads bodies: a token in a query string would pass it by.
      const { parameters = [] } = operation as { parameters?: Array<{ name: string }> }
      expect(
        parameters.map((parameter) => parameter.name),
        path
      ).not.toContain('basketToken')
      const body = resolve(
        (operation as { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } })
          .requestBody?.content?.['application/json']?.schema
      )
      if (!body?.properties || !('basketToken' in body.properties)) continue
      expect(method, path).toBe('post')
      found.push({ path, tokenOptional: !(body.required ?? []).includes('basketToken') })
    }
  }
  return found
}

let itemId = 0
let operations: Array<BasketOperation> = []

beforeAll(async () => {
  await seedCheckout(env.DB)
  itemId = (await plainItem(500, 4000)).id
  operations = await basketOperations()
})

/** A basket with one item at the checkout store, made by the bearer's shopper (none: a guest). */
async function basketOf(bearer?: string, brandId?: number): Promise<string> {
  const basket = BasketSchema.parse(
    await expectOk(
      '/basket/items/add',
      {
        businessId: 1,
        ...(brandId ? { brandId } : {}),
        storeId: STORES.main,
        fulfilmentMethod: 'collection',
        menuItem: { itemId, quantity: 1 },
      },
      bearer
    )
  )
  if (!basket.basketToken) throw new Error('no basket token')
  return basket.basketToken
}

/** What a call could have changed of the basket. */
async function stored(token: string) {
  return env.DB.prepare(
    `select customer_id, brand_id, status, version, contact_email from baskets
     where token_hash = ?1`
  )
    .bind(await hashBasketToken(token))
    .first<{
      customer_id: number | null
      brand_id: number | null
      status: string
      version: number
      contact_email: string | null
    }>()
}

function post(path: string, body: Record<string, unknown>, bearer?: string): Promise<Call> {
  return call(path, body, bearer ? { bearer } : {})
}

function expectForbidden(result: Call, label: string): void {
  expect(result.status, `${label}: ${JSON.stringify(result.json)}`).toBe(403)
  const { error } = ApiErrorSchema.parse(result.json)
  expect(error.code, label).toBe('forbidden')
  expect(error.message, label).toBe(MESSAGES.basketOfAnotherMember)
  expect(error.details?.reason, label).toBe(BASKET_OF_ANOTHER_MEMBER_REASON)
}

describe('basket operations found in the OpenAPI document', () => {
  it('include every basket, slot, checkout and payment call that takes a basket token', () => {
    const paths = operations.map((operation) => operation.path)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/basket',
        '/basket/items/add',
        '/basket/coupon/apply',
        '/basket/claim',
        '/basket/substitutes',
        '/time-slots',
        '/time-slots/reserve',
        '/stores/recommended-items',
        '/checkout/prepare',
        '/checkout/contact-details',
        '/checkout/process-order',
        '/checkout/order',
        '/checkout/driver-location',
        '/payments/make',
        '/payments/verify',
        '/checkout/hpp/producer-data',
        '/member/orders/reorder',
      ])
    )
    expect(operations.find((operation) => operation.path === '/basket')?.tokenOptional).toBe(true)
    expect(
      operations.find((operation) => operation.path === '/checkout/prepare')?.tokenOptional
    ).toBe(false)
  })
})

describe("a member's basket answers to that member only", () => {
  it('is theirs from the start when a signed-in member creates it', async () => {
    const member = await registerMember()
    const added = await basketOf(member.tokens.access_token)
    expect((await stored(added))?.customer_id).toBe(member.tokens.customerId)
    const created = BasketSchema.parse(
      await expectOk('/basket', { businessId: 1, storeId: STORES.main }, member.tokens.access_token)
    )
    expect((await stored(created.basketToken ?? ''))?.customer_id).toBe(member.tokens.customerId)
    // A guest's basket (no token, or a guest session's) belongs to no one.
    expect((await stored(await basketOf()))?.customer_id).toBeNull()
    expect((await stored(await basketOf(await guestBearer())))?.customer_id).toBeNull()
  })

  it('refuses every operation taking its token to another member, a guest and no token: 403, nothing changed', async () => {
    const owner = await registerMember()
    const other = await registerMember()
    const guest = await guestBearer()
    const token = await basketOf(owner.tokens.access_token)
    for (const { path } of operations) {
      const body = { businessId: 1, basketToken: token }
      const before = await stored(token)
      expectForbidden(
        await post(path, body, other.tokens.access_token),
        `${path} as another member`
      )
      expectForbidden(await post(path, body, guest), `${path} with a guest token`)
      expectForbidden(await post(path, body), `${path} without a token`)
      // A malformed brandId cannot switch the owner check off.
      expectForbidden(await post(path, { ...body, brandId: 'x' }), `${path} with a bad brandId`)
      expect(await stored(token), path).toEqual(before)
      // The owner passes the guard (the call may still want more of its body).
      const own = await post(path, body, owner.tokens.access_token)
      expect(own.status, `${path} as its member: ${JSON.stringify(own.json)}`).not.toBe(403)
    }
    // Five calls per basket route (POST /basket/follow among them): longer than one call's test.
  }, 20_000)

  it("keeps the member's name and email from another member at checkout (the issue's probe)", async () => {
    const owner = await registerMember()
    const other = await registerMember()
    const token = await basketOf(owner.tokens.access_token)
    const mine = CheckoutStateSchema.parse(
      await expectOk(
        '/checkout/prepare',
        { businessId: 1, basketToken: token },
        owner.tokens.access_token
      )
    )
    expect(mine.contact?.email).toBe(owner.email)
    const probe = await post(
      '/checkout/prepare',
      { businessId: 1, basketToken: token },
      other.tokens.access_token
    )
    expectForbidden(probe, 'prepare')
    expect(JSON.stringify(probe.json)).not.toContain(owner.email)
  })

  it('holds for a guest basket once a member claimed it, and for its checked-out orders', async () => {
    const owner = await registerMember()
    const ready = await readyBasket({ items: [{ id: itemId, quantity: 1 }] })
    await expectOk(
      '/basket/claim',
      { businessId: 1, basketToken: ready.token },
      owner.tokens.access_token
    )
    expectForbidden(
      await post('/checkout/prepare', { businessId: 1, basketToken: ready.token }),
      'claimed basket without a token'
    )
    const order = (await expectOk(
      '/checkout/process-order',
      orderBody(ready),
      owner.tokens.access_token
    )) as {
      draftOrderId: number
    }
    const lookup = { businessId: 1, basketToken: ready.token, draftOrderId: order.draftOrderId }
    // Once paid the basket is checked out; its token still names its orders.
    await env.DB.prepare(`update baskets set status = 'checked_out' where id = ?1`)
      .bind(ready.basketId)
      .run()
    expectForbidden(await post('/checkout/order', lookup, await guestBearer()), 'order as a guest')
    await expectOk('/checkout/order', lookup, owner.tokens.access_token)
  })

  it('leaves a guest basket to whoever holds its token, as before', async () => {
    const token = await basketOf()
    const member = await registerMember()
    for (const bearer of [undefined, member.tokens.access_token, await guestBearer()]) {
      await expectOk('/checkout/prepare', { businessId: 1, basketToken: token }, bearer)
    }
    expect((await stored(token))?.customer_id).toBeNull()
  })

  it("answers 401 to a member's basket with a bearer that does not verify", async () => {
    const owner = await registerMember()
    const token = await basketOf(owner.tokens.access_token)
    const result = await post(
      '/checkout/prepare',
      { businessId: 1, basketToken: token },
      `${owner.tokens.access_token}x`
    )
    expect(result.status).toBe(401)
  })
})

describe('a basket is its brand’s', () => {
  it('records the brand that created it, and another brand of the business only', async () => {
    expect((await stored(await basketOf(undefined, 2)))?.brand_id).toBe(2)
    // Brand 9 is no brand of business 1: not recorded.
    expect((await stored(await basketOf(undefined, 9)))?.brand_id).toBeNull()
  })

  it('is as if absent for every operation on another brand: not_found, or the call without it', async () => {
    const token = await basketOf(undefined, 1)
    const before = await stored(token)
    for (const { path, tokenOptional } of operations) {
      const foreign = await post(path, { businessId: 1, brandId: 2, basketToken: token })
      if (tokenOptional) {
        // The same answer as the same call without a token.
        const without = await post(path, { businessId: 1, brandId: 2 })
        expect(foreign.status, `${path}: ${JSON.stringify(foreign.json)}`).toBe(without.status)
      } else {
        expect(foreign.status, `${path}: ${JSON.stringify(foreign.json)}`).toBe(404)
        expect(ApiErrorSchema.parse(foreign.json).error.code, path).toBe('not_found')
      }
    }
    expect(await stored(token)).toEqual(before)
    // Its own brand and a call naming no brand still find it.
    await expectOk('/checkout/prepare', { businessId: 1, brandId: 1, basketToken: token })
    await expectOk('/checkout/prepare', { businessId: 1, basketToken: token })
  })

  it('gives another brand a new basket from get-or-create and add, never the first one', async () => {
    const token = await basketOf(undefined, 1)
    const fresh = BasketSchema.parse(
      await expectOk('/basket', { businessId: 1, brandId: 2, basketToken: token })
    )
    expect(fresh.basketToken).toBeDefined()
    expect(fresh.basketToken).not.toBe(token)
    expect(fresh.lines).toEqual([])
    expect((await stored(fresh.basketToken ?? ''))?.brand_id).toBe(2)
    const mine = BasketSchema.parse(
      await expectOk('/basket', { businessId: 1, brandId: 1, basketToken: token })
    )
    expect(mine.lines).toHaveLength(1)
  })

  it('binds a basket from before baskets had a brand to the first brand that uses it', async () => {
    const token = await basketOf()
    expect((await stored(token))?.brand_id).toBeNull()
    await expectOk('/checkout/prepare', { businessId: 1, brandId: 3, basketToken: token })
    expect((await stored(token))?.brand_id).toBe(3)
    const elsewhere = await post('/checkout/prepare', {
      businessId: 1,
      brandId: 1,
      basketToken: token,
    })
    expect(elsewhere.status).toBe(404)
  })

  it("keeps an order to its basket's brand: by id, by number and for its member", async () => {
    const member = await registerMember()
    const ready = await readyBasket({
      items: [{ id: itemId, quantity: 1 }],
      bearer: member.tokens.access_token,
    })
    await expectOk(
      '/checkout/prepare',
      { businessId: 1, brandId: 2, basketToken: ready.token },
      member.tokens.access_token
    )
    const order = (await expectOk(
      '/checkout/process-order',
      orderBody(ready, { brandId: 2 }),
      member.tokens.access_token
    )) as { draftOrderId: number; businessOrderId: string }
    expect(order.businessOrderId).toMatch(/^NSM-/)
    const row = await env.DB.prepare('select brand_id from orders where id = ?1')
      .bind(order.draftOrderId)
      .first<{ brand_id: number }>()
    expect(row?.brand_id).toBe(2)

    // Its member asks with another basket: on another brand the order is not there.
    const orderOn = async (brandId: number) =>
      post(
        '/checkout/order',
        {
          businessId: 1,
          brandId,
          basketToken: await basketOf(member.tokens.access_token, brandId),
          draftOrderId: order.draftOrderId,
        },
        member.tokens.access_token
      )
    const notHere = await orderOn(1)
    expect(notHere.status).toBe(404)
    expect(ApiErrorSchema.parse(notHere.json).error.message).toBe(MESSAGES.orderNotFound)
    expect((await orderOn(2)).status).toBe(200)

    const byNumber = { businessId: 1, businessOrderId: order.businessOrderId }
    expect((await post('/stores/order-status', { ...byNumber, brandId: 1 })).status).toBe(404)
    await expectOk('/stores/order-status', { ...byNumber, brandId: 2 })
    const track = (brandId: number) =>
      post('/checkout/driver-location', { ...byNumber, brandId }, member.tokens.access_token)
    expect((await track(1)).status).toBe(404)
    expect((await track(2)).status).toBe(200)
  })
})
