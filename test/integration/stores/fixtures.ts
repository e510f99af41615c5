import { EVERY_DAY, OTHER_GROCER, otherGrocer, seedDemo } from '../../support/workers/seed.ts'

/** Demo order numbers seeded for the order-status tests. */
export const ORDERS = {
  picking: 'CF-100042',
  collection: 'CF-100043',
  draft: 'CF-100044',
  otherBusiness: 'OG-000001',
} as const

/**
 * The demo dataset (14 stores of business 1, brands on localhost, 127.0.0.1 and
 * greenway.localhost), a second business with its own brand, host and Manchester store, and a
 * few orders.
 */
export async function seedStores(db: D1Database): Promise<void> {
  await seedDemo(db)
  const other = OTHER_GROCER
  await db.batch([
    ...otherGrocer(db, [{ method: 'store', days: EVERY_DAY, opensAt: '06:00', closesAt: '23:00' }]),
    db
      .prepare(
        `insert into postcode_rules (business_id, country_code, pattern, normalisation, example)
       values (?1, 'GB', '^(GIR 0AA|[A-Z]{1,2}[0-9][A-Z0-9]? [0-9][A-Z]{2})$', 'uk', 'M1 1AE')`
      )
      .bind(other.businessId),
    db
      .prepare(
        `insert into orders (business_id, store_id, business_order_id, status, status_code,
         fulfilment_method, fulfilment_timing, first_name, last_name, email, phone,
         delivery_address_json, subtotal, original_total, total, updated_at)
       values
         (1, 1, ?1, 'store_accepted_picking', 40, 'delivery', 'asap', 'Ada', 'Lovelace',
          'ada@example.com', '07700 900001', '{"addressLine1":"1 Secret Lane"}', 2500, 2699,
          2699, '2026-06-03T11:00:00.000Z'),
         (1, 12, ?2, 'picked', 60, 'collection', 'future', 'Alan', 'Turing', 'alan@example.com',
          null, null, 1200, 1200, 1200, '2026-06-03T12:00:00.000Z'),
         (1, 2, ?3, 'draft', null, 'delivery', 'asap', 'Grace', 'Hopper', 'grace@example.com',
          null, null, 800, 999, 999, '2026-06-03T13:00:00.000Z'),
         (?4, ?5, ?6, 'delivered', 100, 'delivery', 'asap', 'Other', 'Shopper', 'o@example.com',
          null, null, 500, 600, 600, '2026-06-03T14:00:00.000Z')`
      )
      .bind(
        ORDERS.picking,
        ORDERS.collection,
        ORDERS.draft,
        other.businessId,
        other.storeId,
        ORDERS.otherBusiness
      ),
  ])
}
