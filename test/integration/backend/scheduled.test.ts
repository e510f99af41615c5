import { createScheduledController, env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import worker from '../../../worker/index.ts'
import { RETENTION_CRON } from '../../../worker/scheduled.ts'
import { insertBasket, seedSlots, SLOT_STORES } from '../slots/fixtures.ts'
import { DATED } from '../../support/test-clock.ts'

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

describe('cron trigger', DATED, () => {
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

describe('the daily retention sweep', DATED, () => {
  const DAY = 86_400_000

  /** A basket last changed `days` before `now`, a guest's or a member's. */
  async function basketAged(now: Date, days: number, member = false): Promise<number> {
    const basket = await insertBasket(env.DB, SLOT_STORES.london.id)
    await env.DB.prepare(
      `update baskets set updated_at = ?2,
         customer_id = case when ?3 then (select min(id) from customers) else null end
       where id = ?1`
    )
      .bind(basket.id, new Date(now.getTime() - days * DAY).toISOString(), member ? 1 : 0)
      .run()
    return basket.id
  }

  async function exists(table: string, where: string, value: number | string): Promise<boolean> {
    const row = await env.DB.prepare(`select count(*) as n from ${table} where ${where} = ?1`)
      .bind(value)
      .first<{ n: number }>()
    return (row?.n ?? 0) > 0
  }

  it('deletes what nobody needs, keeps what is in use, and only on its own trigger', async () => {
    const now = new Date()
    await env.DB.prepare(
      `insert into customers (business_id, email, first_name, last_name, status, created_at, updated_at)
       select 1, 'retention@example.com', 'Rita', 'Tension', 'active', ?1, ?1
       where not exists (select 1 from customers)`
    )
      .bind(now.toISOString())
      .run()
    const staleGuest = await basketAged(now, 31)
    const freshGuest = await basketAged(now, 29)
    const staleMember = await basketAged(now, 31, true)
    const held = await basketAged(now, 40)
    await env.DB.prepare(
      `insert into slot_reservations (store_id, basket_id, fulfilment_method, is_asap, status, expires_at)
       values (?1, ?2, 'delivery', 1, 'held', ?3)`
    )
      .bind(SLOT_STORES.london.id, held, new Date(now.getTime() + 10 * 60_000).toISOString())
      .run()
    await env.DB.batch([
      env.DB.prepare(
        `insert into idempotency_keys (business_id, scope, idempotency_key, request_hash, state, expires_at)
         values (1, 'test', 'expired', 'h', 'completed', ?1), (1, 'test', 'live', 'h', 'completed', ?2)`
      ).bind(
        new Date(now.getTime() - 1000).toISOString(),
        new Date(now.getTime() + DAY).toISOString()
      ),
      env.DB.prepare(
        `insert into marketing_events (business_id, kind, event_name, user_key, payload_json, created_at)
         values (1, 'event', 'old', 'u', '{}', ?1), (1, 'event', 'recent', 'u', '{}', ?2)`
      ).bind(new Date(now.getTime() - 91 * DAY).toISOString(), now.toISOString()),
      env.DB.prepare(
        `insert into effects (business_id, effect_key, kind, payload_json, status, created_at,
           delivered_at)
         values (1, 'retention:old', 'order_placed_email', '{}', 'delivered', ?1, ?1),
                (1, 'retention:recent', 'order_placed_email', '{}', 'delivered', ?2, ?2),
                (1, 'retention:dead', 'order_placed_email', '{}', 'dead', ?1, null)`
      ).bind(new Date(now.getTime() - 31 * DAY).toISOString(), now.toISOString()),
    ])

    // The every-minute trigger leaves them alone.
    await worker.scheduled(createScheduledController({ scheduledTime: now.getTime() }), env)
    expect(await exists('baskets', 'id', staleGuest), 'stale guest before').toBe(true)
    expect(await exists('effects', 'effect_key', 'retention:old')).toBe(true)

    await worker.scheduled(
      createScheduledController({ scheduledTime: now.getTime(), cron: RETENTION_CRON }),
      env
    )
    expect(await exists('baskets', 'id', staleGuest)).toBe(false)
    expect(await exists('baskets', 'id', freshGuest), 'freshGuest').toBe(true)
    expect(await exists('baskets', 'id', staleMember), 'staleMember').toBe(true)
    expect(await exists('baskets', 'id', held), 'held').toBe(true)
    expect(await exists('idempotency_keys', 'idempotency_key', 'expired')).toBe(false)
    expect(await exists('idempotency_keys', 'idempotency_key', 'live')).toBe(true)
    expect(await exists('marketing_events', 'event_name', 'old')).toBe(false)
    expect(await exists('marketing_events', 'event_name', 'recent')).toBe(true)
    // Delivered effects go after 30 days; a dead one waits for an operator however old.
    expect(await exists('effects', 'effect_key', 'retention:old')).toBe(false)
    expect(await exists('effects', 'effect_key', 'retention:recent')).toBe(true)
    expect(await exists('effects', 'effect_key', 'retention:dead')).toBe(true)
  })
})
