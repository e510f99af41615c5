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
}

const CUSTOMER_COLUMNS =
  'id, business_id, email, password_hash, first_name, status, tokens_valid_after'

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

/** The new customer's id, or null when the email is already registered with the business. */
export async function insertCustomer(db: D1Database, c: NewCustomer): Promise<number | null> {
  const row = await db
    .prepare(
      `insert into customers (business_id, email, password_hash, first_name, last_name, phone,
         where_heard, registration_type, email_verified_at, last_login_at, created_at, updated_at)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?10)
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
      // Without verification the address is taken as given; with it, the code confirms it.
      c.registrationType === 'registered' ? c.now : null,
      c.now
    )
    .first<{ id: number }>()
  return row?.id ?? null
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
      `select r.id, r.customer_id, r.expires_at from password_reset_codes r
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

// --- Verification codes, nonces, devices ------------------------------------------------------

export async function insertVerificationCode(
  db: D1Database,
  v: {
    businessId: number
    customerId: number
    destination: string
    codeHash: string
    expiresAt: string
    now: string
  }
): Promise<void> {
  await db
    .prepare(
      `insert into verification_codes (business_id, customer_id, purpose, destination, code_hash,
         expires_at, created_at)
       values (?1, ?2, 'email_verification', ?3, ?4, ?5, ?6)`
    )
    .bind(v.businessId, v.customerId, v.destination, v.codeHash, v.expiresAt, v.now)
    .run()
}

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
