import type { AuthKind } from '../../../schemas/auth.ts'

// Data access of the auth domain. Times are ISO 8601 UTC strings, as everywhere in D1 here.

export interface CustomerRow {
  id: number
  business_id: number
  email: string
  password_hash: string | null
  first_name: string
  status: 'active' | 'disabled' | 'forgotten'
  tokens_valid_after: string | null
  email_verified_at: string | null
}

const CUSTOMER_COLUMNS =
  'id, business_id, email, password_hash, first_name, status, tokens_valid_after, email_verified_at'

export function findCustomerByEmail(
  db: D1Database,
  businessId: number,
  email: string
): Promise<CustomerRow | null> {
  return db
    .prepare(`select ${CUSTOMER_COLUMNS} from customers where business_id = ?1 and email = ?2`)
    .bind(businessId, email)
    .first<CustomerRow>()
}

export function findCustomer(
  db: D1Database,
  businessId: number,
  customerId: number
): Promise<CustomerRow | null> {
  return db
    .prepare(`select ${CUSTOMER_COLUMNS} from customers where business_id = ?1 and id = ?2`)
    .bind(businessId, customerId)
    .first<CustomerRow>()
}

export async function businessExists(db: D1Database, businessId: number): Promise<boolean> {
  const row = await db
    .prepare('select 1 as ok from businesses where id = ?1')
    .bind(businessId)
    .first()
  return row !== null
}

export interface NewCustomer {
  businessId: number
  email: string
  passwordHash: string
  firstName: string
  lastName: string
  phone: string | null
  whereHeard: string | null
  registrationType: 'registered' | 'registered_with_verification'
  now: string
}

/**
 * The insert of a new customer, answering its id (no row when the email is already registered
 * with the business); registration batches it with the referral of a friend (ADR 021). The email
 * starts unproven whatever the registration type: only a code we sent proves it (issue 36.1).
 */
export function insertCustomerStatement(db: D1Database, c: NewCustomer): D1PreparedStatement {
  return db
    .prepare(
      `insert into customers (business_id, email, password_hash, first_name, last_name, phone,
         where_heard, registration_type, email_verified_at, last_login_at, created_at, updated_at)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, null, ?9, ?9, ?9)
       on conflict (business_id, email) do nothing
       returning id`
    )
    .bind(
      c.businessId,
      c.email,
      c.passwordHash,
      c.firstName,
      c.lastName,
      c.phone,
      c.whereHeard,
      c.registrationType,
      c.now
    )
}

/**
 * The browser a member registered from, as theirs (batched after insertCustomerStatement: found by
 * email and creation instant). A device someone already has stays theirs: the first account on a
 * browser is the one the referral guards compare with (ADR 021).
 */
export function registrationDeviceStatement(
  db: D1Database,
  c: Pick<NewCustomer, 'businessId' | 'email' | 'now'>,
  messagingDeviceId: string
): D1PreparedStatement {
  return db
    .prepare(
      `insert into devices (business_id, customer_id, messaging_device_id, platform, created_at,
         updated_at)
       select ?1, c.id, ?3, 'web', ?4, ?4 from customers c
       where c.business_id = ?1 and c.email = ?2 and c.created_at = ?4
       on conflict (business_id, messaging_device_id) do nothing`
    )
    .bind(c.businessId, c.email, messagingDeviceId, c.now)
}

export async function recordLogin(
  db: D1Database,
  customerId: number,
  now: string,
  newPasswordHash: string | null
): Promise<void> {
  await db
    .prepare(
      `update customers set last_login_at = ?2,
         password_hash = coalesce(?3, password_hash),
         updated_at = case when ?3 is null then updated_at else ?2 end
       where id = ?1`
    )
    .bind(customerId, now, newPasswordHash)
    .run()
}

// --- Refresh tokens ------------------------------------------------------------------------------

export interface RefreshTokenRow {
  id: number
  business_id: number
  customer_id: number | null
  kind: AuthKind
  family_id: string
  expires_at: string
  family_expires_at: string
  used_at: string | null
  revoked_at: string | null
}

export interface NewRefreshToken {
  businessId: number
  customerId: number | null
  kind: AuthKind
  tokenHash: string
  familyId: string
  parentId: number | null
  issuedAt: string
  expiresAt: string
  familyExpiresAt: string
  userAgent: string | null
}

export function insertRefreshTokenStatement(
  db: D1Database,
  t: NewRefreshToken
): D1PreparedStatement {
  return db
    .prepare(
      `insert into auth_refresh_tokens (business_id, customer_id, kind, token_hash, family_id,
         parent_id, issued_at, expires_at, family_expires_at, user_agent)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`
    )
    .bind(
      t.businessId,
      t.customerId,
      t.kind,
      t.tokenHash,
      t.familyId,
      t.parentId,
      t.issuedAt,
      t.expiresAt,
      t.familyExpiresAt,
      t.userAgent
    )
}

export function findRefreshToken(
  db: D1Database,
  businessId: number,
  tokenHash: string
): Promise<RefreshTokenRow | null> {
  return db
    .prepare(
      `select id, business_id, customer_id, kind, family_id, expires_at, family_expires_at,
         used_at, revoked_at
       from auth_refresh_tokens where token_hash = ?1 and business_id = ?2`
    )
    .bind(tokenHash, businessId)
    .first<RefreshTokenRow>()
}

/** Marks a token used unless it already was (or was revoked): true when this call won. */
export async function markRefreshTokenUsed(
  db: D1Database,
  id: number,
  now: string
): Promise<boolean> {
  const result = await db
    .prepare(
      `update auth_refresh_tokens set used_at = ?2
       where id = ?1 and used_at is null and revoked_at is null`
    )
    .bind(id, now)
    .run()
  return result.meta.changes === 1
}

export type RevokeReason =
  'logout' | 'reuse_detected' | 'password_changed' | 'logout_all' | 'forgotten'

export function revokeFamilyStatement(
  db: D1Database,
  businessId: number,
  familyId: string,
  reason: RevokeReason,
  now: string
): D1PreparedStatement {
  return db
    .prepare(
      `update auth_refresh_tokens set revoked_at = ?3, revoked_reason = ?4
       where family_id = ?1 and business_id = ?2 and revoked_at is null`
    )
    .bind(familyId, businessId, now, reason)
}

/** Ends every session of a customer: families revoked and older access tokens refused. */
export function revokeCustomerSessionsStatements(
  db: D1Database,
  customerId: number,
  reason: RevokeReason,
  now: string,
  validAfter: string
): Array<D1PreparedStatement> {
  return [
    db
      .prepare(
        `update auth_refresh_tokens set revoked_at = ?2, revoked_reason = ?3
         where customer_id = ?1 and revoked_at is null`
      )
      .bind(customerId, now, reason),
    db
      .prepare(`update customers set tokens_valid_after = ?2, updated_at = ?3 where id = ?1`)
      .bind(customerId, validAfter, now),
  ]
}

export function updatePasswordStatement(
  db: D1Database,
  customerId: number,
  passwordHash: string,
  now: string
): D1PreparedStatement {
  return db
    .prepare(`update customers set password_hash = ?2, updated_at = ?3 where id = ?1`)
    .bind(customerId, passwordHash, now)
}

// --- Password reset --------------------------------------------------------------------------

export interface ResetCodeRow {
  id: number
  customer_id: number
  expires_at: string
  /** The member's email: its failed password checks are forgotten once the password is reset. */
  email: string
}

/** A reset code of the business that is unused and unexpired. */
export function findUsableResetCode(
  db: D1Database,
  businessId: number,
  tokenHash: string,
  now: string
): Promise<ResetCodeRow | null> {
  return db
    .prepare(
      `select r.id, r.customer_id, r.expires_at, c.email from password_reset_codes r
       join customers c on c.id = r.customer_id
       where r.token_hash = ?1 and c.business_id = ?2 and c.status = 'active'
         and r.used_at is null and r.expires_at > ?3`
    )
    .bind(tokenHash, businessId, now)
    .first<ResetCodeRow>()
}

/** A new reset code; older unused ones stop working so only the latest email's link does. */
export async function replaceResetCode(
  db: D1Database,
  customerId: number,
  tokenHash: string,
  expiresAt: string,
  now: string
): Promise<void> {
  await db.batch([
    db
      .prepare(
        `update password_reset_codes set used_at = ?2 where customer_id = ?1 and used_at is null`
      )
      .bind(customerId, now),
    db
      .prepare(
        `insert into password_reset_codes (customer_id, token_hash, expires_at, created_at)
         values (?1, ?2, ?3, ?4)`
      )
      .bind(customerId, tokenHash, expiresAt, now),
  ])
}

/** Marks a reset code used unless it already was: true when this call won. */
export async function consumeResetCode(db: D1Database, id: number, now: string): Promise<boolean> {
  const result = await db
    .prepare(
      `update password_reset_codes set used_at = ?2
       where id = ?1 and used_at is null and expires_at > ?2`
    )
    .bind(id, now)
    .run()
  return result.meta.changes === 1
}

// --- Nonces, devices ------------------------------------------------------

export async function insertNonce(
  db: D1Database,
  businessId: number,
  nonceHash: string,
  expiresAt: string,
  now: string
): Promise<void> {
  await db
    .prepare(
      `insert into auth_nonces (business_id, nonce_hash, expires_at, created_at)
       values (?1, ?2, ?3, ?4)`
    )
    .bind(businessId, nonceHash, expiresAt, now)
    .run()
}

export interface DeviceFields {
  businessId: number
  customerId: number | null
  messagingDeviceId: string
  platform: string | null
  systemVersion: string | null
  deviceModel: string | null
  deviceName: string | null
  appVersion: string | null
  promoConsentLevel: string | null
  now: string
}

/** Inserts or updates the device by its messaging id; a signed-in member becomes its owner. */
export async function upsertDevice(db: D1Database, d: DeviceFields): Promise<number> {
  const row = await db
    .prepare(
      `insert into devices (business_id, customer_id, messaging_device_id, platform,
         system_version, device_model, device_name, app_version, promo_consent_level,
         created_at, updated_at)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)
       on conflict (business_id, messaging_device_id) do update set
         customer_id = coalesce(excluded.customer_id, devices.customer_id),
         platform = coalesce(excluded.platform, devices.platform),
         system_version = coalesce(excluded.system_version, devices.system_version),
         device_model = coalesce(excluded.device_model, devices.device_model),
         device_name = coalesce(excluded.device_name, devices.device_name),
         app_version = coalesce(excluded.app_version, devices.app_version),
         promo_consent_level = coalesce(excluded.promo_consent_level, devices.promo_consent_level),
         updated_at = excluded.updated_at
       returning id`
    )
    .bind(
      d.businessId,
      d.customerId,
      d.messagingDeviceId,
      d.platform,
      d.systemVersion,
      d.deviceModel,
      d.deviceName,
      d.appVersion,
      d.promoConsentLevel,
      d.now
    )
    .first<{ id: number }>()
  if (!row) throw new Error('device upsert returned no row')
  return row.id
}

// --- One-time passwords ---------------------------------------------------------------------

export interface OtpRecipientRow {
  id: number
  email: string
  phone: string | null
  first_name: string
}

/**
 * The active member a one-time password goes to, by email or by mobile phone. A phone shared by
 * several members names none of them (the code could reach the wrong account).
 */
export async function findOtpRecipient(
  db: D1Database,
  businessId: number,
  by: { email: string } | { phone: string }
): Promise<OtpRecipientRow | null> {
  const [column, value] = 'email' in by ? ['email', by.email] : ['phone', by.phone]
  const { results } = await db
    .prepare(
      `select id, email, phone, first_name from customers
       where business_id = ?1 and ${column} = ?2 and status = 'active' limit 2`
    )
    .bind(businessId, value)
    .all<OtpRecipientRow>()
  return results.length === 1 ? (results[0] ?? null) : null
}

export interface NewOtpCode {
  businessId: number
  customerId: number
  channel: 'email' | 'sms'
  destination: string
  codeHash: string
  requestId: string
  expiresAt: string
  now: string
}

/** Stores a code; the member's older live codes stop working, so only the latest message does. */
export async function replaceOtpCode(db: D1Database, o: NewOtpCode): Promise<void> {
  await db.batch([
    db
      .prepare(
        `update otp_codes set consumed_at = ?2
         where customer_id = ?1 and consumed_at is null and expires_at > ?2`
      )
      .bind(o.customerId, o.now),
    db
      .prepare(
        `insert into otp_codes (business_id, customer_id, channel, destination, code_hash,
           request_id, expires_at, created_at)
         values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`
      )
      .bind(
        o.businessId,
        o.customerId,
        o.channel,
        o.destination,
        o.codeHash,
        o.requestId,
        o.expiresAt,
        o.now
      ),
  ])
}

/**
 * Uses up the code of a request when `codeHash` matches and it is live (unused, unexpired, fewer
 * than max_attempts wrong guesses): its customer id, or null. One conditional update, so two
 * requests with the right code cannot both win.
 */
export async function consumeOtpCode(
  db: D1Database,
  businessId: number,
  requestId: string,
  codeHash: string,
  now: string
): Promise<number | null> {
  const row = await db
    .prepare(
      `update otp_codes set consumed_at = ?4
       where request_id = ?2 and business_id = ?1 and code_hash = ?3 and consumed_at is null
         and attempts < max_attempts and expires_at > ?4
       returning customer_id`
    )
    .bind(businessId, requestId, codeHash, now)
    .first<{ customer_id: number | null }>()
  return row?.customer_id ?? null
}

/**
 * Counts a wrong guess against a live code. The condition and the increment are one statement,
 * so concurrent guesses can never count more than max_attempts: the last one kills the code.
 */
export async function countOtpAttempt(
  db: D1Database,
  businessId: number,
  requestId: string,
  now: string
): Promise<boolean> {
  const result = await db
    .prepare(
      `update otp_codes set attempts = attempts + 1
       where request_id = ?2 and business_id = ?1 and attempts < max_attempts
         and consumed_at is null and expires_at > ?3`
    )
    .bind(businessId, requestId, now)
    .run()
  return result.meta.changes === 1
}

// --- Email verification codes ------------------------------------------------------------------

/** What a member's code in verification_codes confirms. */
export type MemberCodePurpose = 'email_verification' | 'forget_me'

/**
 * A new code for the member (email verification, or forget me); their older live codes of that
 * purpose stop working.
 */
export function replaceVerificationCodeStatements(
  db: D1Database,
  v: {
    businessId: number
    customerId: number
    destination: string
    codeHash: string
    expiresAt: string
    now: string
    purpose?: MemberCodePurpose
  }
): Array<D1PreparedStatement> {
  const purpose = v.purpose ?? 'email_verification'
  return [
    db
      .prepare(
        `update verification_codes set consumed_at = ?2
         where customer_id = ?1 and purpose = ?3 and consumed_at is null`
      )
      .bind(v.customerId, v.now, purpose),
    db
      .prepare(
        `insert into verification_codes (business_id, customer_id, purpose, destination, code_hash,
           expires_at, created_at)
         values (?1, ?2, ?7, ?3, ?4, ?5, ?6)`
      )
      .bind(v.businessId, v.customerId, v.destination, v.codeHash, v.expiresAt, v.now, purpose),
  ]
}

/** The member's live code of a purpose (unused, unexpired, guesses left), if any. */
export async function findLiveMemberCode(
  db: D1Database,
  customerId: number,
  purpose: MemberCodePurpose,
  now: string
): Promise<{ id: number; code_hash: string } | null> {
  return db
    .prepare(
      `select id, code_hash from verification_codes
       where customer_id = ?1 and purpose = ?2 and consumed_at is null
         and expires_at > ?3 and attempts < max_attempts
       order by id desc limit 1`
    )
    .bind(customerId, purpose, now)
    .first<{ id: number; code_hash: string }>()
}

/** Counts a wrong guess against one code. */
export async function countMemberCodeAttempt(db: D1Database, id: number): Promise<void> {
  await db
    .prepare('update verification_codes set attempts = attempts + 1 where id = ?1')
    .bind(id)
    .run()
}

/** Uses one code up; true when this call did (a second use of the same code gets false). */
export async function consumeMemberCode(db: D1Database, id: number, now: string): Promise<boolean> {
  const result = await db
    .prepare('update verification_codes set consumed_at = ?2 where id = ?1 and consumed_at is null')
    .bind(id, now)
    .run()
  return result.meta.changes === 1
}

// A live code: unused, unexpired, with guesses left, and still for the member's current email.
const LIVE_VERIFICATION_CODE = `
  select v.id from verification_codes v join customers c on c.id = v.customer_id
  where v.customer_id = ?1 and v.purpose = 'email_verification' and v.consumed_at is null
    and v.attempts < v.max_attempts and v.expires_at > ?2 and v.destination = c.email
  order by v.id desc limit 1`

/**
 * Uses up the member's live verification code when `codeHash` matches and marks their email
 * verified, in one transaction: true when this call did it.
 */
export async function consumeVerificationCode(
  db: D1Database,
  customerId: number,
  codeHash: string,
  now: string
): Promise<boolean> {
  const [consumed] = await db.batch([
    db
      .prepare(
        `update verification_codes set consumed_at = ?2
         where id = (${LIVE_VERIFICATION_CODE}) and code_hash = ?3`
      )
      .bind(customerId, now, codeHash),
    db
      .prepare(
        `update customers set email_verified_at = ?2, updated_at = ?2
         where id = ?1 and exists (select 1 from verification_codes
           where customer_id = ?1 and purpose = 'email_verification' and consumed_at = ?2
             and code_hash = ?3)`
      )
      .bind(customerId, now, codeHash),
  ])
  return consumed?.meta.changes === 1
}

/** Counts a wrong guess against the member's live code: false when there is none. */
export async function countVerificationAttempt(
  db: D1Database,
  customerId: number,
  now: string
): Promise<boolean> {
  const result = await db
    .prepare(
      `update verification_codes set attempts = attempts + 1
       where id = (${LIVE_VERIFICATION_CODE})`
    )
    .bind(customerId, now)
    .run()
  return result.meta.changes === 1
}

export async function findEmailVerification(
  db: D1Database,
  businessId: number,
  customerId: number
): Promise<{ email: string; first_name: string; email_verified_at: string | null } | null> {
  return db
    .prepare(
      `select email, first_name, email_verified_at from customers
       where id = ?1 and business_id = ?2 and status = 'active'`
    )
    .bind(customerId, businessId)
    .first()
}

// --- Social sign-in ----------------------------------------------------------------------------

/** Uses up a live nonce of the business: true when this call did (it works once). */
export async function consumeNonce(
  db: D1Database,
  businessId: number,
  nonceHash: string,
  now: string
): Promise<boolean> {
  const result = await db
    .prepare(
      `update auth_nonces set consumed_at = ?3
       where nonce_hash = ?2 and business_id = ?1 and consumed_at is null and expires_at > ?3`
    )
    .bind(businessId, nonceHash, now)
    .run()
  return result.meta.changes === 1
}

/** The customer a provider's subject is linked to in the business. */
export function findIdentityCustomer(
  db: D1Database,
  businessId: number,
  provider: string,
  subject: string
): Promise<Pick<CustomerRow, 'id' | 'status'> | null> {
  return db
    .prepare(
      `select c.id, c.status from customer_identities i join customers c on c.id = i.customer_id
       where i.business_id = ?1 and i.provider = ?2 and i.subject = ?3 and c.business_id = ?1`
    )
    .bind(businessId, provider, subject)
    .first()
}

/** Links a provider's subject to a customer: false when the subject is already linked. */
export async function linkIdentity(
  db: D1Database,
  businessId: number,
  customerId: number,
  provider: string,
  subject: string
): Promise<boolean> {
  const result = await db
    .prepare(
      `insert into customer_identities (business_id, customer_id, provider, subject)
       values (?1, ?2, ?3, ?4)
       on conflict (business_id, provider, subject) do nothing`
    )
    .bind(businessId, customerId, provider, subject)
    .run()
  return result.meta.changes === 1
}

/** A member created by a social sign-in (no password); null when the email is taken. */
export async function insertSocialCustomer(
  db: D1Database,
  c: {
    businessId: number
    email: string
    firstName: string
    lastName: string
    emailVerified: boolean
    now: string
  }
): Promise<number | null> {
  const row = await db
    .prepare(
      `insert into customers (business_id, email, password_hash, first_name, last_name,
         registration_type, email_verified_at, created_at, updated_at)
       values (?1, ?2, null, ?3, ?4, 'registered', ?5, ?6, ?6)
       on conflict (business_id, email) do nothing
       returning id`
    )
    .bind(c.businessId, c.email, c.firstName, c.lastName, c.emailVerified ? c.now : null, c.now)
    .first<{ id: number }>()
  return row?.id ?? null
}

/**
 * Whether a token's session family is live, and (for a member's token) the member's status and
 * tokens_valid_after: one round trip for every authenticated call.
 */
export async function findSessionState(
  db: D1Database,
  claims: { familyId: string; businessId: number; customerId?: number | undefined; kind: AuthKind },
  now: Date
): Promise<{
  sessionLive: boolean
  customer: Pick<CustomerRow, 'status' | 'tokens_valid_after'> | undefined
}> {
  const [family, customer] = await db.batch([
    db
      .prepare(
        `select 1 as ok from auth_refresh_tokens
         where family_id = ?1 and business_id = ?2 and revoked_at is null
           and family_expires_at > ?3
         limit 1`
      )
      .bind(claims.familyId, claims.businessId, now.toISOString()),
    db
      .prepare(
        `select status, tokens_valid_after from customers
         where id = ?1 and business_id = ?2 and ?3 = 'member'`
      )
      .bind(claims.customerId ?? 0, claims.businessId, claims.kind),
  ])
  return {
    sessionLive: Boolean(family?.results.length),
    customer: customer?.results[0] as
      Pick<CustomerRow, 'status' | 'tokens_valid_after'> | undefined,
  }
}
