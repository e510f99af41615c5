import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { callBackend } from '../../support/workers/requests.ts'
import { type Basket, BasketSchema, CouponResultSchema } from '../../../schemas/basket.ts'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'

export { DEMO, OTHER, seedCatalogue } from '../catalogue/fixtures.ts'

/** An item of the demo business sold each, by slug pattern, with its price at store 1. */
export async function findItem(
  where: string
): Promise<{ id: number; price: number; max_quantity: number | null }> {
  const row = await env.DB.prepare(
    `select m.id, coalesce(s.price, m.price) as price, m.max_quantity
     from menu_items m left join store_menu_items s on s.menu_item_id = m.id and s.store_id = 1
     where m.business_id = 1 and m.is_active = 1 and coalesce(s.is_available, 1) = 1
       and m.sold_by = 'each'
       and coalesce(s.out_of_stock, m.out_of_stock) = 0 and ${where}
     order by m.id limit 1`
  ).first<{ id: number; price: number; max_quantity: number | null }>()
  if (!row) throw new Error(`no item where ${where}`)
  return row
}

/**
 * Meal deal 1 of the demo business with, per section, its cheapest item store 1 sells in stock
 * and without an age check: choices any basket test can add.
 */
export async function cheapestMealDealChoices(): Promise<
  Array<{ sectionId: number; itemId: number }>
> {
  const { results } = await env.DB.prepare(
    `select ds.id as sectionId, (select dsi.menu_item_id from deal_section_items dsi
        join menu_items m on m.id = dsi.menu_item_id
        left join store_menu_items s on s.store_id = 1 and s.menu_item_id = m.id
        where dsi.deal_section_id = ds.id and coalesce(s.out_of_stock, m.out_of_stock) = 0
          and coalesce(s.is_available, 1) = 1 and m.age_restriction is null
        order by dsi.extra_cost, dsi.position limit 1) as itemId
     from deal_sections ds where ds.deal_id = 1 order by ds.position`
  ).all<{ sectionId: number; itemId: number }>()
  return results
}

/** POST and expect a basket answer. */
export async function basketCall(path: string, body: unknown): Promise<Basket> {
  const { status, json } = await callBackend(path, body)
  expect(status, JSON.stringify(json)).toBe(200)
  return BasketSchema.parse(json)
}

export async function couponCall(body: unknown) {
  const { status, json } = await callBackend('/basket/coupon/apply', body)
  expect(status, JSON.stringify(json)).toBe(200)
  return CouponResultSchema.parse(json)
}

/** POST and expect an error envelope with this status. */
export async function failingCall(path: string, body: unknown, status: number) {
  const answer = await callBackend(path, body)
  expect(answer.status, JSON.stringify(answer.json)).toBe(status)
  return ApiErrorSchema.parse(answer.json)
}

/** A fresh basket at store 1 with its token. */
export async function newBasket(
  storeId = 1,
  fulfilmentMethod: 'delivery' | 'collection' = 'delivery'
): Promise<{ token: string; basket: Basket }> {
  const basket = await basketCall('/basket', { businessId: 1, storeId, fulfilmentMethod })
  if (!basket.basketToken) throw new Error('no token issued')
  return { token: basket.basketToken, basket }
}

/** The basket as it is now (get-or-create with its token). */
export async function reread(token: string): Promise<Basket> {
  return basketCall('/basket', { businessId: 1, basketToken: token })
}
