import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { GOODWILL_CREDIT_MAX_PENCE } from '../../../schemas/constants.ts'
import { CreditSummarySchema } from '../../../schemas/credit.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { StoreOrderDetailSchema } from '../../../schemas/store-orders.ts'
import { deliver, newMember, type Member } from '../member/orders-fixtures.ts'
import { send } from '../member/profile-fixtures.ts'
import {
  act,
  actOk,
  cashOrder,
  detail,
  type SignedInStaff,
  shopperEmails,
  staffCall,
  storeTeam,
  STORES,
} from '../store-orders/fixtures.ts'
import {
  balanceOf,
  customerIdOf,
  draftOf,
  giveCredit,
  memberBasket,
  orderLedger,
  orderMoney,
  payCash,
} from './fixtures.ts'

/*
 * Store credit coming back (ADR 020): an order that spent credit and is rejected, cancelled or
 * refunded returns it once; a line refund takes the card first, then credit; a manager gives
 * goodwill or a refund as credit; the member reads their credit and nobody else's.
 */

const STORE = STORES.main
let manager: SignedInStaff
let picker: SignedInStaff

beforeAll(async () => {
  ;({ manager, picker } = await storeTeam())
})

/** A member's paid cash order that spent `credit(totalBeforeCredit)` of their credit. */
async function paidWithCredit(credit: (total: number) => number) {
  const member = await newMember()
  const customerId = await customerIdOf(member.email)
  const { ready, total } = await memberBasket(member)
  const spent = credit(total)
  await giveCredit(customerId, spent)
  const draft = await draftOf(member, ready)
  await payCash(draft)
  return { member, customerId, orderId: draft.orderId, spent, total }
}

describe('credit back when the order ends', () => {
  it('reject returns the credit once, however often it is pressed', async () => {
    const order = await paidWithCredit(() => 400)
    expect(await balanceOf(order.customerId)).toBe(0)
    const reject = { type: 'reject', reason: 'Closing early' } as const
    const [first, second] = await Promise.all([
      act(manager.bearer, STORE, order.orderId, 'sent_to_store', reject),
      act(manager.bearer, STORE, order.orderId, 'sent_to_store', reject),
    ])
    expect([first.status, second.status].sort()).toEqual([200, 409])
    expect(await orderLedger(order.orderId)).toEqual([
      ['order_payment', -400],
      ['order_credit_returned', 400],
    ])
    expect(await balanceOf(order.customerId)).toBe(400)
  })

  it('cancel returns the credit and tells the shopper so', async () => {
    const order = await paidWithCredit(() => 250)
    await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'cancel',
      reason: 'Out of stock',
    })
    expect(await orderLedger(order.orderId)).toEqual([
      ['order_payment', -250],
      ['order_credit_returned', 250],
    ])
    const [email] = await shopperEmails(order.member.email)
    expect(email?.message).toBe(
      `${MESSAGES.orderTrackingCancelledCash} ${formatMessage('orderTrackingCreditReturned', '£2.50')} ` +
        formatMessage('orderTrackingStoreReason', 'Out of stock')
    )
  })

  it('refund_order after delivery returns the credit beside the money', async () => {
    const order = await paidWithCredit(() => 300)
    await deliver(order.orderId)
    await actOk(manager.bearer, STORE, order.orderId, 'delivered', {
      type: 'refund_order',
      reason: 'Complaint',
      cashReturn: 'door',
    })
    expect(await orderLedger(order.orderId)).toEqual([
      ['order_payment', -300],
      ['order_credit_returned', 300],
    ])
    expect(await balanceOf(order.customerId)).toBe(300)
  })

  it('refund_lines takes what was paid first, the rest comes back as credit', async () => {
    const order = await paidWithCredit((total) => total - 100)
    await deliver(order.orderId)
    const line = (await detail(manager.bearer, STORE, order.orderId)).departments[0]?.lines[0]
    if (!line) throw new Error('no line')
    const oneUnit = Math.floor(line.totalPrice / line.quantity)
    const tooMuch = await act(manager.bearer, STORE, order.orderId, 'delivered', {
      type: 'refund_lines',
      reason: 'Broken',
      cashReturn: 'door',
      lines: [{ lineId: line.lineId, quantity: line.quantity + 1 }],
    })
    expect(tooMuch.status).toBe(422)
    const part = await actOk(manager.bearer, STORE, order.orderId, 'delivered', {
      type: 'refund_lines',
      reason: 'Broken',
      cashReturn: 'door',
      lines: [{ lineId: line.lineId, quantity: 1 }],
    })
    expect(part.money).toMatchObject({ refund: 100, total: 0 })
    expect(await orderLedger(order.orderId)).toEqual([
      ['order_payment', -order.spent],
      ['order_credit_returned', oneUnit - 100],
    ])
    // A full refund afterwards gives back only what the order still holds.
    await actOk(manager.bearer, STORE, order.orderId, 'delivered', {
      type: 'refund_order',
      reason: 'Complaint',
      cashReturn: 'door',
    })
    expect(await balanceOf(order.customerId)).toBe(order.spent)
  })
})

describe('staff credit', () => {
  const creditCall = (staff: SignedInStaff, orderId: number, body: Record<string, unknown>) =>
    staffCall(
      '/staff/orders/credit',
      { businessId: 1, storeId: STORE, orderId, ...body },
      staff.bearer,
      crypto.randomUUID()
    )

  it('a manager gives goodwill, once per request, with the history row', async () => {
    const order = await paidWithCredit(() => 100)
    const key = crypto.randomUUID()
    const body = { businessId: 1, storeId: STORE, orderId: order.orderId }
    const goodwill = { ...body, amount: 250, kind: 'goodwill', reason: 'Late delivery' }
    const first = await staffCall('/staff/orders/credit', goodwill, manager.bearer, key)
    expect(first.status, JSON.stringify(first.json)).toBe(200)
    const again = await staffCall('/staff/orders/credit', goodwill, manager.bearer, key)
    expect(again.status).toBe(200)
    expect(await balanceOf(order.customerId)).toBe(250)
    const history = StoreOrderDetailSchema.parse(first.json).history.filter(
      (entry) => entry.action === 'goodwill'
    )
    expect(history).toHaveLength(1)
    expect(history[0]?.reason).toBe('Late delivery')
    const staffRow = await env.DB.prepare(
      `select staff_id, description from customer_credit_ledger
       where customer_id = ?1 and kind = 'goodwill'`
    )
      .bind(order.customerId)
      .first<{ staff_id: number; description: string }>()
    expect(staffRow).toEqual({ staff_id: manager.id, description: MESSAGES.creditGoodwill })
  })

  it('refuses a picker, a bad amount or no reason, and changes nothing', async () => {
    const order = await paidWithCredit(() => 100)
    const valid = { amount: 200, kind: 'goodwill', reason: 'Sorry' }
    expect((await creditCall(picker, order.orderId, valid)).status).toBe(403)
    for (const bad of [
      { ...valid, amount: 0 },
      { ...valid, amount: 1.5 },
      { ...valid, amount: GOODWILL_CREDIT_MAX_PENCE + 1 },
      { ...valid, reason: '  ' },
      { ...valid, kind: 'cash' },
    ]) {
      expect((await creditCall(manager, order.orderId, bad)).status).toBe(422)
    }
    expect(await balanceOf(order.customerId)).toBe(0)
    const guest = await cashOrder('collection')
    expect((await creditCall(manager, guest.orderId, valid)).status).toBe(422)
  })

  it('a refund as credit lowers what the order owes, at most what is left', async () => {
    const order = await paidWithCredit(() => 100)
    const owed = (await orderMoney(order.orderId))?.total ?? 0
    const over = { amount: owed + 1, kind: 'refund_as_credit', reason: 'Damaged' }
    expect((await creditCall(manager, order.orderId, over)).status).toBe(422)
    const ok = await creditCall(manager, order.orderId, { ...over, amount: 150 })
    expect(ok.status, JSON.stringify(ok.json)).toBe(200)
    expect(StoreOrderDetailSchema.parse(ok.json).money).toMatchObject({
      refund: 150,
      total: owed - 150,
      creditApplied: 100,
    })
    expect(await balanceOf(order.customerId)).toBe(150)
  })
})

describe('GET /member/credit', () => {
  const credit = (member: Member | undefined) =>
    send('GET', '/member/credit', { businessId: 1 }, member?.bearer)

  it("answers the member's balance and entries, never another member's", async () => {
    const order = await paidWithCredit(() => 500)
    await giveCredit(order.customerId, 120, 'goodwill')
    const mine = CreditSummarySchema.parse((await credit(order.member)).json)
    expect(mine.balance).toBe(120)
    expect(mine.entries.map((entry) => entry.amount)).toEqual([120, -500, 500])
    expect(mine.entries[1]?.businessOrderId).not.toBeNull()
    const other = CreditSummarySchema.parse((await credit(await newMember('Bo'))).json)
    expect(other).toEqual({ balance: 0, entries: [] })
    expect((await credit(undefined)).status).toBe(401)
  })
})
