import type { Context } from 'hono'
import type { AuthKind } from '../../../schemas/auth.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import type { BackendEnv } from '../env.ts'
import { requireSecret } from '../../lib/crypto.ts'
import { findSessionState } from './repo.ts'
import { sessionExpired } from './sessions.ts'
import { verifyAccessToken } from './tokens.ts'
import { now as clockNow } from '../../lib/clock.ts'

/** Who is calling, from a valid access token. */
export interface Caller {
  kind: AuthKind
  businessId: number
  /** Members only. */
  customerId?: number
  /** The session (refresh family) the token belongs to. */
  familyId: string
}

function loginRequired(): AppError {
  return new AppError('unauthorized', MESSAGES.loginRequired)
}

/** The bearer token of the Authorization header, if there is one. */
export function bearerToken(c: Context<BackendEnv>): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')
  return match?.[1]
}

/**
 * THE verifier of every signed-in call: checks the bearer access token (signature, HS256 only,
 * issuer, audience, type, expiry), that its session has not been logged out or revoked, that it
 * belongs to `businessId` when given, and for members that the account is active and the token
 * was issued after the last "log out everywhere". An expired token → 401 'Your session has
 * expired. You have been logged out!'; a missing or bad one → 401 'You need to be logged in to
 * use this'.
 *
 * @example const caller = await authenticate(c, { businessId: body.businessId })
 */
export async function authenticate(
  c: Context<BackendEnv>,
  options: { businessId?: number; now?: Date } = {}
): Promise<Caller> {
  const now = options.now ?? clockNow(c.env)
  const token = bearerToken(c)
  if (!token) throw loginRequired()
  const secret = requireSecret(c.env.SESSION_SECRET, 'SESSION_SECRET')
  const verified = await verifyAccessToken(secret, token, now)
  if (!verified.ok) throw verified.reason === 'expired' ? sessionExpired() : loginRequired()
  const { claims } = verified
  if (options.businessId !== undefined && claims.businessId !== options.businessId) {
    throw loginRequired()
  }

  const { sessionLive, customer: row } = await findSessionState(c.env.DB, claims, now)
  // Logged out, revoked after a reuse or a password change: the token dies with its session.
  if (!sessionLive) throw sessionExpired()
  if (claims.kind === 'member') {
    if (row?.status !== 'active') throw loginRequired()
    if (row.tokens_valid_after && claims.issuedAt * 1000 < Date.parse(row.tokens_valid_after)) {
      throw sessionExpired()
    }
  }
  return {
    kind: claims.kind,
    businessId: claims.businessId,
    familyId: claims.familyId,
    ...(claims.customerId !== undefined ? { customerId: claims.customerId } : {}),
  }
}

/**
 * THE guard of the member calls (spec §7 Member): the signed-in member's customer id, or 401
 * 'You need to be logged in to use this' for a guest token or none. Every query a member call
 * makes is then scoped by this id, so another member's ids answer 404, never their data.
 *
 * @example const customerId = await requireMember(c, body.businessId)
 */
export async function requireMember(c: Context<BackendEnv>, businessId: number): Promise<number> {
  const caller = await authenticate(c, { businessId })
  if (caller.kind !== 'member' || caller.customerId === undefined) throw loginRequired()
  return caller.customerId
}
