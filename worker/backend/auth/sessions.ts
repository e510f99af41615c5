import type { Context } from 'hono'
import type { AuthKind, TokenResponse } from '../../../schemas/auth.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import type { BackendEnv } from '../env.ts'
import { createMessenger, type Messenger } from '../messaging/messenger.ts'
import { randomToken, requireSecret, sha256Hex } from '../../lib/crypto.ts'
import {
  findCustomer,
  findRefreshToken,
  insertRefreshTokenStatement,
  markRefreshTokenUsed,
  revokeFamilyStatement,
} from './repo.ts'
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  SESSION_FAMILY_TTL_SECONDS,
  signAccessToken,
  verifyAccessToken,
} from './tokens.ts'
import { now as clockNow } from '../../lib/clock.ts'
import { keyIndexOf, type KeyIndex } from '../shard.ts'

/** What every auth operation needs; `now` is injectable so tests can move the clock. */
export interface AuthDeps {
  db: D1Database
  sessionSecret: string
  pepper: string
  messenger: Messenger
  now: Date
  userAgent: string | null
  /** The directory's key index (ADR 056): a staff email is written there before its account. */
  indexKey?: KeyIndex | undefined
}

/** The auth dependencies of a request: its bindings, its secrets (checked) and the time now. */
export function authDeps(c: Context<BackendEnv>, now = clockNow(c.env)): AuthDeps {
  return {
    db: c.env.DB,
    sessionSecret: requireSecret(c.env.SESSION_SECRET, 'SESSION_SECRET'),
    pepper: requireSecret(c.env.AUTH_PEPPER, 'AUTH_PEPPER'),
    messenger: createMessenger(c.env),
    now,
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
    indexKey: keyIndexOf(c.env),
  }
}

/** The one answer to every refused session: the client logs the shopper out (spec §6). */
export function sessionExpired(): AppError {
  return new AppError('unauthorized', MESSAGES.sessionExpired)
}

const iso = (ms: number) => new Date(ms).toISOString()

interface SessionSubject {
  businessId: number
  kind: AuthKind
  customerId: number | null
}

interface Family {
  familyId: string
  familyExpiresAt: string
  parentId: number | null
}

/**
 * Issues an access token and a refresh token of a family. `before` runs in the same D1 batch
 * (one transaction) ahead of storing the refresh token, e.g. revoking the old sessions.
 */
async function issuePair(
  deps: AuthDeps,
  subject: SessionSubject,
  family: Family,
  before: Array<D1PreparedStatement> = []
): Promise<TokenResponse> {
  const nowMs = deps.now.getTime()
  const refreshToken = randomToken()
  const expiresMs = Math.min(
    nowMs + REFRESH_TOKEN_TTL_SECONDS * 1000,
    Date.parse(family.familyExpiresAt)
  )
  await deps.db.batch([
    ...before,
    insertRefreshTokenStatement(deps.db, {
      businessId: subject.businessId,
      customerId: subject.customerId,
      kind: subject.kind,
      tokenHash: await sha256Hex(refreshToken),
      familyId: family.familyId,
      parentId: family.parentId,
      issuedAt: iso(nowMs),
      expiresAt: iso(expiresMs),
      familyExpiresAt: family.familyExpiresAt,
      userAgent: deps.userAgent,
    }),
  ])
  const accessToken = await signAccessToken(
    deps.sessionSecret,
    {
      kind: subject.kind,
      businessId: subject.businessId,
      familyId: family.familyId,
      ...(subject.customerId !== null ? { customerId: subject.customerId } : {}),
    },
    deps.now
  )
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
    refresh_expires_in: Math.max(1, Math.floor((expiresMs - nowMs) / 1000)),
    kind: subject.kind,
    ...(subject.customerId !== null ? { customerId: subject.customerId } : {}),
  }
}

/** A new session (a new refresh family) for a guest or a member who has just signed in. */
export function startSession(
  deps: AuthDeps,
  subject: SessionSubject,
  before: Array<D1PreparedStatement> = []
): Promise<TokenResponse> {
  return issuePair(
    deps,
    subject,
    {
      familyId: crypto.randomUUID(),
      familyExpiresAt: iso(deps.now.getTime() + SESSION_FAMILY_TTL_SECONDS * 1000),
      parentId: null,
    },
    before
  )
}

/**
 * Grant refresh_token: the presented token is marked used and a child is issued in the same
 * family. Presenting a used token again means it was stolen (or raced): the whole family is
 * revoked, the child included (ASVS 10.4.5). Unknown, revoked, expired → 401.
 */
export async function refreshSession(
  deps: AuthDeps,
  businessId: number,
  refreshToken: string
): Promise<TokenResponse> {
  const nowIso = deps.now.toISOString()
  const row = await findRefreshToken(deps.db, businessId, await sha256Hex(refreshToken))
  if (!row || row.revoked_at) throw sessionExpired()
  const revokeForReuse = () =>
    revokeFamilyStatement(deps.db, businessId, row.family_id, 'reuse_detected', nowIso).run()
  if (row.used_at) {
    await revokeForReuse()
    throw sessionExpired()
  }
  if (row.expires_at <= nowIso || row.family_expires_at <= nowIso) throw sessionExpired()
  if (row.kind === 'member') {
    const customer = row.customer_id
      ? await findCustomer(deps.db, businessId, row.customer_id)
      : null
    if (customer?.status !== 'active') throw sessionExpired()
  }
  // Two requests with the same token: only one can mark it used; the other is a reuse.
  if (!(await markRefreshTokenUsed(deps.db, row.id, nowIso))) {
    await revokeForReuse()
    throw sessionExpired()
  }
  return issuePair(
    deps,
    { businessId, kind: row.kind, customerId: row.customer_id },
    { familyId: row.family_id, familyExpiresAt: row.family_expires_at, parentId: row.id }
  )
}

/**
 * Ends the session of the refresh token and the one the bearer access token belongs to. Nothing
 * to end (unknown, already revoked or expired tokens) is not an error: logging out is idempotent.
 */
export async function logout(
  deps: AuthDeps,
  businessId: number,
  refreshToken: string | undefined,
  accessToken: string | undefined
): Promise<void> {
  const families = new Set<string>()
  if (refreshToken) {
    const row = await findRefreshToken(deps.db, businessId, await sha256Hex(refreshToken))
    if (row) families.add(row.family_id)
  }
  if (accessToken) {
    const verified = await verifyAccessToken(deps.sessionSecret, accessToken, deps.now)
    if (verified.ok && verified.claims.businessId === businessId) {
      families.add(verified.claims.familyId)
    }
  }
  if (!families.size) return
  const nowIso = deps.now.toISOString()
  await deps.db.batch(
    [...families].map((familyId) =>
      revokeFamilyStatement(deps.db, businessId, familyId, 'logout', nowIso)
    )
  )
}
