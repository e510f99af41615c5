import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { BasketSchema } from '../../../schemas/basket.ts'
import { OrderSummarySchema } from '../../../schemas/checkout.ts'
import {
  DeepLinkActionResultSchema,
  MarketingIdentifierSchema,
} from '../../../schemas/marketing.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { confirmOrder } from '../../../worker/backend/checkout/orders.ts'
import { backend } from '../../../worker/local-backend.ts'
import { testEnv } from '../auth/fixtures.ts'
import { deliverEffects } from '../../support/workers/effects.ts'
import {
  call,
  expectOk,
  orderBody,
  readyBasket,
  registerMember,
  seedCheckoutForGuest,
  STORES,
} from '../checkout/fixtures.ts'

let item: { id: number; price: number; name: string }
let guest: string

beforeAll(async () => {
  ;({ item, guest } = await seedCheckoutForGuest(200, 400))
})

interface LoggedCall {
  kind: string
  event_name: string | null
  user_key: string
  payload: Record<string, unknown>
}

/**
 * The local marketing service's log, oldest first, for calls whose body mentions `needle` (once
 * the outbox has run the events, ADR 037).
 */
async function logged(needle: string): Promise<Array<LoggedCall>> {
  await deliverEffects()
  const { results } = await env.DB.prepare(
    `select kind, event_name, user_key, payload_json from marketing_events
     where instr(payload_json, ?1) > 0 order by id`
  )
    .bind(needle)
    .all<{ kind: string; event_name: string | null; user_key: string; payload_json: string }>()
  return results.map(({ payload_json, ...row }) => ({
    ...row,
    payload: JSON.parse(payload_json) as Record<string, unknown>,
  }))
}

async function addToBasket(storeId: number, basketToken?: string, bearer?: string) {
  return BasketSchema.parse(
    await expectOk(
      '/basket/items/add',
      {
        businessId: 1,
        basketToken,
        storeId,
        fulfilmentMethod: 'collection',
        menuItem: { itemId: item.id, quantity: 2 },
      },
      bearer
    )
  )
}

async function marketingIdOf(sessionToken: string): Promise<string> {
  const answer = await expectOk('/marketing/identifier', { businessId: 1, sessionToken })
  return MarketingIdentifierSchema.parse(answer).marketingId
}

describe('marketing events', () => {
  it('add to basket records the cart, anonymously, in pounds', async () => {
    const basket = await addToBasket(STORES.main)
    const token = basket.basketToken ?? ''
    const anonymous = await marketingIdOf(token)
    const [cart] = (await logged(anonymous)).filter((row) => row.kind === 'cart_update')
    expect(cart?.user_key).toBe(anonymous)
    expect(cart?.payload).toEqual({
      user: { userId: anonymous, preferUserId: true },
      items: [
        {
          id: String(item.id),
          name: item.name,
          price: item.price / 100,
          quantity: 2,
          categories: [basket.lines[0]?.categorySlug],
        },
      ],
    })
  })

  it('checkout started and the purchase are recorded once each, totals in pounds', async () => {
    const ready = await readyBasket({ items: [{ id: item.id, quantity: 1 }] })
    const body = orderBody(ready)
    const draft = OrderSummarySchema.parse(await expectOk('/checkout/process-order', body, guest))
    // The same draft asked for again (idempotent) sends the same event id: Iterable keeps one.
    await expectOk('/checkout/process-order', body, guest)
    const number = draft.businessOrderId
    const started = (await logged(number)).filter((row) => row.event_name === 'checkoutStarted')
    expect(new Set(started.map((row) => row.payload.id))).toEqual(new Set([`checkout-${number}`]))
    expect(started[0]?.payload.dataFields).toMatchObject({
      orderNumber: number,
      total: draft.totals.total / 100,
    })
    expect(started[0]?.user_key).toBe(await marketingIdOf(ready.token))

    const confirm = () =>
      confirmOrder(env, { businessId: 1, orderId: draft.draftOrderId, now: new Date() })
    await confirm()
    await confirm()
    // The purchase is an effect of the placing (ADR 037); run twice, it is recorded once.
    await deliverEffects()
    await env.DB.prepare(`update effects set status = 'pending' where effect_key like ?1`)
      .bind(`order:${draft.draftOrderId}:placed:%`)
      .run()
    await deliverEffects()
    const purchases = (await logged(number)).filter((row) => row.kind === 'purchase')
    expect(purchases).toHaveLength(1)
    expect(purchases[0]?.payload).toMatchObject({
      id: number,
      total: draft.totals.total / 100,
      items: [{ name: item.name, quantity: 1, price: item.price / 100 }],
    })
    // A guest did not opt in: no email leaves the shop.
    expect(JSON.stringify(purchases[0]?.payload)).not.toContain('grace.hopper@example.com')
  })
})

describe('consent', () => {
  async function optIn(bearer: string, optedIn: boolean) {
    const channel = await env.DB.prepare(
      `select id from marketing_channels where business_id = 1 and channel = 'email'`
    ).first<{ id: number }>()
    const res = await backend.request(
      '/member/marketing-preferences',
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        body: JSON.stringify({
          businessId: 1,
          marketingOptions: [{ marketingChannelId: channel?.id, optedIn }],
        }),
      },
      testEnv
    )
    expect(res.status, await res.clone().text()).toBe(200)
  }

  it('a member who did not opt in is anonymous: no email, no member id', async () => {
    const { email, tokens } = await registerMember()
    const basket = await addToBasket(STORES.main, undefined, tokens.access_token)
    const anonymous = await marketingIdOf(basket.basketToken ?? '')
    const rows = await logged(anonymous)
    expect(rows.map((row) => row.kind)).toEqual(['cart_update'])
    expect(JSON.stringify(rows)).not.toContain(email)
    expect(await logged(email)).toEqual([])
  })

  it('an opted-in member is themself, and their user update is sent; after opting out nothing is', async () => {
    const { email, tokens } = await registerMember()
    await optIn(tokens.access_token, true)
    const member = `member-${tokens.customerId}`
    expect((await logged(email)).map((row) => [row.kind, row.user_key])).toEqual([
      ['user_update', member],
    ])
    await addToBasket(STORES.main, undefined, tokens.access_token)
    const cart = (await logged(email)).find((row) => row.kind === 'cart_update')
    expect(cart?.payload.user).toEqual({ userId: member, email, preferUserId: true })

    await optIn(tokens.access_token, false)
    const before = (await logged(email)).length
    await addToBasket(STORES.main, undefined, tokens.access_token)
    expect(await logged(email)).toHaveLength(before)
  })
})

describe('marketing identifier', () => {
  it('is stable for a session, differs between sessions and is not the token', async () => {
    const first = (await addToBasket(STORES.main)).basketToken ?? ''
    const second = (await addToBasket(STORES.main)).basketToken ?? ''
    const id = await marketingIdOf(first)
    expect(await marketingIdOf(first)).toBe(id)
    expect(await marketingIdOf(second)).not.toBe(id)
    expect(id).not.toContain(first)
    const unknown = await call('/marketing/identifier', { businessId: 1, sessionToken: 'nope' })
    expect(unknown.status).toBe(404)
  })
})

describe('deep-link action', () => {
  const action = async (body: Record<string, unknown>) =>
    DeepLinkActionResultSchema.parse(
      await expectOk('/marketing/deep-link-action', {
        businessId: 1,
        platform: 'web',
        postcode: 'M1 1AD',
        ...body,
      })
    )

  it('opens a store, answers STORE_SEARCH_REQUIRED without a postcode', async () => {
    expect(await action({ actionType: 'store', storeId: STORES.main })).toEqual({
      ok: true,
      storeSlug: `checkout-store-${STORES.main}`,
      basketCleared: false,
    })
    expect(
      await action({ actionType: 'store', storeId: STORES.main, postcode: undefined })
    ).toEqual({
      ok: false,
      errorCode: 'STORE_SEARCH_REQUIRED',
      message: MESSAGES.storeSearchRequired,
    })
  })

  it('answers UNRECOVERABLE_ERROR for what the data does not hold', async () => {
    const unrecoverable = {
      ok: false,
      errorCode: 'UNRECOVERABLE_ERROR',
      message: MESSAGES.deepLinkFailed,
    }
    expect(await action({ actionType: 'store', storeId: 999_999 })).toEqual(unrecoverable)
    expect(await action({ actionType: 'category', storeId: STORES.main })).toEqual(unrecoverable)
    expect(
      await action({ actionType: 'category', storeId: STORES.main, categoryId: 999_999 })
    ).toEqual(unrecoverable)
    expect(await action({ actionType: 'item', storeId: STORES.main, itemId: 999_999 })).toEqual(
      unrecoverable
    )
    expect(await action({ actionType: 'deal', storeId: STORES.main, dealId: 999_999 })).toEqual(
      unrecoverable
    )
    expect(await action({ actionType: 'basket', sharedBasketToken: 'gone' })).toEqual(unrecoverable)
  })

  it('opens an item and a category the store sells', async () => {
    const opened = await action({ actionType: 'item', storeId: STORES.main, itemId: item.id })
    expect(opened).toMatchObject({ ok: true, storeSlug: `checkout-store-${STORES.main}` })
    const category = await env.DB.prepare('select category_id from menu_items where id = ?1')
      .bind(item.id)
      .first<{ category_id: number }>()
    expect(
      await action({
        actionType: 'category',
        storeId: STORES.main,
        categoryId: category?.category_id,
      })
    ).toMatchObject({ ok: true, categoryId: category?.category_id })
  })

  it("answers INCOMPATIBLE_STORE for another store's basket; clearStore empties it", async () => {
    const token = (await addToBasket(STORES.single)).basketToken ?? ''
    const link = { actionType: 'store', storeId: STORES.main, basketToken: token }
    expect(await action(link)).toEqual({
      ok: false,
      errorCode: 'INCOMPATIBLE_STORE',
      message: MESSAGES.incompatibleStore,
    })
    const lines = () =>
      env.DB.prepare(
        `select count(*) as n from basket_lines l join baskets b on b.id = l.basket_id
         where b.id = (select id from baskets order by id desc limit 1)`
      ).first<{ n: number }>()
    expect((await lines())?.n).toBe(1)
    expect(await action({ ...link, clearStore: true })).toMatchObject({
      ok: true,
      basketCleared: true,
    })
    expect((await lines())?.n).toBe(0)
    // The same store's basket is compatible.
    const same = (await addToBasket(STORES.main)).basketToken
    expect(await action({ ...link, basketToken: same })).toMatchObject({ ok: true })
  })

  it('restores a shared basket and attributes the campaign', async () => {
    const shared = (await addToBasket(STORES.main)).basketToken ?? ''
    const restored = await action({
      actionType: 'basket',
      sharedBasketToken: shared,
      postcode: undefined,
      campaignId: '4242',
    })
    expect(restored).toEqual({
      ok: true,
      storeSlug: `checkout-store-${STORES.main}`,
      basketToken: shared,
      basketCleared: false,
    })
    const [attribution] = (await logged('"campaignId":4242')).filter(
      (row) => row.event_name === 'deepLinkOpened'
    )
    expect(attribution?.payload).toMatchObject({
      eventName: 'deepLinkOpened',
      campaignId: 4242,
      dataFields: { platform: 'web', actionType: 'basket', storeId: STORES.main },
    })
  })
})
