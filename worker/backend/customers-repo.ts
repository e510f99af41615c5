/*
 * The customer as other domains know it: a member's contact details, whether an email belongs to
 * a member, the retail membership number. Auth owns the customers table (auth/repo.ts: sign-in,
 * tokens, passwords); checkout and auth's own "is this email registered" read these narrow views
 * here, below every domain, so neither imports the other.
 */

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

/** True when an active member of the business signs in with this email (stored lower-case). */
export async function isRegistered(
  db: D1Database,
  businessId: number,
  email: string
): Promise<boolean> {
  const row = await db
    .prepare(
      `select 1 as ok from customers where business_id = ?1 and email = ?2 and status = 'active'`
    )
    .bind(businessId, email)
    .first()
  return row !== null
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
