import { beforeAll, describe, expect, it } from 'vitest'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { StoreOrderDetailSchema } from '../../../schemas/store-orders.ts'
import { newMember } from '../member/orders-fixtures.ts'
import {
  cashOrder,
  errorMessage,
  type SignedInStaff,
  staffCall,
  staffMember,
  storeTeam,
  STORES,
} from '../store-orders/fixtures.ts'
import { balanceOf, customerIdOf, draftOf, memberBasket, payCash } from './fixtures.ts'

/*
 * Goodwill is capped per order and per member per period (issue 35 item 4; migration 0047's
 * defaults: £20 an order, £50 a member in 30 days), in the statement that writes it, so grants at
 * once cannot pass the caps together. A guest's order is refused with the reason and the refund
 * offered instead.
 */

const STORE = STORES.main
let manager: SignedInStaff
let second: SignedInStaff

beforeAll(async () => {
  ;({ manager } = await storeTeam())
  second = await staffMember([{ storeId: STORE, role: 'store_manager' }])
})

function goodwill(staff: SignedInStaff, orderId: number, amount: number) {
  return staffCall(
    '/staff/orders/credit',
    { businessId: 1, storeId: STORE, orderId, amount, kind: 'goodwill', reason: 'Sorry' },
    staff.bearer,
    crypto.randomUUID()
  )
}

/** A member's paid cash order (no credit spent). */
async function memberOrder(
  member = undefined as Awaited<ReturnType<typeof newMember>> | undefined
) {
  const who = member ?? (await newMember())
  const { ready } = await memberBasket(who)
  const draft = await draftOf(who, ready)
  await payCash(draft)
  return { member: who, customerId: await customerIdOf(who.email), orderId: draft.orderId }
}

describe('goodwill caps', () => {
  it('three grants on one order: the one past the order cap is refused, naming it', async () => {
    const order = await memberOrder()
    expect((await goodwill(manager, order.orderId, 1000)).status).toBe(200)
    expect((await goodwill(manager, order.orderId, 800)).status).toBe(200)
    const third = await goodwill(manager, order.orderId, 500)
    expect(third.status).toBe(422)
    expect(errorMessage(third)).toBe(formatMessage('creditGoodwillOrderCap', '£20.00', '£2.00'))
    expect(await balanceOf(order.customerId)).toBe(1800)
  }, 30_000)

  it("a member's goodwill over the period is capped across their orders", async () => {
    const first = await memberOrder()
    const others = [await memberOrder(first.member), await memberOrder(first.member)]
    expect((await goodwill(manager, first.orderId, 2000)).status).toBe(200)
    expect((await goodwill(manager, others[0]?.orderId ?? 0, 2000)).status).toBe(200)
    const third = await goodwill(manager, others[1]?.orderId ?? 0, 2000)
    expect(third.status).toBe(422)
    expect(errorMessage(third)).toBe(
      formatMessage('creditGoodwillMemberCap', '£50.00', 30, '£10.00')
    )
    expect(await balanceOf(first.customerId)).toBe(4000)
  }, 30_000)

  it('twenty grants at once from two managers never pass the order cap', async () => {
    const order = await memberOrder()
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        goodwill(i % 2 === 0 ? manager : second, order.orderId, 500)
      )
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4)
    for (const refused of answers.filter((a) => a.status !== 200)) expect(refused.status).toBe(422)
    expect(await balanceOf(order.customerId)).toBe(2000)
  }, 30_000)

  it("the order's history carries the amount", async () => {
    const order = await memberOrder()
    const answer = await goodwill(manager, order.orderId, 250)
    const history = StoreOrderDetailSchema.parse(answer.json).history
    expect(history.find((row) => row.action === 'goodwill')?.amount).toBe(250)
  }, 30_000)
})

describe('goodwill on a guest order', () => {
  it('is refused with the reason, offering the refund instead', async () => {
    const guest = await cashOrder('collection')
    const answer = await goodwill(manager, guest.orderId, 250)
    expect(answer.status).toBe(422)
    expect(errorMessage(answer)).toBe(MESSAGES.creditGuestOrder)
  }, 30_000)
})
