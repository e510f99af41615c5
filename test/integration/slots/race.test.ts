import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { backend } from '../../../worker/local-backend.ts'
import { orderableDates } from '../../../worker/backend/slots/slot-generation.ts'
import { BUSINESS_ID, insertBasket, SLOT_STORES, seedSlots } from './fixtures.ts'

beforeAll(async () => {
  await seedSlots(env.DB)
})

const RACERS = 200

function dayAfterTomorrow(): string {
  const { today } = orderableDates('Europe/London', 7, new Date())
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 2)
  return date.toISOString().slice(0, 10)
}

/** RACERS baskets reserve the same slot at once; answers each status and the slot's stored state. */
async function race(storeId: number, time: string) {
  const baskets = await Promise.all(
    Array.from({ length: RACERS }, () => insertBasket(env.DB, storeId))
  )
  const date = dayAfterTomorrow()
  const responses = await Promise.all(
    baskets.map((basket) =>
      backend.request(
        '/time-slots/reserve',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            businessId: BUSINESS_ID,
            storeId,
            basketToken: basket.token,
            timeSlotDate: date,
            timeSlotTime: time,
          }),
        },
        env
      )
    )
  )
  const statuses = responses.map((res) => res.status)
  const losers = responses.filter((res) => res.status === 409)
  const reasons = await Promise.all(
    losers.map(async (res) => ApiErrorSchema.parse(await res.json()).error.details?.['reason'])
  )
  const slot = await env.DB.prepare(
    `select t.capacity, t.reserved_count,
       (select count(*) from slot_reservations r where r.time_slot_id = t.id and r.status = 'held')
         as holds
     from time_slots t where t.store_id = ?1 and t.slot_date = ?2 and t.starts_at = ?3`
  )
    .bind(storeId, date, time)
    .first()
  return { statuses, reasons, slot }
}

const count = (statuses: Array<number>, status: number) =>
  statuses.filter((s) => s === status).length

// Two hundred racing requests on a shared two-core machine can take longer than the default 5 s;
// the assertions are about who wins, never about speed.
describe('last-place race', { timeout: 30_000 }, () => {
  it(`${RACERS} baskets, one place: exactly one wins, the rest get 409 slot_full, no 5xx`, async () => {
    const { statuses, reasons, slot } = await race(SLOT_STORES.single.id, '13:00')
    expect(count(statuses, 200)).toBe(1)
    expect(count(statuses, 409)).toBe(RACERS - 1)
    expect(statuses.filter((s) => s >= 500)).toEqual([])
    expect(new Set(reasons)).toEqual(new Set(['slot_full']))
    expect(slot).toEqual({ capacity: 1, reserved_count: 1, holds: 1 })
  })

  it(`${RACERS} baskets, five places: exactly five win`, async () => {
    const { statuses, slot } = await race(SLOT_STORES.five.id, '13:00')
    expect(count(statuses, 200)).toBe(5)
    expect(count(statuses, 409)).toBe(RACERS - 5)
    expect(slot).toEqual({ capacity: 5, reserved_count: 5, holds: 5 })
  })
})
