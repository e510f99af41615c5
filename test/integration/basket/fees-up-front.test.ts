import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { callBackend } from '../../support/workers/requests.ts'
import { type StoreDetails, StoreDetailsSchema } from '../../../schemas/stores.ts'

import { basketCall, findItem, newBasket, seedCatalogue } from './fixtures.ts'

// Honest prices (README; DMCC Act 2024, drip pricing): the fees a store page shows before the
// basket are the fees its basket charges, because both read one record. Store 1 is given a service
// fee, a threshold and a minimum here so every figure is non-trivial.

const PLAIN = `m.age_restriction is null and m.max_quantity is null
  and not exists (select 1 from menu_item_options o where o.menu_item_id = m.id)
  and not exists (select 1 from deal_section_items d where d.menu_item_id = m.id)`

let item: { id: number; price: number }

beforeAll(async () => {
  await seedCatalogue(env.DB)
  await env.DB.prepare(
    `update stores set service_fee = 79, free_delivery_threshold = 2500, delivery_fee = 349,
       minimum_spend = 1200, delivery_radius_km = 100 where id = 1`
  ).run()
  await env.DB.prepare('delete from delivery_zones where store_id = 1').run()
  item = await findItem(`${PLAIN} and coalesce(s.price, m.price) between 300 and 600`)
})

async function storeDetails(): Promise<StoreDetails> {
  const { status, json } = await callBackend('/stores/details', { businessId: 1, storeId: 1 })
  expect(status, JSON.stringify(json)).toBe(200)
  return StoreDetailsSchema.parse(json)
}

describe('fees shown before the basket', () => {
  it("are the basket's own: service fee, delivery fee, minimum and free-delivery threshold", async () => {
    const store = await storeDetails()
    expect(store.serviceFee).toBe(79)
    expect(store.delivery.freeDeliveryThreshold).toBe(2500)

    const { token } = await newBasket(1, 'delivery')
    const one = await basketCall('/basket/items/add', {
      businessId: 1,
      basketToken: token,
      storeId: 1,
      menuItem: { itemId: item.id, quantity: 1 },
    })
    expect(one.totals.subtotal).toBeLessThan(2500)
    expect(one.totals.serviceFee).toBe(store.serviceFee)
    expect(one.totals.deliveryFee).toBe(store.delivery.fee)
    expect(one.totals.minimumSpend).toBe(store.delivery.minimumSpend)
    expect(one.totals.freeDeliveryThreshold).toBe(store.delivery.freeDeliveryThreshold)

    // Over the threshold the page's promise holds: no delivery fee, the service fee stays.
    const quantity = Math.ceil(2500 / item.price)
    const over = await basketCall('/basket/items/add', {
      businessId: 1,
      basketToken: token,
      storeId: 1,
      menuItem: { itemId: item.id, quantity },
    })
    expect(over.totals.subtotal).toBeGreaterThanOrEqual(2500)
    expect(over.totals.deliveryFee).toBe(0)
    expect(over.totals.serviceFee).toBe(store.serviceFee)
  })

  it('charges a collection basket the same service fee the store page shows', async () => {
    const store = await storeDetails()
    const { token } = await newBasket(1, 'collection')
    const basket = await basketCall('/basket/items/add', {
      businessId: 1,
      basketToken: token,
      storeId: 1,
      menuItem: { itemId: item.id, quantity: 1 },
    })
    expect(basket.totals.serviceFee).toBe(store.serviceFee)
    expect(basket.totals.minimumSpend).toBe(store.collection.minimumSpend)
  })
})
