import type { CheckoutAddress } from '../../../schemas/checkout.ts'

/** The checkout columns of a basket row (migrations 0007 and 0015). */
export interface CheckoutRow {
  id: number
  store_id: number | null
  customer_id: number | null
  version: number
  contact_first_name: string | null
  contact_last_name: string | null
  contact_email: string | null
  contact_phone: string | null
  delivery_address_json: string | null
  billing_address_json: string | null
  billing_same_as_delivery: number
  instructions: string | null
  terms_accepted_at: string | null
  age_confirmed_at: string | null
  location_latitude: number | null
  location_longitude: number | null
  /** Where the delivery address is (migration 0021); null until one is set. */
  delivery_latitude: number | null
  delivery_longitude: number | null
  coupon_id: number | null
  coupon_code: string | null
}

export async function findCheckoutRow(db: D1Database, basketId: number): Promise<CheckoutRow> {
  const row = await db
    .prepare(
      `select id, store_id, customer_id, version, contact_first_name, contact_last_name,
         contact_email, contact_phone, delivery_address_json, billing_address_json,
         billing_same_as_delivery, instructions, terms_accepted_at, age_confirmed_at,
         location_latitude, location_longitude, delivery_latitude, delivery_longitude,
         coupon_id, coupon_code
       from baskets where id = ?1`
    )
    .bind(basketId)
    .first<CheckoutRow>()
  if (!row) throw new Error(`basket ${basketId} vanished`)
  return row
}

/** The update of a basket's checkout columns; contents and version are left alone. */
export function updateCheckoutStatement(
  db: D1Database,
  basketId: number,
  columns: Partial<{
    contact_first_name: string
    contact_last_name: string
    contact_email: string
    contact_phone: string | null
    delivery_address_json: string
    delivery_latitude: number
    delivery_longitude: number
    billing_address_json: string | null
    billing_same_as_delivery: number
    instructions: string | null
    terms_accepted_at: string
  }>,
  now: Date
): D1PreparedStatement {
  const entries = Object.entries(columns)
  const assignments = entries.map(([column], index) => `${column} = ?${index + 3}`)
  return db
    .prepare(
      `update baskets set ${[...assignments, 'updated_at = ?2'].join(', ')}
       where id = ?1 and status = 'active'`
    )
    .bind(basketId, now.toISOString(), ...entries.map(([, value]) => value))
}

export function addressJson(address: CheckoutAddress): string {
  return JSON.stringify(address)
}

/** The margin over the estimate of weighed lines the business's card payments hold (ADR 039). */
export async function findWeighedMargin(db: D1Database, businessId: number): Promise<number> {
  const row = await db
    .prepare('select weighed_margin_percent from businesses where id = ?1')
    .bind(businessId)
    .first<{ weighed_margin_percent: number }>()
  return row?.weighed_margin_percent ?? 0
}
