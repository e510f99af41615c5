// Data access of staff (migration 0024): accounts, store roles, sessions, refresh tokens, sign-in
// codes and invitations. Times are ISO 8601 UTC strings from the app clock.

import type { OperatorStaffMember, StaffStoreRole, StoreRole } from '../../../schemas/staff.ts'

export type StaffStatus = 'active' | 'invited' | 'deactivated'

export interface StaffRow {
  id: number
  business_id: number
  email: string
  name: string
  password_hash: string | null
  status: StaffStatus
  is_operator: 0 | 1
}

const STAFF_COLUMNS = 'id, business_id, email, name, password_hash, status, is_operator'

export function findStaffByEmail(
  db: D1Database,
  businessId: number,
  email: string
): Promise<StaffRow | null> {
  return db
    .prepare(`select ${STAFF_COLUMNS} from staff_accounts where business_id = ?1 and email = ?2`)
    .bind(businessId, email)
    .first<StaffRow>()
}

export function findStaff(
  db: D1Database,
  businessId: number,
  staffId: number
): Promise<StaffRow | null> {
  return db
    .prepare(`select ${STAFF_COLUMNS} from staff_accounts where business_id = ?1 and id = ?2`)
    .bind(businessId, staffId)
    .first<StaffRow>()
}

export interface StoreRoleRow {
  store_id: number
  role: StoreRole
}

export async function storeRolesOf(db: D1Database, staffId: number): Promise<Array<StoreRoleRow>> {
  const { results } = await db
    .prepare(
      `select store_id, role from staff_store_roles where staff_id = ?1 order by store_id, role`
    )
    .bind(staffId)
    .all<StoreRoleRow>()
  return results
}

/** A completed sign-in (both steps). */
export function recordStaffSignIn(db: D1Database, staffId: number, now: string): Promise<D1Result> {
  return db
    .prepare(`update staff_accounts set last_sign_in_at = ?2 where id = ?1`)
    .bind(staffId, now)
    .run()
}

/** A right password stored at a cheaper cost than today's: the same password at today's. */
export function rehashStaffPassword(
  db: D1Database,
  staffId: number,
  passwordHash: string,
  now: string
): Promise<D1Result> {
  return db
    .prepare(`update staff_accounts set password_hash = ?2, updated_at = ?3 where id = ?1`)
    .bind(staffId, passwordHash, now)
    .run()
}

// --- Sign-in codes ------------------------------------------------------------------------------

export interface NewSignInCode {
  businessId: number
  staffId: number
  challengeId: string
  codeHash: string
  expiresAt: string
  now: string
}

/** Stores a code and retires the account's older live ones, in one batch. */
export async function replaceSignInCode(db: D1Database, code: NewSignInCode): Promise<void> {
  await db.batch([
    db
      .prepare(
        `update staff_sign_in_codes set consumed_at = ?2
         where staff_id = ?1 and consumed_at is null`
      )
      .bind(code.staffId, code.now),
    db
      .prepare(
        `insert into staff_sign_in_codes
           (business_id, staff_id, challenge_id, code_hash, expires_at, created_at)
         values (?1, ?2, ?3, ?4, ?5, ?6)`
      )
      .bind(
        code.businessId,
        code.staffId,
        code.challengeId,
        code.codeHash,
        code.expiresAt,
        code.now
      ),
  ])
}

/** Uses a live code once (a conditional update, so a race uses it once); its staff id or null. */
export async function consumeSignInCode(
  db: D1Database,
  businessId: number,
  challengeId: string,
  codeHash: string,
  now: string
): Promise<number | null> {
  const row = await db
    .prepare(
      `update staff_sign_in_codes set consumed_at = ?4
       where business_id = ?1 and challenge_id = ?2 and code_hash = ?3 and consumed_at is null
         and attempts < max_attempts and expires_at > ?4
       returning staff_id`
    )
    .bind(businessId, challengeId, codeHash, now)
    .first<{ staff_id: number }>()
  return row?.staff_id ?? null
}

/** A wrong code counts one attempt of a live challenge; the last one kills it. */
export function countSignInCodeAttempt(
  db: D1Database,
  businessId: number,
  challengeId: string,
  now: string
): Promise<D1Result> {
  return db
    .prepare(
      `update staff_sign_in_codes set attempts = attempts + 1
       where business_id = ?1 and challenge_id = ?2 and consumed_at is null
         and attempts < max_attempts and expires_at > ?3`
    )
    .bind(businessId, challengeId, now)
    .run()
}

// --- Sessions and refresh tokens ----------------------------------------------------------------

export interface NewStaffSession {
  sessionId: string
  businessId: number
  staffId: number
  now: string
  expiresAt: string
  userAgent: string | null
}

export function insertStaffSessionStatement(
  db: D1Database,
  session: NewStaffSession
): D1PreparedStatement {
  return db
    .prepare(
      `insert into staff_sessions (id, business_id, staff_id, created_at, expires_at, user_agent)
       values (?1, ?2, ?3, ?4, ?5, ?6)`
    )
    .bind(
      session.sessionId,
      session.businessId,
      session.staffId,
      session.now,
      session.expiresAt,
      session.userAgent
    )
}

export function insertStaffRefreshTokenStatement(
  db: D1Database,
  token: { sessionId: string; tokenHash: string; expiresAt: string; now: string }
): D1PreparedStatement {
  return db
    .prepare(
      `insert into staff_refresh_tokens (session_id, token_hash, expires_at, created_at)
       values (?1, ?2, ?3, ?4)`
    )
    .bind(token.sessionId, token.tokenHash, token.expiresAt, token.now)
}

export interface StaffRefreshRow {
  id: number
  session_id: string
  staff_id: number
  used_at: string | null
  expires_at: string
  session_expires_at: string
  revoked_at: string | null
  status: StaffStatus
}

export function findStaffRefreshToken(
  db: D1Database,
  businessId: number,
  tokenHash: string
): Promise<StaffRefreshRow | null> {
  return db
    .prepare(
      `select t.id, t.session_id, s.staff_id, t.used_at, t.expires_at,
         s.expires_at as session_expires_at, s.revoked_at, a.status
       from staff_refresh_tokens t
       join staff_sessions s on s.id = t.session_id
       join staff_accounts a on a.id = s.staff_id
       where t.token_hash = ?2 and s.business_id = ?1`
    )
    .bind(businessId, tokenHash)
    .first<StaffRefreshRow>()
}

/** Marks a refresh token used; false when it already was (a reuse or a race). */
export async function markStaffRefreshTokenUsed(
  db: D1Database,
  id: number,
  now: string
): Promise<boolean> {
  const result = await db
    .prepare(`update staff_refresh_tokens set used_at = ?2 where id = ?1 and used_at is null`)
    .bind(id, now)
    .run()
  return result.meta.changes === 1
}

export type StaffRevokeReason = 'logout' | 'reuse_detected' | 'deactivated' | 'password_changed'

export function revokeStaffSessionStatement(
  db: D1Database,
  businessId: number,
  sessionId: string,
  reason: StaffRevokeReason,
  now: string
): D1PreparedStatement {
  return db
    .prepare(
      `update staff_sessions set revoked_at = ?4, revoked_reason = ?3
       where business_id = ?1 and id = ?2 and revoked_at is null`
    )
    .bind(businessId, sessionId, reason, now)
}

/** Ends every session of a member of staff, or every one but `keepSessionId`. */
export function revokeStaffSessionsStatement(
  db: D1Database,
  businessId: number,
  staffId: number,
  reason: StaffRevokeReason,
  now: string,
  keepSessionId: string | null = null
): D1PreparedStatement {
  return db
    .prepare(
      `update staff_sessions set revoked_at = ?4, revoked_reason = ?3
       where business_id = ?1 and staff_id = ?2 and revoked_at is null
         and (?5 is null or id != ?5)`
    )
    .bind(businessId, staffId, reason, now, keepSessionId)
}

/** A member of staff's new password. */
export function setStaffPasswordStatement(
  db: D1Database,
  businessId: number,
  staffId: number,
  passwordHash: string,
  now: string
): D1PreparedStatement {
  return db
    .prepare(
      `update staff_accounts set password_hash = ?3, updated_at = ?4
       where business_id = ?1 and id = ?2`
    )
    .bind(businessId, staffId, passwordHash, now)
}

/** The session of an access token, with its account: one indexed read per staff call. */
export interface StaffSessionState {
  session_live: 0 | 1
  status: StaffStatus
  is_operator: 0 | 1
}

export function findStaffSessionState(
  db: D1Database,
  businessId: number,
  sessionId: string,
  staffId: number,
  now: string
): Promise<StaffSessionState | null> {
  return db
    .prepare(
      `select (s.revoked_at is null and s.expires_at > ?4) as session_live, a.status, a.is_operator
       from staff_sessions s join staff_accounts a on a.id = s.staff_id
       where s.id = ?2 and s.business_id = ?1 and s.staff_id = ?3`
    )
    .bind(businessId, sessionId, staffId, now)
    .first<StaffSessionState>()
}

/** Whether the staff member holds one of `roles` at the store, or at any store when null. */
export async function holdsStoreRole(
  db: D1Database,
  staffId: number,
  storeId: number | null,
  roles: ReadonlyArray<StoreRole>
): Promise<boolean> {
  if (!roles.length) return false
  const places = roles.map((_, i) => `?${i + 3}`).join(', ')
  const row = await db
    .prepare(
      `select 1 as ok from staff_store_roles
       where staff_id = ?1 and (?2 is null or store_id = ?2) and role in (${places}) limit 1`
    )
    .bind(staffId, storeId, ...roles)
    .first<{ ok: number }>()
  return row !== null
}

/** The roles the member of staff holds at the store. */
export async function storeRolesAt(
  db: D1Database,
  staffId: number,
  storeId: number
): Promise<Array<StoreRole>> {
  const { results } = await db
    .prepare(`select role from staff_store_roles where staff_id = ?1 and store_id = ?2`)
    .bind(staffId, storeId)
    .all<{ role: StoreRole }>()
  return results.map((row) => row.role)
}

export interface StaffNameRow {
  id: number
  name: string
}

/** The active drivers of the store, by name. */
export async function storeDrivers(db: D1Database, storeId: number): Promise<Array<StaffNameRow>> {
  const { results } = await db
    .prepare(
      `select a.id, a.name from staff_store_roles r join staff_accounts a on a.id = r.staff_id
       where r.store_id = ?1 and r.role = 'driver' and a.status = 'active'
       order by a.name, a.id`
    )
    .bind(storeId)
    .all<StaffNameRow>()
  return results
}

/** The staff who manage the store (for the accept alert): its managers, then the operators. */
export async function storeManagers(
  db: D1Database,
  businessId: number,
  storeId: number
): Promise<Array<{ email: string }>> {
  const { results } = await db
    .prepare(
      `select distinct a.email from staff_accounts a
       where a.business_id = ?1 and a.status = 'active'
         and (a.is_operator = 1 or exists (select 1 from staff_store_roles r
              where r.staff_id = a.id and r.store_id = ?2 and r.role = 'store_manager'))
       order by a.email`
    )
    .bind(businessId, storeId)
    .all<{ email: string }>()
  return results
}

// --- Invitations and deactivation ---------------------------------------------------------------

/** How many of these stores belong to the business. */
export async function countBusinessStores(
  db: D1Database,
  businessId: number,
  storeIds: ReadonlyArray<number>
): Promise<number> {
  if (!storeIds.length) return 0
  const row = await db
    .prepare(
      `select count(*) as n from stores
       where business_id = ?1 and id in (select value from json_each(?2))`
    )
    .bind(businessId, JSON.stringify(storeIds))
    .first<{ n: number }>()
  return row?.n ?? 0
}

/** Every store id of the business (a board may be open at any of them). */
export async function businessStoreIds(db: D1Database, businessId: number): Promise<Array<number>> {
  const { results } = await db
    .prepare(`select id from stores where business_id = ?1 order by id`)
    .bind(businessId)
    .all<{ id: number }>()
  return results.map((row) => row.id)
}

/** An invited account (no password yet); null when the email is already taken. */
export async function insertInvitedStaff(
  db: D1Database,
  input: { businessId: number; email: string; name: string; operator: boolean; now: string }
): Promise<number | null> {
  const row = await db
    .prepare(
      `insert into staff_accounts (business_id, email, name, status, is_operator, created_at, updated_at)
       values (?1, ?2, ?3, 'invited', ?4, ?5, ?5)
       on conflict (business_id, email) do nothing
       returning id`
    )
    .bind(input.businessId, input.email, input.name, input.operator ? 1 : 0, input.now)
    .first<{ id: number }>()
  return row?.id ?? null
}

/** A re-invitation of an invited account: its name, role and stores as now given. */
export function updateInvitedStaffStatement(
  db: D1Database,
  staffId: number,
  input: { name: string; operator: boolean; now: string }
): D1PreparedStatement {
  return db
    .prepare(
      `update staff_accounts set name = ?2, is_operator = ?3, updated_at = ?4
       where id = ?1 and status = 'invited'`
    )
    .bind(staffId, input.name, input.operator ? 1 : 0, input.now)
}

/** Replaces the account's store roles with these (role, store) pairs. */
export function replaceStoreRolesStatements(
  db: D1Database,
  staffId: number,
  stores: ReadonlyArray<StaffStoreRole>,
  now: string
): Array<D1PreparedStatement> {
  const statements = [db.prepare(`delete from staff_store_roles where staff_id = ?1`).bind(staffId)]
  if (stores.length) {
    statements.push(
      db
        .prepare(
          `insert or ignore into staff_store_roles (staff_id, store_id, role, created_at)
           select ?1, json_extract(value, '$.storeId'), json_extract(value, '$.role'), ?3
           from json_each(?2)`
        )
        .bind(staffId, JSON.stringify(stores), now)
    )
  }
  return statements
}

/** Whether an account acts as an operator (every store of the business). */
export function setOperatorStatement(
  db: D1Database,
  businessId: number,
  staffId: number,
  operator: boolean,
  now: string
): D1PreparedStatement {
  return db
    .prepare(
      `update staff_accounts set is_operator = ?3, updated_at = ?4
       where business_id = ?1 and id = ?2`
    )
    .bind(businessId, staffId, operator ? 1 : 0, now)
}

interface StaffListRow {
  id: number
  name: string
  email: string
  status: StaffStatus
  is_operator: 0 | 1
  roles_json: string
}

/** Every member of staff of the business, by name, with their roles and the stores' names. */
export async function listBusinessStaff(
  db: D1Database,
  businessId: number
): Promise<Array<OperatorStaffMember>> {
  const { results } = await db
    .prepare(
      `select a.id, a.name, a.email, a.status, a.is_operator,
         coalesce((select json_group_array(json_object('storeId', r.store_id, 'role', r.role,
                            'storeName', s.name))
                   from (select r.store_id, r.role from staff_store_roles r
                         where r.staff_id = a.id order by r.store_id, r.role) r
                   join stores s on s.id = r.store_id), '[]') as roles_json
       from staff_accounts a
       where a.business_id = ?1
       order by a.status = 'deactivated', lower(a.name), a.id`
    )
    .bind(businessId)
    .all<StaffListRow>()
  return results.map((row) => ({
    staffId: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    operator: row.is_operator === 1,
    stores: JSON.parse(row.roles_json) as OperatorStaffMember['stores'],
  }))
}

export interface NewInvitation {
  businessId: number
  staffId: number
  tokenHash: string
  role: string
  storeIds: ReadonlyArray<number>
  invitedBy: number
  expiresAt: string
  now: string
}

/** The new invitation, retiring the account's older ones. */
export function insertInvitationStatements(
  db: D1Database,
  invitation: NewInvitation
): Array<D1PreparedStatement> {
  return [
    db
      .prepare(
        `update staff_invitations set retired_at = ?2
         where staff_id = ?1 and accepted_at is null and retired_at is null`
      )
      .bind(invitation.staffId, invitation.now),
    db
      .prepare(
        `insert into staff_invitations (business_id, staff_id, token_hash, role, store_ids_json,
           invited_by, expires_at, created_at)
         values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`
      )
      .bind(
        invitation.businessId,
        invitation.staffId,
        invitation.tokenHash,
        invitation.role,
        JSON.stringify(invitation.storeIds),
        invitation.invitedBy,
        invitation.expiresAt,
        invitation.now
      ),
  ]
}

/**
 * Uses an invitation once and sets the account's first password, in one batch (one transaction):
 * the invitation must be live (not accepted, retired or expired) and its account still invited.
 * The first statement is a conditional update, so two accepts of one link set one password.
 * The account's id, or null when the link does not work.
 */
export async function acceptInvitation(
  db: D1Database,
  input: { businessId: number; tokenHash: string; passwordHash: string; now: string }
): Promise<number | null> {
  const [accepted] = await db.batch<{ staff_id: number }>([
    db
      .prepare(
        `update staff_invitations set accepted_at = ?3
         where business_id = ?1 and token_hash = ?2 and accepted_at is null and retired_at is null
           and expires_at > ?3
           and exists (select 1 from staff_accounts a
                       where a.id = staff_id and a.status = 'invited')
         returning staff_id`
      )
      .bind(input.businessId, input.tokenHash, input.now),
    // Sees the first statement's write: only the account whose link was just used.
    db
      .prepare(
        `update staff_accounts set password_hash = ?3, status = 'active', updated_at = ?2
         where status = 'invited' and id = (select staff_id from staff_invitations
                                            where token_hash = ?1 and accepted_at = ?2)`
      )
      .bind(input.tokenHash, input.now, input.passwordHash),
  ])
  return accepted?.results[0]?.staff_id ?? null
}

/** Deactivates an account and ends every one of its sessions, in one batch (with its audit row). */
export async function deactivateStaff(
  db: D1Database,
  businessId: number,
  staffId: number,
  now: string,
  record: ReadonlyArray<D1PreparedStatement> = []
): Promise<void> {
  await db.batch([
    ...record,
    db
      .prepare(
        `update staff_accounts set status = 'deactivated', updated_at = ?3
         where business_id = ?1 and id = ?2`
      )
      .bind(businessId, staffId, now),
    db
      .prepare(
        `update staff_sessions set revoked_at = ?3, revoked_reason = 'deactivated'
         where business_id = ?1 and staff_id = ?2 and revoked_at is null`
      )
      .bind(businessId, staffId, now),
    db
      .prepare(
        `update staff_invitations set retired_at = ?2
         where staff_id = ?1 and accepted_at is null and retired_at is null`
      )
      .bind(staffId, now),
  ])
}

// --- Housekeeping (the cron) --------------------------------------------------------------------

/**
 * Deletes what can no longer be used: sign-in codes and refresh tokens past their expiry, and
 * invitations past theirs that were never accepted (an accepted one stays, as the record of who
 * invited whom). Answers how many rows went.
 */
export async function purgeExpiredStaffSecrets(db: D1Database, now: Date): Promise<number> {
  const at = now.toISOString()
  const results = await db.batch([
    db.prepare(`delete from staff_sign_in_codes where expires_at <= ?1`).bind(at),
    db.prepare(`delete from staff_refresh_tokens where expires_at <= ?1`).bind(at),
    db
      .prepare(`delete from staff_invitations where expires_at <= ?1 and accepted_at is null`)
      .bind(at),
  ])
  return results.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0)
}
