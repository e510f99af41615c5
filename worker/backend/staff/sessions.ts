import type { StaffTokens } from '../../../schemas/staff.ts'
import { randomToken, sha256Hex } from '../../lib/crypto.ts'
import type { AuthDeps } from '../auth/sessions.ts'
import { sessionExpired } from '../auth/sessions.ts'
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  SESSION_FAMILY_TTL_SECONDS,
} from '../auth/tokens.ts'
import {
  findStaffRefreshToken,
  insertStaffRefreshTokenStatement,
  insertStaffSessionStatement,
  markStaffRefreshTokenUsed,
  revokeStaffSessionStatement,
} from './repo.ts'
import { signStaffAccessToken, verifyStaffAccessToken } from './tokens.ts'

// Staff sessions follow the members' rules (ADR 009): 15-minute access tokens, single-use
// refresh tokens stored hashed, 30 days idle, 90 days absolute, a reused token ends the session.

const iso = (ms: number) => new Date(ms).toISOString()

async function issue(
  deps: AuthDeps,
  session: { sessionId: string; businessId: number; staffId: number; expiresAt: string },
  before: Array<D1PreparedStatement>
): Promise<StaffTokens> {
  const nowMs = deps.now.getTime()
  const refreshToken = randomToken()
  const refreshExpiresMs = Math.min(
    nowMs + REFRESH_TOKEN_TTL_SECONDS * 1000,
    Date.parse(session.expiresAt)
  )
  await deps.db.batch([
    ...before,
    insertStaffRefreshTokenStatement(deps.db, {
      sessionId: session.sessionId,
      tokenHash: await sha256Hex(refreshToken),
      expiresAt: iso(refreshExpiresMs),
      now: iso(nowMs),
    }),
  ])
  return {
    access_token: await signStaffAccessToken(deps.sessionSecret, session, deps.now),
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
    refresh_expires_in: Math.max(1, Math.floor((refreshExpiresMs - nowMs) / 1000)),
    staffId: session.staffId,
  }
}

/** A new session for a member of staff who has just passed both steps of sign-in. */
export function startStaffSession(
  deps: AuthDeps,
  businessId: number,
  staffId: number
): Promise<StaffTokens> {
  const session = {
    sessionId: crypto.randomUUID(),
    businessId,
    staffId,
    expiresAt: iso(deps.now.getTime() + SESSION_FAMILY_TTL_SECONDS * 1000),
  }
  return issue(deps, session, [
    insertStaffSessionStatement(deps.db, {
      ...session,
      now: deps.now.toISOString(),
      userAgent: deps.userAgent,
    }),
  ])
}

/**
 * Exchanges a refresh token for a new pair in the same session. A used token presented again (or
 * two refreshes racing) revokes the session; unknown, revoked, expired or deactivated → 401.
 */
export async function refreshStaffSession(
  deps: AuthDeps,
  businessId: number,
  refreshToken: string
): Promise<StaffTokens> {
  const nowIso = deps.now.toISOString()
  const row = await findStaffRefreshToken(deps.db, businessId, await sha256Hex(refreshToken))
  if (!row || row.revoked_at || row.status !== 'active') throw sessionExpired()
  const revokeForReuse = () =>
    revokeStaffSessionStatement(deps.db, businessId, row.session_id, 'reuse_detected', nowIso).run()
  if (row.used_at) {
    await revokeForReuse()
    throw sessionExpired()
  }
  if (row.expires_at <= nowIso || row.session_expires_at <= nowIso) throw sessionExpired()
  if (!(await markStaffRefreshTokenUsed(deps.db, row.id, nowIso))) {
    await revokeForReuse()
    throw sessionExpired()
  }
  return issue(
    deps,
    {
      sessionId: row.session_id,
      businessId,
      staffId: row.staff_id,
      expiresAt: row.session_expires_at,
    },
    []
  )
}

/**
 * Ends the sessions of the refresh token and of the bearer token; idempotent. Answers whose
 * sessions they were, for the caller to close their live sockets.
 */
export async function signOutStaff(
  deps: AuthDeps,
  businessId: number,
  refreshToken: string | undefined,
  accessToken: string | undefined
): Promise<Array<number>> {
  const sessions = new Set<string>()
  const staffIds = new Set<number>()
  if (refreshToken) {
    const row = await findStaffRefreshToken(deps.db, businessId, await sha256Hex(refreshToken))
    if (row) {
      sessions.add(row.session_id)
      staffIds.add(row.staff_id)
    }
  }
  if (accessToken) {
    const verified = await verifyStaffAccessToken(deps.sessionSecret, accessToken, deps.now)
    if (verified.ok && verified.claims.businessId === businessId) {
      sessions.add(verified.claims.sessionId)
      staffIds.add(verified.claims.staffId)
    }
  }
  if (!sessions.size) return []
  const nowIso = deps.now.toISOString()
  await deps.db.batch(
    [...sessions].map((id) =>
      revokeStaffSessionStatement(deps.db, businessId, id, 'logout', nowIso)
    )
  )
  return [...staffIds]
}
