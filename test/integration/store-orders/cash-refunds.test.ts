import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { balanceOf, customerIdOf, draftOf, memberBasket, payCash } from '../credit/fixtures.ts'
import { deliver, newMember } from '../member/orders-fixtures.ts'
import {
  act,
  actOk,
  cashOrder,
  detail,
  errorMessage,
  refundRowsOf,
  type SignedInStaff,
  shopperEmails,
  storeTeam,
  STORES,
} from './fixtures.ts'

/*
 * A cash order's refund (issue 35 item 2): nothing was refunded to a card, so the staff say how
 * the cash reaches the shopper (at the door, at the store, or as store credit for a member); the
 * order's history records it and the email says it, not "£1.50 has been refunded to you".
 */

const STORE = STORES.main
let manager: SignedInStaff

beforeAll(async () => {
  ;({ manager } = await storeTeam())
})

async function deliveredCashOrder() {
  const order = await cashOrder('collection')
  await deliver(order.orderId)
  const [line] = (await detail(manager.bearer, STORE, order.orderId)).departments.flatMap(
    (d) => d.lines
  )
  if (!line) throw new Error('no line')
  return { ...order, line }
}

async function historyDetail(orderId: number): Promise<Record<string, unknown>> {
  const row = await env.DB.prepare(
    `select detail_json from order_history where order_id = ?1 and action like 'refund%'
     order by id desc limit 1`
  )
    .bind(orderId)
    .first<{ detail_json: string }>()
  return JSON.parse(row?.detail_json ?? '{}') as Record<string, unknown>
}

describe('a cash refund says how the cash is given back', () => {
  it('is refused without the choice, and changes nothing', async () => {
    const order = await deliveredCashOrder()
    const answer = await act(manager.bearer, STORE, order.orderId, 'delivered', {
      type: 'refund_lines',
      reason: 'Broken',
      lines: [{ lineId: order.line.lineId, quantity: 1 }],
    })
    expect(answer.status).toBe(422)
    expect(errorMessage(answer)).toBe(MESSAGES.orderCashReturnRequired)
    expect((await detail(manager.bearer, STORE, order.orderId)).money.refund).toBe(0)
  }, 30_000)

  it('at the door: recorded, and the email says so', async () => {
    const order = await deliveredCashOrder()
    const after = await actOk(manager.bearer, STORE, order.orderId, 'delivered', {
      type: 'refund_lines',
      reason: 'Broken',
      cashReturn: 'door',
      lines: [{ lineId: order.line.lineId, quantity: 1 }],
    })
    const amount = after.money.refund
    expect(amount).toBeGreaterThan(0)
    expect(await historyDetail(order.orderId)).toMatchObject({ cashReturn: 'door' })
    expect((await shopperEmails(order.email)).at(-1)?.message).toBe(
      formatMessage('orderRefundCashAtDoor', formatMoney(amount))
    )
  }, 30_000)

  it('at the store: the whole order, and the email says where', async () => {
    const order = await deliveredCashOrder()
    await actOk(manager.bearer, STORE, order.orderId, 'delivered', {
      type: 'refund_order',
      reason: 'Late',
      cashReturn: 'store',
    })
    expect((await shopperEmails(order.email)).at(-1)?.message).toBe(
      formatMessage('orderRefundCashAtStore', formatMoney(order.total))
    )
  }, 30_000)

  it("as store credit: the member's balance, no cash record; a guest cannot", async () => {
    const guest = await deliveredCashOrder()
    const refused = await act(manager.bearer, STORE, guest.orderId, 'delivered', {
      type: 'refund_order',
      reason: 'Late',
      cashReturn: 'credit',
    })
    expect(refused.status).toBe(422)
    expect(errorMessage(refused)).toBe(MESSAGES.orderCashReturnGuest)

    const member = await newMember()
    const { ready } = await memberBasket(member)
    const draft = await draftOf(member, ready)
    await payCash(draft)
    await deliver(draft.orderId)
    const customerId = await customerIdOf(member.email)
    await actOk(manager.bearer, STORE, draft.orderId, 'delivered', {
      type: 'refund_order',
      reason: 'Late',
      cashReturn: 'credit',
    })
    expect(await balanceOf(customerId)).toBe(draft.total)
    expect(await refundRowsOf(draft.orderId)).toEqual([])
    expect((await shopperEmails(member.email)).at(-1)?.message).toBe(
      formatMessage('orderTrackingCreditReturned', formatMoney(draft.total))
    )
  }, 60_000)
})
