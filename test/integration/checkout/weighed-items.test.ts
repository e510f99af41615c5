import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { BasketSchema } from '../../../schemas/basket.ts'
import { MenuItemSchema } from '../../../schemas/catalogue.ts'
import { OrderSummarySchema } from '../../../schemas/checkout.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { lineAmount, weighedPrice } from '../../../schemas/weighing.ts'
import { confirmOrder } from '../../../worker/backend/checkout/orders.ts'
import { deliverEffects } from '../../support/workers/effects.ts'
import {
  checkoutCall,
  expectOk,
  orderBody,
  readyBasket,
  seedCheckoutForGuest,
  STORES,
} from './fixtures.ts'

/*
 * Items sold by weight (issue 41, ADR 039) from the item to the placed order: the item says its
 * price per kg, the basket and the draft price a weighed line as the estimate of its whole weight,
 * the order keeps how each line was sold, and the confirmation email calls it an estimate.
 */

let guest: string
let steak: { id: number }
let banana: { id: number }

async function itemNamed(name: string): Promise<{ id: number }> {
  const row = await env.DB.prepare('select id from menu_items where business_id = 1 and name = ?1')
    .bind(name)
    .first<{ id: number }>()
  if (!row) throw new Error(`no item ${name}`)
  return row
}

beforeAll(async () => {
  ;({ guest } = await seedCheckoutForGuest(200, 400))
  steak = await itemNamed('Sirloin steak')
  banana = await itemNamed('Bananas loose each')
  // Stock and availability overrides of the demo data would hide them at this store.
  await env.DB.prepare(
    'delete from store_menu_items where store_id = ?1 and menu_item_id in (?2, ?3)'
  )
    .bind(STORES.main, steak.id, banana.id)
    .run()
  await env.DB.prepare('update menu_items set out_of_stock = 0 where id in (?1, ?2)')
    .bind(steak.id, banana.id)
    .run()
})

describe('an item sold by weight', () => {
  it('gives its price per kg and the 250 g step its price estimates', async () => {
    const item = MenuItemSchema.parse(
      await expectOk('/catalogue/menu-item', {
        businessId: 1,
        storeId: STORES.main,
        itemId: steak.id,
      })
    )
    expect(item.weighing).toEqual({ soldBy: 'by_weight', pricePerKg: 2556, unitGrams: 250 })
    expect(item.price).toBe(weighedPrice(2556, 250))
    expect(item.unitPrice).toBeNull()
  })

  it('is priced in the basket and the draft order as the estimate of its whole weight', async () => {
    const ready = await readyBasket({
      items: [
        { id: steak.id, quantity: 3 },
        { id: banana.id, quantity: 2 },
      ],
    })
    const basket = BasketSchema.parse(
      await expectOk('/basket', { businessId: 1, basketToken: ready.token })
    )
    const steakLine = basket.lines.find((line) => line.itemId === steak.id)
    const bananaLine = basket.lines.find((line) => line.itemId === banana.id)
    // 750 g at £25.56/kg = £19.17; two 180 g bananas at £1.11/kg = 360 g = £0.40.
    expect(steakLine).toMatchObject({ quantity: 3, lineTotal: 1917 })
    expect(bananaLine).toMatchObject({
      quantity: 2,
      lineTotal: 40,
      weighing: { soldBy: 'by_piece_estimated', unitGrams: 180 },
    })
    const lines = basket.lines.map((line) => lineAmount(line))
    expect(basket.totals.subtotal).toBe(lines.reduce((sum, amount) => sum + amount, 0))
    // 750 g of steak is one item; two bananas are two.
    expect(basket.totals.itemCount).toBe(3)

    // Checkout states the card's hold: the total plus 10% of each weighed estimate, rounded down.
    const state = await checkoutCall('/checkout/prepare', { basketToken: ready.token })
    expect(state.weighedHold).toBe(basket.totals.total + 191 + 4)

    const draft = OrderSummarySchema.parse(
      await expectOk('/checkout/process-order', orderBody(ready), guest)
    )
    expect(draft.lines.map((line) => [line.name, line.totalPrice, line.weighing?.soldBy])).toEqual([
      ['Sirloin steak', 1917, 'by_weight'],
      ['Bananas loose each', 40, 'by_piece_estimated'],
    ])
    expect(draft.totals.subtotal).toBe(1957)

    await confirmOrder(env, { businessId: 1, orderId: draft.draftOrderId, now: new Date() })
    await deliverEffects()
    const mail = await env.DB.prepare(
      `select payload_json from outbox where template = 'order_confirmation'
         and json_extract(payload_json, '$.businessOrderId') = ?1`
    )
      .bind(draft.businessOrderId)
      .first<{ payload_json: string }>()
    expect(JSON.parse(mail?.payload_json ?? '{}')).toMatchObject({
      weighedLines:
        '750 g Sirloin steak, est. £19.17 (est. £6.39 per 250 g · £25.56/kg)\n' +
        '2 × approx. 180 g Bananas loose each, est. £0.40 (approx. 180 g each, est. £0.20 · £1.11/kg)',
      weighedNote: MESSAGES.weighedFinalPrice,
    })
  })
})
