import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatMessage } from '../../../schemas/messages.ts'
import type { StoreOrderDetail, StoreOrderLine } from '../../../schemas/store-orders.ts'
import { computeTotals } from '../../../worker/backend/basket/totals.ts'
import { orderSummary } from '../../../worker/backend/checkout/orders.ts'
import { parsePricingTerms } from '../../../worker/backend/orders/repricing.ts'
import { snapshotOf } from '../tracking/fixtures.ts'
import { deliverEffects } from '../../support/workers/effects.ts'
import { plainItem } from '../checkout/fixtures.ts'
import {
  balanceOf,
  customerIdOf,
  draftOf,
  giveCredit,
  memberBasket,
  orderLedger,
  payCash,
} from '../credit/fixtures.ts'
import { memberCall, newMember } from '../member/orders-fixtures.ts'
import { MemberOrderDetailSchema } from '../../../schemas/member-orders.ts'
import {
  act,
  actOk,
  cardOrder,
  errorMessage,
  expectLedgerBalances,
  inMinutes,
  ledgerOfOrder,
  orderTotal,
  refundRowsOf,
  type SignedInStaff,
  storeTeam,
  STORES,
} from './fixtures.ts'

/*
 * Picking re-prices the order with the basket's own pricing and the terms of checkout (ADR 017
 * "Picking differences"): what the shopper pays after picking is what the basket of the lines
 * they receive costs, never more than agreed, refunded once however many staff press at once.
 */

const STORE = STORES.main
let manager: SignedInStaff
let picker: SignedInStaff
let crisps: { id: number; price: number }
let pairA: { id: number; price: number }
let pairB: { id: number; price: number }
let plain: { id: number; price: number }

/** A multibuy of these items at this price (the basket applies it by itself). */
async function multibuy(slug: string, size: number, price: number, itemIds: Array<number>) {
  const deal = await env.DB.prepare(
    `insert into deals (business_id, slug, name, kind, quantity_required, price, position)
     values (1, ?1, ?1, 'multibuy', ?2, ?3, 0) returning id`
  )
    .bind(`${slug}-${crypto.randomUUID().slice(0, 8)}`, size, price)
    .first<{ id: number }>()
  const section = await env.DB.prepare(
    `insert into deal_sections (deal_id, name) values (?1, 'Any') returning id`
  )
    .bind(deal?.id ?? 0)
    .first<{ id: number }>()
  for (const itemId of itemIds) {
    await env.DB.prepare(
      `insert into deal_section_items (deal_section_id, menu_item_id) values (?1, ?2)`
    )
      .bind(section?.id ?? 0, itemId)
      .run()
  }
}

/** A plain item of the catalogue, at this price from now on. */
async function pricedItem(
  price: number,
  not: Array<number>
): Promise<{ id: number; price: number }> {
  const item = await plainItem(1, 1_000_000, not.at(-1) ?? 0)
  if (not.includes(item.id)) throw new Error('item reused')
  await env.DB.prepare('update menu_items set price = ?2 where id = ?1').bind(item.id, price).run()
  return { id: item.id, price }
}

beforeAll(async () => {
  ;({ manager, picker } = await storeTeam())
  crisps = await pricedItem(200, [])
  await multibuy('crisps-3-for-5', 3, 500, [crisps.id])
  pairA = await pricedItem(240, [crisps.id])
  pairB = await pricedItem(240, [crisps.id, pairA.id])
  await multibuy('pair-2-for-2', 2, 200, [pairA.id, pairB.id])
  plain = await pricedItem(1000, [crisps.id, pairA.id, pairB.id])
})

async function acceptedCardOrder(items: Array<{ id: number; quantity: number }>) {
  const order = await cardOrder('collection', items)
  const detail = await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
    type: 'accept',
    estimatedReadyAt: inMinutes(30),
  })
  return { order, detail }
}

const linesOf = (detail: StoreOrderDetail) => detail.departments.flatMap((d) => d.lines)

function lineOf(detail: StoreOrderDetail, itemId: number): StoreOrderLine {
  const line = linesOf(detail).find((candidate) => candidate.menuItemId === itemId)
  if (!line) throw new Error(`no line of item ${itemId}`)
  return line
}

async function mark(
  orderId: number,
  line: StoreOrderLine,
  outcome: { mark: 'picked' | 'out_of_stock' } | { mark: 'short'; pickedQuantity: number }
) {
  return actOk(picker.bearer, STORE, orderId, 'store_accepted_picking', {
    type: 'mark_line',
    lineId: line.lineId,
    version: line.version,
    ...outcome,
  })
}

/** The basket pricing (computeTotals) of the lines the shopper receives, with the order's terms. */
async function basketPriceOf(
  orderId: number,
  received: Array<{ itemId: number; quantity: number }>
) {
  const row = await env.DB.prepare(
    'select pricing_terms_json, credit_applied from orders where id = ?1'
  )
    .bind(orderId)
    .first<{ pricing_terms_json: string | null; credit_applied: number }>()
  const terms = parsePricingTerms(row?.pricing_terms_json ?? null)
  if (!terms) throw new Error('the order kept no pricing terms')
  return computeTotals({
    ...terms,
    lines: received
      .filter((line) => line.quantity > 0)
      .map((line) => ({
        itemId: line.itemId,
        quantity: line.quantity,
        unitPrice: [crisps, pairA, pairB, plain].find((i) => i.id === line.itemId)?.price ?? -1,
        available: true,
      })),
    mealDeals: [],
    credit: { balance: row?.credit_applied ?? 0, useCredit: true },
  }).totals.total
}

describe('picking re-prices with the deals of checkout', () => {
  it('3 × crisps on "3 for £5", 2 found: the shopper pays £4.00, £1.00 back', async () => {
    const { order, detail } = await acceptedCardOrder([{ id: crisps.id, quantity: 3 }])
    const fees = order.total - 500
    const short = await mark(order.orderId, lineOf(detail, crisps.id), {
      mark: 'short',
      pickedQuantity: 2,
    })
    expect(short.money).toMatchObject({ totalAdjustment: -100, total: 400 + fees })
    const picked = await actOk(picker.bearer, STORE, order.orderId, 'store_accepted_picking', {
      type: 'finish_picking',
    })
    expect(picked.money).toMatchObject({ total: 400 + fees, givenBack: 100 })
    expect((await ledgerOfOrder(order.orderId)).refunded).toBe(100)
    await expectLedgerBalances([order.orderId])
  })

  it('a "2 for £2" pair with one out of stock: the other at full price, the deal gone', async () => {
    const { order, detail } = await acceptedCardOrder([
      { id: pairA.id, quantity: 1 },
      { id: pairB.id, quantity: 1 },
      { id: plain.id, quantity: 1 },
    ])
    // Ordered: £2.00 for the pair + £10.00.
    const fees = order.total - 1200
    await mark(order.orderId, lineOf(detail, pairA.id), { mark: 'picked' })
    await mark(order.orderId, lineOf(detail, plain.id), { mark: 'picked' })
    const gone = await mark(order.orderId, lineOf(detail, pairB.id), { mark: 'out_of_stock' })
    // Received £2.40 + £10.00 costs more than the £12.00 agreed: nothing back, never more.
    expect(gone.money).toMatchObject({ totalAdjustment: 0, total: order.total })
    await actOk(picker.bearer, STORE, order.orderId, 'store_accepted_picking', {
      type: 'finish_picking',
    })
    expect((await ledgerOfOrder(order.orderId)).refunded).toBe(0)
    expect(fees).toBeGreaterThanOrEqual(0)
  })

  it('a "2 for £2" pair twice, one unit out of stock: the pair left keeps its deal', async () => {
    const { order, detail } = await acceptedCardOrder([
      { id: pairA.id, quantity: 2 },
      { id: pairB.id, quantity: 2 },
    ])
    const fees = order.total - 400
    await mark(order.orderId, lineOf(detail, pairA.id), { mark: 'picked' })
    const gone = await mark(order.orderId, lineOf(detail, pairB.id), { mark: 'out_of_stock' })
    // Received 2 × A: still one pair at £2.00, so £2.00 back (not the £4.80 of line B).
    expect(gone.money).toMatchObject({ totalAdjustment: -200, total: 200 + fees })
    await actOk(picker.bearer, STORE, order.orderId, 'store_accepted_picking', {
      type: 'finish_picking',
    })
    expect((await ledgerOfOrder(order.orderId)).refunded).toBe(200)
    await expectLedgerBalances([order.orderId])
  })

  it('after any picking, the total is the basket price of the lines received', async () => {
    const outcome = fc.oneof(
      fc.constant({ mark: 'picked' as const }),
      fc.constant({ mark: 'out_of_stock' as const }),
      fc.integer({ min: 1, max: 4 }).map((n) => ({ mark: 'short' as const, pickedQuantity: n }))
    )
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 3 })),
        fc.tuple(outcome, outcome),
        async ([crispCount, pairCount], [crispMark, pairMark]) => {
          const items = [{ id: crisps.id, quantity: crispCount }]
          if (pairCount > 0) items.push({ id: pairA.id, quantity: pairCount })
          const { order, detail } = await acceptedCardOrder(items)
          const received: Array<{ itemId: number; quantity: number }> = []
          for (const [itemId, wanted] of [
            [crisps.id, crispMark],
            [pairA.id, pairMark],
          ] as const) {
            const line = linesOf(detail).find((l) => l.menuItemId === itemId)
            if (!line) continue
            const valid =
              wanted.mark === 'short' && wanted.pickedQuantity >= line.quantity
                ? ({ mark: 'picked' } as const)
                : wanted
            await mark(order.orderId, line, valid)
            received.push({
              itemId,
              quantity:
                valid.mark === 'picked'
                  ? line.quantity
                  : valid.mark === 'short'
                    ? valid.pickedQuantity
                    : 0,
            })
          }
          const picked = await actOk(
            picker.bearer,
            STORE,
            order.orderId,
            'store_accepted_picking',
            {
              type: 'finish_picking',
            }
          )
          const repriced = await basketPriceOf(order.orderId, received)
          expect(picked.money.total).toBe(Math.min(order.total, repriced))
          expect((await ledgerOfOrder(order.orderId)).refunded).toBe(
            order.total - picked.money.total
          )
        }
      ),
      { numRuns: 10 }
    )
  }, 120_000)
})

describe('discounts named (issue 35 item 19)', () => {
  it('names the deal on the confirmation, the email, tracking and the console, re-priced after picking', async () => {
    const { order, detail } = await acceptedCardOrder([
      { id: crisps.id, quantity: 3 },
      { id: plain.id, quantity: 1 },
    ])
    const deal = await env.DB.prepare(
      `select d.name from deals d join deal_sections s on s.deal_id = d.id
       join deal_section_items i on i.deal_section_id = s.id where i.menu_item_id = ?1`
    )
      .bind(crisps.id)
      .first<{ name: string }>()
    const named = [{ kind: 'deal', label: deal?.name, amount: 100 }]
    expect(detail.discounts).toEqual(named)

    const summary = await orderSummary(env.DB, 1, order.orderId)
    expect(summary.discounts).toEqual(named)
    expect(summary.totals.discountTotal).toBe(100)
    await deliverEffects()
    const email = await env.DB.prepare(
      `select json_extract(payload_json, '$.discounts') as discounts from outbox
       where template = 'order_confirmation' and json_extract(payload_json, '$.businessOrderId') = ?1`
    )
      .bind(summary.businessOrderId)
      .first<{ discounts: string | null }>()
    expect(email?.discounts).toBe(`${deal?.name} −£1.00`)
    const tracked = await snapshotOf(order, summary.businessOrderId)
    expect(tracked.discounts).toEqual(named)

    // Two bags found: the multibuy no longer applies, so it is no longer named anywhere.
    const after = await mark(order.orderId, lineOf(detail, crisps.id), {
      mark: 'short',
      pickedQuantity: 2,
    })
    expect(after.discounts).toEqual([])
    expect((await orderSummary(env.DB, 1, order.orderId)).discounts).toEqual([])
    expect((await snapshotOf(order, summary.businessOrderId)).discounts).toEqual([])
  })
})

describe('picking with store credit', () => {
  it('what picking takes beyond what the shopper still pays comes back as credit', async () => {
    const member = await newMember()
    const customerId = await customerIdOf(member.email)
    const { ready, total } = await memberBasket(member)
    // The shopper pays £1.00 at the door, the rest with credit.
    const spent = total - 100
    await giveCredit(customerId, spent)
    const draft = await draftOf(member, ready)
    await payCash(draft)
    const detail = await actOk(manager.bearer, STORE, draft.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(30),
    })
    // The member's own order names the credit it spent (issue 35 item 19).
    const mine = await memberCall(
      '/member/orders/order',
      { businessOrderId: draft.businessOrderId },
      member
    )
    expect(MemberOrderDetailSchema.parse(mine.json).discounts).toEqual([
      { kind: 'credit', label: 'Store credit', amount: spent },
    ])
    expect(detail.discounts).toEqual([{ kind: 'credit', label: 'Store credit', amount: spent }])
    const [line] = linesOf(detail)
    if (!line) throw new Error('no line')
    const gone = await mark(draft.orderId, line, { mark: 'out_of_stock' })
    // Nothing received: the basket costs nothing, the £1.00 is off the total, the rest is credit.
    expect(gone.money).toMatchObject({ totalAdjustment: -100, total: 0 })
    await actOk(picker.bearer, STORE, draft.orderId, 'store_accepted_picking', {
      type: 'finish_picking',
    })
    expect(await balanceOf(customerId)).toBe(spent)
    expect(await orderLedger(draft.orderId)).toContainEqual(['order_credit_returned', spent])
  })
})

describe('picking at once', () => {
  it('20 marks and Picking done at once on one order: one refund, exactly the difference', async () => {
    const { order, detail } = await acceptedCardOrder([
      { id: crisps.id, quantity: 3 },
      { id: pairA.id, quantity: 1 },
      { id: pairB.id, quantity: 1 },
    ])
    const lines = linesOf(detail)
    const marks = [
      { mark: 'short' as const, pickedQuantity: 2 },
      { mark: 'out_of_stock' as const },
      { mark: 'picked' as const },
    ]
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => {
        if (n % 5 === 4) {
          return act(picker.bearer, STORE, order.orderId, 'store_accepted_picking', {
            type: 'finish_picking',
          })
        }
        const line = lines[n % lines.length]
        if (!line) throw new Error('no line')
        const outcome = line.quantity > 1 ? marks[n % 3] : marks[1 + (n % 2)]
        return act(manager.bearer, STORE, order.orderId, 'store_accepted_picking', {
          type: 'mark_line',
          lineId: line.lineId,
          version: 0,
          ...(outcome ?? { mark: 'picked' as const }),
        })
      })
    )
    // Each line is marked once from version 0; the rest are stale (409), never a 500.
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true)
    expect(answers.filter((a, n) => n % 5 !== 4 && a.status === 200)).toHaveLength(3)

    const finished = answers.some((a, n) => n % 5 === 4 && a.status === 200)
    if (!finished) {
      await actOk(picker.bearer, STORE, order.orderId, 'store_accepted_picking', {
        type: 'finish_picking',
      })
    }
    const final = await orderTotal(order.orderId)
    const received = await receivedOf(order.orderId)
    const repriced = await basketPriceOf(order.orderId, received)
    expect(final).toBe(Math.min(order.total, repriced))
    const refunds = (await refundRowsOf(order.orderId)).filter((r) =>
      r.reference.endsWith('-picking')
    )
    expect(refunds).toHaveLength(order.total === final ? 0 : 1)
    expect(refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(order.total - final)
    await expectLedgerBalances([order.orderId])
  }, 30_000)
})

/** The units of each item the shopper receives, from the marks stored. */
async function receivedOf(orderId: number) {
  const { results } = await env.DB.prepare(
    `select l.menu_item_id as itemId, k.picked_quantity as quantity
     from order_lines l join order_line_picks k on k.order_line_id = l.id
     where l.order_id = ?1 and l.parent_line_id is null`
  )
    .bind(orderId)
    .all<{ itemId: number; quantity: number }>()
  return results
}

describe('every line resolved, and never from an older screen', () => {
  it('Picking done with a line not marked is refused, naming it', async () => {
    const { order, detail } = await acceptedCardOrder([
      { id: crisps.id, quantity: 3 },
      { id: plain.id, quantity: 1 },
    ])
    await mark(order.orderId, lineOf(detail, crisps.id), { mark: 'picked' })
    const refused = await act(picker.bearer, STORE, order.orderId, 'store_accepted_picking', {
      type: 'finish_picking',
    })
    const plainLine = lineOf(detail, plain.id)
    expect([refused.status, errorMessage(refused)]).toEqual([
      409,
      formatMessage('orderLinesUnmarked', plainLine.name),
    ])
    const still = await env.DB.prepare(
      `select o.status, (select count(*) from order_line_picks k where k.order_id = o.id) as marks
       from orders o where o.id = ?1`
    )
      .bind(order.orderId)
      .first()
    expect(still).toEqual({ status: 'store_accepted_picking', marks: 1 })
  })

  it('an older tab marking a picked line out of stock is refused with the line as it is', async () => {
    const { order, detail } = await acceptedCardOrder([{ id: plain.id, quantity: 1 }])
    const line = lineOf(detail, plain.id)
    const picked = await mark(order.orderId, line, { mark: 'picked' })
    expect(lineOf(picked, plain.id)).toMatchObject({ mark: 'picked', version: 1 })
    // The other tab still shows the line unmarked (version 0).
    const stale = await act(picker.bearer, STORE, order.orderId, 'store_accepted_picking', {
      type: 'mark_line',
      lineId: line.lineId,
      version: 0,
      mark: 'out_of_stock',
    })
    expect([stale.status, errorMessage(stale)]).toEqual([
      409,
      formatMessage('orderLineChanged', line.name, 'Picked'),
    ])
    const done = await actOk(picker.bearer, STORE, order.orderId, 'store_accepted_picking', {
      type: 'finish_picking',
    })
    expect(lineOf(done, plain.id).mark).toBe('picked')
    expect(done.money.total).toBe(order.total)
    expect((await ledgerOfOrder(order.orderId)).refunded).toBe(0)
  })
})
