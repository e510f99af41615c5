import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { trackingReceiptPath } from '../../../schemas/tracking.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { signTrackingToken } from '../../../worker/backend/tracking/token.ts'
import { makePayment, paymentBody } from '../payments/fixtures.ts'
import {
  actOk,
  detail,
  placeDraft,
  seedCheckout,
  staffMember,
  STORES,
} from '../store-orders/fixtures.ts'
import { deliverEffects } from '../../support/workers/effects.ts'
import { orderNumberOf } from './fixtures.ts'

/*
 * VAT by rate on the receipt (ADR 051): an order of a zero-rated and a standard-rated item shows
 * each rate's goods with VAT in them (the delivery fee shared out) and the VAT in that, adding up
 * to the total, and the console and the confirmation email the same; a substitute is taxed at its
 * own item's rate; an order whose lines kept no rate (placed before VAT was recorded) shows none.
 */

beforeAll(async () => {
  await seedCheckout(env.DB)
})

async function plainItemOf(vatClass: 'zero' | 'standard'): Promise<{ id: number; price: number }> {
  const row = await env.DB.prepare(
    `select m.id, m.price from menu_items m
     where m.business_id = 1 and m.is_active = 1 and m.out_of_stock = 0 and m.sold_by = 'each'
       and m.age_restriction is null and m.max_quantity is null and m.vat_class = ?1
       and not exists (select 1 from menu_item_options o where o.menu_item_id = m.id)
       and not exists (select 1 from deal_section_items d where d.menu_item_id = m.id)
       and not exists (select 1 from store_menu_items s where s.menu_item_id = m.id)
       and m.price between 300 and 2500
     order by m.id limit 1`
  )
    .bind(vatClass)
    .first<{ id: number; price: number }>()
  if (!row) throw new Error(`no plain ${vatClass}-rated item`)
  return row
}

async function receiptOf(orderId: number): Promise<string> {
  const orderNumber = await orderNumberOf(orderId)
  const token = await signTrackingToken(
    env.SESSION_SECRET,
    { businessId: 1, orderId },
    new Date(Date.now() + 86_400_000)
  )
  const receipt = await SELF.fetch(`http://localhost${trackingReceiptPath(orderNumber, token)}`)
  expect(receipt.status).toBe(200)
  return receipt.text()
}

/** The VAT table's rows as the page shows them: rate, goods incl. VAT, VAT. */
function vatRows(html: string): Array<[string, string, string]> {
  const table = /<table[^>]*data-testid="vat-breakdown"[^>]*>([\s\S]*?)<\/table>/.exec(html)?.[1]
  if (!table) return []
  const body = /<tbody>([\s\S]*)<\/tbody>/.exec(table)?.[1] ?? ''
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => {
    const cells = [...(row[1] ?? '').matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) =>
      (c[1] ?? '').replace(/<!-- -->/g, '')
    )
    return [cells[0] ?? '', cells[1] ?? '', cells[2] ?? '']
  })
}

describe('the receipt’s VAT breakdown', () => {
  it('shows each rate’s goods incl. VAT and the VAT, adding up to the total', async () => {
    const food = await plainItemOf('zero')
    const household = await plainItemOf('standard')
    const email = `guest.${crypto.randomUUID()}@example.com`
    const draft = await placeDraft('delivery', 'paymentCash', email, undefined, [
      { id: food.id, quantity: 2 },
      { id: household.id, quantity: 1 },
    ])
    const paid = await makePayment(
      paymentBody(draft, {
        paymentMethod: 'paymentCash',
        paymentGateway: 'cash',
        cashConfirmed: true,
      })
    )
    expect(paid.status).toBe('succeeded')
    const lines = await env.DB.prepare(
      'select vat_class, vat_rate from order_lines where order_id = ?1 order by position'
    )
      .bind(draft.orderId)
      .all<{ vat_class: string; vat_rate: number }>()
    expect(lines.results).toEqual([
      { vat_class: 'zero', vat_rate: 0 },
      { vat_class: 'standard', vat_rate: 2000 },
    ])

    const html = await receiptOf(draft.orderId)
    const rows = vatRows(html)
    expect(rows.map(([rate]) => rate)).toEqual(['0%', '20%'])
    const pence = (shown: string) => Math.round(Number(shown.replace(/[^0-9.]/g, '')) * 100)
    // Every penny of the total is in one rate's goods; the delivery fee splits by the goods.
    expect(rows.reduce((sum, [, gross]) => sum + pence(gross), 0)).toBe(draft.total)
    const [zero, standard] = rows
    expect(zero?.[2]).toBe(formatMoney(0))
    const standardGross = pence(standard?.[1] ?? '')
    expect(standardGross).toBeGreaterThanOrEqual(household.price)
    expect(standard?.[2]).toBe(formatMoney(Math.round(standardGross / 6)))

    // The store console's order shows the same rows.
    const manager = await staffMember([{ storeId: STORES.main, role: 'store_manager' }])
    const consoleOrder = await detail(manager.bearer, STORES.main, draft.orderId)
    expect(
      consoleOrder.vat?.rows.map((row) => [
        `${row.rate / 100}%`,
        formatMoney(row.gross),
        formatMoney(row.vat),
      ])
    ).toEqual(rows)

    // The confirmation email says the same, a line a rate.
    await deliverEffects()
    const mail = await env.DB.prepare(
      `select payload_json from outbox where template = 'order_confirmation'
         and json_extract(payload_json, '$.businessOrderId') = ?1`
    )
      .bind(draft.businessOrderId)
      .first<{ payload_json: string }>()
    expect(JSON.parse(mail?.payload_json ?? '{}')).toMatchObject({
      vat: rows.map(([rate, gross, vat]) => `VAT ${rate}: ${gross} incl. ${vat} VAT`).join('\n'),
    })
  }, 60_000)

  it('taxes a substitute at its own item’s rate', async () => {
    const food = await plainItemOf('zero')
    const email = `guest.${crypto.randomUUID()}@example.com`
    const draft = await placeDraft('delivery', 'paymentCash', email, undefined, [
      { id: food.id, quantity: 2 },
    ])
    const paid = await makePayment(
      paymentBody(draft, {
        paymentMethod: 'paymentCash',
        paymentGateway: 'cash',
        cashConfirmed: true,
      })
    )
    expect(paid.status).toBe('succeeded')
    const manager = await staffMember([{ storeId: STORES.main, role: 'store_manager' }])
    const accepted = await actOk(manager.bearer, STORES.main, draft.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    })
    expect(accepted.vat?.rows.map((row) => row.rate)).toEqual([0])
    const line = accepted.departments[0]?.lines[0]
    const substitute = await env.DB.prepare(
      `select id from menu_items where business_id = 1 and vat_class = 'standard'
         and is_active = 1 and out_of_stock = 0 and sold_by = 'each' and age_restriction is null
         and not exists (select 1 from store_menu_items s where s.menu_item_id = menu_items.id)
         and not exists (select 1 from menu_item_options o where o.menu_item_id = menu_items.id)
         and price < ?1 order by id limit 1`
    )
      .bind(line?.totalPrice ?? 0)
      .first<{ id: number }>()
    const picked = await actOk(
      manager.bearer,
      STORES.main,
      draft.orderId,
      'store_accepted_picking',
      {
        type: 'mark_line',
        lineId: line?.lineId ?? 0,
        version: 0,
        mark: 'substituted',
        substitute: { menuItemId: substitute?.id ?? 0, quantity: 1 },
      }
    )
    expect(picked.vat?.rows.map((row) => row.rate)).toEqual([2000])
    expect(picked.vat?.rows[0]?.gross).toBe(picked.money.total)
  }, 60_000)

  it('shows no breakdown for an order whose lines kept no rate', async () => {
    const food = await plainItemOf('zero')
    const email = `guest.${crypto.randomUUID()}@example.com`
    const draft = await placeDraft('delivery', 'paymentCash', email, undefined, [
      { id: food.id, quantity: 1 },
    ])
    const paid = await makePayment(
      paymentBody(draft, {
        paymentMethod: 'paymentCash',
        paymentGateway: 'cash',
        cashConfirmed: true,
      })
    )
    expect(paid.status).toBe('succeeded')
    expect(vatRows(await receiptOf(draft.orderId))).toHaveLength(1)
    // As a line placed before migration 0104 is.
    await env.DB.prepare(
      'update order_lines set vat_class = null, vat_rate = null where order_id = ?1'
    )
      .bind(draft.orderId)
      .run()
    const html = await receiptOf(draft.orderId)
    expect(html).toContain('Receipt · Order')
    expect(html).not.toContain('data-testid="vat-breakdown"')
  }, 60_000)
})
