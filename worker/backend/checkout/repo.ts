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

/** A member of the business as checkout prefills and checks it. */
export interface MemberRow {
  id: number
  email: string
  first_name: string
  last_name: string
  phone: string | null
  retail_member_id: string | null
}

export async function findMember(
  db: D1Database,
  businessId: number,
  customerId: number
): Promise<MemberRow | null> {
  return db
    .prepare(
      `select id, email, first_name, last_name, phone, retail_member_id from customers
       where id = ?1 and business_id = ?2 and status = 'active'`
    )
    .bind(customerId, businessId)
    .first<MemberRow>()
}

/** True when an active member of the business signs in with this (lower-case) email. */
export async function isMemberEmail(
  db: D1Database,
  businessId: number,
  email: string
): Promise<boolean> {
  const row = await db
    .prepare(
      `select 1 as found from customers
       where business_id = ?1 and email = ?2 and status = 'active'`
    )
    .bind(businessId, email.trim().toLowerCase())
    .first<{ found: number }>()
  return row !== null
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

/** Saves the member's retail membership number. */
export async function saveRetailMemberId(
  db: D1Database,
  input: { customerId: number; businessId: number; retailMemberId: string | null; now: Date }
): Promise<void> {
  await db
    .prepare(
      `update customers set retail_member_id = ?3, updated_at = ?4
       where id = ?1 and business_id = ?2`
    )
    .bind(input.customerId, input.businessId, input.retailMemberId, input.now.toISOString())
    .run()
}
