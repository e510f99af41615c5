import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requirePaymentSandbox } from '../../../worker/backend/adapters.ts'
import { plainItem, readyBasket } from '../checkout/fixtures.ts'
import { balanceOf, customerIdOf, draftOf, giveCredit, payCash } from '../credit/fixtures.ts'
import { newMember } from '../member/orders-fixtures.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import {
  act,
  actOk,
  cardOrder,
  detail,
  expectLedgerBalances,
  historyOf,
  ledgerOfOrder,
  publicStatus,
  refundRowsOf,
  shopperEmails,
  type SignedInStaff,
  staffMember,
  storeTeam,
  STORES,
} from './fixtures.ts'
import { pickOrder } from '../../support/workers/picked-orders.ts'

/*
 * Orders never stick after picking (issue 35 item 6): a manager cancels until the order leaves
 * the store (while picking, once picked) and the money still held goes back once; a manager
 * hands a picked delivery to any driver of the store, again before the route starts, or marks it
 * delivered themselves. Over every card order here: captured − refunded − voided = total.
 */

const STORE = STORES.main
const RACERS = 20
const sandbox = requirePaymentSandbox(backendAdapters)
let manager: SignedInStaff
let picker: SignedInStaff
let driver: SignedInStaff
const cardOrders: Array<number> = []

beforeAll(async () => {
  ;({ manager, picker, driver } = await storeTeam())
})

afterAll(async () => {
  await expectLedgerBalances(cardOrders)
})

async function paidByCard(method: 'delivery' | 'collection' = 'delivery') {
  const order = await cardOrder(method)
  cardOrders.push(order.orderId)
  return order
}

/** Accepted; a line substituted a penny cheaper when asked (a picking refund); then picked. */
async function picked(orderId: number, substitute: boolean, finish = true): Promise<number> {
  const order = await pickOrder({ manager, picker }, orderId, {
    ...(substitute ? { substitute: (lines) => lines[0] } : {}),
    finish,
  })
  return order.substitute?.difference ?? 0
}

const cancel = { type: 'cancel', reason: 'The shopper phoned to cancel' } as const

describe('cancel until the order leaves the store', { timeout: 30_000 }, () => {
  it('after picking, with a picking refund made: the rest goes back once', async () => {
    const order = await paidByCard()
    const difference = await picked(order.orderId, true)
    const cancelled = await actOk(manager.bearer, STORE, order.orderId, 'picked', cancel)
    expect(cancelled).toMatchObject({ status: 'cancelled', closingReason: cancel.reason })
    expect(cancelled.money.total).toBe(0)
    expect(await refundRowsOf(order.orderId)).toMatchObject([
      { kind: 'refund', amount: difference, reference: `o${order.orderId}-picking` },
      { kind: 'refund', amount: order.total - difference, reference: `o${order.orderId}-all` },
    ])
    // The shopper sees "Order Cancelled" with the store's reason, as for a cancel before picking.
    expect(await publicStatus(order)).toBe('cancelled')
    const email = (await shopperEmails(order.email)).at(-1)
    expect(email?.statusLabel).toBe('Cancelled')
  })

  it('while picking (a line marked): nothing taken yet, the authorisation is voided', async () => {
    const order = await paidByCard()
    await picked(order.orderId, true, false)
    await actOk(manager.bearer, STORE, order.orderId, 'store_accepted_picking', cancel)
    expect(await ledgerOfOrder(order.orderId)).toMatchObject({
      captured: order.total,
      refunded: 0,
      voided: order.total,
    })
  })

  it('refused once en route or collected: the goods have left the store', async () => {
    const order = await paidByCard()
    await picked(order.orderId, false)
    await actOk(manager.bearer, STORE, order.orderId, 'picked', {
      type: 'assign_driver',
      driverId: driver.id,
    })
    await actOk(driver.bearer, STORE, order.orderId, 'picked', { type: 'start_route' })
    const refused = await act(manager.bearer, STORE, order.orderId, 'en_route', cancel)
    expect(refused.status).toBe(409)
    await actOk(manager.bearer, STORE, order.orderId, 'en_route', { type: 'deliver' })
  })

  it(`${RACERS} cancels and deliveries of one picked order at once: one wins, money moves once`, async () => {
    const order = await paidByCard()
    await sandbox.settleBatch(env.DB)
    await picked(order.orderId, false)
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        act(manager.bearer, STORE, order.orderId, 'picked', i % 2 ? { type: 'deliver' } : cancel)
      )
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true)
    const after = await detail(manager.bearer, STORE, order.orderId)
    const refunds = (await refundRowsOf(order.orderId)).filter((row) => row.status === 'done')
    if (after.status === 'cancelled') {
      expect(refunds).toMatchObject([{ amount: order.total, reference: `o${order.orderId}-all` }])
    } else {
      expect(after.status).toBe('delivered')
      expect(refunds).toEqual([])
    }
  })

  it(`store credit spent comes back once, after picking, with ${RACERS} cancels at once`, async () => {
    const member = await newMember()
    const customerId = await customerIdOf(member.email)
    const item = await plainItem(500, 2500)
    const ready = await readyBasket({
      items: [{ id: item.id, quantity: 2 }],
      email: member.email,
      bearer: member.bearer,
    })
    await giveCredit(customerId, 100_000)
    const draft = await draftOf(member, ready)
    await payCash(draft)
    expect(await balanceOf(customerId)).toBeLessThan(100_000)
    await picked(draft.orderId, false)
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        act(manager.bearer, STORE, draft.orderId, 'picked', cancel)
      )
    )
    expect(answers.map((a) => a.status).sort()).toEqual([
      200,
      ...Array.from({ length: RACERS - 1 }, () => 409),
    ])
    expect(await balanceOf(customerId)).toBe(100_000)
  })

  it('property: whatever was picked and wherever it is cancelled, the shopper pays 0', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('delivery' as const, 'collection' as const),
        fc.boolean(),
        fc.boolean(),
        async (method, substitute, finish) => {
          const order = await paidByCard(method)
          await picked(order.orderId, substitute, finish)
          const status = finish ? 'picked' : 'store_accepted_picking'
          const cancelled = await actOk(manager.bearer, STORE, order.orderId, status, cancel)
          expect(cancelled.money.total).toBe(0)
          const ledger = await ledgerOfOrder(order.orderId)
          expect(ledger.refunded + ledger.voided).toBe(ledger.captured)
        }
      ),
      { numRuns: 4 }
    )
  }, 120_000)
})

describe('a picked delivery never sticks', { timeout: 30_000 }, () => {
  it('a manager hands it to any driver of the store, again before the route starts', async () => {
    const other = await staffMember([{ storeId: STORE, role: 'driver' }])
    const order = await paidByCard()
    await picked(order.orderId, false)
    const offered = await detail(manager.bearer, STORE, order.orderId)
    expect(offered.drivers.map((d) => d.staffId)).toEqual(
      expect.arrayContaining([driver.id, other.id])
    )
    await actOk(manager.bearer, STORE, order.orderId, 'picked', {
      type: 'assign_driver',
      driverId: driver.id,
    })
    const reassigned = await actOk(manager.bearer, STORE, order.orderId, 'picked', {
      type: 'assign_driver',
      driverId: other.id,
    })
    expect(reassigned.driver?.staffId).toBe(other.id)
    expect(
      (await act(driver.bearer, STORE, order.orderId, 'picked', { type: 'start_route' })).status
    ).toBe(404)
    await actOk(other.bearer, STORE, order.orderId, 'picked', { type: 'start_route' })
  })

  it('a manager marks it delivered themselves, recorded as the store’s delivery', async () => {
    const order = await paidByCard()
    await picked(order.orderId, false)
    expect(
      (await act(driver.bearer, STORE, order.orderId, 'picked', { type: 'deliver' })).status
    ).not.toBe(200)
    const delivered = await actOk(manager.bearer, STORE, order.orderId, 'picked', {
      type: 'deliver',
    })
    expect(delivered.status).toBe('delivered')
    expect((await historyOf(order.orderId)).at(-1)).toMatchObject({
      action: 'deliver',
      from_status: 'picked',
      role: 'store_manager',
    })
    expect(await publicStatus(order)).toBe('delivered')
  })
})
