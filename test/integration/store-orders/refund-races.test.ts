import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMessage } from '../../../schemas/messages.ts'
import type { StoreOrderAction } from '../../../schemas/store-orders.ts'
import { plainItem, readyBasket } from '../checkout/fixtures.ts'
import {
  balanceOf,
  customerIdOf,
  draftOf,
  giveCredit,
  orderLedger,
  payCash,
} from '../credit/fixtures.ts'
import { deliver, newMember } from '../member/orders-fixtures.ts'
import {
  act,
  cardOrder,
  detail,
  errorMessage,
  expectLedgerBalances,
  ledgerOfOrder,
  type SignedInStaff,
  staffMember,
  storeTeam,
  STORES,
} from './fixtures.ts'

/*
 * Refunds after delivery under concurrency (issue 36 item 2): two managers pressing "refund"
 * at once, twenty times, must give back at most what was paid, and per line at most what was
 * delivered, whether the card or store credit paid (ADR 017 "Refunds", ADR 020).
 */

const STORE = STORES.main
const RACERS = 20
let manager: SignedInStaff
let second: SignedInStaff
const cardOrders: Array<number> = []

beforeAll(async () => {
  ;({ manager } = await storeTeam())
  second = await staffMember([{ storeId: STORE, role: 'store_manager' }])
})

/** A member's collection order of two lines (two units each) paid entirely by store credit. */
async function paidByCredit() {
  const member = await newMember()
  const customerId = await customerIdOf(member.email)
  const first = await plainItem(500, 2500)
  const other = await plainItem(500, 2500, first.id)
  const ready = await readyBasket({
    items: [
      { id: first.id, quantity: 2 },
      { id: other.id, quantity: 2 },
    ],
    email: member.email,
    bearer: member.bearer,
  })
  await giveCredit(customerId, 100_000)
  const draft = await draftOf(member, ready)
  await payCash(draft)
  const spent = -(
    (await orderLedger(draft.orderId)).find(([kind]) => kind === 'order_payment')?.[1] ?? 0
  )
  await deliver(draft.orderId)
  return { customerId, orderId: draft.orderId, spent }
}

async function deliveredCardOrder() {
  const order = await cardOrder('collection')
  cardOrders.push(order.orderId)
  await deliver(order.orderId)
  return order
}

async function linesOf(orderId: number) {
  return (await detail(manager.bearer, STORE, orderId)).departments.flatMap((d) => d.lines)
}

/** Credit the order gave back (its returns), in pence. */
async function creditReturned(orderId: number): Promise<number> {
  return (await orderLedger(orderId))
    .filter(([kind]) => kind === 'order_credit_returned')
    .reduce((sum, [, amount]) => sum + amount, 0)
}

async function refundedUnits(orderId: number): Promise<Record<number, number>> {
  const { results } = await env.DB.prepare(
    'select order_line_id, refunded_quantity from order_line_picks where order_id = ?1'
  )
    .bind(orderId)
    .all<{ order_line_id: number; refunded_quantity: number }>()
  return Object.fromEntries(results.map((row) => [row.order_line_id, row.refunded_quantity]))
}

/** The same action twenty times at once, from two managers. */
function race(orderId: number, action: StoreOrderAction) {
  return Promise.all(
    Array.from({ length: RACERS }, (_, i) =>
      act((i % 2 === 0 ? manager : second).bearer, STORE, orderId, 'delivered', action)
    )
  )
}

const oneUnit = (lineId: number): StoreOrderAction => ({
  type: 'refund_lines',
  reason: 'Broken',
  lines: [{ lineId, quantity: 1 }],
})

describe('line refunds at once', () => {
  it('on a credit-paid order: two units of line A come back, line B is untouched', async () => {
    const order = await paidByCredit()
    const [lineA, lineB] = await linesOf(order.orderId)
    if (!lineA || !lineB) throw new Error('two lines expected')
    const answers = await race(order.orderId, oneUnit(lineA.lineId))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2)
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(422)
    }
    expect(await refundedUnits(order.orderId)).toMatchObject({
      [lineA.lineId]: 2,
      [lineB.lineId]: 0,
    })
    expect(await creditReturned(order.orderId)).toBe(lineA.totalPrice)
    expect(await balanceOf(order.customerId)).toBe(100_000 - order.spent + lineA.totalPrice)
  }, 30_000)

  it('on a card-paid order: the gateway gives back the line once, never more', async () => {
    const order = await deliveredCardOrder()
    const [line] = await linesOf(order.orderId)
    if (!line) throw new Error('no line')
    const answers = await race(order.orderId, oneUnit(line.lineId))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(line.quantity)
    expect(await refundedUnits(order.orderId)).toEqual({ [line.lineId]: line.quantity })
    expect(await ledgerOfOrder(order.orderId)).toMatchObject({ refunded: line.totalPrice })
  }, 30_000)
})

describe('whole refunds at once', () => {
  it('on a card-paid order, mixed with line refunds: never more than was taken', async () => {
    const order = await deliveredCardOrder()
    const [line] = await linesOf(order.orderId)
    if (!line) throw new Error('no line')
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        act(
          (i % 2 === 0 ? manager : second).bearer,
          STORE,
          order.orderId,
          'delivered',
          i % 3 === 0 ? { type: 'refund_order', reason: 'Late' } : oneUnit(line.lineId)
        )
      )
    )
    expect(answers.some((a) => a.status === 200)).toBe(true)
    const ledger = await ledgerOfOrder(order.orderId)
    expect(ledger.refunded).toBeLessThanOrEqual(ledger.captured)
    expect(ledger.refunded).toBe(order.total)
  }, 30_000)

  it('on a credit-paid order: the credit comes back once', async () => {
    const order = await paidByCredit()
    const answers = await race(order.orderId, { type: 'refund_order', reason: 'Late' })
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(await creditReturned(order.orderId)).toBe(order.spent)
  }, 30_000)
})

describe('the refusal', () => {
  it('more units than were delivered names that reason', async () => {
    const order = await deliveredCardOrder()
    const [line] = await linesOf(order.orderId)
    if (!line) throw new Error('no line')
    const answer = await act(manager.bearer, STORE, order.orderId, 'delivered', {
      type: 'refund_lines',
      reason: 'Broken',
      lines: [{ lineId: line.lineId, quantity: line.quantity + 1 }],
    })
    expect(answer.status).toBe(422)
    expect(errorMessage(answer)).toBe(
      formatMessage('orderRefundMoreThanDelivered', line.quantity, line.name)
    )
  }, 30_000)
})

describe('random refund sequences', () => {
  it('never give back more than was paid, nor more units of a line than were delivered', async () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('lines' as const),
        line: fc.nat(1),
        quantity: fc.integer({ min: 1, max: 3 }),
        together: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({
        kind: fc.constant('whole' as const),
        line: fc.constant(0),
        quantity: fc.constant(0),
        together: fc.integer({ min: 1, max: 3 }),
      })
    )
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps) => {
        const order = await paidByCredit()
        const lines = await linesOf(order.orderId)
        for (const s of steps) {
          const line = lines[s.line % lines.length]
          if (!line) throw new Error('no line')
          const action: StoreOrderAction =
            s.kind === 'whole'
              ? { type: 'refund_order', reason: 'Late' }
              : {
                  type: 'refund_lines',
                  reason: 'Broken',
                  lines: [{ lineId: line.lineId, quantity: s.quantity }],
                }
          const answers = await Promise.all(
            Array.from({ length: s.together }, () =>
              act(manager.bearer, STORE, order.orderId, 'delivered', action)
            )
          )
          for (const answer of answers) expect([200, 409, 422]).toContain(answer.status)
        }
        expect(await creditReturned(order.orderId)).toBeLessThanOrEqual(order.spent)
        const units = await refundedUnits(order.orderId)
        for (const line of lines) {
          expect(units[line.lineId] ?? 0).toBeLessThanOrEqual(line.quantity)
        }
        const after = await detail(manager.bearer, STORE, order.orderId)
        expect(after.money.total).toBeGreaterThanOrEqual(0)
      }),
      { numRuns: 6 }
    )
  }, 120_000)
})

// Over every card order of this file: captured − refunded − voided = what the shopper paid.
afterAll(() => expectLedgerBalances(cardOrders))
