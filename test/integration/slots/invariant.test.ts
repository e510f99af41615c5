import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { hashBasketToken } from '../../../worker/backend/basket-ref-repo.ts'
import { slotUsageFrom, slotUsageStatement } from '../../../worker/backend/slots/repo.ts'
import {
  cancelConfirmedStatements,
  confirmHoldStatements,
  releaseHoldStatements,
  sweepExpiredReservations,
} from '../../../worker/backend/slots/reservations-repo.ts'
import { reserveTimeSlot } from '../../../worker/backend/slots/service.ts'
import { AppError } from '../../../worker/lib/errors.ts'
import { BUSINESS_ID, seedSlots } from './fixtures.ts'

beforeAll(async () => {
  await seedSlots(env.DB)
})

// Wednesday 10 June 2026, 10:00 BST; the slots are on the Thursday.
const START = Date.parse('2026-06-10T09:00:00.000Z')
const SLOT_DATE = '2026-06-11'
const TIMES = ['10:00', '11:00', '12:00'] as const
const CAPACITY = 2
const BASKETS = 3

type Op =
  | { kind: 'reserve'; basket: number; time: (typeof TIMES)[number] | null }
  | { kind: 'advance'; minutes: number }
  | { kind: 'sweep' }
  | { kind: 'confirm'; basket: number }
  | { kind: 'cancel'; basket: number }
  | { kind: 'release'; basket: number }

const basketArb = fc.integer({ min: 0, max: BASKETS - 1 })
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('reserve' as const),
      basket: basketArb,
      time: fc.constantFrom(...TIMES, null),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      minutes: fc.integer({ min: 1, max: 20 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sweep' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('confirm' as const), basket: basketArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), basket: basketArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), basket: basketArb }) }
)

let nextStore = 20_000

/** A store of its own per sequence (all-day hours, CAPACITY places a slot) with BASKETS baskets. */
async function freshWorld(): Promise<{
  storeId: number
  baskets: Array<{ id: number; token: string }>
}> {
  nextStore += 1
  const storeId = nextStore
  const tokens = Array.from({ length: BASKETS }, (_, i) => `property-${storeId}-${i}-basket-token`)
  const hashes = await Promise.all(tokens.map(hashBasketToken))
  const db = env.DB
  const results = await db.batch([
    db
      .prepare(
        `insert into stores (id, business_id, slug, name, address_line1, town, postcode, latitude,
           longitude, days_in_advance, slot_capacity)
         values (?1, 1, 'property-' || ?1, 'Property', '1 Street', 'Manchester', 'M1 1AD', 53.48,
           -2.24, 7, ?2)`
      )
      .bind(storeId, CAPACITY),
    db
      .prepare(
        `insert into store_opening_hours (store_id, fulfilment_method, day_of_week, opens_at,
           closes_at)
         select ?1, 'store', value, '00:00', '00:00' from json_each('[0,1,2,3,4,5,6]')`
      )
      .bind(storeId),
    ...hashes.map((hash) =>
      db
        .prepare(`insert into baskets (business_id, store_id, token_hash) values (1, ?1, ?2)`)
        .bind(storeId, hash)
    ),
  ])
  const baskets = tokens.map((token, i) => ({
    id: results[i + 2]?.meta.last_row_id ?? -1,
    token,
  }))
  return { storeId, baskets }
}

interface SlotCheck {
  id: number
  starts_at: string
  capacity: number
  reserved_count: number
  stored: number
  live: number
}

function slotChecksStatement(storeId: number, now: Date): D1PreparedStatement {
  return env.DB.prepare(
    `select t.id, t.starts_at, t.capacity, t.reserved_count,
       (select count(*) from slot_reservations r where r.time_slot_id = t.id
          and r.status in ('held', 'confirmed')) as stored,
       (select count(*) from slot_reservations r where r.time_slot_id = t.id
          and (r.status = 'confirmed' or (r.status = 'held' and r.expires_at > ?2))) as live
     from time_slots t where t.store_id = ?1`
  ).bind(storeId, now.toISOString())
}

/** Places a basket other than `basket` takes in the slot now: what a reservation must fit beside. */
async function takenByOthers(storeId: number, time: string, basketId: number, now: Date) {
  const row = await env.DB.prepare(
    `select count(*) as n from slot_reservations r join time_slots t on t.id = r.time_slot_id
     where t.store_id = ?1 and t.starts_at = ?2 and (r.status = 'confirmed'
       or (r.status = 'held' and r.expires_at > ?4 and r.basket_id <> ?3))`
  )
    .bind(storeId, time, basketId, now.toISOString())
    .first<{ n: number }>()
  return row?.n ?? 0
}

async function apply(op: Op, world: Awaited<ReturnType<typeof freshWorld>>, now: Date) {
  const db = env.DB
  if (op.kind === 'sweep') {
    await sweepExpiredReservations(db, now)
    return
  }
  if (op.kind === 'advance') return
  const basket = world.baskets[op.basket]
  if (!basket) throw new Error('no basket')
  if (op.kind === 'reserve') {
    const request = {
      businessId: BUSINESS_ID,
      storeId: world.storeId,
      basketToken: basket.token,
      fulfilmentMethod: 'delivery' as const,
      timeSlotDate: SLOT_DATE,
      ...(op.time ? { timeSlotTime: op.time } : {}),
    }
    const others = op.time ? await takenByOthers(world.storeId, op.time, basket.id, now) : 0
    try {
      const { reservation } = await reserveTimeSlot(db, request, now)
      expect(reservation.status).toBe('held')
      expect(others).toBeLessThan(CAPACITY)
    } catch (error) {
      // Only a slot that is really full may refuse.
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).details).toEqual({ reason: 'slot_full' })
      expect(others).toBe(CAPACITY)
    }
    return
  }
  if (op.kind === 'confirm') {
    await db.batch(confirmHoldStatements(db, basket.id, null, now))
    return
  }
  if (op.kind === 'release') {
    await db.batch(releaseHoldStatements(db, basket.id, now))
    return
  }
  const confirmed = await db
    .prepare(
      `select id from slot_reservations where basket_id = ? and status = 'confirmed' limit 1`
    )
    .bind(basket.id)
    .first<{ id: number }>()
  if (confirmed) await db.batch(cancelConfirmedStatements(db, confirmed.id, now))
}

describe('slot reservation invariant', () => {
  it('keeps 0 ≤ reserved_count ≤ capacity and counts only live holds and confirmed ones, after every step', async () => {
    let steps = 0
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 5 }), async (ops) => {
        const world = await freshWorld()
        let clock = START
        for (const op of ops) {
          if (op.kind === 'advance') clock += op.minutes * 60_000
          const now = new Date(clock)
          await apply(op, world, now)
          steps += 1
          const [checks, usageResult] = await env.DB.batch([
            slotChecksStatement(world.storeId, now),
            slotUsageStatement(env.DB, world.storeId, 'delivery', SLOT_DATE, SLOT_DATE, now),
          ])
          const usage = slotUsageFrom(usageResult)
          for (const slot of (checks?.results ?? []) as Array<SlotCheck>) {
            expect(slot.reserved_count).toBeGreaterThanOrEqual(0)
            expect(slot.reserved_count).toBeLessThanOrEqual(slot.capacity)
            // Stored: every hold not yet swept plus every confirmed one.
            expect(slot.reserved_count).toBe(slot.stored)
            // Read: lapsed holds take no place even before a sweep.
            expect(usage.get(`${SLOT_DATE} ${slot.starts_at}`)?.taken).toBe(slot.live)
            if (op.kind === 'sweep') expect(slot.reserved_count).toBe(slot.live)
          }
        }
      }),
      { numRuns: 1000 }
    )
    expect(steps).toBeGreaterThan(1000)
  }, 300_000)
})
