import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { BasketSchema, type Basket } from '../../../schemas/basket.ts'
import { CheckoutStateSchema, type CheckoutState } from '../../../schemas/checkout.ts'
import { ReserveSlotResultSchema } from '../../../schemas/slots.ts'
import { hashBasketToken } from '../../../worker/backend/basket-ref-repo.ts'
import { orderableDates } from '../../../worker/backend/slots/slot-generation.ts'
import { call, tokensOf } from '../auth/fixtures.ts'
import { seedSlots, slotStore } from '../slots/fixtures.ts'

export { call, registerMember, uniqueEmail } from '../auth/fixtures.ts'

/** Checkout test stores of business 1, open all day every day (see seedSlots). */
export const STORES = {
  /** Room for every test: 100 places per hourly slot, takes cards, wallets and cash. */
  main: 9200,
  /** One place per slot, for the lapsed-hold tests. */
  single: 9201,
} as const

/** The demo dataset, the slot test stores and the checkout stores. */
export async function seedCheckout(db: D1Database): Promise<void> {
  await seedSlots(db)
  const stores = [
    [STORES.main, 100],
    [STORES.single, 1],
  ] as const
  await db.batch(
    stores.flatMap(([id, capacity]) =>
      slotStore(db, {
        id,
        slug: `checkout-store-${id}`,
        name: `Checkout Store ${id}`,
        addressLine1: '1 Till Street',
        slotCapacity: capacity,
        acceptsCash: 1,
        deliveryRadiusKm: 3,
      })
    )
  )
}

/** A plain item (sold each, no options, no age limit, no deal) priced between the bounds. */
export async function plainItem(
  min: number,
  max: number,
  not = 0
): Promise<{ id: number; price: number; name: string }> {
  const row = await env.DB.prepare(
    `select m.id, m.price, m.name from menu_items m
     where m.business_id = 1 and m.is_active = 1 and m.out_of_stock = 0 and m.sold_by = 'each'
       and m.age_restriction is null and m.max_quantity is null
       and not exists (select 1 from menu_item_options o where o.menu_item_id = m.id)
       and not exists (select 1 from deal_section_items d where d.menu_item_id = m.id)
       and not exists (select 1 from store_menu_items s where s.menu_item_id = m.id)
       and m.price between ?1 and ?2 and m.id != ?3
     order by m.id limit 1`
  )
    .bind(min, max, not)
    .first<{ id: number; price: number; name: string }>()
  if (!row) throw new Error('no plain item')
  return row
}

export async function guestBearer(): Promise<string> {
  return tokensOf(await call('/oauth/token', { grant_type: 'guest', businessId: 1 })).access_token
}

/**
 * The checkout data seeded, with a plain item priced between the bounds and a guest's bearer
 * token: what the checkout tests start from.
 */
export async function seedCheckoutForGuest(
  min: number,
  max: number
): Promise<{ item: { id: number; price: number; name: string }; guest: string }> {
  await seedCheckout(env.DB)
  return { item: await plainItem(min, max), guest: await guestBearer() }
}

/** Tomorrow in London (always orderable at the test stores). */
export function tomorrow(): string {
  const { today } = orderableDates('Europe/London', 7, new Date())
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

let slotCounter = 0

export interface ReadyBasket {
  token: string
  basketId: number
  storeId: number
  method: 'delivery' | 'collection'
  date: string
  time: string
}

export async function expectOk(path: string, body: unknown, bearer?: string): Promise<unknown> {
  const result = await call(path, body, bearer ? { bearer } : {})
  expect(result.status, JSON.stringify(result.json)).toBe(200)
  return result.json
}

export async function expectRefused(path: string, body: unknown, status: number, bearer?: string) {
  const result = await call(path, body, bearer ? { bearer } : {})
  expect(result.status, JSON.stringify(result.json)).toBe(status)
  return ApiErrorSchema.parse(result.json).error
}

export async function checkoutCall(
  path: string,
  body: Record<string, unknown>,
  bearer?: string
): Promise<CheckoutState> {
  return CheckoutStateSchema.parse(await expectOk(path, { businessId: 1, ...body }, bearer))
}

export const ADDRESS = {
  addressLine1: '12 Test Road',
  town: 'Manchester',
  postcode: 'm1 1ad',
}

/**
 * A basket at the store with the items, a held future slot tomorrow and, unless `details` is
 * false, contact details, a delivery address (delivery) and the terms accepted.
 */
export async function readyBasket(options: {
  storeId?: number
  method?: 'delivery' | 'collection'
  items: ReadonlyArray<{ id: number; quantity: number }>
  details?: boolean
  email?: string
  /** Sent with the checkout calls (a member's contact details need their bearer). */
  bearer?: string
}): Promise<ReadyBasket> {
  const storeId = options.storeId ?? STORES.main
  const method = options.method ?? 'collection'
  let token: string | undefined
  for (const item of options.items) {
    const basket: Basket = BasketSchema.parse(
      await expectOk('/basket/items/add', {
        businessId: 1,
        basketToken: token,
        storeId,
        fulfilmentMethod: method,
        menuItem: { itemId: item.id, quantity: item.quantity },
      })
    )
    token = token ?? basket.basketToken
  }
  if (!token) throw new Error('no basket token')
  slotCounter += 1
  const date = tomorrow()
  // Tomorrow between 08:00 and 21:00: just after midnight is inside the lead time when the tests
  // run late in the evening (the date sweep's 23:50 on new year's eve).
  const time = `${String(8 + (slotCounter % 14)).padStart(2, '0')}:00`
  ReserveSlotResultSchema.parse(
    await expectOk('/time-slots/reserve', {
      businessId: 1,
      storeId,
      basketToken: token,
      fulfilmentMethod: method,
      timeSlotDate: date,
      timeSlotTime: time,
    })
  )
  if (options.details !== false) {
    await checkoutCall(
      '/checkout/contact-details',
      {
        basketToken: token,
        firstName: 'Grace',
        lastName: 'Hopper',
        email: options.email ?? 'grace.hopper@example.com',
        phoneNumber: '07700 900456',
      },
      options.bearer
    )
    if (method === 'delivery') {
      await checkoutCall(
        '/checkout/delivery-address',
        { basketToken: token, address: ADDRESS },
        options.bearer
      )
    }
    await checkoutCall(
      '/checkout/terms',
      { basketToken: token, termsAccepted: true },
      options.bearer
    )
  }
  const row = await env.DB.prepare('select id from baskets where token_hash = ?1')
    .bind(await hashBasketToken(token))
    .first<{ id: number }>()
  return { token, basketId: row?.id ?? 0, storeId, method, date, time }
}

/** A process-order body for the ready basket. */
export function orderBody(ready: ReadyBasket, overrides: Record<string, unknown> = {}) {
  return {
    businessId: 1,
    basketToken: ready.token,
    idempotencyKey: crypto.randomUUID(),
    storeId: ready.storeId,
    fulfilmentMethod: ready.method,
    fulfilmentDetails: { timing: 'future', timeSlotDate: ready.date, timeSlotTime: ready.time },
    paymentGateway: 'realex',
    paymentMethod: 'paymentCard',
    names: { firstName: 'Grace', lastName: 'Hopper' },
    emailAddress: 'grace.hopper@example.com',
    phoneNumber: '07700 900456',
    ...overrides,
  }
}

/** Every table process-order and confirm write, for "nothing changed" checks. */
export async function orderTables(): Promise<Record<string, unknown>> {
  const tables = [
    'orders',
    'order_lines',
    'order_line_selections',
    'order_status_history',
    'coupon_redemptions',
    'outbox',
  ]
  const results = await env.DB.batch([
    ...tables.map((table) => env.DB.prepare(`select * from ${table} order by id`)),
    env.DB.prepare(`select id, status, version from baskets order by id`),
    env.DB.prepare(`select id, status, order_id from slot_reservations order by id`),
    env.DB.prepare(`select id, redemption_count from coupons order by id`),
  ])
  return Object.fromEntries(
    [...tables, 'baskets', 'slot_reservations', 'coupons'].map((name, index) => [
      name,
      results[index]?.results,
    ])
  )
}
