import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { OrderSummarySchema, type OrderSummary } from '../../../schemas/checkout.ts'
import { pickedLineTax, refundedTax, taxOn } from '../../../schemas/sales-tax.ts'
import type { StoreOrderAction } from '../../../schemas/store-orders.ts'
import { call, testEnv } from '../auth/fixtures.ts'
import { emailedTrackingPaths, tokenOf } from '../tracking/fixtures.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { TaxQuoteSchema } from '../../../schemas/added-tax.ts'
import { deliverEffects } from '../../support/workers/effects.ts'
import { deliver } from '../member/orders-fixtures.ts'
import {
  callWith,
  consumerData,
  type Draft,
  makePayment,
  payOnSandbox,
  paymentBody,
  resultOf,
  VALID_EXPIRY,
} from '../payments/fixtures.ts'
import {
  act,
  actOk,
  detail,
  expectLedgerBalances,
  inMinutes,
  ledgerOfOrder,
  orderTotal,
  refundRowsOf,
  type SignedInStaff,
  staffMember,
  storeTeam,
  STORES,
} from '../store-orders/fixtures.ts'
import {
  checkoutCall,
  guestBearer,
  orderBody,
  orderTables,
  plainItem,
  readyBasket,
} from './fixtures.ts'

/*
 * Tax added at checkout (ADR 055) for a business in the US. The fixture: this file's own
 * database (the pool gives each file a fresh one) turns the demo's business 1 into a New York
 * grocer whose prices exclude tax, and its checkout store into a Manhattan store; the demo data
 * itself is unchanged. Collection orders are taxed at the store: New York State's 4 %, groceries
 * exempt (the local rate table). Checkout charges goods plus tax exactly, the tax is stored on
 * the order, and refunds give each line's tax back with it, to the cent, once.
 */

const STORE = STORES.main
const US_MOBILE = '+12125550123'
const NEW_YORK_RATE = 4000
const SUCCESS_CARD = { cardNumber: '4263970000005262', ...VALID_EXPIRY }
const RACERS = 20

let manager: SignedInStaff
let picker: SignedInStaff
let second: SignedInStaff
let standard: { id: number; price: number }
let grocery: { id: number; price: number }

beforeAll(async () => {
  ;({ manager, picker } = await storeTeam())
  second = await staffMember([{ storeId: STORE, role: 'store_manager' }])
  standard = await plainItem(500, 2500)
  grocery = await plainItem(500, 2500, standard.id)
  await env.DB.batch([
    env.DB.prepare(
      `update businesses set country_code = 'US', currency = 'USD', locale = 'en-US',
         tax_mode = 'added_at_checkout', tax_provider = 'local' where id = 1`
    ),
    env.DB.prepare(
      `update stores set address_line1 = '350 5th Ave', town = 'New York', county = 'NY',
         postcode = '10118', country_code = 'US', service_fee = 0 where id = ?1`
    ).bind(STORE),
    env.DB.prepare(`update menu_items set vat_class = 'standard' where id = ?1`).bind(standard.id),
    env.DB.prepare(`update menu_items set vat_class = 'zero' where id = ?1`).bind(grocery.id),
  ])
})

interface TaxedDraft extends Draft {
  summary: OrderSummary
  email: string
}

/** A collection draft of these quantities (standard item, grocery), by card or cash. */
async function usDraft(
  quantities: { standard: number; grocery: number },
  paymentMethod: 'paymentCard' | 'paymentCash' = 'paymentCard'
): Promise<TaxedDraft> {
  const email = `guest.${crypto.randomUUID()}@example.com`
  const bearer = await guestBearer()
  const items = [
    { id: standard.id, quantity: quantities.standard },
    { id: grocery.id, quantity: quantities.grocery },
  ].filter((item) => item.quantity > 0)
  const ready = await readyBasket({ items, email, method: 'collection', details: false })
  await checkoutCall('/checkout/contact-details', {
    basketToken: ready.token,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    phoneNumber: US_MOBILE,
  })
  await checkoutCall('/checkout/terms', { basketToken: ready.token, termsAccepted: true })
  const placed = await callWith(
    testEnv,
    '/checkout/process-order',
    orderBody(ready, {
      emailAddress: email,
      phoneNumber: US_MOBILE,
      paymentMethod,
      paymentGateway: paymentMethod === 'paymentCash' ? 'cash' : 'realex',
    }),
    bearer
  )
  expect(placed.status, JSON.stringify(placed.json)).toBe(200)
  const summary = OrderSummarySchema.parse(placed.json)
  return {
    ready,
    orderId: summary.draftOrderId,
    businessOrderId: summary.businessOrderId,
    total: summary.totals.total,
    bearer,
    summary,
    email,
  }
}

async function payByCard(draft: Draft): Promise<void> {
  const started = await makePayment(paymentBody(draft))
  const answer = resultOf(await consumerData(await payOnSandbox(started.redirect!, SUCCESS_CARD)))
  expect(answer.status).toBe('succeeded')
}

async function lineTaxes(orderId: number): Promise<Map<number, number | null>> {
  const { results } = await env.DB.prepare(
    'select menu_item_id, tax_amount from order_lines where order_id = ?1'
  )
    .bind(orderId)
    .all<{ menu_item_id: number; tax_amount: number | null }>()
  return new Map(results.map((row) => [row.menu_item_id, row.tax_amount]))
}

async function linesOf(orderId: number) {
  return (await detail(manager.bearer, STORE, orderId)).departments.flatMap((d) => d.lines)
}

const refundOf = (lineId: number, quantity: number): StoreOrderAction => ({
  type: 'refund_lines',
  reason: 'Broken',
  lines: [{ lineId, quantity }],
})

describe('checkout adds the tax', () => {
  it('charges goods plus New York’s tax, groceries exempt, and stores it on the order', async () => {
    const draft = await usDraft({ standard: 2, grocery: 1 })
    const goods = 2 * standard.price + grocery.price
    const tax = taxOn(2 * standard.price, NEW_YORK_RATE)
    expect(tax).toBeGreaterThan(0)
    expect(draft.summary.totals.total).toBe(goods + tax)
    expect(draft.summary.addedTax).toEqual({
      total: tax,
      jurisdictions: [
        {
          code: 'US-NY',
          name: 'New York State sales tax',
          rate: NEW_YORK_RATE,
          taxable: 2 * standard.price,
          tax,
        },
      ],
    })
    expect(await lineTaxes(draft.orderId)).toEqual(
      new Map([
        [standard.id, tax],
        [grocery.id, 0],
      ])
    )
    await payByCard(draft)
    // The card was asked for goods plus tax, exactly.
    expect(await ledgerOfOrder(draft.orderId)).toMatchObject({ authorised: goods + tax })
    await expectLedgerBalances([draft.orderId])
    // The store console shows the tax as placed; the confirmation email has its line.
    expect((await detail(manager.bearer, STORE, draft.orderId)).addedTax).toEqual(
      draft.summary.addedTax
    )
    await deliverEffects()
    const email = await env.DB.prepare(
      `select payload_json from outbox where template = 'order_confirmation'
         and json_extract(payload_json, '$.businessOrderId') = ?1`
    )
      .bind(draft.businessOrderId)
      .first<{ payload_json: string }>()
    expect(JSON.parse(email?.payload_json ?? '{}')).toMatchObject({
      tax: `New York State sales tax 4%: $${(tax / 100).toFixed(2)}`,
      total: `$${((goods + tax) / 100).toFixed(2)}`,
    })
  }, 30_000)

  it('quotes before paying the same tax the draft then charges, writing nothing', async () => {
    const ready = await readyBasket({
      items: [
        { id: standard.id, quantity: 1 },
        { id: grocery.id, quantity: 2 },
      ],
      method: 'collection',
      details: false,
    })
    const before = await env.DB.prepare('select count(*) as n from orders').first<{ n: number }>()
    const quote = await call('/checkout/tax-quote', { businessId: 1, basketToken: ready.token })
    expect(quote.status, JSON.stringify(quote.json)).toBe(200)
    const tax = taxOn(standard.price, NEW_YORK_RATE)
    expect(TaxQuoteSchema.parse(quote.json).addedTax).toMatchObject({ total: tax })
    expect(await env.DB.prepare('select count(*) as n from orders').first()).toEqual(before)
  })

  it('refuses to quote or place an order where the calculator cannot tax the place', async () => {
    await env.DB.prepare(`update stores set postcode = '60601' where id = ?1`).bind(STORE).run()
    try {
      const ready = await readyBasket({
        items: [{ id: standard.id, quantity: 1 }],
        method: 'collection',
        details: false,
      })
      const quote = await call('/checkout/tax-quote', { businessId: 1, basketToken: ready.token })
      expect(quote.status).toBe(422)
      expect(JSON.stringify(quote.json)).toContain(MESSAGES.taxPlaceUnknown)
      const email = `guest.${crypto.randomUUID()}@example.com`
      await checkoutCall('/checkout/contact-details', {
        basketToken: ready.token,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email,
        phoneNumber: US_MOBILE,
      })
      await checkoutCall('/checkout/terms', { basketToken: ready.token, termsAccepted: true })
      const before = await orderTables()
      const placed = await callWith(
        testEnv,
        '/checkout/process-order',
        orderBody(ready, { emailAddress: email, phoneNumber: US_MOBILE }),
        await guestBearer()
      )
      expect(placed.status).toBe(422)
      expect(JSON.stringify(placed.json)).toContain(MESSAGES.taxPlaceUnknown)
      expect(await orderTables()).toEqual(before)
    } finally {
      await env.DB.prepare(`update stores set postcode = '10118' where id = ?1`).bind(STORE).run()
    }
  }, 20_000)

  it('keeps VAT rates off an order whose tax is added', async () => {
    const draft = await usDraft({ standard: 1, grocery: 0 })
    const row = await env.DB.prepare(
      'select vat_rates, tax_total, tax_json is not null as has_rows from orders where id = ?1'
    )
      .bind(draft.orderId)
      .first<{ vat_rates: string | null; tax_total: number; has_rows: number }>()
    expect(row).toEqual({
      vat_rates: null,
      tax_total: taxOn(standard.price, NEW_YORK_RATE),
      has_rows: 1,
    })
  })
})

describe('refunds give back the tax of what they refund', () => {
  it('a line’s units give back their price and their share of its tax, in all exactly both', async () => {
    const draft = await usDraft({ standard: 3, grocery: 1 })
    await payByCard(draft)
    await deliver(draft.orderId)
    const lines = await linesOf(draft.orderId)
    const taxed = lines.find((line) => line.quantity === 3)
    const exempt = lines.find((line) => line.quantity === 1)
    if (!taxed || !exempt) throw new Error('two lines expected')
    const lineTax = taxOn(3 * standard.price, NEW_YORK_RATE)
    const refunds: Array<number> = []
    for (const [index, quantity] of [1, 2].entries()) {
      const answer = await act(
        manager.bearer,
        STORE,
        draft.orderId,
        'delivered',
        refundOf(taxed.lineId, quantity)
      )
      expect(answer.status, JSON.stringify(answer.json)).toBe(200)
      const before = index === 0 ? 0 : 1
      refunds.push(
        Math.floor((3 * standard.price * (before + quantity)) / 3) -
          Math.floor((3 * standard.price * before) / 3) +
          refundedTax(lineTax, 3, before, quantity)
      )
    }
    const exemptRefund = await act(
      manager.bearer,
      STORE,
      draft.orderId,
      'delivered',
      refundOf(exempt.lineId, 1)
    )
    expect(exemptRefund.status, JSON.stringify(exemptRefund.json)).toBe(200)
    const rows = await refundRowsOf(draft.orderId)
    expect(rows.map((row) => row.amount)).toEqual([...refunds, grocery.price])
    // Every unit back: the whole charge back, tax included, and nothing more.
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(draft.total)
    expect(await orderTotal(draft.orderId)).toBe(0)
    await expectLedgerBalances([draft.orderId])
  }, 60_000)

  it('refunds of every line, in any steps, add up to goods plus the tax charged', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 4 }),
        async (standardUnits, groceryUnits, steps) => {
          const draft = await usDraft({ standard: standardUnits, grocery: groceryUnits })
          await payByCard(draft)
          await deliver(draft.orderId)
          for (const line of await linesOf(draft.orderId)) {
            let left = line.quantity
            for (const step of [...steps, line.quantity]) {
              const quantity = Math.min(step, left)
              if (quantity < 1) break
              const answer = await act(
                manager.bearer,
                STORE,
                draft.orderId,
                'delivered',
                refundOf(line.lineId, quantity)
              )
              expect(answer.status, JSON.stringify(answer.json)).toBe(200)
              left -= quantity
            }
          }
          const given = (await refundRowsOf(draft.orderId)).reduce((s, r) => s + r.amount, 0)
          expect(given).toBe(draft.summary.totals.total)
          expect(draft.summary.addedTax?.total).toBe(
            taxOn(standardUnits * standard.price, NEW_YORK_RATE)
          )
          await expectLedgerBalances([draft.orderId])
        }
      ),
      { numRuns: 4 }
    )
  }, 240_000)
})

describe('picking gives back the tax of what was not supplied', () => {
  it('a short line keeps its share of the tax, and its refund gives back only that', async () => {
    const draft = await usDraft({ standard: 3, grocery: 0 })
    await payByCard(draft)
    await actOk(manager.bearer, STORE, draft.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(15),
    })
    const [line] = await linesOf(draft.orderId)
    if (!line) throw new Error('no line')
    const lineTax = taxOn(3 * standard.price, NEW_YORK_RATE)
    const keptTax = pickedLineTax(lineTax, 3 * standard.price, standard.price)
    expect(keptTax).toBe(Math.floor(lineTax / 3))
    const short = await actOk(picker.bearer, STORE, draft.orderId, 'store_accepted_picking', {
      type: 'mark_line',
      lineId: line.lineId,
      version: line.version,
      mark: 'short',
      pickedQuantity: 1,
    })
    expect(short.money).toMatchObject({
      totalAdjustment: -(2 * standard.price + lineTax - keptTax),
      total: standard.price + keptTax,
    })
    await actOk(picker.bearer, STORE, draft.orderId, 'store_accepted_picking', {
      type: 'finish_picking',
    })
    expect((await ledgerOfOrder(draft.orderId)).refunded).toBe(
      2 * standard.price + lineTax - keptTax
    )
    await actOk(manager.bearer, STORE, draft.orderId, 'picked', { type: 'ready_for_collection' })
    await actOk(manager.bearer, STORE, draft.orderId, 'picked', { type: 'collected' })
    const refund = await act(
      manager.bearer,
      STORE,
      draft.orderId,
      'delivered',
      refundOf(line.lineId, 1)
    )
    expect(refund.status, JSON.stringify(refund.json)).toBe(200)
    expect(await orderTotal(draft.orderId)).toBe(0)
    expect((await ledgerOfOrder(draft.orderId)).refunded).toBe(draft.total)
    await expectLedgerBalances([draft.orderId])
  }, 60_000)
})

describe('an amend', () => {
  it('is refused online for an order whose tax was added, and changes nothing', async () => {
    const draft = await usDraft({ standard: 2, grocery: 0 }, 'paymentCash')
    const paid = await makePayment(
      paymentBody(draft, {
        paymentMethod: 'paymentCash',
        paymentGateway: 'cash',
        cashConfirmed: true,
      })
    )
    expect(paid.status).toBe('succeeded')
    const [path] = await emailedTrackingPaths(draft.email, 'order_confirmation')
    const [line] = await linesOf(draft.orderId)
    if (!line) throw new Error('no line')
    const answer = await call('/tracking/order/amend', {
      businessId: 1,
      orderNumber: draft.businessOrderId,
      token: tokenOf(path ?? ''),
      version: 0,
      changes: [{ lineId: line.lineId, quantity: 1 }],
      additions: [],
    })
    expect(answer.status, JSON.stringify(answer.json)).toBe(409)
    expect(JSON.stringify(answer.json)).toContain(MESSAGES.amendTaxAdded)
    expect(await orderTotal(draft.orderId)).toBe(draft.total)
  }, 30_000)
})

describe('at once', () => {
  it('twenty refunds of one unit from two managers give a line and its tax back once', async () => {
    const draft = await usDraft({ standard: 2, grocery: 0 })
    await payByCard(draft)
    await deliver(draft.orderId)
    const [line] = await linesOf(draft.orderId)
    if (!line) throw new Error('no line')
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        act(
          (i % 2 === 0 ? manager : second).bearer,
          STORE,
          draft.orderId,
          'delivered',
          refundOf(line.lineId, 1)
        )
      )
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2)
    const lineTax = taxOn(2 * standard.price, NEW_YORK_RATE)
    expect(await ledgerOfOrder(draft.orderId)).toMatchObject({
      refunded: 2 * standard.price + lineTax,
    })
    expect(await orderTotal(draft.orderId)).toBe(0)
    await expectLedgerBalances([draft.orderId])
  }, 60_000)

  it('twenty confirmations of a cash order place it once, its tax unchanged', async () => {
    const draft = await usDraft({ standard: 1, grocery: 1 }, 'paymentCash')
    const tax = taxOn(standard.price, NEW_YORK_RATE)
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        callWith(
          testEnv,
          '/payments/make',
          paymentBody(draft, {
            paymentMethod: 'paymentCash',
            paymentGateway: 'cash',
            cashConfirmed: true,
          })
        )
      )
    )
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0)
    const row = await env.DB.prepare(
      `select status, total, tax_total,
         (select count(*) from order_status_history h
          where h.order_id = o.id and h.status = 'sent_to_store') as placings
       from orders o where id = ?1`
    )
      .bind(draft.orderId)
      .first<{ status: string; total: number; tax_total: number; placings: number }>()
    expect(row).toEqual({
      status: 'sent_to_store',
      total: standard.price + grocery.price + tax,
      tax_total: tax,
      placings: 1,
    })
  }, 60_000)
})
