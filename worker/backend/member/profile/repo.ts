import type { MarketingChannel } from '../../../../schemas/member-profile.ts'

/*
 * The member's own details as the member area reads and writes them: their customers row (auth
 * owns sign-in; this is the profile view of it), pending email changes (email_change_codes) and
 * marketing choices (marketing_channels, marketing_preferences, and the marketing_consents history).
 */

export interface ProfileRow {
  first_name: string
  last_name: string
  phone: string | null
  email: string
  email_verified_at: string | null
  registration_type: 'registered' | 'registered_with_verification'
  where_heard: string | null
  retail_member_id: string | null
  created_at: string
  last_login_at: string | null
  pending_email: string | null
}

/** The active member's profile, with the address an unexpired email change waits on. */
export async function findProfile(
  db: D1Database,
  businessId: number,
  customerId: number,
  now: string
): Promise<ProfileRow | null> {
  return db
    .prepare(
      `select c.first_name, c.last_name, c.phone, c.email, c.email_verified_at,
         c.registration_type, c.where_heard, c.retail_member_id, c.created_at, c.last_login_at,
         (select e.new_email from email_change_codes e
          where e.customer_id = c.id and e.consumed_at is null and e.expires_at > ?3
            and e.attempts < e.max_attempts
          order by e.id desc limit 1) as pending_email
       from customers c where c.id = ?1 and c.business_id = ?2 and c.status = 'active'`
    )
    .bind(customerId, businessId, now)
    .first<ProfileRow>()
}

export interface ProfileChange {
  businessId: number
  customerId: number
  firstName: string
  lastName: string
  phone: string | null
  whereHeard: string | null
  retailMemberId: string | null
  now: string
}

/** Saves the member's names, mobile, where-heard answer and retail membership id. */
export async function updateProfile(db: D1Database, p: ProfileChange): Promise<boolean> {
  const result = await db
    .prepare(
      `update customers set first_name = ?3, last_name = ?4, phone = ?5, where_heard = ?6,
         retail_member_id = ?7, updated_at = ?8
       where id = ?1 and business_id = ?2 and status = 'active'`
    )
    .bind(
      p.customerId,
      p.businessId,
      p.firstName,
      p.lastName,
      p.phone,
      p.whereHeard,
      p.retailMemberId,
      p.now
    )
    .run()
  return result.meta.changes === 1
}

/** True when another account of the business (of any status) already has this email. */
export async function emailTaken(
  db: D1Database,
  businessId: number,
  email: string,
  customerId: number
): Promise<boolean> {
  const row = await db
    .prepare('select 1 as ok from customers where business_id = ?1 and email = ?2 and id <> ?3')
    .bind(businessId, email, customerId)
    .first()
  return row !== null
}

// --- Email change codes --------------------------------------------------------------------------

/** A new email change request; the member's older live ones stop working. */
export function replaceEmailChangeStatements(
  db: D1Database,
  e: {
    businessId: number
    customerId: number
    newEmail: string
    codeHash: string
    expiresAt: string
    now: string
  }
): Array<D1PreparedStatement> {
  return [
    db
      .prepare(
        `update email_change_codes set consumed_at = ?2
         where customer_id = ?1 and consumed_at is null`
      )
      .bind(e.customerId, e.now),
    db
      .prepare(
        `insert into email_change_codes (business_id, customer_id, new_email, code_hash,
           expires_at, created_at)
         values (?1, ?2, ?3, ?4, ?5, ?6)`
      )
      .bind(e.businessId, e.customerId, e.newEmail, e.codeHash, e.expiresAt, e.now),
  ]
}

export interface EmailChangeRow {
  id: number
  new_email: string
  code_hash: string
}

const LIVE_EMAIL_CHANGE = `
  select id, new_email, code_hash from email_change_codes
  where customer_id = ?1 and consumed_at is null and expires_at > ?2 and attempts < max_attempts
  order by id desc limit 1`

/** The member's live email change request (unused, unexpired, guesses left), if any. */
export async function findLiveEmailChange(
  db: D1Database,
  customerId: number,
  now: string
): Promise<EmailChangeRow | null> {
  return db.prepare(LIVE_EMAIL_CHANGE).bind(customerId, now).first<EmailChangeRow>()
}

/** Counts a wrong guess against the request. */
export async function countEmailChangeAttempt(db: D1Database, id: number): Promise<void> {
  await db
    .prepare('update email_change_codes set attempts = attempts + 1 where id = ?1')
    .bind(id)
    .run()
}

/**
 * Uses up the request and moves the member to its address in one transaction (the code proved the
 * address, so it is verified). False when the request was used meanwhile. Throws on the unique
 * email when another account took the address since the request.
 */
export async function applyEmailChange(
  db: D1Database,
  c: { customerId: number; requestId: number; newEmail: string; now: string }
): Promise<boolean> {
  const [consumed] = await db.batch([
    db
      .prepare(
        `update email_change_codes set consumed_at = ?3
         where id = ?2 and customer_id = ?1 and consumed_at is null`
      )
      .bind(c.customerId, c.requestId, c.now),
    db
      .prepare(
        `update customers set email = ?3, email_verified_at = ?4, updated_at = ?4
         where id = ?1 and exists (select 1 from email_change_codes
           where id = ?2 and consumed_at = ?4)`
      )
      .bind(c.customerId, c.requestId, c.newEmail, c.now),
  ])
  return consumed?.meta.changes === 1
}

// --- Marketing preferences ----------------------------------------------------------------------

const CHANNEL_NAMES: Readonly<Record<MarketingChannel, [string, string]>> = {
  email: ['Email', 'Offers, new products and news by email'],
  sms: ['Text messages', 'Offers and reminders by text'],
  push: ['App notifications', 'Offers in the app'],
}

/**
 * Makes sure the business offers the three channels (a business made after the demo data has
 * none yet); existing ones are left as they are.
 */
export function ensureChannelsStatements(
  db: D1Database,
  businessId: number
): Array<D1PreparedStatement> {
  return (Object.keys(CHANNEL_NAMES) as Array<MarketingChannel>).map((channel, position) => {
    const [name, description] = CHANNEL_NAMES[channel]
    return db
      .prepare(
        `insert or ignore into marketing_channels (business_id, channel, name, description, position)
         values (?1, ?2, ?3, ?4, ?5)`
      )
      .bind(businessId, channel, name, description, position)
  })
}

export interface PreferenceRow {
  marketing_channel_id: number
  channel: MarketingChannel
  name: string
  description: string | null
  opted_in: number | null
  updated_at: string | null
}

export interface ConsentRow {
  channel: MarketingChannel
  opted_in: number
  source: 'registration' | 'profile'
  recorded_at: string
}

/** The business's channels with the member's choice (null: never chosen), and their history. */
export async function listPreferences(
  db: D1Database,
  businessId: number,
  customerId: number
): Promise<{ channels: Array<PreferenceRow>; history: Array<ConsentRow> }> {
  const results = await db.batch([
    ...ensureChannelsStatements(db, businessId),
    db
      .prepare(
        `select m.id as marketing_channel_id, m.channel, m.name, m.description, p.opted_in,
           p.updated_at
         from marketing_channels m
         left join marketing_preferences p on p.marketing_channel_id = m.id and p.customer_id = ?2
         where m.business_id = ?1 and m.channel in ('email', 'sms', 'push')
         order by m.position, m.id`
      )
      .bind(businessId, customerId),
    db
      .prepare(
        `select channel, opted_in, source, recorded_at from marketing_consents
         where customer_id = ?1 order by id desc`
      )
      .bind(customerId),
  ])
  const channels = results[results.length - 2]?.results as Array<PreferenceRow> | undefined
  const history = results[results.length - 1]?.results as Array<ConsentRow> | undefined
  return { channels: channels ?? [], history: history ?? [] }
}

/** The member's choice for one channel and its history row, for one batch. */
export function recordConsentStatements(
  db: D1Database,
  c: {
    businessId: number
    customerId: number
    marketingChannelId: number
    channel: MarketingChannel
    optedIn: boolean
    source: 'registration' | 'profile'
    now: string
  }
): Array<D1PreparedStatement> {
  const flag = c.optedIn ? 1 : 0
  return [
    db
      .prepare(
        `insert into marketing_preferences (customer_id, marketing_channel_id, opted_in, updated_at)
         values (?1, ?2, ?3, ?4)
         on conflict (customer_id, marketing_channel_id)
         do update set opted_in = excluded.opted_in, updated_at = excluded.updated_at`
      )
      .bind(c.customerId, c.marketingChannelId, flag, c.now),
    db
      .prepare(
        `insert into marketing_consents (business_id, customer_id, channel, opted_in, source,
           recorded_at)
         values (?1, ?2, ?3, ?4, ?5, ?6)`
      )
      .bind(c.businessId, c.customerId, c.channel, flag, c.source, c.now),
  ]
}
