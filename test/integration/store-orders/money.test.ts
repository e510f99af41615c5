import { env } from 'cloudflare:test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMessage } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { StoreOrderDetailSchema } from '../../../schemas/store-orders.ts'
import { requirePaymentSandbox } from '../../../worker/backend/adapters.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import { plainItem } from '../checkout/fixtures.ts'
import {
  act,
  actOk,
  cardOrder,
  cashOrder,
  expectLedgerBalances,
  inMinutes,
  ledgerOfOrder,
  shopperEmails,
  type SignedInStaff,
  storeTeam,
  STORES,
  substituteCheaper,
  finishPicking,
} from './fixtures.ts'

/*
 * Money after the order (ADR 017): picking changes refund the difference once, reject and cancel
 * give everything back (a void before settlement, a refund after), refunds after delivery. The
 * sandbox gateway's ledger must agree with every order: captured − refunded − voided = total.
 */

const STORE = STORES.main
const sandbox = requirePaymentSandbox(backendAdapters)
let manager: SignedInStaff
let picker: SignedInStaff
let driver: SignedInStaff
const cardOrders: Array<number> = []

beforeAll(async () => {
  ;({ manager, picker, driver } = await storeTeam())
})

async function paidByCard() {
  const order = await cardOrder()
  cardOrders.push(order.orderId)
  return order
}

async function accepted(orderId: number) {
  return actOk(manager.bearer, STORE, orderId, 'sent_to_store', {
    type: 'accept',
    estimatedReadyAt: inMinutes(30),
  })
}

describe('picking changes', () => {
  it('a cheaper substitute lowers the total; finishing refunds the difference once', async () => {
    const order = await paidByCard()
    const detail = await accepted(order.orderId)
    const line = detail.departments[0]?.lines[0]
    if (!line) throw new Error('no line')
    const substituted = await substituteCheaper(picker.bearer, order.orderId, line)
    expect(substituted.answer.status, JSON.stringify(substituted.answer.json)).toBe(200)
    const marked = StoreOrderDetailSchema.parse(substituted.answer.json)
    const { item: cheaper, difference } = substituted
    expect(marked.money).toMatchObject({
      totalAdjustment: -difference,
      total: order.total - difference,
      refund: 0,
    })
    expect(marked.departments[0]?.lines[0]?.substitute).toMatchObject({
      menuItemId: cheaper.id,
      chargedPrice: cheaper.price,
    })
    const picked = await finishPicking(picker.bearer, STORE, order.orderId)
    expect(picked.money.total).toBe(order.total - difference)
    // The order's refund field is for refunds after delivery; what went back shows here.
    expect(picked.money).toMatchObject({ refund: 0, givenBack: difference })
    expect(await ledgerOfOrder(order.orderId)).toMatchObject({
      captured: order.total,
      refunded: difference,
      voided: 0,
    })
    // The picked email lists the change, which the shopper may reject (issue 42).
    expect((await shopperEmails(order.email)).at(-1)?.message).toBe(
      `Your order has been picked. ${formatMoney(difference)} has been refunded for the changes. ` +
        formatMessage(
          'orderChangesEmail',
          `1 × ${cheaper.name} instead of ${line.quantity} × ${line.name}`
        )
    )
  })

  it('a dearer substitute costs the shopper no more than the line', async () => {
    const order = await paidByCard()
    const detail = await accepted(order.orderId)
    const line = detail.departments[0]?.lines[0]
    if (!line) throw new Error('no line')
    const item = await plainItem(100, 100_000, line.menuItemId ?? 0)
    const marked = await actOk(picker.bearer, STORE, order.orderId, 'store_accepted_picking', {
      type: 'mark_line',
      lineId: line.lineId,
      version: 0,
      mark: 'substituted',
      substitute: { menuItemId: item.id, quantity: 20 },
    })
    expect(marked.money.totalAdjustment).toBe(0)
    await finishPicking(picker.bearer, STORE, order.orderId)
    expect((await ledgerOfOrder(order.orderId)).refunded).toBe(0)
  })

  it('short and out of stock: the last mark of a line counts', async () => {
    const order = await paidByCard()
    const detail = await accepted(order.orderId)
    const line = detail.departments[0]?.lines[0]
    if (!line) throw new Error('no line')
    const short = await actOk(picker.bearer, STORE, order.orderId, 'store_accepted_picking', {
      type: 'mark_line',
      lineId: line.lineId,
      version: 0,
      mark: 'short',
      pickedQuantity: 1,
    })
    expect(short.money.totalAdjustment).toBe(Math.floor(line.totalPrice / 2) - line.totalPrice)
    const gone = await actOk(picker.bearer, STORE, order.orderId, 'store_accepted_picking', {
      type: 'mark_line',
      lineId: line.lineId,
      version: 1,
      mark: 'out_of_stock',
    })
    expect(gone.money.totalAdjustment).toBe(-line.totalPrice)
    await finishPicking(picker.bearer, STORE, order.orderId)
    expect((await ledgerOfOrder(order.orderId)).refunded).toBe(line.totalPrice)
  })
})

describe('reject and cancel', () => {
  it('reject before settlement voids the authorisation', async () => {
    const order = await paidByCard()
    const rejected = await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'reject',
      reason: 'Out of drivers',
    })
    expect(rejected.money.total).toBe(0)
    expect(await ledgerOfOrder(order.orderId)).toMatchObject({
      captured: order.total,
      voided: order.total,
      refunded: 0,
    })
    expect((await shopperEmails(order.email)).at(-1)?.message).toBe(
      `The store could not take your order. ${formatMoney(order.total)} has been given back to your payment. The store said: Out of drivers`
    )
  })

  it('cancel after settlement refunds in full', async () => {
    const order = await paidByCard()
    await sandbox.settleBatch(env.DB)
    await accepted(order.orderId)
    await actOk(manager.bearer, STORE, order.orderId, 'store_accepted_picking', {
      type: 'cancel',
      reason: 'Shopper asked',
    })
    expect(await ledgerOfOrder(order.orderId)).toMatchObject({
      captured: order.total,
      voided: 0,
      refunded: order.total,
    })
  })

  it('cash is recorded on the order only: nothing was taken, nothing goes to a gateway', async () => {
    const order = await cashOrder()
    const rejected = await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'reject',
      reason: 'Closed',
    })
    expect(rejected.money).toMatchObject({ total: 0, paymentMethod: 'paymentCash' })
    expect(rejected.money.refund + rejected.money.tipRefund).toBe(order.total)
    const rows = await env.DB.prepare(
      `select count(*) as n from payment_refunds r join payments p on p.id = r.payment_id
       where p.order_id = ?1`
    )
      .bind(order.orderId)
      .first<{ n: number }>()
    expect(rows?.n).toBe(0)
  })
})

describe('after delivery', () => {
  it('refunds lines, then the rest of the order', async () => {
    const order = await paidByCard()
    const detail = await accepted(order.orderId)
    const line = detail.departments[0]?.lines[0]
    if (!line) throw new Error('no line')
    await finishPicking(picker.bearer, STORE, order.orderId)
    await actOk(manager.bearer, STORE, order.orderId, 'picked', {
      type: 'assign_driver',
      driverId: driver.id,
    })
    await actOk(driver.bearer, STORE, order.orderId, 'picked', { type: 'start_route' })
    await actOk(driver.bearer, STORE, order.orderId, 'en_route', { type: 'deliver' })
    const oneUnit = Math.floor(line.totalPrice / line.quantity)
    const part = await actOk(manager.bearer, STORE, order.orderId, 'delivered', {
      type: 'refund_lines',
      reason: 'Broken',
      lines: [{ lineId: line.lineId, quantity: 1 }],
    })
    expect(part.money).toMatchObject({ refund: oneUnit, total: order.total - oneUnit })
    expect(part.status).toBe('delivered')
    const tooMany = await act(manager.bearer, STORE, order.orderId, 'delivered', {
      type: 'refund_lines',
      reason: 'Again',
      lines: [{ lineId: line.lineId, quantity: line.quantity }],
    })
    expect(tooMany.status).toBe(422)
    const whole = await actOk(manager.bearer, STORE, order.orderId, 'delivered', {
      type: 'refund_order',
      reason: 'Late',
    })
    expect(whole.status).toBe('refunded')
    expect(whole.money.total).toBe(0)
    expect(await ledgerOfOrder(order.orderId)).toMatchObject({ refunded: order.total })
  })
})

// Over every card order of this file: captured − refunded − voided = what the shopper paid.
afterAll(() => expectLedgerBalances(cardOrders))
