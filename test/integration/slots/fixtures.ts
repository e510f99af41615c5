import { generateDemoData } from '../../../scripts/demo-data/generate.ts'
import { seedDatabase } from '../../../scripts/demo-data/seed.ts'
import { hashBasketToken } from '../../../worker/backend/basket-ref-repo.ts'
import { DEMO_INPUT } from '../data/demo-input.ts'

/** Test stores of business 1: open all day every day, so slots exist whatever the real clock. */
export const SLOT_STORES = {
  /** London, 7 days ahead, two places per hourly slot, ASAP allowed. */
  london: { id: 9100, capacity: 2 },
  /** London, ASAP switched off. */
  noAsap: { id: 9101, capacity: 2 },
  /** For the races: one place per slot. */
  single: { id: 9102, capacity: 1 },
  /** For the races: five places per slot. */
  five: { id: 9103, capacity: 5 },
} as const

export const BUSINESS_ID = 1

/** The demo dataset plus the slot test stores (all-day hours for every method). */
export async function seedSlots(db: D1Database): Promise<void> {
  await seedDatabase(db, generateDemoData(DEMO_INPUT))
  const stores = [
    [SLOT_STORES.london.id, SLOT_STORES.london.capacity, 1],
    [SLOT_STORES.noAsap.id, SLOT_STORES.noAsap.capacity, 0],
    [SLOT_STORES.single.id, SLOT_STORES.single.capacity, 1],
    [SLOT_STORES.five.id, SLOT_STORES.five.capacity, 1],
  ] as const
  await db.batch(
    stores.flatMap(([id, capacity, asap]) => [
      db
        .prepare(
          `insert into stores (id, business_id, slug, name, address_line1, town, postcode, latitude,
             longitude, time_zone, days_in_advance, asap_enabled, delivery_lead_minutes,
             collection_lead_minutes, slot_duration_minutes, slot_capacity)
           values (?1, 1, 'slot-store-' || ?1, 'Slot Store ' || ?1, '1 Slot Street', 'Manchester',
             'M1 1AD', 53.48, -2.24, 'Europe/London', 7, ?3, 45, 20, 60, ?2)`
        )
        .bind(id, capacity, asap),
      db
        .prepare(
          `insert into store_opening_hours (store_id, fulfilment_method, day_of_week, opens_at,
             closes_at)
           select ?1, 'store', value, '00:00', '00:00' from json_each('[0,1,2,3,4,5,6]')`
        )
        .bind(id),
    ])
  )
}

let basketCount = 0

/** An active basket of business 1 at the store, with its token (only the hash is stored). */
export async function insertBasket(
  db: D1Database,
  storeId: number | null
): Promise<{ id: number; token: string }> {
  basketCount += 1
  const token = `test-basket-${basketCount}-${crypto.randomUUID()}`
  const result = await db
    .prepare(`insert into baskets (business_id, store_id, token_hash) values (1, ?1, ?2)`)
    .bind(storeId, await hashBasketToken(token))
    .run()
  return { id: result.meta.last_row_id, token }
}

/** Every basket hold/confirmed count and slot count of a store, for "nothing changed" checks. */
export async function slotState(db: D1Database, storeId: number): Promise<unknown> {
  const [slots, reservations, baskets] = await db.batch([
    db
      .prepare(
        `select slot_date, starts_at, capacity, reserved_count from time_slots
         where store_id = ?1 order by slot_date, starts_at`
      )
      .bind(storeId),
    db
      .prepare(
        `select id, basket_id, time_slot_id, status, expires_at from slot_reservations
         where store_id = ?1 order by id`
      )
      .bind(storeId),
    db
      .prepare(
        `select id, fulfilment_timing, fulfilment_method, version from baskets
         where store_id = ?1 order by id`
      )
      .bind(storeId),
  ])
  return { slots: slots?.results, reservations: reservations?.results, baskets: baskets?.results }
}
