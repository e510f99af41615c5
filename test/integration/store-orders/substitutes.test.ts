import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { BasketSchema, SimilarItemsSchema } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { StoreOrderDetailSchema, type StoreOrderDetail } from '../../../schemas/store-orders.ts'
import { expectOk } from '../checkout/fixtures.ts'
import {
  actOk,
  cashOrder,
  inMinutes,
  seedCheckout,
  type SignedInStaff,
  staffMember,
  STORES,
  substituteCheaper,
} from './fixtures.ts'

/*
 * The shopper's substitution preference from the basket to the picking list: checkout copies it
 * onto the order's lines, the console shows it, and mark_line refuses a substitute on a line the
 * shopper wanted no substitutes for (short and out of stock stay allowed).
 */

const STORE = STORES.main
let manager: SignedInStaff
let picker: SignedInStaff

beforeAll(async () => {
  await seedCheckout(env.DB)
  manager = await staffMember([{ storeId: STORE, role: 'store_manager' }])
  picker = await staffMember([{ storeId: STORE, role: 'picker' }])
})

/** A paid order whose basket allowed (or refused) substitutes for every item, accepted. */
async function acceptedOrder(allowSubstitutes: boolean) {
  const order = await cashOrder('delivery', async (ready) => {
    const basket = BasketSchema.parse(
      await expectOk('/basket/substitutes', {
        businessId: 1,
        basketToken: ready.token,
        allowSubstitutes,
      })
    )
    expect(basket.lines.every((line) => line.allowSubstitutes === allowSubstitutes)).toBe(true)
  })
  const detail = await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
    type: 'accept',
    estimatedReadyAt: inMinutes(30),
  })
  return { order, line: firstLine(detail) }
}

function firstLine(detail: StoreOrderDetail) {
  const line = detail.departments[0]?.lines[0]
  if (!line) throw new Error('no line')
  return line
}

async function pickRows(orderId: number) {
  const { results } = await env.DB.prepare(
    'select order_line_id, mark from order_line_picks where order_id = ?1'
  )
    .bind(orderId)
    .all()
  return results
}

describe('substitution preference on the picking list', () => {
  it('checkout copies "no substitutes" onto the order line and the console shows it', async () => {
    const { order, line } = await acceptedOrder(false)
    expect(line.allowSubstitutes).toBe(false)
    const row = await env.DB.prepare(
      'select allow_substitutes from order_lines where order_id = ?1 and parent_line_id is null'
    )
      .bind(order.orderId)
      .first<{ allow_substitutes: number }>()
    expect(row?.allow_substitutes).toBe(0)
  })

  it('refuses a substitute on a no-substitutes line (422, nothing written)', async () => {
    const { order, line } = await acceptedOrder(false)
    const { answer: refused } = await substituteCheaper(picker.bearer, order.orderId, line)
    expect(refused.status, JSON.stringify(refused.json)).toBe(422)
    expect(ApiErrorSchema.parse(refused.json).error.message).toBe(MESSAGES.orderNoSubstitutes)
    expect(await pickRows(order.orderId)).toEqual([])
    const history = await env.DB.prepare(
      `select count(*) as n from order_history where order_id = ?1 and action = 'mark_line'`
    )
      .bind(order.orderId)
      .first<{ n: number }>()
    expect(history?.n).toBe(0)
  })

  it('still lets the picker mark a no-substitutes line short or out of stock', async () => {
    const { order, line } = await acceptedOrder(false)
    const short = await actOk(picker.bearer, STORE, order.orderId, 'store_accepted_picking', {
      type: 'mark_line',
      lineId: line.lineId,
      version: 0,
      mark: 'short',
      pickedQuantity: 1,
    })
    expect(firstLine(short).mark).toBe('short')
    const gone = await actOk(picker.bearer, STORE, order.orderId, 'store_accepted_picking', {
      type: 'mark_line',
      lineId: line.lineId,
      version: 1,
      mark: 'out_of_stock',
    })
    expect(firstLine(gone).mark).toBe('out_of_stock')
  })

  it('allows a substitute where the shopper allowed substitutes', async () => {
    const { order, line } = await acceptedOrder(true)
    expect(line.allowSubstitutes).toBe(true)
    const { answer, item } = await substituteCheaper(picker.bearer, order.orderId, line)
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const marked = StoreOrderDetailSchema.parse(answer.json)
    expect(firstLine(marked).substitute?.menuItemId).toBe(item.id)
  })

  it("reads old switches as best match / none, and carries the shopper's replacement to the picker", async () => {
    expect((await acceptedOrder(true)).line).toMatchObject({
      substitution: 'best_match',
      chosenReplacement: null,
    })
    expect((await acceptedOrder(false)).line).toMatchObject({
      substitution: 'none',
      chosenReplacement: null,
    })
    let chosen: { itemId: number; name: string } | undefined
    const order = await cashOrder('delivery', async (ready) => {
      const basket = BasketSchema.parse(
        await expectOk('/basket', { businessId: 1, basketToken: ready.token })
      )
      const line = basket.lines[0]
      const similar = SimilarItemsSchema.parse(
        await expectOk('/basket/similar-items', {
          businessId: 1,
          basketToken: ready.token,
          basketLineId: line?.basketLineId,
        })
      )
      chosen = similar.items[0]
      await expectOk('/basket/substitutes', {
        businessId: 1,
        basketToken: ready.token,
        basketLineId: line?.basketLineId,
        substitution: 'replacement',
        replacementItemId: chosen?.itemId,
      })
    })
    const detail = await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(30),
    })
    expect(firstLine(detail)).toMatchObject({
      substitution: 'replacement',
      allowSubstitutes: true,
      chosenReplacement: { menuItemId: chosen?.itemId, name: chosen?.name },
    })
  })
})
