import { createScheduledController, env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import worker from '../../../worker/index.ts'
import { insertBasket, seedSlots, SLOT_STORES } from '../slots/fixtures.ts'

beforeAll(async () => {
  await seedSlots(env.DB)
})

async function reserveFirstSlot(token: string, storeId: number): Promise<void> {
  const list = await SELF.fetch('http://localhost/api/time-slots', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `sf_basket=${token}` },
    body: JSON.stringify({ storeId }),
  })
  const { days } = await list.json<{
    days: Array<{
      slots: Array<{ timeSlotDate: string; timeSlotTime: string; available: boolean }>
    }>
  }>()
  const slot = days.flatMap((day) => day.slots).find((candidate) => candidate.available)
  if (!slot) throw new Error('no slot to reserve')
  const reserved = await SELF.fetch('http://localhost/api/time-slots/reserve', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `sf_basket=${token}` },
    body: JSON.stringify({
      storeId,
      timeSlotDate: slot.timeSlotDate,
      timeSlotTime: slot.timeSlotTime,
    }),
  })
  expect(reserved.status).toBe(200)
}

describe('cron trigger', () => {
  it('gives the places of lapsed holds back and leaves live ones alone', async () => {
    const store = SLOT_STORES.london.id
    const lapsed = await insertBasket(env.DB, store)
    const live = await insertBasket(env.DB, store)
    await reserveFirstSlot(lapsed.token, store)
    await reserveFirstSlot(live.token, store)
    await env.DB.prepare(
      `update slot_reservations set expires_at = '2000-01-01T00:00:00.000Z' where basket_id = ?1`
    )
      .bind(lapsed.id)
      .run()
    const before = await env.DB.prepare(
      'select sum(reserved_count) as taken from time_slots where store_id = ?1'
    )
      .bind(store)
      .first<{ taken: number }>()
    expect(before?.taken).toBe(2)

    await worker.scheduled(createScheduledController({ scheduledTime: Date.now() }), env)

    const after = await env.DB.batch([
      env.DB.prepare(
        'select sum(reserved_count) as taken from time_slots where store_id = ?1'
      ).bind(store),
      env.DB.prepare(
        'select basket_id, status from slot_reservations where store_id = ?1 order by basket_id'
      ).bind(store),
    ])
    expect(after[0]?.results).toEqual([{ taken: 1 }])
    expect(after[1]?.results).toEqual([
      { basket_id: lapsed.id, status: 'expired' },
      { basket_id: live.id, status: 'held' },
    ])
  })
})
