import { env } from 'cloudflare:test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { requirePaymentSandbox } from '../../../worker/backend/adapters.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import {
  act,
  actOk,
  cardOrder,
  cashOrder,
  expectLedgerBalances,
  historyOf,
  inMinutes,
  ledgerOfOrder,
  refundRowsOf,
  shopperEmails,
  type SignedInStaff,
  storeTeam,
  STORES,
  substituteCheaper,
  finishPicking,
} from './fixtures.ts'

/*
 * Unable to Deliver gives back everything the payment still holds (ADR 017 "Refunds"): the goods
 * go back to the store and the shopper pays nothing for an order never received. A void while the
 * gateway still can, else a refund of the rest (after a picking difference); cash is recorded on
 * the order only. Over every card order of this file: captured − refunded − voided = total (0).
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

/** Accepted, picked (with `beforeFinish` on the picking list), assigned and en route. */
async function onTheRoad(
  orderId: number,
  beforeFinish: (line: {
    lineId: number
    totalPrice: number
    menuItemId: number | null
  }) => Promise<void> = async () => {}
): Promise<void> {
  const detail = await actOk(manager.bearer, STORE, orderId, 'sent_to_store', {
    type: 'accept',
    estimatedReadyAt: inMinutes(30),
  })
  const line = detail.departments[0]?.lines[0]
  if (!line) throw new Error('no line')
  await beforeFinish(line)
  await finishPicking(picker.bearer, STORE, orderId)
  await actOk(manager.bearer, STORE, orderId, 'picked', {
    type: 'assign_driver',
    driverId: driver.id,
  })
  await actOk(driver.bearer, STORE, orderId, 'picked', { type: 'start_route' })
}

const unable = { type: 'unable_to_deliver', reason: 'Nobody home' } as const

describe('Unable to Deliver gives the money back', () => {
  it('after a picking difference: the rest is refunded, the shopper pays nothing', async () => {
    const order = await paidByCard()
    let difference = 0
    await onTheRoad(order.orderId, async (line) => {
      const substituted = await substituteCheaper(picker.bearer, order.orderId, line)
      expect(substituted.answer.status, JSON.stringify(substituted.answer.json)).toBe(200)
      difference = substituted.difference
    })
    const rest = order.total - difference
    const failed = await actOk(driver.bearer, STORE, order.orderId, 'en_route', unable)
    expect(failed).toMatchObject({ status: 'unable_to_deliver', closingReason: 'Nobody home' })
    expect(failed.money).toMatchObject({ totalAdjustment: -difference, total: 0 })
    expect(failed.money.refund + failed.money.tipRefund).toBe(rest)
    expect(await ledgerOfOrder(order.orderId)).toMatchObject({
      captured: order.total,
      refunded: order.total,
      voided: 0,
    })
    expect(await refundRowsOf(order.orderId)).toMatchObject([
      { kind: 'refund', amount: difference, reference: `o${order.orderId}-picking` },
      { kind: 'refund', amount: rest, reference: `o${order.orderId}-all`, status: 'done' },
    ])
    expect((await shopperEmails(order.email)).at(-1)?.message).toBe(
      `There was a problem delivering your order. Please contact the store. ${formatMoney(rest)} has been given back to your payment. The store said: Nobody home`
    )
  })

  it('nothing refunded yet and not settled: the authorisation is voided', async () => {
    const order = await paidByCard()
    await onTheRoad(order.orderId)
    const failed = await actOk(manager.bearer, STORE, order.orderId, 'en_route', unable)
    expect(failed.money.total).toBe(0)
    expect(await ledgerOfOrder(order.orderId)).toMatchObject({
      captured: order.total,
      refunded: 0,
      voided: order.total,
    })
  })

  it('cash: recorded on the order only, the message without money', async () => {
    const order = await cashOrder()
    await onTheRoad(order.orderId)
    const failed = await actOk(driver.bearer, STORE, order.orderId, 'en_route', unable)
    expect(failed.money).toMatchObject({ total: 0, paymentMethod: 'paymentCash' })
    expect(failed.money.refund + failed.money.tipRefund).toBe(order.total)
    expect(await refundRowsOf(order.orderId)).toEqual([])
    expect((await shopperEmails(order.email)).at(-1)?.message).toBe(
      `${MESSAGES.orderTrackingDeliveryProblem} The store said: Nobody home`
    )
  })

  it('a double click (driver and manager at once) refunds once', async () => {
    const order = await paidByCard()
    await sandbox.settleBatch(env.DB)
    await onTheRoad(order.orderId)
    const answers = await Promise.all([
      act(driver.bearer, STORE, order.orderId, 'en_route', unable),
      act(manager.bearer, STORE, order.orderId, 'en_route', unable),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const again = await act(driver.bearer, STORE, order.orderId, 'en_route', unable)
    expect(again.status).toBe(409)
    // Settled: the gateway refuses the void, the whole amount is refunded, each once.
    expect(await refundRowsOf(order.orderId)).toMatchObject([
      { kind: 'void', status: 'refused' },
      { kind: 'refund', amount: order.total, status: 'done' },
    ])
    expect(await ledgerOfOrder(order.orderId)).toMatchObject({
      refunded: order.total,
      voided: 0,
    })
    const history = await historyOf(order.orderId)
    expect(history.filter((row) => row.action === 'unable_to_deliver')).toHaveLength(1)
    const problems = (await shopperEmails(order.email)).filter((e) =>
      e.message?.startsWith('There was a problem delivering your order.')
    )
    expect(problems).toHaveLength(1)
  })
})

// Over every card order of this file: captured − refunded − voided = what the shopper paid.
afterAll(() => expectLedgerBalances(cardOrders))
