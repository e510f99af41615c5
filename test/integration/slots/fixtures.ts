import { hashBasketToken } from '../../../worker/backend/basket-ref-repo.ts'
import {
  allDay,
  MANCHESTER_ADDRESS,
  seedDemo,
  store,
  type StoreSeed,
} from '../../support/workers/seed.ts'

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

/**
 * A store of business 1 in central Manchester, open all day every day, taking orders 7 days
 * ahead in hourly slots of `slotCapacity` places (ASAP allowed unless `asapEnabled: 0`).
 */
export function slotStore(
  db: D1Database,
  seed: Pick<StoreSeed, 'id' | 'slug' | 'name' | 'addressLine1' | 'slotCapacity'> &
    Partial<StoreSeed>
): Array<D1PreparedStatement> {
  return store(db, {
    businessId: BUSINESS_ID,
    ...MANCHESTER_ADDRESS,
    timeZone: 'Europe/London',
    daysInAdvance: 7,
    asapEnabled: 1,
    deliveryLeadMinutes: 45,
    collectionLeadMinutes: 20,
    slotDurationMinutes: 60,
    hours: [allDay('store')],
    ...seed,
  })
}

/** The demo dataset plus the slot test stores (all-day hours for every method). */
export async function seedSlots(db: D1Database): Promise<void> {
  await seedDemo(db)
  const stores = [
    [SLOT_STORES.london, 1],
    [SLOT_STORES.noAsap, 0],
    [SLOT_STORES.single, 1],
    [SLOT_STORES.five, 1],
  ] as const
  await db.batch(
    stores.flatMap(([{ id, capacity }, asap]) =>
      slotStore(db, {
        id,
        slug: `slot-store-${id}`,
        name: `Slot Store ${id}`,
        addressLine1: '1 Slot Street',
        slotCapacity: capacity,
        asapEnabled: asap,
      })
    )
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
