import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AmendResultSchema, AmendWindowSchema } from '../../../schemas/order-amend.ts'
import { DATED } from '../../support/test-clock.ts'
import { plainItem, tomorrow } from '../checkout/fixtures.ts'
import { draftOrder, makePayment, paymentBody } from '../payments/fixtures.ts'
import {
  errorOf,
  memberCall,
  newMember,
  seedCheckout,
  signInAgain,
  STORES,
  type Member,
} from './orders-fixtures.ts'

/*
 * Moving a placed order to another slot while amending it (issue 42, ADR 054) through the API
 * against migrated D1: the checkout's slot rules and capacity, the old place given back and the
 * new one taken once in the order's guarded batch, 20 moves at once ending in one, the slots'
 * counts consistent whatever the moves (a property), and the business's cut-off for the new slot
 * at the store's local time across the spring clock change.
 */

interface Placed {
  orderId: number
  businessOrderId: string
  total: number
}

let itemId = 0

beforeAll(async () => {
  await seedCheckout(env.DB)
  itemId = (await plainItem(500, 2500)).id
})

/** A member's cash order of the checkout test store, collected in a slot tomorrow. */
async function placeOrder(member: Member): Promise<Placed> {
  const draft = await draftOrder({
    bearer: member.bearer,
    email: member.email,
    method: 'paymentCash',
    items: [{ id: itemId, quantity: 2 }],
  })
  const paid = await makePayment(
    paymentBody(draft, {
      paymentMethod: 'paymentCash',
      paymentGateway: 'cash',
      cashConfirmed: true,
    })
  )
  expect(paid.status).toBe('succeeded')
  return { orderId: draft.orderId, businessOrderId: draft.businessOrderId, total: draft.total }
}

function moveSlot(member: Member, order: Placed, date: string, time: string, version = 0) {
  return memberCall(
    '/member/orders/amend',
    {
      businessOrderId: order.businessOrderId,
      version,
      slot: { timeSlotDate: date, timeSlotTime: time },
    },
    member
  )
}

async function orderSlot(orderId: number) {
  return (await env.DB.prepare(
    `select o.slot_date, o.slot_starts_at, o.slot_ends_at, o.total, o.amend_version,
       (select count(*) from slot_reservations r where r.order_id = o.id
          and r.status = 'confirmed') as confirmed,
       (select t.slot_date || ' ' || t.starts_at from slot_reservations r
          join time_slots t on t.id = r.time_slot_id
        where r.order_id = o.id and r.status = 'confirmed') as reserved
     from orders o where o.id = ?1`
  )
    .bind(orderId)
    .first<{
      slot_date: string
      slot_starts_at: string
      slot_ends_at: string
      total: number
      amend_version: number
      confirmed: number
      reserved: string | null
    }>())!
}

/** Places taken in a slot of the test store's collection (0 before anyone booked it). */
async function taken(date: string, time: string): Promise<number> {
  const row = await env.DB.prepare(
    `select reserved_count from time_slots
     where store_id = ?3 and fulfilment_method = 'collection' and slot_date = ?1 and starts_at = ?2`
  )
    .bind(date, time, STORES.main)
    .first<{ reserved_count: number }>()
  return row?.reserved_count ?? 0
}

/** Slots whose count differs from their live reservations (held and not lapsed, or confirmed). */
async function inconsistentSlots(): Promise<Array<unknown>> {
  const { results } = await env.DB.prepare(
    `select t.slot_date, t.starts_at, t.reserved_count,
       (select count(*) from slot_reservations r where r.time_slot_id = t.id
          and r.status in ('held', 'confirmed')) as live
     from time_slots t
     where t.reserved_count != (select count(*) from slot_reservations r
       where r.time_slot_id = t.id and r.status in ('held', 'confirmed'))`
  ).all()
  return results
}

describe('moving the order to another slot', DATED, () => {
  it('takes the new place and gives the old one back once; the price stays', async () => {
    const ada = await newMember('Ada')
    const order = await placeOrder(ada)
    const before = await orderSlot(order.orderId)
    const date = tomorrow()
    const time = before.slot_starts_at === '20:00' ? '21:00' : '20:00'
    const counts = [await taken(date, before.slot_starts_at), await taken(date, time)]
    const answer = await moveSlot(ada, order, date, time)
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    expect(AmendResultSchema.parse(answer.json)).toEqual({
      version: 1,
      total: order.total,
      refunded: 0,
      payment: null,
    })
    expect(await orderSlot(order.orderId)).toMatchObject({
      slot_date: date,
      slot_starts_at: time,
      slot_ends_at: `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}:00`,
      total: order.total,
      amend_version: 1,
      confirmed: 1,
      reserved: `${date} ${time}`,
    })
    expect(await taken(date, before.slot_starts_at)).toBe(counts[0]! - 1)
    expect(await taken(date, time)).toBe(counts[1]! + 1)
    expect(await inconsistentSlots()).toEqual([])
    const history = await env.DB.prepare(
      `select json_extract(detail_json, '$.slot') as slot from order_history
       where order_id = ?1 and action = 'shopper_amend'`
    )
      .bind(order.orderId)
      .first<{ slot: string }>()
    expect(history?.slot).toBe(`${date} ${time}`)
  })

  it('refuses a full slot and one the checkout would not offer, and changes nothing', async () => {
    const ada = await newMember('Ada')
    const order = await placeOrder(ada)
    const before = await orderSlot(order.orderId)
    const date = tomorrow()
    const full = before.slot_starts_at === '19:00' ? '18:00' : '19:00'
    // The slot's row exists with every place taken.
    await env.DB.prepare(
      `insert into time_slots (store_id, fulfilment_method, slot_date, starts_at, ends_at,
         start_utc, end_utc, capacity, reserved_count)
       values (?3, 'collection', ?1, ?2, '23:59', '2000-01-01T00:00:00.000Z',
         '2000-01-01T00:00:00.000Z', 0, 0)
       on conflict (store_id, fulfilment_method, slot_date, starts_at)
       do update set capacity = reserved_count`
    )
      .bind(date, full, STORES.main)
      .run()
    const refused = await moveSlot(ada, order, date, full)
    expect(refused.status).toBe(409)
    expect(errorOf(refused).message).toBe(MESSAGES.slotReserveFailed)
    const farAway = new Date(`${date}T12:00:00Z`)
    farAway.setUTCDate(farAway.getUTCDate() + 30)
    for (const [day, time] of [
      [farAway.toISOString().slice(0, 10), '10:00'],
      [date, '10:17'],
    ] as const) {
      const answer = await moveSlot(ada, order, day, time)
      expect(answer.status, `${day} ${time}`).toBe(422)
      expect(errorOf(answer).message).toBe(MESSAGES.slotReserveFailed)
    }
    expect(await orderSlot(order.orderId)).toEqual(before)
    expect(await inconsistentSlots()).toEqual([])
  })

  it('20 moves of the same order at once: one wins, one place taken, one given back', async () => {
    const ada = await newMember('Ada')
    const order = await placeOrder(ada)
    const before = await orderSlot(order.orderId)
    const date = tomorrow()
    const times = ['12:00', '13:00'].filter((time) => time !== before.slot_starts_at)
    const counts = new Map(
      await Promise.all(
        [before.slot_starts_at, ...times].map(
          async (time) => [time, await taken(date, time)] as const
        )
      )
    )
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        moveSlot(ada, order, date, times[index % times.length]!)
      )
    )
    const won = answers.flatMap((answer, index) => (answer.status === 200 ? [index] : []))
    expect(won).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19)
    const winner = times[won[0]! % times.length]!
    expect(await orderSlot(order.orderId)).toMatchObject({
      slot_starts_at: winner,
      amend_version: 1,
      confirmed: 1,
      reserved: `${date} ${winner}`,
    })
    for (const [time, count] of counts) {
      const expected =
        time === winner ? count + 1 : time === before.slot_starts_at ? count - 1 : count
      expect(await taken(date, time), time).toBe(expected)
    }
    expect(await inconsistentSlots()).toEqual([])
  })

  it(
    'any moves, one at a time or two at once, keep every slot count equal to its reservations',
    { timeout: 120_000 },
    async () => {
      const members = [await newMember('Ada'), await newMember('Grace')]
      const orders = await Promise.all(members.map((member) => placeOrder(member)))
      const date = tomorrow()
      const versionOf = async (order: Placed) => (await orderSlot(order.orderId)).amend_version
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              order: fc.integer({ min: 0, max: 1 }),
              time: fc.constantFrom('14:00', '15:00', '16:00'),
              alongside: fc.option(fc.constantFrom('14:00', '15:00', '16:00'), { nil: null }),
            }),
            { minLength: 1, maxLength: 4 }
          ),
          async (moves) => {
            for (const move of moves) {
              const order = orders[move.order]!
              const member = members[move.order]!
              const version = await versionOf(order)
              await Promise.all([
                moveSlot(member, order, date, move.time, version),
                ...(move.alongside === null
                  ? []
                  : [moveSlot(member, order, date, move.alongside, version)]),
              ])
              expect(await inconsistentSlots()).toEqual([])
              for (const each of orders) {
                const slot = await orderSlot(each.orderId)
                expect(slot.confirmed).toBe(1)
                expect(slot.reserved).toBe(`${slot.slot_date} ${slot.slot_starts_at}`)
              }
            }
          }
        ),
        { numRuns: 12 }
      )
    }
  )
})

describe("the new slot's cut-off at the store's local time", () => {
  // 24 hours before a slot on the store's wall clock (Europe/London). A 10:00 slot on the spring
  // change day (28 March 2027) closes at 10:00 GMT on the 27th: an order may move into it until
  // then, not after, while a slot the next day (10:00 BST on the 28th its cut-off) still takes it.
  it('moves into a slot on the clock change day until its cut-off, not after', async () => {
    const ada = await newMember('Ada')
    const order = await placeOrder(ada)
    await env.DB.batch([
      env.DB.prepare(
        `update businesses set amend_cutoff = 'hours_before_slot', amend_cutoff_hours = 24
         where id = 1`
      ),
      env.DB.prepare(
        `update orders set slot_date = '2027-03-30', slot_starts_at = '10:00' where id = ?1`
      ).bind(order.orderId),
    ])
    try {
      const cutoff = Date.parse('2027-03-27T10:00:00.000Z')
      vi.setSystemTime(cutoff + 60_000)
      const late = await signInAgain(ada)
      const refused = await moveSlot(late, order, '2027-03-28', '10:00')
      expect(refused.status).toBe(409)
      expect(errorOf(refused).message).toBe(MESSAGES.amendSlotTooSoon)
      expect(await orderSlot(order.orderId)).toMatchObject({
        slot_date: '2027-03-30',
        amend_version: 0,
      })
      const nextDay = await moveSlot(late, order, '2027-03-29', '10:00')
      expect(nextDay.status, JSON.stringify(nextDay.json)).toBe(200)
      vi.setSystemTime(cutoff - 60_000)
      const early = await signInAgain(ada)
      const moved = await moveSlot(early, order, '2027-03-28', '10:00', 1)
      expect(moved.status, JSON.stringify(moved.json)).toBe(200)
      // Its own cut-off is now 10:00 GMT on the 27th: open a minute before.
      const window = AmendWindowSchema.parse(
        (
          await memberCall(
            '/member/orders/amend-window',
            { businessOrderId: order.businessOrderId },
            early
          )
        ).json
      )
      expect(window).toEqual({ open: true, until: '2027-03-27T10:00:00.000Z', version: 2 })
      expect(await orderSlot(order.orderId)).toMatchObject({
        slot_date: '2027-03-28',
        slot_starts_at: '10:00',
        confirmed: 1,
        reserved: '2027-03-28 10:00',
      })
      expect(await inconsistentSlots()).toEqual([])
    } finally {
      await env.DB.prepare(
        `update businesses set amend_cutoff = 'picking_starts', amend_cutoff_hours = 0
         where id = 1`
      ).run()
    }
  })
})
