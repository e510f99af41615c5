import type { CardGateway } from '../../../../schemas/checkout.ts'
import { ORDER_PERSONAL_BLANKS } from '../../orders/personal-data.ts'

/*
 * What "forget me" does to each table, in one place so the whole erasure can be read and reviewed
 * at once (README "Privacy"). Erasure is by nature about every table that holds a shopper's
 * personal data, so this module writes to tables other domains own, through statements only
 * (ADR 004: the caller puts them in one batch). Loyalty accounts and transactions stay as they
 * are: points, kinds and order numbers, with descriptions that never name the member.
 */

/** The member being forgotten, as their data names them. */
export interface ErasedMember {
  businessId: number
  customerId: number
  /** Lower case, as stored. */
  email: string
  /** E.164, or null. */
  phone: string | null
  now: string
}

/** Order states in which the order is still being fulfilled: its address and phone are needed. */
export const LIVE_ORDER_STATES = [
  'payment_pending',
  'sent_to_store',
  'store_accepted_picking',
  'picked',
  'en_route',
] as const

/**
 * The R2 keys of the attachments of the member's contact requests (by account or by email), to
 * delete from the ATTACHMENTS bucket before the erasure drops their rows.
 */
export async function listContactAttachmentKeys(
  db: D1Database,
  m: ErasedMember
): Promise<Array<string>> {
  const { results } = await db
    .prepare(
      `select a.r2_key from contact_request_attachments a
       join contact_requests r on r.id = a.contact_request_id
       where r.business_id = ?1 and (r.customer_id = ?2 or r.email = ?3)`
    )
    .bind(m.businessId, m.customerId, m.email)
    .all<{ r2_key: string }>()
  return results.map((row) => row.r2_key)
}

/** True when one of the member's orders is still being paid for, picked or delivered. */
export async function hasLiveOrder(db: D1Database, m: ErasedMember): Promise<boolean> {
  const row = await db
    .prepare(
      `select 1 as ok from orders
       where business_id = ?1 and (customer_id = ?2 or email = ?3)
         and status in (${LIVE_ORDER_STATES.map((s) => `'${s}'`).join(', ')})
       limit 1`
    )
    .bind(m.businessId, m.customerId, m.email)
    .first()
  return row !== null
}

export interface CardReferenceRow {
  id: number
  gateway: CardGateway
  token: string
}

/** The member's saved cards as the gateway knows them, to delete there before the erasure. */
export async function listCardReferences(
  db: D1Database,
  customerId: number
): Promise<Array<CardReferenceRow>> {
  const { results } = await db
    .prepare('select id, gateway, token from saved_cards where customer_id = ?1 order by id')
    .bind(customerId)
    .all<CardReferenceRow>()
  return results
}

/** The placeholder email of a forgotten account: unique per business, never deliverable. */
export const forgottenEmail = (customerId: number) => `forgotten-${customerId}@erased.invalid`

/**
 * The erasure, as statements for ONE batch: personal data is deleted where the row has no other
 * purpose, and blanked where the row is a record we must keep (orders for the accounts, reviews
 * for the store's rating). Guest orders and sign-ups made with the same email go too.
 */
export function erasureStatements(db: D1Database, m: ErasedMember): Array<D1PreparedStatement> {
  const b = m.businessId
  const c = m.customerId
  const e = m.email
  // Without a phone, the email stands in (matching it twice changes nothing).
  const p = m.phone ?? e
  const run = (sql: string, ...values: Array<string | number>) => db.prepare(sql).bind(...values)
  return [
    // The accounting record stays (what was sold, when, for how much); who and where go.
    run(
      `update orders set ${ORDER_PERSONAL_BLANKS}
       where business_id = ?1 and (customer_id = ?2 or email = ?3)`,
      b,
      c,
      e
    ),
    run(
      `update baskets set contact_first_name = null, contact_last_name = null,
         contact_email = null, contact_phone = null, instructions = null,
         delivery_address_json = null, billing_address_json = null, location_postcode = null,
         location_latitude = null, location_longitude = null, delivery_latitude = null,
         delivery_longitude = null
       where business_id = ?1 and (customer_id = ?2 or contact_email = ?3)`,
      b,
      c,
      e
    ),
    run('delete from customer_addresses where customer_id = ?1', c),
    // Deleted at the gateway first (the card reference eraser); here only our copy.
    run('delete from saved_cards where customer_id = ?1', c),
    run('delete from customer_identities where customer_id = ?1', c),
    run('delete from devices where customer_id = ?1', c),
    run(
      `update auth_refresh_tokens set revoked_at = coalesce(revoked_at, ?2),
         revoked_reason = coalesce(revoked_reason, 'forgotten'), user_agent = null
       where customer_id = ?1`,
      c,
      m.now
    ),
    run(
      `delete from otp_codes where customer_id = ?1
         or (business_id = ?2 and destination in (?3, ?4))`,
      c,
      b,
      e,
      p
    ),
    run('delete from password_reset_codes where customer_id = ?1', c),
    run(
      `delete from verification_codes where customer_id = ?1
         or (business_id = ?2 and destination = ?3)`,
      c,
      b,
      e
    ),
    run('delete from email_change_codes where customer_id = ?1', c),
    // What they bought and chose as replacements says much about them (migration 0089).
    run('delete from member_substitution_choices where customer_id = ?1', c),
    // Marketing identity: choices, their history and any sign-up with the email.
    run('delete from marketing_preferences where customer_id = ?1', c),
    run('delete from marketing_consents where customer_id = ?1', c),
    run('delete from newsletter_signups where business_id = ?1 and email = ?2', b, e),
    run('delete from interest_requests where business_id = ?1 and email = ?2', b, e),
    // The local marketing service's log (ADR 025): what was recorded about the member, whose
    // marketing userId is member-<id> (memberUserId, worker/backend/marketing/audience.ts).
    run(
      `delete from marketing_events
       where business_id = ?1 and (user_key = ?2 or instr(payload_json, ?3) > 0)`,
      b,
      `member-${c}`,
      e
    ),
    // The star rating keeps counting for the store; the comment (free text) and the link go.
    run('update reviews set comment = null, customer_id = null where customer_id = ?1', c),
    run(
      `update coupon_redemptions set email = 'erased'
       where customer_id = ?1
         or (email = ?2 and coupon_id in (select id from coupons where business_id = ?3))`,
      c,
      e,
      b
    ),
    // The files went from R2 first (listContactAttachmentKeys); their names go with the rows.
    run(
      `delete from contact_request_attachments where contact_request_id in (
         select id from contact_requests where business_id = ?1 and (customer_id = ?2 or email = ?3))`,
      b,
      c,
      e
    ),
    run(
      `update contact_requests set first_name = '', last_name = '', email = '', phone = null,
         message = ''
       where business_id = ?1 and (customer_id = ?2 or email = ?3)`,
      b,
      c,
      e
    ),
    // Messages to the member (the farewell included, once handed over) keep only their kind.
    run(
      `update outbox set recipient = 'erased', payload_json = '{}'
       where business_id = ?1 and (recipient in (?2, ?3)
         or instr(payload_json, ?2) > 0 or instr(payload_json, ?3) > 0)`,
      b,
      e,
      p
    ),
    // Stored answers of idempotent calls can quote the order's contact details.
    run(
      `delete from idempotency_keys
       where business_id = ?1 and (instr(response_body, ?2) > 0 or instr(response_body, ?3) > 0)`,
      b,
      e,
      p
    ),
    // A referral code can be made from the name; the friend's referral record keeps its link.
    run(`update referral_codes set code = 'X' || id where customer_id = ?1`, c),
    run(
      `update customers set email = ?3, first_name = '', last_name = '', phone = null,
         where_heard = null, retail_member_id = null, password_hash = null,
         email_verified_at = null, last_login_at = null, status = 'forgotten',
         tokens_valid_after = ?4, updated_at = ?4
       where id = ?1 and business_id = ?2`,
      c,
      b,
      forgottenEmail(c),
      m.now
    ),
  ]
}
