import type { AddressTrace, CardTrace, PersonTraces } from './guards.ts'

/* The SQL of referrals (ADR 004, ADR 021): schemes, codes, referrals and their decisions. */

export interface SchemeRow {
  reward_amount: number
  monthly_cap: number
  is_active: number
  time_zone: string
}

/** The business's offer and time zone; null when it has no scheme. */
export async function findScheme(db: D1Database, businessId: number): Promise<SchemeRow | null> {
  return db
    .prepare(
      `select s.reward_amount, s.monthly_cap, s.is_active, b.time_zone
       from referral_schemes s join businesses b on b.id = s.business_id
       where s.business_id = ?1`
    )
    .bind(businessId)
    .first<SchemeRow>()
}

export async function findCodeOf(db: D1Database, customerId: number): Promise<string | null> {
  const row = await db
    .prepare('select code from referral_codes where customer_id = ?1')
    .bind(customerId)
    .first<{ code: string }>()
  return row?.code ?? null
}

/** Stores a member's code; false when the code is taken in the business (or they have one). */
export async function insertCode(
  db: D1Database,
  businessId: number,
  customerId: number,
  code: string,
  now: Date
): Promise<boolean> {
  const result = await db
    .prepare(
      `insert into referral_codes (business_id, customer_id, code, created_at)
       values (?1, ?2, ?3, ?4) on conflict do nothing`
    )
    .bind(businessId, customerId, code, now.toISOString())
    .run()
  return result.meta.changes === 1
}

export interface CodeOwnerRow {
  code_id: number
  customer_id: number
  first_name: string
  email: string
  phone: string | null
  status: string
}

/** The member a code belongs to in the business, or null. */
export async function findCodeOwner(
  db: D1Database,
  businessId: number,
  code: string
): Promise<CodeOwnerRow | null> {
  return db
    .prepare(
      `select rc.id as code_id, c.id as customer_id, c.first_name, c.email, c.phone, c.status
       from referral_codes rc join customers c on c.id = rc.customer_id
       where rc.business_id = ?1 and rc.code = ?2`
    )
    .bind(businessId, code)
    .first<CodeOwnerRow>()
}

export interface FriendRow {
  first_name: string
  customer_status: string
  status: 'pending' | 'rewarded' | 'cancelled'
  created_at: string
}

/** The friends a member referred, newest first. */
export async function friendsOf(db: D1Database, referrerId: number): Promise<Array<FriendRow>> {
  const { results } = await db
    .prepare(
      `select c.first_name, c.status as customer_status, r.status, r.created_at
       from referrals r join customers c on c.id = r.referee_customer_id
       where r.referrer_customer_id = ?1 order by r.id desc limit 200`
    )
    .bind(referrerId)
    .all<FriendRow>()
  return results
}

export interface InviterRow {
  code: string
  first_name: string
  customer_status: string
  status: 'pending' | 'rewarded' | 'cancelled'
}

/** Who invited the member, when they registered with a friend's code (one referral at most). */
export async function inviterOf(db: D1Database, refereeId: number): Promise<InviterRow | null> {
  return db
    .prepare(
      `select rc.code, c.first_name, c.status as customer_status, r.status
       from referrals r join customers c on c.id = r.referrer_customer_id
         join referral_codes rc on rc.id = r.referral_code_id
       where r.referee_customer_id = ?1 order by r.id desc limit 1`
    )
    .bind(refereeId)
    .first<InviterRow>()
}

/** Pence a member earned from referrals, as referrer or as friend. */
export async function referralEarnings(db: D1Database, customerId: number): Promise<number> {
  const row = await db
    .prepare(
      `select coalesce(sum(reward_amount), 0) as earned from referrals
       where status = 'rewarded' and (referrer_customer_id = ?1 or referee_customer_id = ?1)`
    )
    .bind(customerId)
    .first<{ earned: number }>()
  return row?.earned ?? 0
}

export interface NewDecision {
  businessId: number
  referralId?: number | null
  referralCode?: string | null
  customerId?: number | null
  decision: 'accepted' | 'refused' | 'rewarded'
  reason: string
}

export function decisionStatement(db: D1Database, d: NewDecision, now: Date): D1PreparedStatement {
  return db
    .prepare(
      `insert into referral_decisions
         (business_id, referral_id, referral_code, customer_id, decision, reason, created_at)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7)`
    )
    .bind(
      d.businessId,
      d.referralId ?? null,
      d.referralCode ?? null,
      d.customerId ?? null,
      d.decision,
      d.reason,
      now.toISOString()
    )
}

export interface NewReferral {
  businessId: number
  codeId: number
  referrerId: number
  /** The friend being registered in the same batch, found by their email. */
  refereeEmail: string
  rewardAmount: number
  deviceId: string | null
  /** 'pending', or 'cancelled' when the guards refused it at registration. */
  status: 'pending' | 'cancelled'
}

/**
 * The referral row of a friend registered earlier in the same batch (the customer insert runs
 * first; a friend created at another moment, an email already taken, inserts nothing), and its
 * decision, recorded against it.
 */
export function referralAtRegistrationStatements(
  db: D1Database,
  r: NewReferral,
  decision: Pick<NewDecision, 'decision' | 'reason'>,
  now: Date
): Array<D1PreparedStatement> {
  const at = now.toISOString()
  return [
    db
      .prepare(
        `insert into referrals (business_id, referral_code_id, referrer_customer_id,
           referee_customer_id, status, reward_amount, referee_device_id, created_at)
         select ?1, ?2, ?3, c.id, ?4, ?5, ?6, ?7 from customers c
         where c.business_id = ?1 and c.email = ?8 and c.created_at = ?7 and c.id <> ?3`
      )
      .bind(
        r.businessId,
        r.codeId,
        r.referrerId,
        r.status,
        r.rewardAmount,
        r.deviceId,
        at,
        r.refereeEmail
      ),
    db
      .prepare(
        `insert into referral_decisions
           (business_id, referral_id, customer_id, decision, reason, created_at)
         select ?1, r.id, r.referee_customer_id, ?2, ?3, ?4 from referrals r
         join customers c on c.id = r.referee_customer_id
         where c.business_id = ?1 and c.email = ?5 and r.created_at = ?4`
      )
      .bind(r.businessId, decision.decision, decision.reason, at, r.refereeEmail),
  ]
}

function addressesOf(rows: Array<{ postcode: string | null; line1: string | null }>) {
  return rows.flatMap((row): Array<AddressTrace> =>
    row.postcode && row.line1 ? [{ postcode: row.postcode, line1: row.line1 }] : []
  )
}

/** Everything a member left behind that ties them to a person (guards.ts PersonTraces). */
export async function tracesOf(db: D1Database, customerId: number): Promise<PersonTraces> {
  const [contacts, cards, addresses, devices] = await db.batch([
    db
      .prepare(
        `select email, phone from customers where id = ?1
         union select email, phone from orders where customer_id = ?1
         union select null, phone from customer_addresses where customer_id = ?1`
      )
      .bind(customerId),
    db
      .prepare(
        `select brand, last4, expiry_month, expiry_year, gateway, token from saved_cards
         where customer_id = ?1`
      )
      .bind(customerId),
    db
      .prepare(
        `select json_extract(delivery_address_json, '$.postcode') as postcode,
           json_extract(delivery_address_json, '$.addressLine1') as line1
         from orders where customer_id = ?1 and delivery_address_json is not null
         union select postcode, address_line1 from customer_addresses
         where customer_id = ?1 and type = 'delivery'`
      )
      .bind(customerId),
    db
      .prepare(
        `select messaging_device_id as device from devices where customer_id = ?1
         union select messaging_device_id from orders
         where customer_id = ?1 and messaging_device_id is not null
         union select referee_device_id from referrals
         where referee_customer_id = ?1 and referee_device_id is not null`
      )
      .bind(customerId),
  ])
  const people = (contacts?.results ?? []) as Array<{ email: string | null; phone: string | null }>
  const cardRows = (cards?.results ?? []) as Array<{
    brand: string
    last4: string
    expiry_month: number
    expiry_year: number
    gateway: string
    token: string
  }>
  return {
    emails: people.flatMap((p) => (p.email ? [p.email] : [])),
    phones: people.flatMap((p) => (p.phone ? [p.phone] : [])),
    cards: cardRows.map((card): CardTrace => ({
      brand: card.brand,
      last4: card.last4,
      expiryMonth: card.expiry_month,
      expiryYear: card.expiry_year,
      // Realex tokens are 'payer_ref:pmt_ref': the payer is the gateway's customer.
      gatewayCustomerRef:
        card.gateway === 'realex' && card.token.includes(':')
          ? `realex:${card.token.split(':')[0] ?? ''}`
          : null,
    })),
    addresses: addressesOf(
      (addresses?.results ?? []) as Array<{ postcode: string | null; line1: string | null }>
    ),
    devices: ((devices?.results ?? []) as Array<{ device: string }>).map((d) => d.device),
  }
}
