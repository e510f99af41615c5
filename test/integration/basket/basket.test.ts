import { formatMoney } from '../../../schemas/money.ts'
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { DATED, nextWednesdayNoon } from '../../support/test-clock.ts'
import { LOCAL_ROBOT_CHECK_TOKEN } from '../../../schemas/basket.ts'
import { formatMessage, itemLimitMessage, MESSAGES } from '../../../schemas/messages.ts'
import {
  basketCall,
  cheapestMealDealChoices,
  couponCall,
  failingCall,
  findItem,
  newBasket,
  OTHER,
  reread,
  seedCatalogue,
} from './fixtures.ts'

const PLAIN = `m.age_restriction is null and m.max_quantity is null
  and not exists (select 1 from menu_item_options o where o.menu_item_id = m.id)
  and not exists (select 1 from deal_section_items d where d.menu_item_id = m.id)`

let plain: { id: number; price: number }
let plain2: { id: number; price: number }

beforeAll(async () => {
  await seedCatalogue(env.DB)
  plain = await findItem(`${PLAIN} and coalesce(s.price, m.price) between 200 and 400`)
  plain2 = await findItem(
    `${PLAIN} and coalesce(s.price, m.price) between 401 and 900 and m.id != ${plain.id}`
  )
})

const add = (token: string | undefined, itemId: number, quantity = 1, extra = {}) => ({
  businessId: 1,
  basketToken: token,
  storeId: 1,
  menuItem: { itemId, quantity },
  ...extra,
})

describe('get or create', DATED, () => {
  it('creates an empty basket with a 43-character token and re-reads it by the token', async () => {
    const { token, basket } = await newBasket()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(basket.store?.id).toBe(1)
    expect(basket.lines).toEqual([])
    expect(basket.totals.total).toBe(0)
    const again = await reread(token)
    expect(again.version).toBe(basket.version)
    expect(again.basketToken).toBeUndefined()
    const row = await env.DB.prepare('select token_hash from baskets where token_hash = ?1')
      .bind(token)
      .first()
    expect(row).toBeNull()
  })

  it('makes a new basket for a token of another business', async () => {
    const { token } = await newBasket()
    const other = await basketCall('/basket', {
      businessId: OTHER.businessId,
      basketToken: token,
    })
    expect(other.basketToken).toBeDefined()
    expect(other.basketToken).not.toBe(token)
  })

  it('refuses an unknown store and a method the store does not offer', async () => {
    const unknown = await failingCall('/basket', { businessId: 1, storeId: 99999 }, 404)
    expect(unknown.error.message).toBe(MESSAGES.storeNotFound)
    const york = await env.DB.prepare(
      'select id from stores where business_id = 1 and delivery_enabled = 0'
    ).first<{ id: number }>()
    if (york) {
      const refused = await failingCall(
        '/basket',
        { businessId: 1, storeId: york.id, fulfilmentMethod: 'delivery' },
        422
      )
      expect(refused.error.message).toBe(formatMessage('fulfilmentMethodNotOffered', 'delivery'))
    }
  })
})

describe('items', () => {
  it('adds, merges the same item, updates and removes, bumping the version each time', async () => {
    const first = await basketCall('/basket/items/add', add(undefined, plain.id, 2))
    const token = first.basketToken ?? ''
    expect(first.lines).toHaveLength(1)
    expect(first.lines[0]?.lineTotal).toBe(plain.price * 2)
    const merged = await basketCall('/basket/items/add', add(token, plain.id, 1))
    expect(merged.lines).toHaveLength(1)
    expect(merged.lines[0]?.quantity).toBe(3)
    expect(merged.version).toBeGreaterThan(first.version)
    const lineId = merged.lines[0]?.basketLineId ?? 0
    const updated = await basketCall('/basket/items/update', {
      businessId: 1,
      basketToken: token,
      basketLineId: lineId,
      menuItem: { quantity: 5 },
    })
    expect(updated.lines[0]?.quantity).toBe(5)
    expect(updated.totals.subtotal).toBe(plain.price * 5)
    const removed = await basketCall('/basket/items/remove', {
      businessId: 1,
      basketToken: token,
      basketLineId: lineId,
    })
    expect(removed.lines).toEqual([])
    expect(removed.version).toBe(updated.version + 1)
  })

  it('answers not_found for an unknown token and an unknown line, changing nothing', async () => {
    const missing = await failingCall(
      '/basket/items/remove',
      { businessId: 1, basketToken: 'x'.repeat(43), basketLineId: 1 },
      404
    )
    expect(missing.error.message).toBe(MESSAGES.basketNotFound)
    const first = await basketCall('/basket/items/add', add(undefined, plain.id))
    const token = first.basketToken ?? ''
    const wrongLine = await failingCall(
      '/basket/items/update',
      { businessId: 1, basketToken: token, basketLineId: 999999, menuItem: { quantity: 2 } },
      404
    )
    expect(wrongLine.error.message).toBe(MESSAGES.updateItemFailed)
    const otherBusiness = await failingCall(
      '/basket/items/remove',
      {
        businessId: OTHER.businessId,
        basketToken: token,
        basketLineId: first.lines[0]?.basketLineId,
      },
      404
    )
    expect(otherBusiness.error.message).toBe(MESSAGES.basketNotFound)
    expect((await reread(token)).version).toBe(first.version)
  })

  it("refuses a missing quantity with 'Please enter the quantity.'", async () => {
    const { token, basket } = await newBasket()
    const refused = await failingCall(
      '/basket/items/add',
      { ...add(token, plain.id), menuItem: { itemId: plain.id, quantity: 0 } },
      422
    )
    expect(refused.error.message).toBe(MESSAGES.quantityRequired)
    expect((await reread(token)).version).toBe(basket.version)
  })

  it('needs the age confirmed for an age-restricted item and records it', async () => {
    const adult = await findItem(
      `m.age_restriction is not null and not exists
       (select 1 from menu_item_options o where o.menu_item_id = m.id)`
    )
    const age = await env.DB.prepare('select age_restriction as a from menu_items where id = ?1')
      .bind(adult.id)
      .first<{ a: number }>()
    const { token, basket } = await newBasket()
    const refused = await failingCall('/basket/items/add', add(token, adult.id), 422)
    expect(refused.error.message).toBe(formatMessage('ageRestricted', age?.a ?? 0))
    expect((await reread(token)).version).toBe(basket.version)
    const added = await basketCall('/basket/items/add', {
      ...add(token, adult.id),
      menuItem: { itemId: adult.id, quantity: 1, ageConfirmed: true },
    })
    expect(added.lines).toHaveLength(1)
    const row = await env.DB.prepare(
      'select age_confirmed_at from baskets where id = (select basket_id from basket_lines where id = ?1)'
    )
      .bind(added.lines[0]?.basketLineId)
      .first<{ age_confirmed_at: string | null }>()
    expect(row?.age_confirmed_at).not.toBeNull()
  })

  it('refuses an item with missing required options with the option field errors', async () => {
    const option = await env.DB.prepare(
      `select o.id, o.menu_item_id from menu_item_options o join menu_items m on m.id = o.menu_item_id
       where o.minimum_selected >= 1 and o.dependent_on is null and m.business_id = 1
         and m.age_restriction is null and m.out_of_stock = 0 order by o.id limit 1`
    ).first<{ id: number; menu_item_id: number }>()
    expect(option).not.toBeNull()
    const { token, basket } = await newBasket()
    const refused = await failingCall(
      '/basket/items/add',
      add(token, option?.menu_item_id ?? 0),
      422
    )
    expect(refused.error.fields?.map((field) => field.field)).toContain(`options.${option?.id}`)
    expect((await reread(token)).version).toBe(basket.version)
  })

  it("answers conflict 'Item is no longer available.' for an out-of-stock item", async () => {
    await env.DB.prepare(
      `insert into store_menu_items (store_id, menu_item_id, out_of_stock) values (1, ?1, 1)
       on conflict (store_id, menu_item_id) do update set out_of_stock = 1`
    )
      .bind(plain2.id)
      .run()
    const { token, basket } = await newBasket()
    const refused = await failingCall('/basket/items/add', add(token, plain2.id), 409)
    expect(refused.error.message).toBe(MESSAGES.itemUnavailable)
    expect((await reread(token)).version).toBe(basket.version)
    await env.DB.prepare(
      'update store_menu_items set out_of_stock = 0 where store_id = 1 and menu_item_id = ?1'
    )
      .bind(plain2.id)
      .run()
  })
})

describe('limits', () => {
  it("stops paracetamol at 2 with 'Item limit has been reached' and says the limit", async () => {
    const pills = await findItem("m.slug like 'paracetamol%'")
    expect(pills.max_quantity).toBe(2)
    const first = await basketCall('/basket/items/add', add(undefined, pills.id, 2))
    const token = first.basketToken ?? ''
    const refused = await failingCall('/basket/items/add', add(token, pills.id, 1), 409)
    expect(refused.error.message).toBe(
      'Item limit has been reached. You can buy at most 2 of this item.'
    )
    expect(refused.error.details).toMatchObject({ reason: 'item_limit', limit: 2 })
    const update = await failingCall(
      '/basket/update',
      {
        businessId: 1,
        basketToken: token,
        updates: [{ basketLineId: first.lines[0]?.basketLineId, quantity: 3 }],
      },
      409
    )
    expect(update.error.message).toBe(itemLimitMessage(2))
    const after = await reread(token)
    expect(after.version).toBe(first.version)
    expect(after.lines[0]?.quantity).toBe(2)
  })

  it('applies the basket limit: reached, and going over', async () => {
    await env.DB.prepare('update stores set max_basket_items = 5 where id = 1').run()
    try {
      const first = await basketCall('/basket/items/add', add(undefined, plain.id, 4))
      const token = first.basketToken ?? ''
      const over = await failingCall('/basket/items/add', add(token, plain2.id, 2), 409)
      expect(over.error.message).toBe(
        'This will go over your basket limit. Your basket can hold at most 5 items.'
      )
      expect(over.error.details?.reason).toBe('basket_limit_exceeded')
      const full = await basketCall('/basket/items/add', add(token, plain2.id, 1))
      expect(full.totals.itemCount).toBe(5)
      const reached = await failingCall('/basket/items/add', add(token, plain2.id, 1), 409)
      expect(reached.error.message).toBe(
        'Basket limit has been reached. Your basket can hold at most 5 items.'
      )
      expect(reached.error.details?.reason).toBe('basket_limit')
      expect((await reread(token)).version).toBe(full.version)
      // Lowering a quantity is always allowed.
      const lower = await basketCall('/basket/update', {
        businessId: 1,
        basketToken: token,
        updates: [{ basketLineId: full.lines[0]?.basketLineId, quantity: 0 }],
      })
      expect(lower.totals.itemCount).toBe(1)
    } finally {
      await env.DB.prepare('update stores set max_basket_items = 100 where id = 1').run()
    }
  })

  it('20 concurrent adds of one item end as one line of 20, no update lost', async () => {
    const { token } = await newBasket()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => basketCall('/basket/items/add', add(token, plain.id, 1)))
    )
    expect(answers).toHaveLength(20)
    const after = await reread(token)
    expect(after.lines).toHaveLength(1)
    expect(after.lines[0]?.quantity).toBe(20)
    expect(after.version).toBe(21)
  })
})

describe('stores', () => {
  it('asks before overwriting a basket at another store, then overwrites', async () => {
    // Both stores take orders now, whatever instant the run is pinned to.
    vi.setSystemTime(nextWednesdayNoon(Date.now()))
    const first = await basketCall('/basket/items/add', add(undefined, plain.id, 2))
    const token = first.basketToken ?? ''
    const other = { ...add(token, plain.id, 1), storeId: 2 }
    const conflict = await failingCall('/basket/items/add', other, 409)
    expect(conflict.error.message).toBe(MESSAGES.basketOverwrite)
    expect(conflict.error.details).toMatchObject({
      reason: 'basket_store_conflict',
      storeSlug: first.store?.slug,
      storeName: first.store?.name,
      itemCount: 2,
      couponCode: null,
      slotHeld: false,
    })
    expect((await reread(token)).version).toBe(first.version)
    const moved = await basketCall('/basket/items/add', { ...other, overwrite: true })
    expect(moved.store?.id).toBe(2)
    expect(moved.lines).toHaveLength(1)
    expect(moved.lines[0]?.quantity).toBe(1)
  })

  it('moves an empty basket without asking', async () => {
    // Both stores take orders now, whatever instant the run is pinned to.
    vi.setSystemTime(nextWednesdayNoon(Date.now()))
    const { token } = await newBasket()
    const moved = await basketCall('/basket/items/add', { ...add(token, plain.id), storeId: 2 })
    expect(moved.store?.id).toBe(2)
  })

  it("refuses adding at a closed store but still shows the basket as 'closed'", async () => {
    const first = await basketCall('/basket/items/add', { ...add(undefined, plain.id), storeId: 3 })
    const token = first.basketToken ?? ''
    await env.DB.prepare('update stores set is_temporarily_closed = 1 where id = 3').run()
    try {
      const refused = await failingCall(
        '/basket/items/add',
        { ...add(token, plain.id), storeId: 3 },
        409
      )
      expect(refused.error.message).toBe(MESSAGES.storeClosed)
      const view = await reread(token)
      expect(view.store?.availability).toBe('closed')
      expect(view.version).toBe(first.version)
    } finally {
      await env.DB.prepare('update stores set is_temporarily_closed = 0 where id = 3').run()
    }
  })
})

describe('prices', () => {
  it('flags a changed price once, and totals use the new price', async () => {
    const first = await basketCall('/basket/items/add', add(undefined, plain2.id, 2))
    const token = first.basketToken ?? ''
    await env.DB.prepare(
      `insert into store_menu_items (store_id, menu_item_id, price) values (1, ?1, ?2)
       on conflict (store_id, menu_item_id) do update set price = ?2`
    )
      .bind(plain2.id, plain2.price + 100)
      .run()
    try {
      const changed = await reread(token)
      expect(changed.notices).toEqual([MESSAGES.basketPricesChanged])
      expect(changed.lines[0]?.priceChanged).toBe(true)
      expect(changed.totals.subtotal).toBe((plain2.price + 100) * 2)
      const again = await reread(token)
      expect(again.notices).toEqual([])
      expect(again.lines[0]?.priceChanged).toBe(false)
    } finally {
      await env.DB.prepare(
        'update store_menu_items set price = null where store_id = 1 and menu_item_id = ?1'
      )
        .bind(plain2.id)
        .run()
    }
  })

  it('keeps an item the store stopped selling, unavailable and out of the totals', async () => {
    const first = await basketCall('/basket/items/add', add(undefined, plain.id, 1))
    const token = first.basketToken ?? ''
    await basketCall('/basket/items/add', add(token, plain2.id, 1))
    await env.DB.prepare(
      `insert into store_menu_items (store_id, menu_item_id, is_available) values (1, ?1, 0)
       on conflict (store_id, menu_item_id) do update set is_available = 0`
    )
      .bind(plain.id)
      .run()
    try {
      const view = await reread(token)
      const gone = view.lines.find((line) => line.itemId === plain.id)
      expect(gone?.available).toBe(false)
      expect(gone?.message).toBe(MESSAGES.itemUnavailable)
      expect(view.totals.subtotal).toBe(plain2.price)
      expect(view.totals.itemCount).toBe(1)
    } finally {
      await env.DB.prepare(
        'update store_menu_items set is_available = 1 where store_id = 1 and menu_item_id = ?1'
      )
        .bind(plain.id)
        .run()
    }
  })

  it('applies a multibuy deal (any 2 wines for £12.00)', async () => {
    const wine = await findItem(
      "m.slug like '%-75cl' and coalesce(s.price, m.price) > 600 and m.max_quantity is null"
    )
    const basket = await basketCall('/basket/items/add', {
      ...add(undefined, wine.id, 2),
      menuItem: { itemId: wine.id, quantity: 2, ageConfirmed: true },
    })
    expect(basket.deals.map((deal) => deal.slug)).toContain('wine-2-for-12')
    expect(basket.totals.dealDiscount).toBe(wine.price * 2 - 1200)
  })
})

describe('meal deals', () => {
  it('adds a meal deal priced as the deal plus premiums, validates sections, removes', async () => {
    const sections = await env.DB.prepare(
      `select ds.id as section_id, ds.name,
         (select dsi.menu_item_id from deal_section_items dsi join menu_items m on m.id = dsi.menu_item_id
          left join store_menu_items s on s.store_id = 1 and s.menu_item_id = m.id
          where dsi.deal_section_id = ds.id and coalesce(s.out_of_stock, m.out_of_stock) = 0
            and coalesce(s.is_available, 1) = 1 and m.age_restriction is null
          order by dsi.extra_cost, dsi.position limit 1) as item_id
       from deal_sections ds where ds.deal_id = 1 order by ds.position`
    ).all<{ section_id: number; name: string; item_id: number }>()
    const choices = sections.results.map((row) => ({
      sectionId: row.section_id,
      itemId: row.item_id,
    }))
    const { token, basket } = await newBasket()
    const missing = await failingCall(
      '/basket/meal-deals/add',
      { businessId: 1, basketToken: token, storeId: 1, dealId: 1, choices: choices.slice(0, 2) },
      422
    )
    expect(missing.error.message).toBe(
      formatMessage('optionChoose', sections.results[2]?.name ?? '')
    )
    const wrong = await failingCall(
      '/basket/meal-deals/add',
      {
        businessId: 1,
        basketToken: token,
        storeId: 1,
        dealId: 1,
        choices: [...choices.slice(0, 2), { sectionId: choices[2]?.sectionId, itemId: plain.id }],
      },
      422
    )
    expect(wrong.error.message).toBe(MESSAGES.optionUnknown)
    expect((await reread(token)).version).toBe(basket.version)
    const added = await basketCall('/basket/meal-deals/add', {
      businessId: 1,
      basketToken: token,
      storeId: 1,
      dealId: 1,
      choices,
    })
    expect(added.mealDeals).toHaveLength(1)
    expect(added.mealDeals[0]?.unitPrice).toBe(385)
    expect(added.totals.subtotal).toBe(385)
    expect(added.mealDeals[0]?.choices).toHaveLength(3)
    const removed = await basketCall('/basket/meal-deals/remove', {
      businessId: 1,
      basketToken: token,
      basketMealDealId: added.mealDeals[0]?.basketMealDealId,
    })
    expect(removed.mealDeals).toEqual([])
  })
})

describe('coupons', () => {
  const apply = (token: string, coupon: string, verifyToken = LOCAL_ROBOT_CHECK_TOKEN) =>
    couponCall({ businessId: 1, basketToken: token, coupon, verifyToken })

  async function basketWorth(pence: number): Promise<string> {
    const quantity = Math.ceil(pence / plain.price)
    const basket = await basketCall('/basket/items/add', add(undefined, plain.id, quantity))
    return basket.basketToken ?? ''
  }

  it('refuses SAVE5 under £30 and applies it over £30 (code upper-cased)', async () => {
    const small = await basketWorth(1000)
    const before = await reread(small)
    const refused = await apply(small, 'save5')
    expect(refused.errorCode).toBe('COUPON_MINIMUM_SPEND')
    expect(refused.errorDisplay).toBe(formatMessage('couponMinimumSpend', '£30.00'))
    expect(refused.basket.coupon).toBeNull()
    expect(refused.basket.version).toBe(before.version)

    const big = await basketWorth(3000)
    const applied = await apply(big, 'save5')
    expect(applied.errorCode).toBeUndefined()
    expect(applied.basket.coupon).toMatchObject({ code: 'SAVE5', discount: 500 })
    expect(applied.basket.totals.couponDiscount).toBe(500)
  })

  it('keeps a coupon whose minimum is no longer met, at 0 with a message', async () => {
    const token = await basketWorth(3000)
    const applied = await apply(token, 'SAVE5')
    const lineId = applied.basket.lines[0]?.basketLineId
    const lowered = await basketCall('/basket/update', {
      businessId: 1,
      basketToken: token,
      updates: [{ basketLineId: lineId, quantity: 1 }],
    })
    expect(lowered.coupon).toMatchObject({
      code: 'SAVE5',
      discount: 0,
      message: formatMessage('couponMinimumSpend', '£30.00'),
    })
    expect(lowered.totals.couponDiscount).toBe(0)
  })

  it('refuses SUMMER24 (ended), an unknown code and a bad robot token', DATED, async () => {
    const token = await basketWorth(1000)
    const before = await reread(token)
    const ended = await apply(token, 'SUMMER24')
    expect(ended.errorCode).toBe('COUPON_EXPIRED')
    expect(ended.errorText).toBe(MESSAGES.couponExpired)
    const unknown = await apply(token, 'NOPE')
    expect(unknown.errorText).toBe(MESSAGES.couponNotFound)
    const robot = await apply(token, 'SAVE5', 'not-the-token')
    expect(robot.errorCode).toBe('ROBOT_CHECK_FAILED')
    expect(robot.errorDisplay).toBe(MESSAGES.robotCheckFailed)
    expect((await reread(token)).version).toBe(before.version)
  })

  it('applies WELCOME10 to a guest basket as needing re-application, taking nothing off', async () => {
    const token = await basketWorth(2000)
    const applied = await apply(token, 'WELCOME10')
    expect(applied.errorCode).toBeUndefined()
    expect(applied.basket.coupon).toMatchObject({
      code: 'WELCOME10',
      needsReapply: true,
      discount: 0,
      message: MESSAGES.couponSignIn,
    })
  })

  it('FREEDELIVERY waives the delivery fee; remove coupon brings it back', async () => {
    const token = await basketWorth(2100)
    const before = await reread(token)
    expect(before.totals.deliveryFee).toBeGreaterThan(0)
    const applied = await apply(token, 'FREEDELIVERY')
    expect(applied.basket.totals.deliveryFee).toBe(0)
    const removed = await basketCall('/basket/coupon/remove', { businessId: 1, basketToken: token })
    expect(removed.coupon).toBeNull()
    expect(removed.totals.deliveryFee).toBe(before.totals.deliveryFee)
  })

  it('refuses a blank coupon code with the validation message', async () => {
    const token = await basketWorth(500)
    const refused = await failingCall(
      '/basket/coupon/apply',
      { businessId: 1, basketToken: token, coupon: ' ', verifyToken: LOCAL_ROBOT_CHECK_TOKEN },
      422
    )
    expect(refused.error.message).toBe(MESSAGES.validationError)
  })
})

describe('tip, method and clear', () => {
  it('counts the tip for delivery only; switching to collection changes fee and minimum', async () => {
    const first = await basketCall('/basket/items/add', add(undefined, plain.id, 1))
    const token = first.basketToken ?? ''
    expect(first.totals.deliveryFee).toBe(199)
    expect(first.totals.minimumSpend).toBe(1000)
    const tipped = await basketCall('/basket/tip', { businessId: 1, basketToken: token, tip: 150 })
    expect(tipped.totals.tip).toBe(150)
    expect(tipped.totals.total).toBe(plain.price + 199 + 150)
    const tooMuch = await failingCall(
      '/basket/tip',
      { businessId: 1, basketToken: token, tip: 999999 },
      422
    )
    expect(tooMuch.error.message).toBe(`The most you can tip is ${formatMoney(5000)}.`)
    for (const tip of [-100, 'two pounds']) {
      const refused = await failingCall(
        '/basket/tip',
        { businessId: 1, basketToken: token, tip },
        422
      )
      expect(refused.error.message).toBe(MESSAGES.tipInvalid)
    }
    const longCoupon = await failingCall(
      '/basket/coupon/apply',
      { businessId: 1, basketToken: token, coupon: 'X'.repeat(41), verifyToken: 'token' },
      422
    )
    expect(longCoupon.error.message).toBe('Coupon code must be 40 characters or fewer.')
    const collection = await basketCall('/basket/update', {
      businessId: 1,
      basketToken: token,
      fulfilmentMethod: 'collection',
    })
    expect(collection.fulfilmentMethod).toBe('collection')
    expect(collection.totals.deliveryFee).toBe(0)
    expect(collection.totals.tip).toBe(0)
    expect(collection.totals.minimumSpend).toBe(0)
    expect(collection.totals.total).toBe(plain.price)
  })

  it('clears lines, coupon and tip', async () => {
    const first = await basketCall('/basket/items/add', add(undefined, plain.id, 12))
    const token = first.basketToken ?? ''
    await basketCall('/basket/tip', { businessId: 1, basketToken: token, tip: 100 })
    const cleared = await basketCall('/basket/clear', { businessId: 1, basketToken: token })
    expect(cleared.lines).toEqual([])
    expect(cleared.totals.tip).toBe(0)
    expect(cleared.totals.total).toBe(0)
    const missing = await failingCall(
      '/basket/clear',
      { businessId: 1, basketToken: 'y'.repeat(43) },
      404
    )
    expect(missing.error.message).toBe(MESSAGES.basketNotFound)
  })
})

describe('contracts with other calls', () => {
  it('starts a new basket when adding with the token of a checked-out basket', async () => {
    const first = await basketCall('/basket/items/add', add(undefined, plain.id))
    const lineId = first.lines[0]?.basketLineId
    await env.DB.prepare(
      `update baskets set status = 'checked_out'
       where id = (select basket_id from basket_lines where id = ?1)`
    )
      .bind(lineId)
      .run()
    const fresh = await basketCall('/basket/items/add', add(first.basketToken, plain.id))
    expect(fresh.basketToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(fresh.basketToken).not.toBe(first.basketToken)
    expect(fresh.lines.map((line) => line.quantity)).toEqual([1])
    const row = await env.DB.prepare('select quantity from basket_lines where id = ?1')
      .bind(lineId)
      .first<{ quantity: number }>()
    expect(row?.quantity).toBe(1)
  })

  it('releases a held slot when the basket is overwritten at another store', async () => {
    // Both stores take orders now, whatever instant the run is pinned to.
    vi.setSystemTime(nextWednesdayNoon(Date.now()))
    const first = await basketCall('/basket/items/add', add(undefined, plain.id))
    const token = first.basketToken ?? ''
    const basketId = (
      await env.DB.prepare('select basket_id as id from basket_lines where id = ?1')
        .bind(first.lines[0]?.basketLineId)
        .first<{ id: number }>()
    )?.id
    const expires = new Date(Date.now() + 10 * 60_000).toISOString()
    await env.DB.batch([
      env.DB.prepare(
        `insert into time_slots (id, store_id, fulfilment_method, slot_date, starts_at, ends_at,
           start_utc, end_utc, capacity, reserved_count)
         values (7001, 1, 'delivery', '2030-01-02', '10:00', '11:00', '2030-01-02T10:00:00Z',
           '2030-01-02T11:00:00Z', 5, 1)`
      ),
      env.DB.prepare(
        `insert into slot_reservations (time_slot_id, store_id, basket_id, fulfilment_method,
           status, expires_at) values (7001, 1, ?1, 'delivery', 'held', ?2)`
      ).bind(basketId, expires),
    ])
    expect((await reread(token)).slot?.status).toBe('held')
    const moved = await basketCall('/basket/items/add', {
      ...add(token, plain.id),
      storeId: 2,
      overwrite: true,
    })
    expect(moved.slot).toBeNull()
    const slot = await env.DB.prepare(
      'select reserved_count from time_slots where id = 7001'
    ).first<{
      reserved_count: number
    }>()
    expect(slot?.reserved_count).toBe(0)
  })

  it('changes and removes a meal deal through /basket/update', async () => {
    const added = await basketCall('/basket/meal-deals/add', {
      businessId: 1,
      storeId: 1,
      dealId: 1,
      choices: await cheapestMealDealChoices(),
    })
    const token = added.basketToken ?? ''
    const id = added.mealDeals[0]?.basketMealDealId
    const two = await basketCall('/basket/update', {
      businessId: 1,
      basketToken: token,
      updates: [{ basketMealDealId: id, quantity: 2 }],
    })
    expect(two.totals.subtotal).toBe(385 * 2)
    expect(two.totals.itemCount).toBe(2)
    const none = await basketCall('/basket/update', {
      businessId: 1,
      basketToken: token,
      updates: [{ basketMealDealId: id, quantity: 0 }],
    })
    expect(none.mealDeals).toEqual([])
  })

  it('refuses ONEONLY once its one redemption is used', async () => {
    const quantity = Math.ceil(1200 / plain.price)
    const basket = await basketCall('/basket/items/add', add(undefined, plain.id, quantity))
    await env.DB.prepare(
      "update coupons set redemption_count = 1 where business_id = 1 and code = 'ONEONLY'"
    ).run()
    const refused = await couponCall({
      businessId: 1,
      basketToken: basket.basketToken,
      coupon: 'oneonly',
      verifyToken: LOCAL_ROBOT_CHECK_TOKEN,
    })
    expect(refused.errorCode).toBe('COUPON_USED_UP')
    expect(refused.errorDisplay).toBe(MESSAGES.couponUsedUp)
    expect(refused.basket.version).toBe(basket.version)
  })
})
